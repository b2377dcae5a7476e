//! `set_campaign_paused`: the advertiser pauses or resumes a campaign.
//!
//! Pausing tells the ad server to stop serving the campaign's creative. It does not stop the
//! settlement of impressions already served: otherwise an advertiser could pause just before a
//! batch is settled and take back, at close, the budget of ads publishers have shown.
//!
//! Effects: sets `campaign.paused`; emits `CampaignPauseSet` with the flag before and after.
//!
//! CHECK: the advertiser signs and is the campaign's advertiser (`Unauthorized`); the campaign
//! is a Campaign of this program.

use super::prelude::*;

use crate::{state::Campaign};

pub fn process(accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let [advertiser, campaign_account, event_authority, program, ..] = accounts else {
        return Err(MarqueeError::NotEnoughAccounts.into());
    };
    let mut args = Reader::new(data);
    let paused = args.bool()?;
    args.finish()?;

    validate::signer(advertiser)?;
    validate::event_accounts(event_authority, program)?;
    let (paused_before, seq) = {
        let mut campaign = state::load_mut::<Campaign>(campaign_account)?;
        if campaign.advertiser != *advertiser.address() {
            return Err(MarqueeError::Unauthorized.into());
        }
        let before = campaign.is_paused();
        campaign.paused = paused as u8;
        (before, campaign.next_event_seq()?)
    };
    let timestamp = validate::now()?;

    events::emit(event_authority, &event::CAMPAIGN_PAUSE_SET, |body| {
        body.address(campaign_account.address())?;
        body.address(advertiser.address())?;
        body.bool(paused_before)?;
        body.bool(paused)?;
        body.u64(seq)?;
        body.i64(timestamp)
    })
}
