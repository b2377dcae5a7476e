//! `accept_admin`: the admin proposed by `update_platform` takes over the platform.
//!
//! Effects:
//! 1. the pending admin becomes the admin; no handover is pending any more;
//! 2. emits `PlatformUpdated` with the previous and the new admin (the rest unchanged).
//!
//! CHECK: the signer is the platform's pending admin (never the all-zero address, which means
//! "none pending" and which nobody can sign for).

use super::prelude::*;
use pinocchio::Address;

use crate::{state::Platform};

pub fn process(accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let [new_admin, platform_account, event_authority, program, ..] = accounts else {
        return Err(MarqueeError::NotEnoughAccounts.into());
    };
    Reader::new(data).finish()?;

    // new_admin: the pending admin, signing.
    validate::signer(new_admin)?;
    validate::event_accounts(event_authority, program)?;
    // platform: the fixed PDA.
    validate::platform_address(platform_account)?;
    let timestamp = validate::now()?;
    let (previous_admin, treasury, settlement_authority, rules, seq) = {
        let mut platform = state::load_mut::<Platform>(platform_account)?;
        if platform.pending_admin != *new_admin.address() {
            return Err(MarqueeError::Unauthorized.into());
        }
        let previous_admin = platform.admin;
        platform.admin = *new_admin.address();
        platform.pending_admin = Address::new_from_array([0; 32]);
        platform.invariant()?;
        (previous_admin, platform.treasury, platform.settlement_authority, platform.rules(), platform.next_event_seq()?)
    };

    events::emit(event_authority, &event::PLATFORM_UPDATED, |body| {
        body.address(&previous_admin)?;
        body.address(new_admin.address())?;
        body.address(&Address::new_from_array([0; 32]))?;
        body.address(&treasury)?;
        body.address(&settlement_authority)?;
        rules.write(body)?;
        body.u64(seq)?;
        body.i64(timestamp)
    })
}
