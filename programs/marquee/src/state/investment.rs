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

impl Investment {
    /// `shares` as its (high, low) 32-bit halves, each read by a load of its own (little-endian:
    /// the low half first), for `math::accrued_revenue_of_halves`.
    pub fn shares_halves(&self) -> (u64, u64) {
        let field = core::ptr::addr_of!(self.shares).cast::<u32>();
        // SAFETY: both halves lie inside the field; unaligned reads, as the struct is packed.
        unsafe { (field.add(1).read_unaligned() as u64, field.read_unaligned() as u64) }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn shares_halves_are_the_high_and_low_words() {
        let mut bytes = [0u8; core::mem::size_of::<super::Investment>()];
        let investment = unsafe { &mut *(bytes.as_mut_ptr() as *mut super::Investment) };
        investment.shares = 0x1234_5678_9abc_def0;
        assert_eq!(investment.shares_halves(), (0x1234_5678, 0x9abc_def0));
    }
}
