//! The Campaign account (PDA `["campaign", advertiser, campaign id as u64 LE]`): an advertiser's
//! ad budget, escrowed in the account itself, and what settlement has drawn from it.
//!
//! The budget sits in the Campaign PDA's own lamports, above its rent-exempt reserve, rather than
//! in a separate vault: the program owns the account, so settlement debits it directly (no CPI, no
//! second PDA to derive and check per batch), and closing it returns budget and rent in one move.
//! Its balance is always at least rent + `remaining()` (`settle_campaign` checks before paying).

use pinocchio::{error::ProgramError, Address};

use super::{string_space, AccountState, DISCRIMINATOR_LEN};
use crate::{
    constants::{
        CAMPAIGN_SETTLEMENT_GRACE_SECONDS, DISPLAY_PRICE_PER_MILLE_LAMPORTS, MAX_CAMPAIGN_DURATION_SECONDS,
        MAX_CREATIVE_URI_LEN, SPEND_WINDOW_SECONDS, VIDEO_PRICE_PER_MILLE_LAMPORTS,
    },
    discriminator::account,
    errors::MarqueeError,
};

/// `AdType` of the IDL (a Borsh unit enum: one byte).
pub mod ad_type {
    pub const DISPLAY: u8 = 0;
    pub const VIDEO: u8 = 1;
    pub const SPONSORSHIP: u8 = 2;

    /// The fixed price per mille of an ad type (display $5, video $15 CPM), or `None` for a
    /// sponsorship, whose price is agreed per film.
    pub fn standard_price_per_mille(ad_type: u8) -> Option<u64> {
        match ad_type {
            DISPLAY => Some(super::DISPLAY_PRICE_PER_MILLE_LAMPORTS),
            VIDEO => Some(super::VIDEO_PRICE_PER_MILLE_LAMPORTS),
            _ => None,
        }
    }
}

#[repr(C, packed)]
pub struct Campaign {
    pub advertiser: Address,
    pub campaign_id: u64,
    pub ad_type: u8,
    pub paused: u8,
    pub price_per_mille_lamports: u64,
    /// The one project a sponsorship pays for; all zeros for display and video campaigns.
    pub sponsored_project: Address,
    /// Every lamport the advertiser deposited: the budget at creation plus the top-ups.
    pub budget_lamports: u64,
    /// Every lamport settlement took: the batches' amounts plus the rent of the distributions they
    /// created (the campaign pays it back to the settlement authority).
    pub spent_lamports: u64,
    pub impressions: u64,
    /// Batches settled so far.
    pub settlement_count: u64,
    pub creative_hash: [u8; 32],
    /// Bit i set: the campaign targets genre i of the platform's genre list (ad-genres.json); 0
    /// targets every genre. settle_campaign pays only for a film whose `genre_mask` intersects it.
    pub target_genres: u64,
    pub start_at: i64,
    pub end_at: i64,
    pub created_at: i64,
    /// Sequence number of the campaign's last event (its own stream).
    pub event_seq: u64,
    /// The most settlement may take from the campaign in one day (SPEND_WINDOW_SECONDS of the
    /// Clock), batch amounts and distribution rent alike: what a leaked settlement key can drain
    /// per day. Above zero (create_campaign requires at least one smallest batch and its rent).
    pub max_daily_spend_lamports: u64,
    /// The day (unix_timestamp / 86,400) `spent_in_day_lamports` counts, and what was taken in it.
    pub spend_day: u64,
    pub spent_in_day_lamports: u64,
    /// The batch id of the last settlement (0 before the first). A settlement's batch id must be
    /// strictly above it: replaying a batch, or sending an older one after a newer, is refused, so
    /// the server's batch ids (increasing, gaps allowed for batches it gave up) are paid at most once.
    pub last_batch_id: u64,
    pub bump: u8,
    // then: creative_uri: String
}

impl AccountState for Campaign {
    const DISCRIMINATOR: [u8; 8] = account::CAMPAIGN;
    const SPACE: usize = DISCRIMINATOR_LEN + core::mem::size_of::<Campaign>() + string_space(MAX_CREATIVE_URI_LEN);
}

impl Campaign {
    pub fn is_paused(&self) -> bool {
        self.paused != 0
    }

    /// The budget not spent yet.
    pub fn remaining(&self) -> Result<u64, ProgramError> {
        self.budget_lamports.checked_sub(self.spent_lamports).ok_or_else(|| MarqueeError::ArithmeticOverflow.into())
    }

    /// The last instant a batch may still be settled; the campaign may be closed after it.
    /// create_campaign refuses a window whose deadline does not fit an i64 (and `invariant` re-checks
    /// it), so on a stored campaign this never fails.
    pub fn settlement_deadline(&self) -> Result<i64, ProgramError> {
        self.end_at.checked_add(CAMPAIGN_SETTLEMENT_GRACE_SECONDS).ok_or_else(|| MarqueeError::CampaignTooLong.into())
    }

    /// Records `lamports` taken by settlement at `now` against the day's cap: the count restarts
    /// on a new day; `CampaignDailyCapExceeded` when the day's total would pass the cap.
    pub fn record_daily_spend(&mut self, now: i64, lamports: u64) -> Result<(), ProgramError> {
        // Unsigned division (SBF has no signed one); the Clock is never before 1970.
        let day = u64::try_from(now).unwrap_or(0) / SPEND_WINDOW_SECONDS;
        let spent_before = if self.spend_day == day { self.spent_in_day_lamports } else { 0 };
        let spent_after = spent_before.checked_add(lamports).ok_or(MarqueeError::ArithmeticOverflow)?;
        if spent_after > self.max_daily_spend_lamports {
            return Err(MarqueeError::CampaignDailyCapExceeded.into());
        }
        self.spend_day = day;
        self.spent_in_day_lamports = spent_after;
        Ok(())
    }

    /// Accepts `batch_id` as the next settlement: strictly above the last one settled.
    pub fn record_batch(&mut self, batch_id: u64) -> Result<(), ProgramError> {
        if batch_id <= self.last_batch_id {
            return Err(MarqueeError::BatchOutOfOrder.into());
        }
        self.last_batch_id = batch_id;
        self.settlement_count = self.settlement_count.checked_add(1).ok_or(MarqueeError::ArithmeticOverflow)?;
        Ok(())
    }

    /// Whether the campaign may pay for a film of `film_genres` (0 targets every film).
    pub fn targets_genres(&self, film_genres: u64) -> bool {
        self.target_genres == 0 || self.target_genres & film_genres != 0
    }

    /// Advances and returns the campaign's event sequence.
    pub fn next_event_seq(&mut self) -> Result<u64, ProgramError> {
        self.event_seq = self.event_seq.checked_add(1).ok_or(MarqueeError::ArithmeticOverflow)?;
        Ok(self.event_seq)
    }

    /// The invariant every instruction that changes a campaign re-checks at its end.
    pub fn invariant(&self) -> Result<(), ProgramError> {
        let window_bounded = self.end_at.checked_sub(self.start_at).is_some_and(|length| length <= MAX_CAMPAIGN_DURATION_SECONDS)
            && self.end_at.checked_add(CAMPAIGN_SETTLEMENT_GRACE_SECONDS).is_some();
        let consistent = self.spent_lamports <= self.budget_lamports
            && self.end_at > self.start_at
            && window_bounded
            && self.max_daily_spend_lamports > 0
            && self.price_per_mille_lamports > 0
            && self.ad_type <= ad_type::SPONSORSHIP;
        if consistent {
            Ok(())
        } else {
            Err(MarqueeError::InvalidAccountData.into())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_matches_the_idl_layout() {
        // 2 pubkeys, the id, 2 u8, the price, 4 u64, the hash, the genres, 3 i64, the seq, the daily
        // cap, its day and its spend, the last batch id, the bump, the URI.
        assert_eq!(Campaign::SPACE, 8 + 32 + 8 + 2 + 8 + 32 + 4 * 8 + 32 + 8 + 3 * 8 + 8 + 4 * 8 + 1 + 4 + 200);
    }

    fn campaign(max_daily_spend_lamports: u64) -> Campaign {
        Campaign {
            advertiser: Address::new_from_array([1; 32]),
            campaign_id: 1,
            ad_type: ad_type::VIDEO,
            paused: 0,
            price_per_mille_lamports: VIDEO_PRICE_PER_MILLE_LAMPORTS,
            sponsored_project: Address::new_from_array([0; 32]),
            budget_lamports: 100,
            spent_lamports: 0,
            impressions: 0,
            settlement_count: 0,
            creative_hash: [0; 32],
            target_genres: 0b101,
            start_at: 0,
            end_at: 10,
            created_at: 0,
            event_seq: 0,
            max_daily_spend_lamports,
            spend_day: 0,
            spent_in_day_lamports: 0,
            last_batch_id: 0,
            bump: 255,
        }
    }

    #[test]
    fn the_daily_cap_counts_one_day_and_restarts_the_next() {
        let mut campaign = campaign(100);
        let day = SPEND_WINDOW_SECONDS as i64;
        assert_eq!(campaign.record_daily_spend(day + 1, 60), Ok(()));
        assert_eq!(campaign.record_daily_spend(2 * day - 1, 41), Err(MarqueeError::CampaignDailyCapExceeded.into()));
        assert_eq!(campaign.record_daily_spend(2 * day - 1, 40), Ok(()));
        assert_eq!(campaign.record_daily_spend(2 * day, 100), Ok(()));
        assert_eq!({ campaign.spent_in_day_lamports }, 100);
    }

    #[test]
    fn batches_are_accepted_once_and_in_order() {
        let mut campaign = campaign(100);
        assert_eq!(campaign.record_batch(0), Err(MarqueeError::BatchOutOfOrder.into()));
        assert_eq!(campaign.record_batch(5), Ok(()));
        assert_eq!(campaign.record_batch(5), Err(MarqueeError::BatchOutOfOrder.into()));
        assert_eq!(campaign.record_batch(4), Err(MarqueeError::BatchOutOfOrder.into()));
        assert_eq!(campaign.record_batch(7), Ok(()));
        assert_eq!({ campaign.settlement_count }, 2);
    }

    #[test]
    fn genres_intersect_or_the_campaign_targets_every_film() {
        let mut campaign = campaign(100);
        assert!(campaign.targets_genres(0b100));
        assert!(!campaign.targets_genres(0b010));
        campaign.target_genres = 0;
        assert!(campaign.targets_genres(0));
    }

    #[test]
    fn the_invariant_bounds_the_window_and_needs_a_daily_cap() {
        assert_eq!(campaign(100).invariant(), Ok(()));
        assert_eq!(campaign(0).invariant(), Err(MarqueeError::InvalidAccountData.into()));
        let mut long = campaign(100);
        long.end_at = MAX_CAMPAIGN_DURATION_SECONDS + 1;
        assert_eq!(long.invariant(), Err(MarqueeError::InvalidAccountData.into()));
        let mut overflowing = campaign(100);
        overflowing.start_at = i64::MAX - 10;
        overflowing.end_at = i64::MAX;
        assert_eq!(overflowing.invariant(), Err(MarqueeError::InvalidAccountData.into()));
        assert_eq!(overflowing.settlement_deadline(), Err(MarqueeError::CampaignTooLong.into()));
    }

    #[test]
    fn standard_prices_are_the_spec_cpms() {
        assert_eq!(ad_type::standard_price_per_mille(ad_type::DISPLAY), Some(5_000_000));
        assert_eq!(ad_type::standard_price_per_mille(ad_type::VIDEO), Some(15_000_000));
        assert_eq!(ad_type::standard_price_per_mille(ad_type::SPONSORSHIP), None);
    }
}
