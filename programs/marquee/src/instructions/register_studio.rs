//! `register_studio`: any wallet registers itself as a studio.
//!
//! Effects:
//! 1. creates the Studio PDA (`["studio", authority]`), unverified, paid by the authority;
//! 2. counts it on the Platform;
//! 3. emits `StudioRegistered` (platform-wide sequence).
//!
//! CHECK: the authority signs (a wallet registers only itself); the studio PDA matches the
//! authority and does not exist yet; the name is 1..=64 bytes.

use super::prelude::*;
use pinocchio::{cpi::Seed};

use crate::{constants::MAX_STUDIO_NAME_LEN, seeds, state::{AccountState, Platform, Studio}, ID};

pub fn process(accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let [authority, platform_account, studio_account, system_program, event_authority, program, ..] = accounts else {
        return Err(MarqueeError::NotEnoughAccounts.into());
    };
    let mut args = Reader::new(data);
    let name = args.string(MAX_STUDIO_NAME_LEN)?;
    args.finish()?;

    // authority: the wallet becoming a studio, paying for its account.
    validate::signer(authority)?;
    validate::writable(authority)?;
    validate::platform_address(platform_account)?;
    validate::system_program(system_program)?;
    validate::event_accounts(event_authority, program)?;
    // studio: the authority's studio PDA, not created yet.
    let (studio_address, bump) = validate::find_pda(&[seeds::STUDIO, authority.address().as_ref()]);
    validate::address(studio_account, &studio_address, MarqueeError::InvalidPda)?;
    validate::writable(studio_account)?;
    validate::uninitialized(studio_account)?;

    let bump_seed = [bump];
    validate::create_pda_account(authority, studio_account, Studio::SPACE, &ID, &[
        Seed::from(seeds::STUDIO),
        Seed::from(authority.address().as_ref()),
        Seed::from(&bump_seed),
    ])?;
    let timestamp = validate::now()?;
    {
        let mut studio = state::initialize::<Studio>(studio_account)?;
        studio.authority = *authority.address();
        studio.verified = 0;
        studio.project_count = 0;
        studio.registered_at = timestamp;
        studio.bump = bump;
    }
    state::write_strings::<Studio>(studio_account, &[name])?;
    let seq = {
        let mut platform = state::load_mut::<Platform>(platform_account)?;
        platform.studio_count = platform.studio_count.checked_add(1).ok_or(MarqueeError::ArithmeticOverflow)?;
        platform.next_event_seq()?
    };

    events::emit(event_authority, &event::STUDIO_REGISTERED, |body| {
        body.address(&studio_address)?;
        body.address(authority.address())?;
        body.string(name)?;
        body.u64(seq)?;
        body.i64(timestamp)
    })
}
