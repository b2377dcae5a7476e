//! `close_campaign`: after the campaign's end and the settlement grace period, the advertiser
//! takes back what was not spent, and the account's rent.
//!
//! Effects:
//! 1. emits `CampaignClosed` with the unspent budget, the rent returned and the totals;
//! 2. moves every lamport of the campaign account to the advertiser and closes it.
//!
//! CHECK: the advertiser signs and is the campaign's advertiser (`Unauthorized`); the campaign
//! is a Campaign of this program; the grace period after its end is over
//! (`CampaignGracePeriodNotOver`: until then batches of impressions served may still be settled).

use super::prelude::*;

use crate::{state::Campaign};

pub fn process(accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let [advertiser, campaign_account, event_authority, program, ..] = accounts else {
        return Err(MarqueeError::NotEnoughAccounts.into());
    };
    Reader::new(data).finish()?;

    // advertiser: signs and receives the campaign's lamports.
    validate::signer(advertiser)?;
    validate::writable(advertiser)?;
    validate::event_accounts(event_authority, program)?;
    let now = validate::now()?;
    let (unspent, spent, impressions, seq) = {
        let mut campaign = state::load_mut::<Campaign>(campaign_account)?;
        if campaign.advertiser != *advertiser.address() {
            return Err(MarqueeError::Unauthorized.into());
        }
        if now <= campaign.settlement_deadline()? {
            return Err(MarqueeError::CampaignGracePeriodNotOver.into());
        }
        (campaign.remaining()?, campaign.spent_lamports, campaign.impressions, campaign.next_event_seq()?)
    };
    // Beyond the unspent budget the account holds its rent (and anything sent to it since).
    let rent = campaign_account.lamports().checked_sub(unspent).ok_or(MarqueeError::InsufficientVaultBalance)?;

    events::emit(event_authority, &event::CAMPAIGN_CLOSED, |body| {
        body.address(campaign_account.address())?;
        body.address(advertiser.address())?;
        body.u64(unspent)?;
        body.u64(rent)?;
        body.u64(spent)?;
        body.u64(impressions)?;
        body.u64(seq)?;
        body.i64(now)
    })?;
    state::close::<Campaign>(campaign_account, advertiser).map(|_| ())
}
