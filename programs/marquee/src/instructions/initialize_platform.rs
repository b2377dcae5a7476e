//! `initialize_platform`: creates the Platform account; the program's upgrade authority becomes
//! its admin.
//!
//! Effects:
//! 1. tops the treasury up to its rent-exempt minimum from the admin, if it holds less (so the
//!    first platform share of a distribution, however small, can be paid into it);
//! 2. creates the Platform PDA (`["platform"]`), paid by the admin;
//! 3. stores admin, treasury, settlement authority, revenue split, minimum investment, caps and
//!    funding window; no admin handover is pending;
//! 4. emits `PlatformInitialized`.
//!
//! CHECK: the admin signs and is the upgrade authority recorded in this program's ProgramData
//! account (anyone else could otherwise front-run the deployment and take the platform); the
//! platform is the canonical PDA and does not exist yet; the treasury account is the treasury
//! argument; neither treasury nor settlement authority is the all-zero address; the rules pass
//! `PlatformRules::validate`.

use super::prelude::*;
use pinocchio::{cpi::Seed};
use pinocchio_system::instructions::Transfer;

use crate::{seeds::{self, PLATFORM_BUMP}, state::{platform::PlatformRules, AccountState, Platform}, ID};

pub fn process(accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let [admin, platform_account, program_data, treasury_account, system_program, event_authority, program, ..] = accounts
    else {
        return Err(MarqueeError::NotEnoughAccounts.into());
    };
    let mut args = Reader::new(data);
    let treasury = args.address()?;
    let settlement_authority = args.address()?;
    let rules = PlatformRules::read(&mut args)?;
    args.finish()?;

    // admin: pays for and will administer the platform; the program's upgrade authority.
    validate::signer(admin)?;
    validate::writable(admin)?;
    validate::upgrade_authority(program_data, admin)?;
    // platform: the fixed PDA, not created yet.
    validate::platform_address(platform_account)?;
    validate::writable(platform_account)?;
    validate::uninitialized(platform_account)?;
    validate::system_program(system_program)?;
    validate::event_accounts(event_authority, program)?;
    validate::not_zero(&treasury)?;
    validate::not_zero(&settlement_authority)?;
    rules.validate()?;
    // treasury: the account named by the arguments, made rent-exempt.
    validate::address(treasury_account, &treasury, MarqueeError::InvalidTreasury)?;
    validate::writable(treasury_account)?;
    let shortfall = validate::rent_shortfall(treasury_account)?;
    if shortfall > 0 {
        Transfer { from: admin, to: treasury_account, lamports: shortfall }.invoke()?;
    }

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
        platform.pending_admin = pinocchio::Address::new_from_array([0; 32]);
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
