//! Checks every instruction runs on the accounts it receives (all hostile until checked), and
//! the creation of program accounts.

use pinocchio::{
    cpi::{Seed, Signer},
    error::ProgramError,
    AccountView, Address, ProgramResult,
};
use pinocchio_system::instructions::{Allocate, Assign, CreateAccount, Transfer};

use crate::{
    constants::SYSTEM_PROGRAM_ID,
    errors::MarqueeError,
    seeds::{EVENT_AUTHORITY_ADDRESS, PLATFORM_ADDRESS},
    ID,
};

pub fn signer(account: &AccountView) -> ProgramResult {
    if account.is_signer() {
        Ok(())
    } else {
        Err(MarqueeError::MissingSignature.into())
    }
}

pub fn writable(account: &AccountView) -> ProgramResult {
    if account.is_writable() {
        Ok(())
    } else {
        Err(MarqueeError::AccountNotWritable.into())
    }
}

/// The account is exactly `expected`, else `error`.
pub fn address(account: &AccountView, expected: &Address, error: MarqueeError) -> ProgramResult {
    if account.address() == expected {
        Ok(())
    } else {
        Err(error.into())
    }
}

/// The account is the program `id`.
pub fn program(account: &AccountView, id: &[u8; 32]) -> ProgramResult {
    if account.address().as_array() == id {
        Ok(())
    } else {
        Err(MarqueeError::InvalidProgram.into())
    }
}

pub fn system_program(account: &AccountView) -> ProgramResult {
    program(account, &SYSTEM_PROGRAM_ID)
}

/// The platform PDA (its address is fixed for the program id).
pub fn platform_address(account: &AccountView) -> ProgramResult {
    if account.address().as_array() == &PLATFORM_ADDRESS {
        Ok(())
    } else {
        Err(MarqueeError::InvalidPda.into())
    }
}

/// The two trailing accounts of every instruction: the event authority and this program.
pub fn event_accounts(event_authority: &AccountView, program_account: &AccountView) -> ProgramResult {
    if event_authority.address().as_array() != &EVENT_AUTHORITY_ADDRESS {
        return Err(MarqueeError::InvalidEventAuthority.into());
    }
    program(program_account, ID.as_array())
}

/// The account is the PDA of `seeds` and `bump` (a cheap hash, no curve check: the bump was
/// found by `find_pda` when the account was created).
pub fn pda<const N: usize>(account: &AccountView, seeds: &[&[u8]; N], bump: u8) -> ProgramResult {
    if account.address() == &Address::derive_address(seeds, Some(bump), &ID) {
        Ok(())
    } else {
        Err(MarqueeError::InvalidPda.into())
    }
}

/// The canonical PDA of `seeds` for this program, for accounts being created. In the (2⁻²⁵⁶)
/// case where no bump works it returns the default address, which no account passed can be,
/// so the caller's address check fails with a named error instead of the program panicking.
pub fn find_pda(seeds: &[&[u8]]) -> (Address, u8) {
    Address::try_find_program_address(seeds, &ID).unwrap_or((Address::new_from_array([0; 32]), 0))
}

/// The account must not exist yet as a program account.
pub fn uninitialized(account: &AccountView) -> ProgramResult {
    if account.owned_by(&ID) || account.data_len() > 0 {
        Err(MarqueeError::AlreadyInitialized.into())
    } else {
        Ok(())
    }
}

/// The cluster's unix time.
pub fn now() -> Result<i64, ProgramError> {
    crate::sysvar::unix_timestamp()
}

/// Creates a rent-exempt PDA of `space` bytes owned by `owner`, paid by `payer`. A PDA that
/// someone pre-funded (to block its creation) is topped up, allocated and assigned instead,
/// as Anchor's `init` does. Inlined: its six argument registers exceed the BPF limit of five.
#[inline(always)]
pub fn create_pda_account(
    payer: &AccountView,
    account: &AccountView,
    space: usize,
    owner: &Address,
    seeds: &[Seed],
) -> ProgramResult {
    let rent = crate::sysvar::rent_exempt_minimum(space)?;
    let signer = [Signer::from(seeds)];
    let current = account.lamports();
    if current == 0 {
        return CreateAccount { from: payer, to: account, lamports: rent, space: space as u64, owner }
            .invoke_signed(&signer);
    }
    if current < rent {
        Transfer { from: payer, to: account, lamports: rent - current }.invoke()?;
    }
    Allocate { account, space: space as u64 }.invoke_signed(&signer)?;
    Assign { account, owner }.invoke_signed(&signer)
}

/// Moves lamports out of an account this program owns (the runtime lets a program debit only
/// its own accounts) into any writable account.
pub fn move_lamports(from: &mut AccountView, to: &mut AccountView, lamports: u64) -> ProgramResult {
    let debited = from.lamports().checked_sub(lamports).ok_or(MarqueeError::InsufficientVaultBalance)?;
    let credited = to.lamports().checked_add(lamports).ok_or(MarqueeError::ArithmeticOverflow)?;
    from.set_lamports(debited);
    to.set_lamports(credited);
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn pda_helpers_agree() {
        let (address, bump) = super::find_pda(&[b"vault", &[7u8; 32]]);
        assert_eq!(pinocchio::Address::derive_address(&[b"vault", &[7u8; 32]], Some(bump), &crate::ID), address);
    }
}
