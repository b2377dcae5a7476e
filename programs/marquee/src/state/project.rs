//! The Project account (PDA `["project", id as u64 LE]`): a film, its funding and its revenue.

use pinocchio::{error::ProgramError, Address};

use super::{string_space, AccountState, DISCRIMINATOR_LEN};
use crate::{
    constants::{MAX_METADATA_URI_LEN, MAX_TITLE_LEN},
    discriminator::account,
    errors::MarqueeError,
};

/// `ProjectStatus` of the IDL (a Borsh unit enum: one byte).
pub mod status {
    pub const FUNDING: u8 = 0;
    pub const FUNDED: u8 = 1;
}

#[repr(C, packed)]
pub struct Project {
    pub id: u64,
    /// The studio's authority wallet.
    pub studio: Address,
    pub share_mint: Address,
    pub vault: Address,
    pub metadata_hash: [u8; 32],
    pub goal_lamports: u64,
    pub raised_lamports: u64,
    /// Share units outstanding (one per lamport invested, burned on refund).
    pub total_shares: u64,
    pub investor_count: u32,
    pub deadline: i64,
    pub created_at: i64,
    pub funded_at: i64,
    pub status: u8,
    pub funds_released: u8,
    /// Q64.64 lamports of investor revenue per share unit, ever increasing.
    pub revenue_per_share: u128,
    pub total_revenue_lamports: u64,
    /// floor(total_shares · revenue_per_share / 2⁶⁴): the most investors can ever claim in total
    /// (each claim rounds down). What was deposited for investors beyond it is accumulator dust
    /// that stays in the vault: total − publisher − platform − investor revenue.
    pub investor_revenue_lamports: u64,
    pub investor_claimed_lamports: u64,
    pub publisher_revenue_lamports: u64,
    pub publisher_claimed_lamports: u64,
    pub platform_revenue_lamports: u64,
    pub total_views: u64,
    pub distribution_count: u64,
    pub embed_count: u32,
    /// Bit i set: the film is of genre i of the platform's genre list (ad-genres.json, the bits of
    /// a campaign's target_genres); settle_campaign pays a campaign for the film only when they
    /// intersect. Set by create_project.
    pub genre_mask: u64,
    /// Sequence number of the project's last event.
    pub event_seq: u64,
    pub bump: u8,
    pub mint_bump: u8,
    pub vault_bump: u8,
    // then: title: String, metadata_uri: String
}

impl AccountState for Project {
    const DISCRIMINATOR: [u8; 8] = account::PROJECT;
    const SPACE: usize = DISCRIMINATOR_LEN
        + core::mem::size_of::<Project>()
        + string_space(MAX_TITLE_LEN)
        + string_space(MAX_METADATA_URI_LEN);
}

impl Project {
    /// Where the metadata URI (a Borsh string) starts in the account's data: right after the
    /// title, whose length the account records. A title length the program never writes is
    /// `InvalidAccountData`.
    pub fn metadata_uri_offset(data: &[u8]) -> Result<usize, ProgramError> {
        let title_len_bytes = data
            .get(Self::STRINGS_OFFSET..Self::STRINGS_OFFSET + 4)
            .ok_or(MarqueeError::InvalidAccountData)?;
        let title_len = u32::from_le_bytes([title_len_bytes[0], title_len_bytes[1], title_len_bytes[2], title_len_bytes[3]]) as usize;
        if title_len > MAX_TITLE_LEN {
            return Err(MarqueeError::InvalidAccountData.into());
        }
        Ok(Self::STRINGS_OFFSET + string_space(title_len))
    }

    pub fn is_funded(&self) -> bool {
        self.status == status::FUNDED
    }

    pub fn funds_released(&self) -> bool {
        self.funds_released != 0
    }

    /// Advances and returns the project's event sequence.
    pub fn next_event_seq(&mut self) -> Result<u64, ProgramError> {
        self.event_seq = self.event_seq.checked_add(1).ok_or(MarqueeError::ArithmeticOverflow)?;
        Ok(self.event_seq)
    }

    /// Lamports the vault must hold for this project beyond its rent reserve: the raised SOL until
    /// released (or refunded) plus every revenue lamport not yet claimed.
    pub fn vault_liabilities(&self) -> Result<u64, ProgramError> {
        let raised = if self.funds_released() { 0 } else { self.raised_lamports };
        let investor_owed = self
            .investor_revenue_lamports
            .checked_sub(self.investor_claimed_lamports)
            .ok_or(MarqueeError::ArithmeticOverflow)?;
        let publisher_owed = self
            .publisher_revenue_lamports
            .checked_sub(self.publisher_claimed_lamports)
            .ok_or(MarqueeError::ArithmeticOverflow)?;
        raised
            .checked_add(investor_owed)
            .and_then(|sum| sum.checked_add(publisher_owed))
            .ok_or_else(|| MarqueeError::ArithmeticOverflow.into())
    }

    /// The invariant every instruction that changes a project re-checks at its end.
    ///
    /// Once the status is known to be FUNDING (0) or FUNDED (1), "funded exactly when the goal is
    /// raised" is the status byte equal to that comparison's: comparing two booleans cost a
    /// register flag per side, each set by branches (~6 CU more on every instruction).
    pub fn invariant(&self) -> Result<(), ProgramError> {
        const _: () = assert!(status::FUNDING == 0 && status::FUNDED == 1);
        let consistent = self.raised_lamports <= self.goal_lamports
            && self.total_shares <= self.raised_lamports
            && self.status <= status::FUNDED
            && self.status == (self.raised_lamports == self.goal_lamports) as u8
            && (!self.funds_released() || self.is_funded())
            && self.investor_claimed_lamports <= self.investor_revenue_lamports
            && self.publisher_claimed_lamports <= self.publisher_revenue_lamports;
        if consistent {
            Ok(())
        } else {
            Err(MarqueeError::InvalidAccountData.into())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Project;
    use crate::{
        constants::{MAX_METADATA_URI_LEN, MAX_TITLE_LEN},
        errors::MarqueeError,
        state::{string_space, AccountState},
    };

    fn account_with_title(title_len: u32) -> [u8; Project::SPACE] {
        let mut data = [0u8; Project::SPACE];
        data[Project::STRINGS_OFFSET..Project::STRINGS_OFFSET + 4].copy_from_slice(&title_len.to_le_bytes());
        data
    }

    /// The invariant as it was written before it compared the status byte with `raised == goal`.
    fn invariant_as_first_written(project: &Project) -> bool {
        project.raised_lamports <= project.goal_lamports
            && project.total_shares <= project.raised_lamports
            && (project.status == super::status::FUNDING || project.status == super::status::FUNDED)
            && (project.is_funded() == (project.raised_lamports == project.goal_lamports))
            && (!project.funds_released() || project.is_funded())
            && project.investor_claimed_lamports <= project.investor_revenue_lamports
            && project.publisher_claimed_lamports <= project.publisher_revenue_lamports
    }

    #[test]
    fn the_invariant_accepts_exactly_what_it_accepted_as_first_written() {
        let mut bytes = [0u8; core::mem::size_of::<Project>()];
        let project = unsafe { &mut *(bytes.as_mut_ptr() as *mut Project) };
        let mut accepted = 0;
        for status in 0..=3u8 {
            for funds_released in 0..=2u8 {
                for (raised, goal, shares) in [(5u64, 5u64, 5u64), (4, 5, 4), (6, 5, 5), (5, 5, 6), (0, 5, 0)] {
                    for (claimed, revenue) in [(1u64, 2u64), (2, 1)] {
                        project.status = status;
                        project.funds_released = funds_released;
                        project.raised_lamports = raised;
                        project.goal_lamports = goal;
                        project.total_shares = shares;
                        project.investor_claimed_lamports = claimed;
                        project.investor_revenue_lamports = revenue;
                        project.publisher_claimed_lamports = claimed;
                        project.publisher_revenue_lamports = revenue.max(claimed);
                        let expected = invariant_as_first_written(project);
                        assert_eq!(project.invariant().is_ok(), expected, "status {status}, released {funds_released}, {raised}/{goal}");
                        accepted += expected as u32;
                    }
                }
            }
        }
        // Funding below the goal and not released (2 cases), funded at the goal whatever the
        // released byte (3): the rest break one rule or another.
        assert_eq!(accepted, 5);
    }

    #[test]
    fn the_metadata_uri_follows_the_title_and_always_fits() {
        assert_eq!(Project::metadata_uri_offset(&account_with_title(5)), Ok(Project::STRINGS_OFFSET + 4 + 5));
        // After the longest title there is still room for the longest URI.
        let offset = Project::metadata_uri_offset(&account_with_title(MAX_TITLE_LEN as u32)).unwrap();
        assert_eq!(offset + string_space(MAX_METADATA_URI_LEN), Project::SPACE);
    }

    #[test]
    fn a_title_longer_than_the_program_writes_is_invalid_account_data() {
        assert_eq!(
            Project::metadata_uri_offset(&account_with_title(MAX_TITLE_LEN as u32 + 1)),
            Err(MarqueeError::InvalidAccountData.into())
        );
        assert_eq!(Project::metadata_uri_offset(&[0u8; 8]), Err(MarqueeError::InvalidAccountData.into()));
    }
}
