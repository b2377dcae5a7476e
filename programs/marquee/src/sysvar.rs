//! Clock and rent through the syscalls directly: pinocchio 0.11 reads sysvars with
//! `sol_get_sysvar` only under `target_os = "solana"`, which the upstream BPF target does not set.
//! The clock's timestamp alone comes from `sol_get_sysvar` (every runtime that loads SBPF v3 has
//! it); the rent, read rarely, from `sol_get_rent_sysvar`.

use pinocchio::error::ProgramError;

use crate::errors::MarqueeError;

/// Bytes an account costs in rent beyond its data (the runtime's ACCOUNT_STORAGE_OVERHEAD).
const ACCOUNT_STORAGE_OVERHEAD: u64 = 128;
/// The exemption threshold every cluster uses: 2 years, as the bits of the f64 2.0 (the
/// program never does floating point).
const EXEMPTION_THRESHOLD_TWO_YEARS: u64 = 0x4000_0000_0000_0000;
/// The threshold after SIMD-0194 (LiteSVM 1.5, newer Agave): 1.0, with `lamports_per_byte`
/// doubled to 6960, so the minimum balance is unchanged.
const EXEMPTION_THRESHOLD_ONE_YEAR: u64 = 0x3ff0_0000_0000_0000;

/// The cluster's unix time: the 8 bytes of Clock's `unix_timestamp` (after slot,
/// epoch_start_timestamp, epoch and leader_schedule_epoch) read alone through `sol_get_sysvar`,
/// which charges 100 + 10 CU for them where `sol_get_clock_sysvar` charges 100 + 40 for the whole
/// Clock (every event carries a timestamp, so every instruction reads it).
#[cfg(any(target_os = "solana", target_arch = "bpf"))]
pub fn unix_timestamp() -> Result<i64, ProgramError> {
    const UNIX_TIMESTAMP_OFFSET: u64 = 32;
    let mut timestamp = [0u8; 8];
    let result = unsafe {
        pinocchio::syscalls::sol_get_sysvar(
            pinocchio::sysvars::clock::CLOCK_ID.as_ref().as_ptr(),
            timestamp.as_mut_ptr(),
            UNIX_TIMESTAMP_OFFSET,
            timestamp.len() as u64,
        )
    };
    if result != 0 {
        return Err(ProgramError::UnsupportedSysvar);
    }
    Ok(i64::from_le_bytes(timestamp))
}

/// The lamports that make an account of `space` bytes rent-exempt.
#[cfg(any(target_os = "solana", target_arch = "bpf"))]
pub fn rent_exempt_minimum(space: usize) -> Result<u64, ProgramError> {
    // Rent: lamports_per_byte_year u64, exemption_threshold f64, burn_percent u8 (padded to 24).
    let mut rent = [0u8; 24];
    let result = unsafe { pinocchio::syscalls::sol_get_rent_sysvar(rent.as_mut_ptr()) };
    if result != 0 {
        return Err(ProgramError::UnsupportedSysvar);
    }
    let mut word = [0u8; 8];
    word.copy_from_slice(&rent[0..8]);
    let lamports_per_byte_year = u64::from_le_bytes(word);
    word.copy_from_slice(&rent[8..16]);
    minimum_balance(lamports_per_byte_year, u64::from_le_bytes(word), space)
}

#[cfg(not(any(target_os = "solana", target_arch = "bpf")))]
pub fn unix_timestamp() -> Result<i64, ProgramError> {
    Err(ProgramError::UnsupportedSysvar)
}

#[cfg(not(any(target_os = "solana", target_arch = "bpf")))]
pub fn rent_exempt_minimum(_space: usize) -> Result<u64, ProgramError> {
    Err(ProgramError::UnsupportedSysvar)
}

/// (overhead + space) · lamports per byte-year · threshold years, for the thresholds clusters
/// use: 2 years (the classic Rent) or 1 (SIMD-0194's Rent, as LiteSVM 1.5 has it).
pub fn minimum_balance(lamports_per_byte_year: u64, threshold_bits: u64, space: usize) -> Result<u64, ProgramError> {
    let years = if threshold_bits == EXEMPTION_THRESHOLD_TWO_YEARS {
        2
    } else if threshold_bits == EXEMPTION_THRESHOLD_ONE_YEAR {
        1
    } else {
        return Err(ProgramError::UnsupportedSysvar);
    };
    let bytes = ACCOUNT_STORAGE_OVERHEAD.checked_add(space as u64).ok_or(MarqueeError::ArithmeticOverflow)?;
    crate::math::checked_mul(bytes, lamports_per_byte_year)
        .and_then(|per_year| crate::math::checked_mul(per_year, years))
        .ok_or_else(|| MarqueeError::ArithmeticOverflow.into())
}

#[cfg(test)]
mod tests {
    #[test]
    fn matches_the_runtime_rent_of_an_empty_account() {
        // 890_880 lamports: the well-known minimum for a 0-byte account at 3480 lamports/byte-year.
        assert_eq!(super::minimum_balance(3480, 2.0f64.to_bits(), 0), Ok(890_880));
        assert_eq!(super::minimum_balance(3480, 2.0f64.to_bits(), 82), Ok(1_461_600));
        assert!(super::minimum_balance(3480, 1.5f64.to_bits(), 0).is_err());
        // SIMD-0194's Rent (LiteSVM 1.5): 6960 lamports per byte and a threshold of 1.0.
        assert_eq!(super::minimum_balance(6960, 1.0f64.to_bits(), 0), Ok(890_880));
        assert_eq!(super::minimum_balance(6960, 1.0f64.to_bits(), 82), Ok(1_461_600));
    }
}
