//! `invest`: an investor funds a project with SOL and receives share tokens.
//!
//! Effects:
//! 1. moves `amount_lamports` from the investor to the project vault;
//! 2. mints as many share units (9 decimals: one unit per lamport) to the investor's associated
//!    token account (the Token-2022 mint is non-transferable, so the shares stay there, where
//!    `refund` burns them). The client creates that account in the same transaction, before
//!    `invest`, with the Associated Token program's `CreateIdempotent`: creating it here by CPI
//!    cost ~25k CU of a first investment's ~39k, and its price is the same wherever it is paid;
//! 3. creates the Investment PDA (`["investment", project, investor]`) on a first investment,
//!    settles its revenue checkpoint, and adds lamports and shares to it;
//! 4. raises the project's raised SOL, shares and investor count; the project becomes Funded
//!    when raised reaches the goal;
//! 5. emits `Invested` with the amounts before and after.
//!
//! CHECK: the investor signs and is not the project's studio (a studio funding its own film
//! would release everyone's SOL to itself: `StudioCannotInvest`); the project is a Funding
//! project of this program and its deadline has not passed; the amount is at least the platform
//! minimum (or exactly what is left, when less) and at most what is left to the goal; mint and
//! vault are the project's own; the token account is the investor's associated token account for
//! that mint (`InvalidTokenAccount` for any other address), it exists (`ShareAccountNotCreated`)
//! and is a Token-2022 account of that mint owned by the investor (`InvalidTokenAccount`: at
//! that address only the Associated Token program can have created it, so this is defence in
//! depth at ~70 CU); an existing Investment belongs to this
//! investor and project. No program can tell one person's many wallets apart: a studio can still
//! fund itself through other wallets (README, "What the program cannot stop").

use super::prelude::*;
use pinocchio::{cpi::Seed};
use pinocchio_system::instructions::Transfer;

use crate::{
    constants::SHARE_TOKEN_PROGRAM_ID,
    math,
    seeds,
    state::{project::status, AccountState, Investment, Platform, Project},
    token::{self, ProjectSigner},
    ID,
};

pub fn process(accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let [investor, platform_account, project_account, investment_account, share_mint, share_account, vault, system_program, token_program, event_authority, program, ..] =
        accounts
    else {
        return Err(MarqueeError::NotEnoughAccounts.into());
    };
    let mut args = Reader::new(data);
    let amount = args.u64()?;
    args.finish()?;

    // investor: signs and pays.
    validate::signer(investor)?;
    validate::writable(investor)?;
    validate::platform_address(platform_account)?;
    validate::system_program(system_program)?;
    validate::program(token_program, &SHARE_TOKEN_PROGRAM_ID)?;
    validate::event_accounts(event_authority, program)?;
    let min_investment = state::load::<Platform>(platform_account)?.min_investment_lamports;
    let now = validate::now()?;

    // project: a Funding project of this program, before its deadline; mint and vault its own.
    let (project_id, project_bump, revenue_per_share, raised_before, goal) = {
        let project = state::load_mut::<Project>(project_account)?;
        if project.status != status::FUNDING {
            return Err(MarqueeError::ProjectNotFunding.into());
        }
        if project.studio == *investor.address() {
            return Err(MarqueeError::StudioCannotInvest.into());
        }
        if now >= project.deadline {
            return Err(MarqueeError::DeadlinePassed.into());
        }
        validate::address(share_mint, &project.share_mint, MarqueeError::InvalidMint)?;
        validate::address(vault, &project.vault, MarqueeError::InvalidVault)?;
        (project.id, project.bump, project.revenue_per_share, project.raised_lamports, project.goal_lamports)
    };
    let remaining = goal.checked_sub(raised_before).ok_or(MarqueeError::ArithmeticOverflow)?;
    if amount > remaining {
        return Err(MarqueeError::InvestmentExceedsGoal.into());
    }
    if amount == 0 || (amount < min_investment && amount != remaining) {
        return Err(MarqueeError::InvestmentBelowMinimum.into());
    }
    validate::writable(vault)?;
    // share_mint: its supply grows with the minting below (a read-only mint would fail the CPI
    // with the runtime's PrivilegeEscalation instead of a named error).
    validate::writable(share_mint)?;

    // investment: the investor's position; created on a first investment.
    let new_investor = investment_account.data_len() == 0;
    if new_investor {
        let (address, bump) =
            validate::find_pda(&[seeds::INVESTMENT, project_account.address().as_ref(), investor.address().as_ref()]);
        validate::address(investment_account, &address, MarqueeError::InvalidPda)?;
        validate::writable(investment_account)?;
        validate::uninitialized(investment_account)?;
        // share_account: the investor's associated token account for the (non-transferable)
        // share mint, the one place shares are ever minted to; its bump is kept for later checks
        // (a repeat investment checks it with one hash instead of a search).
        let share_account_bump =
            token::associated_token_bump(share_account.address(), investor.address(), share_mint.address())
                .ok_or(MarqueeError::InvalidTokenAccount)?;
        let bump_seed = [bump];
        validate::create_pda_account(investor, investment_account, Investment::SPACE, &ID, &[
            Seed::from(seeds::INVESTMENT),
            Seed::from(project_account.address().as_ref()),
            Seed::from(investor.address().as_ref()),
            Seed::from(&bump_seed),
        ])?;
        let mut investment = state::initialize::<Investment>(investment_account)?;
        investment.project = *project_account.address();
        investment.investor = *investor.address();
        investment.lamports = 0;
        investment.shares = 0;
        investment.revenue_per_share_checkpoint = revenue_per_share;
        investment.accrued_revenue_lamports = 0;
        investment.claimed_revenue_lamports = 0;
        investment.investment_count = 0;
        investment.first_invested_at = now;
        investment.last_invested_at = now;
        investment.bump = bump;
        investment.share_account_bump = share_account_bump;
    } else {
        let investment = state::load_mut::<Investment>(investment_account)?;
        if investment.investor != *investor.address() || investment.project != *project_account.address() {
            return Err(MarqueeError::InvalidPda.into());
        }
        let bump = investment.share_account_bump;
        if !token::is_associated_token_account_at(share_account.address(), investor.address(), share_mint.address(), bump) {
            return Err(MarqueeError::InvalidTokenAccount.into());
        }
    }

    // share_account: at the investor's associated address (checked above); it must exist, created
    // by the client's CreateIdempotent before this instruction, and hold this mint for this owner.
    validate::writable(share_account)?;
    if share_account.data_len() == 0 {
        return Err(MarqueeError::ShareAccountNotCreated.into());
    }
    token::share_balance(share_account, investor.address(), share_mint.address())?;

    Transfer { from: investor, to: vault, lamports: amount }.invoke()?;

    let signer = ProjectSigner::new(project_id, project_bump);
    token::mint_shares(share_mint, share_account, project_account, amount, &signer)?;

    let (investor_lamports, investor_shares) = {
        let mut investment = state::load_mut::<Investment>(investment_account)?;
        let unsettled = math::accrued_revenue(
            investment.shares,
            revenue_per_share.checked_sub(investment.revenue_per_share_checkpoint).ok_or(MarqueeError::ArithmeticOverflow)?,
        )
        .ok_or(MarqueeError::ArithmeticOverflow)?;
        investment.accrued_revenue_lamports =
            investment.accrued_revenue_lamports.checked_add(unsettled).ok_or(MarqueeError::ArithmeticOverflow)?;
        investment.revenue_per_share_checkpoint = revenue_per_share;
        investment.lamports = investment.lamports.checked_add(amount).ok_or(MarqueeError::ArithmeticOverflow)?;
        investment.shares = investment.shares.checked_add(amount).ok_or(MarqueeError::ArithmeticOverflow)?;
        investment.investment_count = investment.investment_count.checked_add(1).ok_or(MarqueeError::ArithmeticOverflow)?;
        investment.last_invested_at = now;
        (investment.lamports, investment.shares)
    };
    let (raised_after, investor_count, status_after, seq) = {
        let mut project = state::load_mut::<Project>(project_account)?;
        project.raised_lamports = raised_before.checked_add(amount).ok_or(MarqueeError::ArithmeticOverflow)?;
        project.total_shares = project.total_shares.checked_add(amount).ok_or(MarqueeError::ArithmeticOverflow)?;
        if new_investor {
            project.investor_count = project.investor_count.checked_add(1).ok_or(MarqueeError::ArithmeticOverflow)?;
        }
        if project.raised_lamports == project.goal_lamports {
            project.status = status::FUNDED;
            project.funded_at = now;
        }
        project.invariant()?;
        (project.raised_lamports, project.investor_count, project.status, project.next_event_seq()?)
    };

    events::emit(event_authority, &event::INVESTED, |body| {
        body.address(project_account.address())?;
        body.address(investor.address())?;
        body.address(investment_account.address())?;
        body.u64(amount)?;
        body.u64(amount)?;
        body.u64(investor_lamports)?;
        body.u64(investor_shares)?;
        body.u64(raised_before)?;
        body.u64(raised_after)?;
        body.u64(goal)?;
        body.u32(investor_count)?;
        body.bool(new_investor)?;
        body.u8(status_after)?;
        body.u64(seq)?;
        body.i64(now)
    })
}
