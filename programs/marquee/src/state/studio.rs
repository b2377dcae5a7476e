//! The Studio account (PDA `["studio", authority]`): a wallet that lists films.

use pinocchio::Address;

use super::{string_space, AccountState, DISCRIMINATOR_LEN};
use crate::{constants::MAX_STUDIO_NAME_LEN, discriminator::account};

#[repr(C, packed)]
pub struct Studio {
    pub authority: Address,
    /// Set by the admin; verified studios may ask for the higher funding cap.
    pub verified: u8,
    pub project_count: u64,
    pub registered_at: i64,
    pub bump: u8,
    // then: name: String
}

impl AccountState for Studio {
    const DISCRIMINATOR: [u8; 8] = account::STUDIO;
    const SPACE: usize = DISCRIMINATOR_LEN + core::mem::size_of::<Studio>() + string_space(MAX_STUDIO_NAME_LEN);
}

impl Studio {
    pub fn is_verified(&self) -> bool {
        self.verified != 0
    }
}
