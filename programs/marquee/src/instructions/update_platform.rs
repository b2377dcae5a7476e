//! `update_platform`: the admin changes the admin, treasury, settlement authority, revenue
//! split, minimum investment and funding caps.
//!
//! Effects:
//! 1. overwrites the Platform's configuration with the arguments;
//! 2. emits `PlatformUpdated` with the previous admin.
//!
//! CHECK: the signer is the current admin; the new rules pass `PlatformRules::validate`.
//! Rules apply to what happens next: existing projects keep their goals and raised SOL.

use pinocchio::{AccountView, ProgramResult};

use crate::{
    bytes::Reader,
    discriminator::event,
    errors::MarqueeError,
    events,
    state::{self, platform::PlatformRules, Platform},
    validate,
};

pub fn process(accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let [admin, platform_account, event_authority, program, ..] = accounts else {
        return Err(MarqueeError::NotEnoughAccounts.into());
    };
    let mut args = Reader::new(data);
    let new_admin = args.address()?;
    let treasury = args.address()?;
    let settlement_authority = args.address()?;
    let rules = PlatformRules::read(&mut args)?;
    args.finish()?;

    // admin: the platform's current admin, signing.
    validate::signer(admin)?;
    validate::event_accounts(event_authority, program)?;
    rules.validate()?;
    // platform: the fixed PDA.
    validate::platform_address(platform_account)?;
    let timestamp = validate::now()?;
    let seq = {
        let mut platform = state::load_mut::<Platform>(platform_account)?;
        if platform.admin != *admin.address() {
            return Err(MarqueeError::Unauthorized.into());
        }
        platform.admin = new_admin;
        platform.treasury = treasury;
        platform.settlement_authority = settlement_authority;
        platform.apply(&rules);
        platform.invariant()?;
        platform.next_event_seq()?
    };

    events::emit(event_authority, &event::PLATFORM_UPDATED, |body| {
        body.address(admin.address())?;
        body.address(&new_admin)?;
        body.address(&treasury)?;
        body.address(&settlement_authority)?;
        rules.write(body)?;
        body.u64(seq)?;
        body.i64(timestamp)
    })
}
