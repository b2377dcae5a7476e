//! The Platform account: global configuration, one per program (PDA `["platform"]`).

use pinocchio::{error::ProgramError, Address};

use super::{AccountState, DISCRIMINATOR_LEN};
use crate::{
    bytes::{Reader, Writer},
    constants::{BPS_DENOMINATOR, MAX_FUNDING_DAYS_LIMIT, MIN_FUNDING_DAYS_LIMIT, MIN_FUNDING_GOAL_LAMPORTS, SECONDS_PER_DAY},
    discriminator::account,
    errors::MarqueeError,
};

#[repr(C, packed)]
pub struct Platform {
    pub admin: Address,
    pub treasury: Address,
    pub settlement_authority: Address,
    pub publisher_bps: u16,
    pub investor_bps: u16,
    pub platform_bps: u16,
    pub min_investment_lamports: u64,
    pub unverified_funding_cap_lamports: u64,
    pub verified_funding_cap_lamports: u64,
    pub project_count: u64,
    pub studio_count: u64,
    /// Sequence number of the last platform-wide event.
    pub event_seq: u64,
    pub bump: u8,
    /// The longest funding window a project may ask for, in days.
    pub max_funding_days: u16,
    /// The admin proposed by `update_platform`, who takes over by signing `accept_admin`; the
    /// all-zero address when no handover is under way.
    pub pending_admin: Address,
}

impl AccountState for Platform {
    const DISCRIMINATOR: [u8; 8] = account::PLATFORM;
    const SPACE: usize = DISCRIMINATOR_LEN + core::mem::size_of::<Platform>();
}

/// The configurable rules, as initialize_platform and update_platform receive them.
#[derive(Clone, Copy)]
pub struct PlatformRules {
    pub publisher_bps: u16,
    pub investor_bps: u16,
    pub platform_bps: u16,
    pub min_investment_lamports: u64,
    pub unverified_funding_cap_lamports: u64,
    pub verified_funding_cap_lamports: u64,
    pub max_funding_days: u16,
}

impl PlatformRules {
    /// Reads the rules in the order both instructions' arguments (and both events) carry them.
    pub fn read(args: &mut Reader) -> Result<Self, ProgramError> {
        Ok(Self {
            publisher_bps: args.u16()?,
            investor_bps: args.u16()?,
            platform_bps: args.u16()?,
            min_investment_lamports: args.u64()?,
            unverified_funding_cap_lamports: args.u64()?,
            verified_funding_cap_lamports: args.u64()?,
            max_funding_days: args.u16()?,
        })
    }

    pub fn write(&self, body: &mut Writer) -> Result<(), ProgramError> {
        body.u16(self.publisher_bps)?;
        body.u16(self.investor_bps)?;
        body.u16(self.platform_bps)?;
        body.u64(self.min_investment_lamports)?;
        body.u64(self.unverified_funding_cap_lamports)?;
        body.u64(self.verified_funding_cap_lamports)?;
        body.u16(self.max_funding_days)
    }

    /// CHECK: the split sums to 10 000 bps; the minimum is positive; caps are at least the
    /// smallest goal and the verified cap is at least the unverified one; the funding window is
    /// within its hard limits (1..=365 days).
    pub fn validate(&self) -> Result<(), ProgramError> {
        let sum = self.publisher_bps as u64 + self.investor_bps as u64 + self.platform_bps as u64;
        if sum != BPS_DENOMINATOR {
            return Err(MarqueeError::InvalidRevenueSplit.into());
        }
        if self.min_investment_lamports == 0 {
            return Err(MarqueeError::InvalidMinimumInvestment.into());
        }
        if self.unverified_funding_cap_lamports < MIN_FUNDING_GOAL_LAMPORTS
            || self.verified_funding_cap_lamports < self.unverified_funding_cap_lamports
        {
            return Err(MarqueeError::InvalidFundingCap.into());
        }
        if self.max_funding_days < MIN_FUNDING_DAYS_LIMIT || self.max_funding_days > MAX_FUNDING_DAYS_LIMIT {
            return Err(MarqueeError::InvalidFundingWindow.into());
        }
        Ok(())
    }
}

impl Platform {
    pub fn apply(&mut self, rules: &PlatformRules) {
        self.publisher_bps = rules.publisher_bps;
        self.investor_bps = rules.investor_bps;
        self.platform_bps = rules.platform_bps;
        self.min_investment_lamports = rules.min_investment_lamports;
        self.unverified_funding_cap_lamports = rules.unverified_funding_cap_lamports;
        self.verified_funding_cap_lamports = rules.verified_funding_cap_lamports;
        self.max_funding_days = rules.max_funding_days;
    }

    pub fn rules(&self) -> PlatformRules {
        PlatformRules {
            publisher_bps: self.publisher_bps,
            investor_bps: self.investor_bps,
            platform_bps: self.platform_bps,
            min_investment_lamports: self.min_investment_lamports,
            unverified_funding_cap_lamports: self.unverified_funding_cap_lamports,
            verified_funding_cap_lamports: self.verified_funding_cap_lamports,
            max_funding_days: self.max_funding_days,
        }
    }

    /// The latest deadline a project created at `now` may have.
    pub fn latest_deadline(&self, now: i64) -> i64 {
        now.saturating_add(self.max_funding_days as i64 * SECONDS_PER_DAY)
    }

    pub fn funding_cap(&self, verified: bool) -> u64 {
        if verified {
            self.verified_funding_cap_lamports
        } else {
            self.unverified_funding_cap_lamports
        }
    }

    /// Advances and returns the platform-wide event sequence.
    pub fn next_event_seq(&mut self) -> Result<u64, ProgramError> {
        let seq = self.event_seq;
        self.event_seq = seq.checked_add(1).ok_or(MarqueeError::ArithmeticOverflow)?;
        Ok(self.event_seq)
    }

    /// The invariant every instruction that changes the platform re-checks at its end.
    pub fn invariant(&self) -> Result<(), ProgramError> {
        self.rules().validate()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_matches_the_idl_layout() {
        // 3 pubkeys, 3 u16, 6 u64, 1 u8, then 1 u16 and 1 pubkey.
        assert_eq!(Platform::SPACE, 8 + 3 * 32 + 3 * 2 + 6 * 8 + 1 + 2 + 32);
    }

    #[test]
    fn rules_reject_a_bad_split_minimum_or_caps() {
        let good = PlatformRules {
            publisher_bps: 4000,
            investor_bps: 5750,
            platform_bps: 250,
            min_investment_lamports: 50_000_000,
            unverified_funding_cap_lamports: 1_000_000_000,
            verified_funding_cap_lamports: 10_000_000_000,
            max_funding_days: 365,
        };
        assert!(good.validate().is_ok());
        assert_eq!(PlatformRules { platform_bps: 251, ..good }.validate(), Err(MarqueeError::InvalidRevenueSplit.into()));
        assert_eq!(PlatformRules { min_investment_lamports: 0, ..good }.validate(), Err(MarqueeError::InvalidMinimumInvestment.into()));
        assert_eq!(
            PlatformRules { verified_funding_cap_lamports: 1, ..good }.validate(),
            Err(MarqueeError::InvalidFundingCap.into())
        );
        assert!(PlatformRules { max_funding_days: 1, ..good }.validate().is_ok());
        for days in [0, 366, u16::MAX] {
            assert_eq!(
                PlatformRules { max_funding_days: days, ..good }.validate(),
                Err(MarqueeError::InvalidFundingWindow.into())
            );
        }
    }
}
