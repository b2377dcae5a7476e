//! Account layouts. Each account is Anchor-shaped: an 8-byte discriminator, then the Borsh
//! fields. Fixed-size fields map onto a `#[repr(C, packed)]` struct (Borsh has no padding, so
//! the byte layouts are identical); strings follow at the end, at most their maximum length.

pub mod campaign;
pub mod embed;
pub mod investment;
pub mod platform;
pub mod project;
pub mod revenue_distribution;
pub mod studio;

pub use {
    campaign::Campaign, embed::Embed, investment::Investment, platform::Platform, project::Project,
    revenue_distribution::RevenueDistribution, studio::Studio,
};

use core::mem::size_of;

use pinocchio::{
    account::{Ref, RefMut},
    error::ProgramError,
    AccountView,
};

use crate::{
    bytes::{copy_bytes, same_address},
    errors::MarqueeError,
    ID,
};

pub const DISCRIMINATOR_LEN: usize = 8;

/// An account kind owned by this program.
pub trait AccountState: Sized {
    const DISCRIMINATOR: [u8; 8];
    /// Bytes the account is created with: discriminator, fixed fields, strings at their maximum.
    const SPACE: usize;
    /// Offset of the first string field (right after the fixed fields).
    const STRINGS_OFFSET: usize = DISCRIMINATOR_LEN + size_of::<Self>();
}

/// Only this program writes accounts it owns, so ownership plus the discriminator authenticates one.
fn check_owner(account: &AccountView) -> Result<(), ProgramError> {
    if !same_address(account.owner().as_array(), ID.as_array()) {
        return Err(MarqueeError::InvalidAccountOwner.into());
    }
    Ok(())
}

fn check_discriminator<T: AccountState>(data: &[u8]) -> Result<(), ProgramError> {
    if data.len() < T::STRINGS_OFFSET || data[..DISCRIMINATOR_LEN] != T::DISCRIMINATOR {
        return Err(MarqueeError::InvalidAccountData.into());
    }
    Ok(())
}

/// Borrows a program account as `T`, checking its owner and discriminator.
pub fn load<T: AccountState>(account: &AccountView) -> Result<Ref<'_, T>, ProgramError> {
    check_owner(account)?;
    // Borrowing fails only when the same account is already borrowed: passed twice.
    let data = account.try_borrow().map_err(|_| MarqueeError::DuplicateAccount)?;
    check_discriminator::<T>(&data)?;
    // SAFETY: T is `repr(C, packed)` (alignment 1) and the length was checked above.
    Ok(Ref::map(data, |data| unsafe { &*(data[DISCRIMINATOR_LEN..].as_ptr() as *const T) }))
}

/// Mutably borrows a program account as `T`, checking owner, discriminator and writability.
pub fn load_mut<T: AccountState>(account: &mut AccountView) -> Result<RefMut<'_, T>, ProgramError> {
    if !account.is_writable() {
        return Err(MarqueeError::AccountNotWritable.into());
    }
    check_owner(account)?;
    let data = account.try_borrow_mut().map_err(|_| MarqueeError::DuplicateAccount)?;
    check_discriminator::<T>(&data)?;
    // SAFETY: as in `load`.
    Ok(RefMut::map(data, |data| unsafe { &mut *(data[DISCRIMINATOR_LEN..].as_mut_ptr() as *mut T) }))
}

/// Writes the discriminator of a just-created account and returns its fields, zeroed.
pub fn initialize<T: AccountState>(account: &mut AccountView) -> Result<RefMut<'_, T>, ProgramError> {
    let mut data = account.try_borrow_mut().map_err(|_| MarqueeError::DuplicateAccount)?;
    if data.len() < T::SPACE {
        return Err(MarqueeError::InvalidAccountData.into());
    }
    data[..DISCRIMINATOR_LEN].copy_from_slice(&T::DISCRIMINATOR);
    // SAFETY: as in `load`.
    Ok(RefMut::map(data, |data| unsafe { &mut *(data[DISCRIMINATOR_LEN..].as_mut_ptr() as *mut T) }))
}

/// Writes Borsh strings one after another from `T::STRINGS_OFFSET` of a just-created account.
pub fn write_strings<T: AccountState>(account: &mut AccountView, strings: &[&[u8]]) -> Result<(), ProgramError> {
    let mut data = account.try_borrow_mut().map_err(|_| MarqueeError::DuplicateAccount)?;
    let mut offset = T::STRINGS_OFFSET;
    for string in strings {
        let end = offset + 4 + string.len();
        let target = data.get_mut(offset..end).ok_or(MarqueeError::InvalidAccountData)?;
        target[..4].copy_from_slice(&(string.len() as u32).to_le_bytes());
        copy_bytes(&mut target[4..], string);
        offset = end;
    }
    Ok(())
}

/// Closes a program account of kind `T`: its lamports go to `recipient`, its data is zeroed, then
/// its length, balance and owner are cleared (the runtime sees a system account with no data, so
/// nothing can revive it within the transaction). Returns the lamports moved.
pub fn close<T: AccountState>(account: &mut AccountView, recipient: &mut AccountView) -> Result<u64, ProgramError> {
    let lamports = account.lamports();
    crate::validate::move_lamports(account, recipient, lamports)?;
    {
        let mut data = account.try_borrow_mut().map_err(|_| MarqueeError::DuplicateAccount)?;
        // A constant length: LLVM's BPF backend cannot lower a runtime-length memset.
        let data = data.get_mut(..T::SPACE).ok_or(MarqueeError::InvalidAccountData)?;
        data.fill(0);
    }
    account.close()?;
    Ok(lamports)
}

/// Space for a Borsh string of at most `max_len` bytes.
pub const fn string_space(max_len: usize) -> usize {
    4 + max_len
}
