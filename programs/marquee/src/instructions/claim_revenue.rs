//! `claim_revenue`: an investor takes the ad revenue accrued to their shares.
//!
//! O(1) in the number of distributions: the position's share of every deposit since its last
//! checkpoint is floor(shares · (revenue_per_share − checkpoint) / 2⁶⁴), rounded down (the dust
//! stays in the vault). Shares are counted from the Investment account, never from token
//! balances (share tokens are non-transferable anyway), so burning or holding tokens changes
//! nothing here.
//!
//! Effects:
//! 1. owed = accrued_revenue_lamports + floor(shares · (revenue_per_share − checkpoint) / 2⁶⁴);
//! 2. moves `owed` from the vault to the investor;
//! 3. checkpoint = revenue_per_share, accrued = 0, claimed_revenue_lamports += owed,
//!    project.investor_claimed_lamports += owed;
//! 4. emits `RevenueClaimed`, without a timestamp: reading the clock cost ~121 CU of a claim, and
//!    the claim's time is its transaction's block time, which the indexer records with the event.
//!
//! CHECK: the investor signs and is the Investment's investor; the Investment is this program's
//! and belongs to this project; the vault is the project's; something is owed; the project's
//! claims never exceed its recorded investor revenue (`Project::invariant`); the investor ends
//! rent-exempt (`RecipientNotRentExempt` instead of the runtime rejecting the transaction: an
//! empty wallet must first hold the rent-exempt minimum, or claim when more has accrued).

use super::prelude::*;

use crate::{bytes::same_address, math, state::{Investment, Project}};

pub fn process(accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let [investor, project_account, investment_account, vault, event_authority, program, ..] = accounts else {
        return Err(MarqueeError::NotEnoughAccounts.into());
    };
    Reader::new(data).finish()?;

    // investor: signs and receives the revenue.
    validate::signer(investor)?;
    validate::writable(investor)?;
    validate::event_accounts(event_authority, program)?;
    // A copy of the view (a pointer), so the address is read in place while the data is borrowed.
    let project_view = *project_account;
    let project_address = project_view.address();
    let mut project = state::load_mut::<Project>(project_account)?;
    // vault: the project's own (derived and stored by create_project).
    validate::address(vault, &project.vault, MarqueeError::InvalidVault)?;
    validate::writable(vault)?;
    // investment: the signer's position in this project.
    let mut investment = state::load_mut::<Investment>(investment_account)?;
    if !same_address(investment.investor.as_array(), investor.address().as_array()) {
        return Err(MarqueeError::Unauthorized.into());
    }
    if investment.project != *project_address {
        return Err(MarqueeError::InvalidPda.into());
    }

    let checkpoint = project.revenue_per_share;
    let delta = checkpoint
        .checked_sub(investment.revenue_per_share_checkpoint)
        .ok_or(MarqueeError::ArithmeticOverflow)?;
    let (shares_hi, shares_lo) = investment.shares_halves();
    let owed = math::accrued_revenue_of_halves(shares_hi, shares_lo, delta)
        .and_then(|accrued| accrued.checked_add(investment.accrued_revenue_lamports))
        .ok_or(MarqueeError::ArithmeticOverflow)?;
    if owed == 0 {
        return Err(MarqueeError::NothingToClaim.into());
    }

    investment.revenue_per_share_checkpoint = checkpoint;
    investment.accrued_revenue_lamports = 0;
    let claimed_total_after =
        investment.claimed_revenue_lamports.checked_add(owed).ok_or(MarqueeError::ArithmeticOverflow)?;
    investment.claimed_revenue_lamports = claimed_total_after;
    project.investor_claimed_lamports =
        project.investor_claimed_lamports.checked_add(owed).ok_or(MarqueeError::ArithmeticOverflow)?;
    project.invariant()?;
    let seq = project.next_event_seq()?;
    drop(investment);
    drop(project);
    validate::move_lamports(vault, investor, owed)?;
    validate::rent_exempt(investor, MarqueeError::RecipientNotRentExempt)?;

    events::emit(event_authority, &event::REVENUE_CLAIMED, |body| {
        body.address(project_address)?;
        body.address(investor.address())?;
        body.address(investment_account.address())?;
        body.u64(owed)?;
        body.u128(checkpoint)?;
        body.u64(claimed_total_after)?;
        body.u64(seq)
    })
}
