//! `refund`: after a missed deadline, an investor takes back what they put into an unfunded project.
//!
//! Effects:
//! 1. burns what is left of the position's shares in the investor's associated token account (at
//!    most `shares`), the investor signing as its owner; an investor who burned shares, or burned
//!    them all and closed the account, loses nothing by it (there is less or nothing to burn), and
//!    the emptied account stays for its owner to close and recover its rent;
//! 2. moves the position's lamports, exactly what the Investment records, from the project's
//!    vault to the investor;
//! 3. takes them off the project: raised lamports, total shares, investor count;
//! 4. emits `Refunded`;
//! 5. closes the Investment account: its rent goes to the investor, its data is zeroed and it
//!    is handed back to the system program (last, after the event's CPI).
//!
//! CHECK: the investor signs; the project is still Funding (a funded project is never refunded:
//! `ProjectNotFunding`) and its deadline is reached — the instant `invest` closes
//! (`DeadlineNotPassed` before); the Investment is the
//! canonical PDA `["investment", project, investor]` of this program and belongs to both; the
//! mint is the project's share mint; the token account is the investor's associated token
//! account for it (`invest` mints nowhere else, and the shares cannot move); the vault is the
//! project's vault; the project's invariant holds afterwards.

use super::prelude::*;
use pinocchio::Address;

use crate::{constants::SHARE_TOKEN_PROGRAM_ID, seeds, state::{Investment, Project}, token};

/// What the refund takes off the project, read from the Investment.
struct Position {
    lamports: u64,
    shares: u64,
    share_account_bump: u8,
}

pub fn process(accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let [investor, project_account, investment_account, share_mint, share_account, vault, token_program, event_authority, program, ..] =
        accounts
    else {
        return Err(MarqueeError::NotEnoughAccounts.into());
    };
    Reader::new(data).finish()?;

    // investor: the owner of the position, receiving the refund.
    validate::signer(investor)?;
    validate::writable(investor)?;
    validate::program(token_program, &SHARE_TOKEN_PROGRAM_ID)?;
    validate::event_accounts(event_authority, program)?;
    for account in [&*investment_account, &*share_mint, &*share_account, &*vault] {
        validate::writable(account)?;
    }

    // project: a Project of this program, unfunded, at or past its deadline.
    let now = validate::now()?;
    {
        let project = state::load::<Project>(project_account)?;
        if project.is_funded() {
            return Err(MarqueeError::ProjectNotFunding.into());
        }
        // `invest` closes at the deadline itself (DeadlinePassed when now >= deadline): refunds open then.
        if now < project.deadline {
            return Err(MarqueeError::DeadlineNotPassed.into());
        }
        validate::address(share_mint, &project.share_mint, MarqueeError::InvalidMint)?;
        validate::address(vault, &project.vault, MarqueeError::InvalidVault)?;
    }
    let position = load_position(investment_account, project_account.address(), investor.address())?;
    // investor_share_account: the investor's associated token account for the share mint; closed
    // (no data) when its owner burned every share and closed it.
    if !token::is_associated_token_account_at(share_account.address(), investor.address(), share_mint.address(), position.share_account_bump) {
        return Err(MarqueeError::InvalidTokenAccount.into());
    }
    if share_account.data_len() > 0 {
        let left = token::share_balance(share_account, investor.address(), share_mint.address())?.min(position.shares);
        if left > 0 {
            token::burn(share_account, share_mint, investor, left)?;
        }
    }
    validate::move_lamports(vault, investor, position.lamports)?;

    let (raised_before, raised_after, investor_count_after, seq) = {
        let mut project = state::load_mut::<Project>(project_account)?;
        let raised_before = project.raised_lamports;
        project.raised_lamports = raised_before.checked_sub(position.lamports).ok_or(MarqueeError::ArithmeticOverflow)?;
        project.total_shares = project.total_shares.checked_sub(position.shares).ok_or(MarqueeError::ArithmeticOverflow)?;
        project.investor_count = project.investor_count.checked_sub(1).ok_or(MarqueeError::ArithmeticOverflow)?;
        project.invariant()?;
        if vault.lamports() < project.vault_liabilities()? {
            return Err(MarqueeError::InsufficientVaultBalance.into());
        }
        (raised_before, project.raised_lamports, project.investor_count, project.next_event_seq()?)
    };

    events::emit(event_authority, &event::REFUNDED, |body| {
        body.address(project_account.address())?;
        body.address(investor.address())?;
        body.address(investment_account.address())?;
        body.u64(position.lamports)?;
        body.u64(position.shares)?;
        body.u64(raised_before)?;
        body.u64(raised_after)?;
        body.u32(investor_count_after)?;
        body.u64(seq)?;
        body.i64(now)
    })?;

    state::close::<Investment>(investment_account, investor).map(|_| ())
}

/// Reads the position from the Investment account after checking it is the canonical PDA of
/// this project and investor (owner and discriminator are checked by `state::load`).
fn load_position(account: &AccountView, project: &Address, investor: &Address) -> Result<Position, pinocchio::error::ProgramError> {
    let investment = state::load::<Investment>(account)?;
    if investment.investor != *investor {
        return Err(MarqueeError::Unauthorized.into());
    }
    if investment.project != *project {
        return Err(MarqueeError::InvalidPda.into());
    }
    validate::pda(account, &[seeds::INVESTMENT, project.as_ref(), investor.as_ref()], investment.bump)?;
    Ok(Position { lamports: investment.lamports, shares: investment.shares, share_account_bump: investment.share_account_bump })
}
