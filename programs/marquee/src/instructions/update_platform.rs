//! `update_platform`: the admin changes the treasury, settlement authority, revenue split,
//! minimum investment, funding caps and funding window, and may propose a new admin.
//!
//! Effects:
//! 1. overwrites the Platform's configuration with the arguments;
//! 2. records `proposed_admin` as the pending admin, who takes over only by signing
//!    `accept_admin` (a typo cannot hand the platform to a key nobody holds); proposing the
//!    current admin cancels a pending handover;
//! 3. emits `PlatformUpdated` (the admin in force is unchanged).
//!
//! CHECK: the signer is the current admin; no role is the all-zero address; the treasury account
//! is the treasury argument and is rent-exempt (so every platform share can be paid into it;
//! fund it in the same transaction first if needed); the new rules pass `PlatformRules::validate`.
//! Rules apply to what happens next: existing projects keep their goals, deadlines and raised SOL.

use super::prelude::*;
use pinocchio::Address;

use crate::{state::{platform::PlatformRules, Platform}};

pub fn process(accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let [admin, platform_account, treasury_account, event_authority, program, ..] = accounts else {
        return Err(MarqueeError::NotEnoughAccounts.into());
    };
    let mut args = Reader::new(data);
    let proposed_admin = args.address()?;
    let treasury = args.address()?;
    let settlement_authority = args.address()?;
    let rules = PlatformRules::read(&mut args)?;
    args.finish()?;

    // admin: the platform's current admin, signing.
    validate::signer(admin)?;
    validate::event_accounts(event_authority, program)?;
    validate::not_zero(&proposed_admin)?;
    validate::not_zero(&treasury)?;
    validate::not_zero(&settlement_authority)?;
    rules.validate()?;
    // treasury: the account named by the arguments, already rent-exempt.
    validate::address(treasury_account, &treasury, MarqueeError::InvalidTreasury)?;
    validate::rent_exempt(treasury_account, MarqueeError::TreasuryNotRentExempt)?;
    // platform: the fixed PDA.
    validate::platform_address(platform_account)?;
    let timestamp = validate::now()?;
    let (pending_admin, seq) = {
        let mut platform = state::load_mut::<Platform>(platform_account)?;
        if platform.admin != *admin.address() {
            return Err(MarqueeError::Unauthorized.into());
        }
        platform.pending_admin =
            if proposed_admin == *admin.address() { Address::new_from_array([0; 32]) } else { proposed_admin };
        platform.treasury = treasury;
        platform.settlement_authority = settlement_authority;
        platform.apply(&rules);
        platform.invariant()?;
        (platform.pending_admin, platform.next_event_seq()?)
    };

    events::emit(event_authority, &event::PLATFORM_UPDATED, |body| {
        body.address(admin.address())?;
        body.address(admin.address())?;
        body.address(&pending_admin)?;
        body.address(&treasury)?;
        body.address(&settlement_authority)?;
        rules.write(body)?;
        body.u64(seq)?;
        body.i64(timestamp)
    })
}
