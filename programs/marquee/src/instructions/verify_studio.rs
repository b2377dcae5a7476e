//! `verify_studio`: the admin sets or clears a studio's verified flag (verified studios may
//! set funding goals up to the higher cap).
//!
//! Effects:
//! 1. sets `Studio.verified`;
//! 2. emits `StudioVerified` with the flag before and after and the cap now in force.
//!
//! CHECK: the signer is the platform admin; the studio is a Studio account of this program.

use super::prelude::*;

use crate::{state::{Platform, Studio}};

pub fn process(accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let [admin, platform_account, studio_account, event_authority, program, ..] = accounts else {
        return Err(MarqueeError::NotEnoughAccounts.into());
    };
    let mut args = Reader::new(data);
    let verified = args.bool()?;
    args.finish()?;

    // admin: must be the platform admin.
    validate::signer(admin)?;
    validate::platform_address(platform_account)?;
    validate::event_accounts(event_authority, program)?;
    let timestamp = validate::now()?;
    let (seq, funding_cap) = {
        let mut platform = state::load_mut::<Platform>(platform_account)?;
        if platform.admin != *admin.address() {
            return Err(MarqueeError::Unauthorized.into());
        }
        (platform.next_event_seq()?, platform.funding_cap(verified))
    };
    // studio: any Studio account of this program (owner and discriminator checked by load_mut).
    let (verified_before, authority) = {
        let mut studio = state::load_mut::<Studio>(studio_account)?;
        let before = studio.is_verified();
        studio.verified = verified as u8;
        (before, studio.authority)
    };

    events::emit(event_authority, &event::STUDIO_VERIFIED, |body| {
        body.address(studio_account.address())?;
        body.address(&authority)?;
        body.bool(verified_before)?;
        body.bool(verified)?;
        body.u64(funding_cap)?;
        body.u64(seq)?;
        body.i64(timestamp)
    })
}
