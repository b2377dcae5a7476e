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
        CAMPAIGN_SETTLEMENT_GRACE_SECONDS, DISPLAY_PRICE_PER_MILLE_LAMPORTS, MAX_CREATIVE_URI_LEN,
        VIDEO_PRICE_PER_MILLE_LAMPORTS,
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
    pub spent_lamports: u64,
    pub impressions: u64,
    pub settlement_count: u64,
    pub creative_hash: [u8; 32],
    /// Bit i set: the campaign targets genre i of the platform's genre list (kept off chain with
    /// the films' metadata); 0 targets every genre. The program stores it for the ad server.
    pub target_genres: u64,
    pub start_at: i64,
    pub end_at: i64,
    pub created_at: i64,
    /// Sequence number of the campaign's last event (its own stream).
    pub event_seq: u64,
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
    pub fn settlement_deadline(&self) -> Result<i64, ProgramError> {
        self.end_at.checked_add(CAMPAIGN_SETTLEMENT_GRACE_SECONDS).ok_or_else(|| MarqueeError::ArithmeticOverflow.into())
    }

    /// Advances and returns the campaign's event sequence.
    pub fn next_event_seq(&mut self) -> Result<u64, ProgramError> {
        self.event_seq = self.event_seq.checked_add(1).ok_or(MarqueeError::ArithmeticOverflow)?;
        Ok(self.event_seq)
    }

    /// The invariant every instruction that changes a campaign re-checks at its end.
    pub fn invariant(&self) -> Result<(), ProgramError> {
        let consistent = self.spent_lamports <= self.budget_lamports
            && self.end_at > self.start_at
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
        // 2 pubkeys, the id, 2 u8, the price, 4 u64, the hash, the genres, 3 i64, the seq, the bump, the URI.
        assert_eq!(Campaign::SPACE, 8 + 32 + 8 + 2 + 8 + 32 + 4 * 8 + 32 + 8 + 3 * 8 + 8 + 1 + 4 + 200);
    }

    #[test]
    fn standard_prices_are_the_spec_cpms() {
        assert_eq!(ad_type::standard_price_per_mille(ad_type::DISPLAY), Some(5_000_000));
        assert_eq!(ad_type::standard_price_per_mille(ad_type::VIDEO), Some(15_000_000));
        assert_eq!(ad_type::standard_price_per_mille(ad_type::SPONSORSHIP), None);
    }
}
