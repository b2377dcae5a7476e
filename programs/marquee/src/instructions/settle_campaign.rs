//! `settle_campaign`: the settlement authority pays a batch of impressions one campaign served on
//! one project out of the campaign's budget, and shares it exactly as `distribute_revenue` does.
//!
//! Accounts: settlement_authority, platform, campaign, project, vault, distribution, treasury,
//! system_program, event_authority, program, then one writable Embed per entry of `views`.
//!
//! Effects:
//! 1. amount = floor(impressions · campaign price per mille / 1000);
//! 2. the deposit of `distribute_revenue` (`distribute_revenue::deposit`, the same code), funded by
//!    moving `amount` from the campaign account to the project vault instead of from the
//!    settlement authority: embeds credited pro rata to views, investors through the accumulator,
//!    the platform part to the treasury, a RevenueDistribution created and `RevenueDistributed`
//!    emitted in the project's stream;
//! 3. the campaign pays the rent of the RevenueDistribution the deposit creates: that many
//!    lamports move from the campaign account to the settlement authority, which pays the rent
//!    with them, so the platform is never out of pocket for a batch (its net per batch is its
//!    share, ≥ 0; the fee is the only cost). The account stays open (claims and the indexer read
//!    it), so the rent is a cost of settling the campaign and counts against its budget;
//! 4. campaign: spent += amount + rent, the day's spend += amount + rent, impressions +=
//!    impressions, settlement_count += 1, last_batch_id = batch_id;
//! 5. emits `CampaignSettled` in the campaign's stream, with the batch id and the rent.
//!
//! CHECK: everything `distribute_revenue` checks (the settlement authority signs; the project is
//! funded with shares; the amount is above zero; treasury, vault, distribution PDA, embeds); the
//! campaign is a writable Campaign of this program; the campaign has started
//! (`CampaignNotStarted`) and its end plus the grace period has not passed
//! (`CampaignSettlementClosed`); a sponsorship pays only for its project
//! (`SponsoredProjectMismatch`); the embeds' views are at most the impressions (the others were
//! seen off any embed: `ViewsExceedImpressions`); the amount is at most what the campaign has left
//! (`CampaignBudgetExceeded`: amount + rent), and the campaign stays rent-exempt; the day's spend
//! stays within the campaign's maximum spend per day (`CampaignDailyCapExceeded`); the batch id
//! is strictly above the campaign's last one (`BatchOutOfOrder`: a batch is paid at most once,
//! and never after a newer one); the film's genre mask intersects the campaign's target genres,
//! unless it targets every film (`GenreMismatch`).
//! A paused campaign is still settled: pausing stops serving, not paying for what was served.

use super::prelude::*;
use pinocchio::Address;

use crate::{
    constants::{IMPRESSIONS_PER_MILLE, MAX_EMBEDS_PER_DISTRIBUTION},
    instructions::distribute_revenue::{self, DepositAccounts},
    math,
    state::{campaign::ad_type, AccountState, Campaign, Project, RevenueDistribution},
};

/// Number of fixed accounts before the embeds.
const FIXED_ACCOUNTS: usize = 10;

/// What the batch did to the campaign, for its event.
struct Charge {
    advertiser: Address,
    rent: u64,
    spent_after: u64,
    remaining_after: u64,
    impressions_after: u64,
    seq: u64,
}

pub fn process(accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    if accounts.len() < FIXED_ACCOUNTS {
        return Err(MarqueeError::NotEnoughAccounts.into());
    }
    let (fixed, embeds) = accounts.split_at_mut(FIXED_ACCOUNTS);
    let [settlement_authority, platform, campaign_account, project, vault, distribution, treasury, system_program, event_authority, program] =
        fixed
    else {
        return Err(MarqueeError::NotEnoughAccounts.into());
    };
    let mut args = Reader::new(data);
    let batch_id = args.u64()?;
    let impressions = args.u64()?;
    let views = args.u64_vec(MAX_EMBEDS_PER_DISTRIBUTION)?;
    args.finish()?;

    // The price is read here for the amount; every other campaign check runs in `charge`, after
    // the deposit's own checks (the settlement authority first).
    let price_per_mille = state::load::<Campaign>(campaign_account)?.price_per_mille_lamports;
    let amount = math::mul_div_floor(impressions, price_per_mille, IMPRESSIONS_PER_MILLE).ok_or(MarqueeError::ArithmeticOverflow)?;
    let project_address = *project.address();
    let campaign_address = *campaign_account.address();
    // Read before the deposit takes the accounts; a project that fails to load here fails the
    // deposit's own checks first, with their error.
    let film_genres = state::load::<Project>(project).map(|project| project.genre_mask).ok();
    // What the settlement authority is about to pay for the distribution (create_pda_account tops
    // up whatever the address already holds), which the campaign pays back.
    let rent = crate::sysvar::rent_exempt_minimum(RevenueDistribution::SPACE)?.saturating_sub(distribution.lamports());
    let debit = amount.checked_add(rent).ok_or(MarqueeError::ArithmeticOverflow)?;
    let mut charged: Option<Charge> = None;
    let charge = |_: &AccountView, vault: &AccountView| -> ProgramResult {
        let now = validate::now()?;
        let mut views_total = 0u64;
        for position in 0..views.len() {
            views_total = views_total.checked_add(views.get(position).unwrap_or(0)).ok_or(MarqueeError::ArithmeticOverflow)?;
        }
        if views_total > impressions {
            return Err(MarqueeError::ViewsExceedImpressions.into());
        }
        {
            let mut campaign = state::load_mut::<Campaign>(campaign_account)?;
            if now < campaign.start_at {
                return Err(MarqueeError::CampaignNotStarted.into());
            }
            if now > campaign.settlement_deadline()? {
                return Err(MarqueeError::CampaignSettlementClosed.into());
            }
            if campaign.ad_type == ad_type::SPONSORSHIP && campaign.sponsored_project != project_address {
                return Err(MarqueeError::SponsoredProjectMismatch.into());
            }
            if !campaign.targets_genres(film_genres.ok_or(MarqueeError::InvalidAccountData)?) {
                return Err(MarqueeError::GenreMismatch.into());
            }
            campaign.record_batch(batch_id)?;
            if debit > campaign.remaining()? {
                return Err(MarqueeError::CampaignBudgetExceeded.into());
            }
            campaign.record_daily_spend(now, debit)?;
            campaign.spent_lamports = campaign.spent_lamports.checked_add(debit).ok_or(MarqueeError::ArithmeticOverflow)?;
            campaign.impressions = campaign.impressions.checked_add(impressions).ok_or(MarqueeError::ArithmeticOverflow)?;
            campaign.invariant()?;
            charged = Some(Charge {
                advertiser: campaign.advertiser,
                rent,
                spent_after: campaign.spent_lamports,
                remaining_after: campaign.remaining()?,
                impressions_after: campaign.impressions,
                seq: campaign.next_event_seq()?,
            });
        }
        let mut vault = *vault;
        validate::move_lamports(campaign_account, &mut vault, amount)
    };
    let accounts =
        DepositAccounts { settlement_authority, platform, project, vault, distribution, treasury, system_program, event_authority, program };
    let deposit = distribute_revenue::deposit(accounts, embeds, amount, views, charge)?;
    let charge = charged.ok_or(MarqueeError::InvalidAccountData)?;
    // The rent goes back only now, after the deposit's CPIs: the runtime checks that the lamports
    // of a CPI's caller balance over the accounts the CPI is passed, and the settlement authority
    // is passed to the distribution's CreateAccount while the campaign is not.
    validate::move_lamports(campaign_account, settlement_authority, charge.rent)?;
    // The budget and the rent are drawn from above the account's rent reserve, never from it.
    validate::rent_exempt(campaign_account, MarqueeError::InsufficientVaultBalance)?;

    events::emit(event_authority, &event::CAMPAIGN_SETTLED, |body| {
        body.address(&campaign_address)?;
        body.address(&charge.advertiser)?;
        body.address(&project_address)?;
        body.address(&deposit.distribution)?;
        body.u64(deposit.index)?;
        body.u64(batch_id)?;
        body.u64(impressions)?;
        body.u64(amount)?;
        body.u64(charge.rent)?;
        body.u64(charge.spent_after)?;
        body.u64(charge.remaining_after)?;
        body.u64(charge.impressions_after)?;
        body.u64(charge.seq)?;
        body.i64(deposit.timestamp)
    })
}
