//! `create_project`: a registered studio lists a film for funding.
//!
//! Effects:
//! 1. creates the Project PDA (`["project", platform.project_count]`), its share mint
//!    (`["share_mint", project]`, 9 decimals, Token-2022 NonTransferable, the project PDA as mint authority) and
//!    its SOL vault (`["vault", project]`, a data-less account of this program), paid by the studio;
//! 2. stores title, metadata URI and hash, goal, deadline and genre mask; the project starts Funding;
//! 3. advances the platform's and the studio's project counts;
//! 4. emits `ProjectCreated` (the project's first event, seq 1).
//!
//! CHECK: the authority signs and owns the Studio account passed; the goal is at least 1 USD
//! (0.001 SOL) and at most the studio's cap (verified studios get the higher one); the deadline
//! is in the future and at most the platform's `max_funding_days` ahead (`DeadlineTooFar`: a
//! studio cannot lock investors' SOL for longer); the genre mask sets only bits of the platform's
//! genre list (`InvalidGenreMask`); title 1..=64 and URI 1..=200 bytes; the three PDAs are the canonical ones
//! for the next project id and do not exist yet.

use super::prelude::*;
use pinocchio::{cpi::Seed, Address};

use crate::{
    constants::{AD_GENRE_COUNT, MAX_METADATA_URI_LEN, MAX_TITLE_LEN, MIN_FUNDING_GOAL_LAMPORTS, SHARE_TOKEN_PROGRAM_ID},
    seeds,
    state::{project::status, AccountState, Platform, Project, Studio},
    token,
    ID,
};

pub fn process(accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let [authority, platform_account, studio_account, project_account, share_mint, vault, system_program, token_program, event_authority, program, ..] =
        accounts
    else {
        return Err(MarqueeError::NotEnoughAccounts.into());
    };
    let mut args = Reader::new(data);
    let title = args.string(MAX_TITLE_LEN)?;
    let metadata_uri = args.string(MAX_METADATA_URI_LEN)?;
    let metadata_hash = args.bytes32()?;
    let goal_lamports = args.u64()?;
    let deadline = args.i64()?;
    let genre_mask = args.u64()?;
    args.finish()?;

    // authority: the studio's wallet, paying for the three new accounts.
    validate::signer(authority)?;
    validate::writable(authority)?;
    validate::platform_address(platform_account)?;
    validate::system_program(system_program)?;
    validate::program(token_program, &SHARE_TOKEN_PROGRAM_ID)?;
    validate::event_accounts(event_authority, program)?;
    // studio: a Studio of this program belonging to the signer.
    let verified = {
        let studio = state::load::<Studio>(studio_account)?;
        if studio.authority != *authority.address() {
            return Err(MarqueeError::Unauthorized.into());
        }
        studio.is_verified()
    };
    let now = validate::now()?;
    let (project_id, funding_cap, latest_deadline) = {
        let platform = state::load::<Platform>(platform_account)?;
        (platform.project_count, platform.funding_cap(verified), platform.latest_deadline(now))
    };
    if goal_lamports < MIN_FUNDING_GOAL_LAMPORTS {
        return Err(MarqueeError::FundingGoalTooSmall.into());
    }
    if goal_lamports > funding_cap {
        return Err(MarqueeError::FundingGoalAboveCap.into());
    }
    if deadline <= now {
        return Err(MarqueeError::DeadlineInPast.into());
    }
    if deadline > latest_deadline {
        return Err(MarqueeError::DeadlineTooFar.into());
    }
    if genre_mask >> AD_GENRE_COUNT != 0 {
        return Err(MarqueeError::InvalidGenreMask.into());
    }

    // project, share_mint, vault: the canonical PDAs of the next project id, not created yet.
    let id_seed = project_id.to_le_bytes();
    let (project_address, project_bump) = validate::find_pda(&[seeds::PROJECT, &id_seed]);
    validate::address(project_account, &project_address, MarqueeError::InvalidPda)?;
    let (mint_address, mint_bump) = validate::find_pda(&[seeds::SHARE_MINT, project_address.as_ref()]);
    validate::address(share_mint, &mint_address, MarqueeError::InvalidMint)?;
    let (vault_address, vault_bump) = validate::find_pda(&[seeds::VAULT, project_address.as_ref()]);
    validate::address(vault, &vault_address, MarqueeError::InvalidVault)?;
    for account in [&*project_account, &*share_mint, &*vault] {
        validate::writable(account)?;
        validate::uninitialized(account)?;
    }
    if share_mint.owned_by(&Address::new_from_array(SHARE_TOKEN_PROGRAM_ID)) {
        return Err(MarqueeError::AlreadyInitialized.into());
    }

    let project_bump_seed = [project_bump];
    validate::create_pda_account(authority, project_account, Project::SPACE, &ID, &[
        Seed::from(seeds::PROJECT),
        Seed::from(&id_seed),
        Seed::from(&project_bump_seed),
    ])?;
    let mint_bump_seed = [mint_bump];
    validate::create_pda_account(
        authority,
        share_mint,
        token::MINT_SPACE,
        &Address::new_from_array(SHARE_TOKEN_PROGRAM_ID),
        &[Seed::from(seeds::SHARE_MINT), Seed::from(project_address.as_ref()), Seed::from(&mint_bump_seed)],
    )?;
    token::initialize_share_mint(share_mint, &project_address)?;
    let vault_bump_seed = [vault_bump];
    validate::create_pda_account(authority, vault, 0, &ID, &[
        Seed::from(seeds::VAULT),
        Seed::from(project_address.as_ref()),
        Seed::from(&vault_bump_seed),
    ])?;

    let seq = {
        let mut project = state::initialize::<Project>(project_account)?;
        project.id = project_id;
        project.studio = *authority.address();
        project.share_mint = mint_address;
        project.vault = vault_address;
        project.metadata_hash = metadata_hash;
        project.goal_lamports = goal_lamports;
        project.raised_lamports = 0;
        project.total_shares = 0;
        project.investor_count = 0;
        project.deadline = deadline;
        project.created_at = now;
        project.funded_at = 0;
        project.status = status::FUNDING;
        project.funds_released = 0;
        project.revenue_per_share = 0;
        project.total_revenue_lamports = 0;
        project.investor_revenue_lamports = 0;
        project.investor_claimed_lamports = 0;
        project.publisher_revenue_lamports = 0;
        project.publisher_claimed_lamports = 0;
        project.platform_revenue_lamports = 0;
        project.total_views = 0;
        project.distribution_count = 0;
        project.embed_count = 0;
        project.genre_mask = genre_mask;
        project.event_seq = 0;
        project.bump = project_bump;
        project.mint_bump = mint_bump;
        project.vault_bump = vault_bump;
        project.invariant()?;
        project.next_event_seq()?
    };
    state::write_strings::<Project>(project_account, &[title, metadata_uri])?;
    {
        let mut platform = state::load_mut::<Platform>(platform_account)?;
        platform.project_count = project_id.checked_add(1).ok_or(MarqueeError::ArithmeticOverflow)?;
    }
    {
        let mut studio = state::load_mut::<Studio>(studio_account)?;
        studio.project_count = studio.project_count.checked_add(1).ok_or(MarqueeError::ArithmeticOverflow)?;
    }

    events::emit(event_authority, &event::PROJECT_CREATED, |body| {
        body.address(&project_address)?;
        body.u64(project_id)?;
        body.address(authority.address())?;
        body.address(&mint_address)?;
        body.address(&vault_address)?;
        body.u64(goal_lamports)?;
        body.i64(deadline)?;
        body.bytes32(&metadata_hash)?;
        body.string(title)?;
        body.string(metadata_uri)?;
        body.u64(genre_mask)?;
        body.u64(seq)?;
        body.i64(now)
    })
}
