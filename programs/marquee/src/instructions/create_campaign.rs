//! `create_campaign`: an advertiser escrows an ad budget for a campaign.
//!
//! Accounts: advertiser, campaign, system_program, event_authority, program, then, for a
//! sponsorship only, the sponsored Project.
//!
//! Effects:
//! 1. creates the Campaign PDA (`["campaign", advertiser, campaign_id as u64 LE]`), paid by the
//!    advertiser, and moves `budget_lamports` from the advertiser into it (the budget is held by the
//!    campaign account itself, above its rent);
//! 2. stores the ad type, its price per mille, the sponsored project, the creative (URI and
//!    sha256), the target genres (a bitmask, 0 = all) and the window; the campaign starts unpaused;
//! 3. emits `CampaignCreated` (the campaign's first event, seq 1).
//!
//! CHECK: the advertiser signs; the ad type is display, video or sponsorship (`InvalidAdType`);
//! display and video pay the spec's price per mille exactly, a sponsorship any price above zero
//! (`InvalidCampaignPrice`); a sponsorship names a Project of this program, passed after the
//! program account, and the others name none (`InvalidSponsoredProject`); the budget pays for
//! at least one batch of MIN_CAMPAIGN_BATCH_IMPRESSIONS (`CampaignBudgetTooSmall`); the campaign
//! ends after it starts and in the future (`InvalidCampaignWindow`), at most 366 days after it
//! starts, and its settlement deadline (end + grace) fits an i64 (`CampaignTooLong`: every later
//! deadline sum is then known not to overflow); the maximum spend per day pays for at least the
//! smallest batch plus the rent of the distribution it creates (`InvalidDailySpendCap`: a lower
//! cap could never settle anything); the creative URI is 1..=200 bytes of UTF-8; the campaign is
//! the canonical PDA and does not exist yet.

use super::prelude::*;
use pinocchio::{cpi::Seed, Address};
use pinocchio_system::instructions::Transfer;

use crate::{
    constants::{
        CAMPAIGN_SETTLEMENT_GRACE_SECONDS, IMPRESSIONS_PER_MILLE, MAX_CAMPAIGN_DURATION_SECONDS, MAX_CREATIVE_URI_LEN, MIN_CAMPAIGN_BATCH_IMPRESSIONS,
    },
    math,
    seeds,
    state::{campaign::ad_type, AccountState, Campaign, Project, RevenueDistribution},
    ID,
};

pub fn process(accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let [advertiser, campaign_account, system_program, event_authority, program, rest @ ..] = accounts else {
        return Err(MarqueeError::NotEnoughAccounts.into());
    };
    let mut args = Reader::new(data);
    let campaign_id = args.u64()?;
    let kind = args.u8()?;
    let price_per_mille = args.u64()?;
    let sponsored_project = args.address()?;
    let budget = args.u64()?;
    let creative_uri = args.string(MAX_CREATIVE_URI_LEN)?;
    let creative_hash = args.bytes32()?;
    let target_genres = args.u64()?;
    let start_at = args.i64()?;
    let end_at = args.i64()?;
    let max_daily_spend = args.u64()?;
    args.finish()?;

    // advertiser: signs, pays the account's rent and the budget.
    validate::signer(advertiser)?;
    validate::writable(advertiser)?;
    validate::system_program(system_program)?;
    validate::event_accounts(event_authority, program)?;
    if kind > ad_type::SPONSORSHIP {
        return Err(MarqueeError::InvalidAdType.into());
    }
    let price_ok = match ad_type::standard_price_per_mille(kind) {
        Some(standard) => price_per_mille == standard,
        None => price_per_mille > 0,
    };
    if !price_ok {
        return Err(MarqueeError::InvalidCampaignPrice.into());
    }
    // sponsored project: a sponsorship pays for one Project of this program; the others for any.
    if kind == ad_type::SPONSORSHIP {
        let project = rest.first().ok_or(MarqueeError::InvalidSponsoredProject)?;
        if *project.address() != sponsored_project {
            return Err(MarqueeError::InvalidSponsoredProject.into());
        }
        state::load::<Project>(project)?;
    } else if sponsored_project != Address::new_from_array([0; 32]) {
        return Err(MarqueeError::InvalidSponsoredProject.into());
    }
    let smallest_batch = math::mul_div_floor(MIN_CAMPAIGN_BATCH_IMPRESSIONS, price_per_mille, IMPRESSIONS_PER_MILLE)
        .ok_or(MarqueeError::ArithmeticOverflow)?;
    if budget < smallest_batch {
        return Err(MarqueeError::CampaignBudgetTooSmall.into());
    }
    let now = validate::now()?;
    if end_at <= start_at || end_at <= now {
        return Err(MarqueeError::InvalidCampaignWindow.into());
    }
    // end > start, so the difference only overflows for a start far below zero: too long as well.
    let duration = end_at.checked_sub(start_at).ok_or(MarqueeError::CampaignTooLong)?;
    if duration > MAX_CAMPAIGN_DURATION_SECONDS || end_at.checked_add(CAMPAIGN_SETTLEMENT_GRACE_SECONDS).is_none() {
        return Err(MarqueeError::CampaignTooLong.into());
    }
    let distribution_rent = crate::sysvar::rent_exempt_minimum(RevenueDistribution::SPACE)?;
    let smallest_debit = smallest_batch.checked_add(distribution_rent).ok_or(MarqueeError::ArithmeticOverflow)?;
    if max_daily_spend < smallest_debit {
        return Err(MarqueeError::InvalidDailySpendCap.into());
    }
    // campaign: the canonical PDA of (advertiser, campaign id), not created yet.
    let id_seed = campaign_id.to_le_bytes();
    let (campaign_address, bump) = validate::find_pda(&[seeds::CAMPAIGN, advertiser.address().as_ref(), &id_seed]);
    validate::address(campaign_account, &campaign_address, MarqueeError::InvalidPda)?;
    validate::writable(campaign_account)?;
    validate::uninitialized(campaign_account)?;

    let bump_seed = [bump];
    validate::create_pda_account(advertiser, campaign_account, Campaign::SPACE, &ID, &[
        Seed::from(seeds::CAMPAIGN),
        Seed::from(advertiser.address().as_ref()),
        Seed::from(&id_seed),
        Seed::from(&bump_seed),
    ])?;
    Transfer { from: advertiser, to: campaign_account, lamports: budget }.invoke()?;
    let seq = {
        let mut campaign = state::initialize::<Campaign>(campaign_account)?;
        campaign.advertiser = *advertiser.address();
        campaign.campaign_id = campaign_id;
        campaign.ad_type = kind;
        campaign.paused = 0;
        campaign.price_per_mille_lamports = price_per_mille;
        campaign.sponsored_project = sponsored_project;
        campaign.budget_lamports = budget;
        campaign.spent_lamports = 0;
        campaign.impressions = 0;
        campaign.settlement_count = 0;
        campaign.creative_hash = creative_hash;
        campaign.target_genres = target_genres;
        campaign.start_at = start_at;
        campaign.end_at = end_at;
        campaign.created_at = now;
        campaign.event_seq = 0;
        campaign.max_daily_spend_lamports = max_daily_spend;
        campaign.spend_day = 0;
        campaign.spent_in_day_lamports = 0;
        campaign.last_batch_id = 0;
        campaign.bump = bump;
        campaign.invariant()?;
        campaign.next_event_seq()?
    };
    state::write_strings::<Campaign>(campaign_account, &[creative_uri])?;

    events::emit(event_authority, &event::CAMPAIGN_CREATED, |body| {
        body.address(&campaign_address)?;
        body.address(advertiser.address())?;
        body.u64(campaign_id)?;
        body.u8(kind)?;
        body.u64(price_per_mille)?;
        body.address(&sponsored_project)?;
        body.u64(budget)?;
        body.string(creative_uri)?;
        body.bytes32(&creative_hash)?;
        body.u64(target_genres)?;
        body.i64(start_at)?;
        body.i64(end_at)?;
        body.u64(max_daily_spend)?;
        body.u64(seq)?;
        body.i64(now)
    })
}
