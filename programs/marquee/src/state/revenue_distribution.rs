//! The RevenueDistribution account (PDA `["distribution", project, index as u64 LE]`): one deposit.

use pinocchio::Address;

use super::{AccountState, DISCRIMINATOR_LEN};
use crate::discriminator::account;

#[repr(C, packed)]
pub struct RevenueDistribution {
    pub project: Address,
    pub index: u64,
    pub total_lamports: u64,
    pub publisher_lamports: u64,
    pub investor_lamports: u64,
    pub platform_lamports: u64,
    pub total_views: u64,
    pub total_shares: u64,
    pub revenue_per_share_before: u128,
    pub revenue_per_share_after: u128,
    pub distributed_at: i64,
    pub bump: u8,
}

impl AccountState for RevenueDistribution {
    const DISCRIMINATOR: [u8; 8] = account::REVENUE_DISTRIBUTION;
    const SPACE: usize = DISCRIMINATOR_LEN + core::mem::size_of::<RevenueDistribution>();
}
