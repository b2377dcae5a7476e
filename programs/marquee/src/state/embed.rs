//! The Embed account (PDA `["embed", project, publisher, embed_id]`, the id as two seeds): a publisher's embed of a funded film.

use pinocchio::Address;

use super::{string_space, AccountState, DISCRIMINATOR_LEN};
use crate::{
    constants::{MAX_EMBED_ID_LEN, MAX_WEBSITE_URL_LEN},
    discriminator::account,
};

#[repr(C, packed)]
pub struct Embed {
    pub project: Address,
    pub publisher: Address,
    pub total_views: u64,
    pub earned_lamports: u64,
    pub claimed_lamports: u64,
    pub registered_at: i64,
    pub bump: u8,
    // then: embed_id: String, website_url: String
}

impl AccountState for Embed {
    const DISCRIMINATOR: [u8; 8] = account::EMBED;
    const SPACE: usize = DISCRIMINATOR_LEN
        + core::mem::size_of::<Embed>()
        + string_space(MAX_EMBED_ID_LEN)
        + string_space(MAX_WEBSITE_URL_LEN);
}
