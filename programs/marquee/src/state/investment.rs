//! The Investment account (PDA `["investment", project, investor]`): one investor's position.

use pinocchio::Address;

use super::{AccountState, DISCRIMINATOR_LEN};
use crate::discriminator::account;

#[repr(C, packed)]
pub struct Investment {
    pub project: Address,
    pub investor: Address,
    pub lamports: u64,
    pub shares: u64,
    /// The project's revenue_per_share when this position was last settled.
    pub revenue_per_share_checkpoint: u128,
    /// Revenue settled at the checkpoint but not yet paid out.
    pub accrued_revenue_lamports: u64,
    pub claimed_revenue_lamports: u64,
    pub investment_count: u32,
    pub first_invested_at: i64,
    pub last_invested_at: i64,
    pub bump: u8,
    /// The bump of the investor's associated token account for the share mint, where every share
    /// of this position was minted (found once by `invest`, so later checks cost one hash).
    pub share_account_bump: u8,
}

impl AccountState for Investment {
    const DISCRIMINATOR: [u8; 8] = account::INVESTMENT;
    const SPACE: usize = DISCRIMINATOR_LEN + core::mem::size_of::<Investment>();
}
