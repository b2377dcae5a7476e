//! `distribute_revenue`: the settlement authority deposits a project's ad revenue and shares it
//! between the embeds' publishers (pro rata to views), the investors (reward-per-share
//! accumulator) and the platform treasury.
//!
//! Accounts: settlement_authority, platform, project, vault, distribution, treasury,
//! system_program, event_authority, program, then one writable Embed per entry of `views`.
//!
//! Effects:
//! 1. moves `amount_lamports` from the settlement authority to the project vault (system transfer);
//! 2. splits it with the platform's basis points (`math::allocate_revenue`): each embed is credited
//!    floor(publishers · views / total views) in `earned_lamports` (and its views added); the
//!    pro-rata rounding remainder, or the publishers' whole part when no view was counted, goes to
//!    the investors, so no lamport of the deposit is left unassigned;
//! 3. moves the platform part from the vault to the treasury (which must end rent-exempt:
//!    `initialize_platform` made it so, `update_platform` requires it, and only its owner can
//!    drain it; `TreasuryNotRentExempt` names the failure the runtime would otherwise give);
//! 4. raises `project.revenue_per_share` by floor(investor part · 2⁶⁴ / total_shares);
//! 5. sets `project.investor_revenue_lamports` to floor(total_shares · revenue_per_share / 2⁶⁴):
//!    the most investors can ever claim in total, since each claim rounds down its own
//!    floor(shares · Δ / 2⁶⁴). The accumulator's rounding dust (below one lamport per deposit, plus
//!    per-claim rounding) stays in the vault, unowed; it equals
//!    total − publisher − platform − investor revenue, so the books still balance;
//! 6. adds to the project's revenue, publisher, platform and views totals, advances
//!    `distribution_count`, and creates the RevenueDistribution PDA
//!    (`["distribution", project, index as u64 LE]`, paid by the settlement authority);
//! 7. emits `RevenueDistributed` with every embed's views and credit.
//!
//! CHECK: the signer is the platform's settlement authority; the project is funded and has
//! shares; the amount is above zero; the treasury is the platform's; the vault is the project's;
//! the distribution is the PDA of the project's next index; there are as many embeds as views,
//! at most MAX_EMBEDS_PER_DISTRIBUTION, each a writable Embed of this project, none twice.

use super::prelude::*;
use pinocchio::{cpi::Seed, error::ProgramError};
use pinocchio_system::instructions::Transfer;

use crate::{
    bytes::U64Slice,
    constants::MAX_EMBEDS_PER_DISTRIBUTION,
    math,
    seeds,
    state::{AccountState, Embed, Platform, Project, RevenueDistribution},
    ID,
};

/// Number of fixed accounts before the embeds.
const FIXED_ACCOUNTS: usize = 9;

/// The accounts a deposit of revenue into a project runs on (distribute_revenue's fixed accounts;
/// settle_campaign passes the same ones around its campaign).
pub struct DepositAccounts<'a> {
    pub settlement_authority: &'a mut AccountView,
    pub platform: &'a mut AccountView,
    pub project: &'a mut AccountView,
    pub vault: &'a mut AccountView,
    pub distribution: &'a mut AccountView,
    pub treasury: &'a mut AccountView,
    pub system_program: &'a AccountView,
    pub event_authority: &'a AccountView,
    pub program: &'a AccountView,
}

/// What a deposit recorded, for the caller's own event.
pub struct Deposit {
    pub distribution: pinocchio::Address,
    pub index: u64,
    pub timestamp: i64,
}

pub fn process(accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    if accounts.len() < FIXED_ACCOUNTS {
        return Err(MarqueeError::NotEnoughAccounts.into());
    }
    let (fixed, embeds) = accounts.split_at_mut(FIXED_ACCOUNTS);
    let [settlement_authority, platform, project, vault, distribution, treasury, system_program, event_authority, program] =
        fixed
    else {
        return Err(MarqueeError::NotEnoughAccounts.into());
    };
    let mut args = Reader::new(data);
    let amount = args.u64()?;
    let views = args.u64_vec(MAX_EMBEDS_PER_DISTRIBUTION)?;
    args.finish()?;
    let accounts =
        DepositAccounts { settlement_authority, platform, project, vault, distribution, treasury, system_program, event_authority, program };
    // The settlement authority pays the revenue out of its own SOL.
    deposit(accounts, embeds, amount, views, |from, vault| Transfer { from, to: vault, lamports: amount }.invoke())?;
    Ok(())
}

/// Deposits `amount` lamports of revenue into the project and shares it (the effects listed
/// above); `fund` moves the amount into the vault from wherever it comes from, once every check
/// has passed. The one code path of revenue splitting: distribute_revenue and settle_campaign.
#[inline(always)]
pub fn deposit(
    accounts: DepositAccounts,
    embeds: &mut [AccountView],
    amount: u64,
    views_arg: U64Slice,
    fund: impl FnOnce(&AccountView, &AccountView) -> ProgramResult,
) -> Result<Deposit, ProgramError> {
    let DepositAccounts {
        settlement_authority,
        platform: platform_account,
        project: project_account,
        vault,
        distribution: distribution_account,
        treasury,
        system_program,
        event_authority,
        program,
    } = accounts;

    // settlement_authority: signs, pays the deposit and the distribution's rent.
    validate::signer(settlement_authority)?;
    validate::writable(settlement_authority)?;
    // platform: the fixed PDA; names the settlement authority, the treasury and the split.
    validate::platform_address(platform_account)?;
    let (publisher_bps, platform_bps) = {
        let platform = state::load::<Platform>(platform_account)?;
        if platform.settlement_authority != *settlement_authority.address() {
            return Err(MarqueeError::Unauthorized.into());
        }
        // treasury: the platform's, receiving the platform part.
        validate::address(treasury, &platform.treasury, MarqueeError::InvalidTreasury)?;
        (platform.publisher_bps, platform.platform_bps)
    };
    validate::writable(treasury)?;
    // project: funded, with shares to share the investors' part among.
    let (index, total_shares) = {
        let project = state::load_mut::<Project>(project_account)?;
        if !project.is_funded() {
            return Err(MarqueeError::ProjectNotFunded.into());
        }
        if amount == 0 {
            return Err(MarqueeError::InvalidRevenueAmount.into());
        }
        // vault: the project's own (its address was derived and stored by create_project).
        validate::address(vault, &project.vault, MarqueeError::InvalidVault)?;
        (project.distribution_count, project.total_shares)
    };
    validate::writable(vault)?;
    // distribution: the PDA of the project's next distribution index, not created yet.
    let index_seed = index.to_le_bytes();
    let (distribution_address, distribution_bump) =
        validate::find_pda(&[seeds::DISTRIBUTION, project_account.address().as_ref(), &index_seed]);
    validate::address(distribution_account, &distribution_address, MarqueeError::InvalidPda)?;
    validate::writable(distribution_account)?;
    validate::uninitialized(distribution_account)?;
    validate::system_program(system_program)?;
    validate::event_accounts(event_authority, program)?;
    // embeds: one per view count, each a distinct writable Embed of this project.
    if embeds.len() > MAX_EMBEDS_PER_DISTRIBUTION {
        return Err(MarqueeError::TooManyEmbeds.into());
    }
    if embeds.len() != views_arg.len() {
        return Err(MarqueeError::ViewsMismatch.into());
    }
    for (position, embed_account) in embeds.iter().enumerate() {
        if embeds.iter().take(position).any(|earlier| earlier.address() == embed_account.address()) {
            return Err(MarqueeError::DuplicateEmbed.into());
        }
        let mut embed_view = *embed_account;
        let embed = state::load_mut::<Embed>(&mut embed_view)?;
        if embed.project != *project_account.address() {
            return Err(MarqueeError::EmbedProjectMismatch.into());
        }
    }
    if total_shares == 0 {
        return Err(MarqueeError::NoShares.into());
    }

    let mut views = [0u64; MAX_EMBEDS_PER_DISTRIBUTION];
    for (position, view_count) in views.iter_mut().enumerate() {
        *view_count = views_arg.get(position).unwrap_or(0);
    }
    let views = views.get(..views_arg.len()).ok_or(MarqueeError::TooManyEmbeds)?;
    let mut credits = [0u64; MAX_EMBEDS_PER_DISTRIBUTION];
    let allocation = math::allocate_revenue(amount, publisher_bps, platform_bps, views, &mut credits)
        .ok_or(MarqueeError::ArithmeticOverflow)?;
    let parts = allocation.split;
    let increment =
        math::revenue_per_share_increment(parts.investors, total_shares).ok_or(MarqueeError::NoShares)?;

    fund(&*settlement_authority, &*vault)?;
    let bump_seed = [distribution_bump];
    validate::create_pda_account(settlement_authority, distribution_account, RevenueDistribution::SPACE, &ID, &[
        Seed::from(seeds::DISTRIBUTION),
        Seed::from(project_account.address().as_ref()),
        Seed::from(&index_seed),
        Seed::from(&bump_seed),
    ])?;
    if parts.platform > 0 {
        validate::move_lamports(vault, treasury, parts.platform)?;
        validate::rent_exempt(treasury, MarqueeError::TreasuryNotRentExempt)?;
    }
    for ((embed_account, view_count), credit) in embeds.iter_mut().zip(views).zip(&credits) {
        let mut embed = state::load_mut::<Embed>(embed_account)?;
        embed.total_views = embed.total_views.checked_add(*view_count).ok_or(MarqueeError::ArithmeticOverflow)?;
        embed.earned_lamports = embed.earned_lamports.checked_add(*credit).ok_or(MarqueeError::ArithmeticOverflow)?;
    }

    let timestamp = validate::now()?;
    let (revenue_per_share_before, revenue_per_share_after, seq) = {
        let mut project = state::load_mut::<Project>(project_account)?;
        let before = project.revenue_per_share;
        let after = before.checked_add(increment).ok_or(MarqueeError::ArithmeticOverflow)?;
        project.revenue_per_share = after;
        project.investor_revenue_lamports =
            math::accrued_revenue(total_shares, after).ok_or(MarqueeError::ArithmeticOverflow)?;
        project.total_revenue_lamports =
            project.total_revenue_lamports.checked_add(amount).ok_or(MarqueeError::ArithmeticOverflow)?;
        project.publisher_revenue_lamports = project
            .publisher_revenue_lamports
            .checked_add(parts.publishers)
            .ok_or(MarqueeError::ArithmeticOverflow)?;
        project.platform_revenue_lamports =
            project.platform_revenue_lamports.checked_add(parts.platform).ok_or(MarqueeError::ArithmeticOverflow)?;
        project.total_views =
            project.total_views.checked_add(allocation.total_views).ok_or(MarqueeError::ArithmeticOverflow)?;
        project.distribution_count = index.checked_add(1).ok_or(MarqueeError::ArithmeticOverflow)?;
        project.invariant()?;
        (before, after, project.next_event_seq()?)
    };
    {
        let mut distribution = state::initialize::<RevenueDistribution>(distribution_account)?;
        distribution.project = *project_account.address();
        distribution.index = index;
        distribution.total_lamports = amount;
        distribution.publisher_lamports = parts.publishers;
        distribution.investor_lamports = parts.investors;
        distribution.platform_lamports = parts.platform;
        distribution.total_views = allocation.total_views;
        distribution.total_shares = total_shares;
        distribution.revenue_per_share_before = revenue_per_share_before;
        distribution.revenue_per_share_after = revenue_per_share_after;
        distribution.distributed_at = timestamp;
        distribution.bump = distribution_bump;
    }

    events::emit(event_authority, &event::REVENUE_DISTRIBUTED, |body| {
        body.address(project_account.address())?;
        body.address(&distribution_address)?;
        body.u64(index)?;
        body.u64(amount)?;
        body.u64(parts.publishers)?;
        body.u64(parts.investors)?;
        body.u64(parts.platform)?;
        body.u64(allocation.total_views)?;
        body.u64(total_shares)?;
        body.u128(revenue_per_share_before)?;
        body.u128(revenue_per_share_after)?;
        body.u32(views.len() as u32)?;
        for ((embed_account, view_count), credit) in embeds.iter().zip(views).zip(&credits) {
            body.address(embed_account.address())?;
            body.u64(*view_count)?;
            body.u64(*credit)?;
        }
        body.u64(seq)?;
        body.i64(timestamp)
    })?;
    Ok(Deposit { distribution: distribution_address, index, timestamp })
}
