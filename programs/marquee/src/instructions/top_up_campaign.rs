//! `top_up_campaign`: the advertiser adds to a campaign's budget.
//!
//! Effects:
//! 1. moves `amount_lamports` from the advertiser into the campaign account;
//! 2. `campaign.budget_lamports` += amount;
//! 3. emits `CampaignToppedUp` with the budget and what is left after.
//!
//! CHECK: the advertiser signs and is the campaign's advertiser (`Unauthorized`); the campaign
//! is a Campaign of this program; the amount is above zero (`InvalidCampaignAmount`); the
//! campaign has not ended (`CampaignEnded`: a budget added then could never be served).

use super::prelude::*;
use pinocchio_system::instructions::Transfer;

use crate::{state::Campaign};

pub fn process(accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let [advertiser, campaign_account, system_program, event_authority, program, ..] = accounts else {
        return Err(MarqueeError::NotEnoughAccounts.into());
    };
    let mut args = Reader::new(data);
    let amount = args.u64()?;
    args.finish()?;

    // advertiser: signs and pays the top-up.
    validate::signer(advertiser)?;
    validate::writable(advertiser)?;
    validate::system_program(system_program)?;
    validate::event_accounts(event_authority, program)?;
    let now = validate::now()?;
    // campaign: the signer's own Campaign, still running.
    let (budget_after, remaining_after, seq) = {
        let mut campaign = state::load_mut::<Campaign>(campaign_account)?;
        if campaign.advertiser != *advertiser.address() {
            return Err(MarqueeError::Unauthorized.into());
        }
        if amount == 0 {
            return Err(MarqueeError::InvalidCampaignAmount.into());
        }
        if now > campaign.end_at {
            return Err(MarqueeError::CampaignEnded.into());
        }
        campaign.budget_lamports = campaign.budget_lamports.checked_add(amount).ok_or(MarqueeError::ArithmeticOverflow)?;
        campaign.invariant()?;
        (campaign.budget_lamports, campaign.remaining()?, campaign.next_event_seq()?)
    };
    Transfer { from: advertiser, to: campaign_account, lamports: amount }.invoke()?;

    events::emit(event_authority, &event::CAMPAIGN_TOPPED_UP, |body| {
        body.address(campaign_account.address())?;
        body.address(advertiser.address())?;
        body.u64(amount)?;
        body.u64(budget_after)?;
        body.u64(remaining_after)?;
        body.u64(seq)?;
        body.i64(now)
    })
}
