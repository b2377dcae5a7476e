//! Checks every instruction runs on the accounts it receives (all hostile until checked), and
//! the creation of program accounts.

use pinocchio::{
    cpi::{Seed, Signer},
    error::ProgramError,
    AccountView, Address, ProgramResult,
};
use pinocchio_system::instructions::{Allocate, Assign, CreateAccount, Transfer};

use crate::{
    bytes::same_address,
    constants::{SYSTEM_PROGRAM_ID, UPGRADEABLE_LOADER_ID},
    errors::MarqueeError,
    seeds::{EVENT_AUTHORITY_ADDRESS, PLATFORM_ADDRESS, PROGRAM_DATA_ADDRESS},
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
    if same_address(account.address().as_array(), expected.as_array()) {
        Ok(())
    } else {
        Err(error.into())
    }
}

/// A platform role (admin, treasury, settlement authority) is never the all-zero address: that
/// is the system program's, which no one can sign for or spend from as a wallet.
pub fn not_zero(address: &Address) -> ProgramResult {
    if address.as_array() == &[0u8; 32] {
        Err(MarqueeError::ZeroAddress.into())
    } else {
        Ok(())
    }
}

/// `account` holds at least the rent-exempt minimum for its data, else `error`: the runtime
/// rejects a whole transaction that leaves an account it credited below that minimum, so the
/// program names the failure instead.
pub fn rent_exempt(account: &AccountView, error: MarqueeError) -> ProgramResult {
    if rent_shortfall(account)? == 0 {
        Ok(())
    } else {
        Err(error.into())
    }
}

/// The lamports `account` lacks to be rent-exempt for its data (0 when it is).
///
/// The rent sysvar costs ~150 CU, as much as 8% of a claim, so a balance of ten times today's
/// minimum (6 960 lamports per byte, ACCOUNT_STORAGE_OVERHEAD included) counts as exempt without
/// reading it: most wallets hold that much. Should a cluster ever raise rent tenfold, the check
/// would only lose its name for the balances between; it never lets anything through the runtime.
pub fn rent_shortfall(account: &AccountView) -> Result<u64, ProgramError> {
    const TEN_TIMES_TODAYS_RENT_PER_BYTE: u64 = 10 * 6_960;
    let lamports = account.lamports();
    // At most 10 MiB + 128 bytes times 69 600: far inside u64 (and a checked u64 multiply
    // lowers to the u128 `__multi3` the linker cannot take).
    let bytes = account.data_len() as u64 + 128;
    if lamports >= bytes.wrapping_mul(TEN_TIMES_TODAYS_RENT_PER_BYTE) {
        return Ok(0);
    }
    Ok(crate::sysvar::rent_exempt_minimum(account.data_len())?.saturating_sub(lamports))
}

/// `signer` is this program's upgrade authority, as its ProgramData account (the BPF upgradeable
/// loader's `[program id]` PDA) records it: bincode `UpgradeableLoaderState::ProgramData`, a u32
/// tag 3, the u64 deployment slot, then `Option<Pubkey>` (a tag byte, 1 for Some, and the key).
pub fn upgrade_authority(program_data: &AccountView, signer: &AccountView) -> ProgramResult {
    const PROGRAM_DATA_TAG: [u8; 4] = [3, 0, 0, 0];
    if program_data.address().as_array() != &PROGRAM_DATA_ADDRESS
        || !program_data.owned_by(&Address::new_from_array(UPGRADEABLE_LOADER_ID))
    {
        return Err(MarqueeError::InvalidProgramData.into());
    }
    let data = program_data.try_borrow().map_err(|_| MarqueeError::DuplicateAccount)?;
    let header = data.get(..45).ok_or(MarqueeError::InvalidProgramData)?;
    if header[..4] != PROGRAM_DATA_TAG {
        return Err(MarqueeError::InvalidProgramData.into());
    }
    // An immutable program (no authority: tag 0) has nobody who may initialise it.
    if header[12] != 1 || &header[13..45] != signer.address().as_ref() {
        return Err(MarqueeError::Unauthorized.into());
    }
    Ok(())
}

/// The account is the program `id`.
pub fn program(account: &AccountView, id: &[u8; 32]) -> ProgramResult {
    if same_address(account.address().as_array(), id) {
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
    if same_address(account.address().as_array(), &PLATFORM_ADDRESS) {
        Ok(())
    } else {
        Err(MarqueeError::InvalidPda.into())
    }
}

/// The two trailing accounts of every instruction: the event authority and this program.
pub fn event_accounts(event_authority: &AccountView, program_account: &AccountView) -> ProgramResult {
    if !same_address(event_authority.address().as_array(), &EVENT_AUTHORITY_ADDRESS) {
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

/// The canonical PDA of `seeds` for this program (the highest bump whose address is off the
/// curve, as `find_program_address` picks it), for accounts being created. In the (2⁻²⁵⁶) case
/// where no bump works it returns the default address, which no account passed can be, so the
/// caller's address check fails with a named error instead of the program panicking.
///
/// On chain the search is done here rather than by the `sol_try_find_program_address` syscall,
/// which charges 1,500 CU per bump it tries (half the seeds need two tries or more): a try here
/// is one sha256 syscall and one curve-point check, ~350 CU, and finds the same bump.
#[cfg(any(target_os = "solana", target_arch = "bpf"))]
pub fn find_pda<const N: usize>(seeds: &[&[u8]; N]) -> (Address, u8) {
    let none = (Address::new_from_array([0; 32]), 0);
    let mut bump = u8::MAX;
    loop {
        // A seed over 32 bytes has no PDA (`try_`: no panic path, whose location the linker rejects).
        let Ok(address) = Address::try_derive_address(seeds, Some(bump), &ID) else {
            return none;
        };
        if !on_curve(&address) {
            return (address, bump);
        }
        if bump == 0 {
            return none;
        }
        bump -= 1;
    }
}

/// Whether `address` is a point of ed25519 (so a key pair could own it and it is no PDA), by the
/// same decompression test the runtime applies to program addresses.
#[cfg(any(target_os = "solana", target_arch = "bpf"))]
fn on_curve(address: &Address) -> bool {
    const CURVE25519_EDWARDS: u64 = 0;
    let mut unused = 0u8;
    // Returns 0 for a valid point, 1 otherwise; it writes nothing through its last argument.
    unsafe { pinocchio::syscalls::sol_curve_validate_point(CURVE25519_EDWARDS, address.as_ref().as_ptr(), &mut unused) == 0 }
}

/// Off chain (host tests) the library's search.
#[cfg(not(any(target_os = "solana", target_arch = "bpf")))]
pub fn find_pda<const N: usize>(seeds: &[&[u8]; N]) -> (Address, u8) {
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
