//! `initialize_platform`: creates the Platform account; the signer becomes its admin.
//!
//! Effects:
//! 1. creates the Platform PDA (`["platform"]`), paid by the admin;
//! 2. stores admin, treasury, settlement authority, revenue split, minimum investment and caps;
//! 3. emits `PlatformInitialized`.
//!
//! CHECK: the admin signs; the platform is the canonical PDA and does not exist yet; the split
//! sums to 10 000 bps, the minimum is positive and the caps are ordered (`PlatformRules`).

use pinocchio::{cpi::Seed, AccountView, ProgramResult};

use crate::{
    bytes::Reader,
    discriminator::event,
    errors::MarqueeError,
    events,
    seeds::{self, PLATFORM_BUMP},
    state::{self, platform::PlatformRules, AccountState, Platform},
    validate, ID,
};

pub fn process(accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let [admin, platform_account, system_program, event_authority, program, ..] = accounts else {
        return Err(MarqueeError::NotEnoughAccounts.into());
    };
    let mut args = Reader::new(data);
    let treasury = args.address()?;
    let settlement_authority = args.address()?;
    let rules = PlatformRules::read(&mut args)?;
    args.finish()?;

    // admin: pays for and will administer the platform.
    validate::signer(admin)?;
    validate::writable(admin)?;
    // platform: the fixed PDA, not created yet.
    validate::platform_address(platform_account)?;
    validate::writable(platform_account)?;
    validate::uninitialized(platform_account)?;
    validate::system_program(system_program)?;
    validate::event_accounts(event_authority, program)?;
    rules.validate()?;

    let bump = [PLATFORM_BUMP];
    validate::create_pda_account(admin, platform_account, Platform::SPACE, &ID, &[
        Seed::from(seeds::PLATFORM),
        Seed::from(&bump),
    ])?;
    let timestamp = validate::now()?;
    let seq = {
        let mut platform = state::initialize::<Platform>(platform_account)?;
        platform.admin = *admin.address();
        platform.treasury = treasury;
        platform.settlement_authority = settlement_authority;
        platform.apply(&rules);
        platform.project_count = 0;
        platform.studio_count = 0;
        platform.event_seq = 0;
        platform.bump = PLATFORM_BUMP;
        platform.invariant()?;
        platform.next_event_seq()?
    };

    events::emit(event_authority, &event::PLATFORM_INITIALIZED, |body| {
        body.address(admin.address())?;
        body.address(&treasury)?;
        body.address(&settlement_authority)?;
        rules.write(body)?;
        body.u64(seq)?;
        body.i64(timestamp)
    })
}
