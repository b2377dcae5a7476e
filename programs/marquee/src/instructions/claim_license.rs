//! `claim_license`: the studio takes the raised SOL of its funded project, exactly once.
//!
//! Effects:
//! 1. moves `project.raised_lamports` from the project's vault to the studio's wallet (the vault
//!    keeps its rent reserve and every revenue lamport not yet claimed);
//! 2. marks the funds released, so `raised_lamports` stays as the record of what was raised;
//! 3. emits `LicenseClaimed`.
//!
//! CHECK: the studio's authority signs (`project.studio`); the project is funded and its funds
//! were not released before; the vault is the project's vault (`["vault", project]`, the address
//! stored at creation from the canonical bump); the project's invariant holds afterwards.

use super::prelude::*;

use crate::{state::Project};

pub fn process(accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let [authority, project_account, vault, event_authority, program, ..] = accounts else {
        return Err(MarqueeError::NotEnoughAccounts.into());
    };
    Reader::new(data).finish()?;

    // authority: the studio wallet that listed the project, receiving the funds.
    validate::signer(authority)?;
    validate::writable(authority)?;
    validate::event_accounts(event_authority, program)?;
    // vault: written below, so it must be writable before anything moves.
    validate::writable(vault)?;

    let (amount, seq) = {
        // project: a Project of this program, listed by the signer, funded, not yet released.
        let mut project = state::load_mut::<Project>(project_account)?;
        if project.studio != *authority.address() {
            return Err(MarqueeError::Unauthorized.into());
        }
        if !project.is_funded() {
            return Err(MarqueeError::ProjectNotFunded.into());
        }
        if project.funds_released() {
            return Err(MarqueeError::FundsAlreadyReleased.into());
        }
        validate::address(vault, &project.vault, MarqueeError::InvalidVault)?;

        let amount = project.raised_lamports;
        validate::move_lamports(vault, authority, amount)?;
        project.funds_released = 1;
        project.invariant()?;
        // What is left must still cover every lamport the vault owes investors and publishers.
        if vault.lamports() < project.vault_liabilities()? {
            return Err(MarqueeError::InsufficientVaultBalance.into());
        }
        (amount, project.next_event_seq()?)
    };
    let timestamp = validate::now()?;

    events::emit(event_authority, &event::LICENSE_CLAIMED, |body| {
        body.address(project_account.address())?;
        body.address(authority.address())?;
        body.u64(amount)?;
        body.u64(seq)?;
        body.i64(timestamp)
    })
}
