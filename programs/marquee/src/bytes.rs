//! Borsh reading and writing without allocation: instruction arguments in, account strings and
//! event bodies out. Runtime-length copies go through `sol_memcpy_` because LLVM's BPF backend
//! cannot lower a variable-length memcpy.

use core::mem::MaybeUninit;

use pinocchio::{error::ProgramError, Address};

use crate::errors::MarqueeError;

/// Copies `source` into the start of `target` (which must be at least as long).
#[inline(always)]
pub fn copy_bytes(target: &mut [u8], source: &[u8]) {
    let target = &mut target[..source.len()];
    #[cfg(any(target_os = "solana", target_arch = "bpf"))]
    unsafe {
        pinocchio::syscalls::sol_memcpy_(target.as_mut_ptr(), source.as_ptr(), source.len() as u64);
    }
    #[cfg(not(any(target_os = "solana", target_arch = "bpf")))]
    target.copy_from_slice(source);
}

/// Whether two addresses are equal, compared as four u64 words, each word's mismatch branching
/// straight to the caller's reject. `==` on the arrays expands to the same loads but sets a flag
/// that is then tested again (3 instructions more per compare; a claim compares 8 addresses).
#[inline(always)]
pub fn same_address(a: &[u8; 32], b: &[u8; 32]) -> bool {
    word(a, 0) == word(b, 0) && word(a, 1) == word(b, 1) && word(a, 2) == word(b, 2) && word(a, 3) == word(b, 3)
}

/// The `index`th 8-byte word of an address (one load).
#[inline(always)]
fn word(address: &[u8; 32], index: usize) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(&address[index * 8..index * 8 + 8]);
    u64::from_le_bytes(word)
}

/// Whether `a` and `b` hold the same bytes (a runtime-length compare goes through `sol_memcmp_`:
/// LLVM's BPF backend has no `bcmp` to lower it to).
#[inline(always)]
pub fn bytes_equal(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    #[cfg(any(target_os = "solana", target_arch = "bpf"))]
    {
        let mut result = 0i32;
        unsafe { pinocchio::syscalls::sol_memcmp_(a.as_ptr(), b.as_ptr(), a.len() as u64, &mut result) };
        result == 0
    }
    #[cfg(not(any(target_os = "solana", target_arch = "bpf")))]
    {
        a == b
    }
}

/// Zeroes `target` (a runtime length: through `sol_memset_` on chain).
#[inline(always)]
pub fn zero_bytes(target: &mut [u8]) {
    #[cfg(any(target_os = "solana", target_arch = "bpf"))]
    unsafe {
        pinocchio::syscalls::sol_memset_(target.as_mut_ptr(), 0, target.len() as u64);
    }
    #[cfg(not(any(target_os = "solana", target_arch = "bpf")))]
    target.fill(0);
}

/// Reads Borsh values from instruction data; any short read is `InvalidInstructionData`.
pub struct Reader<'a> {
    data: &'a [u8],
    offset: usize,
}

impl<'a> Reader<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Self { data, offset: 0 }
    }

    fn take<const N: usize>(&mut self) -> Result<&'a [u8; N], ProgramError> {
        let end = self.offset.checked_add(N).ok_or(MarqueeError::InvalidInstructionData)?;
        let bytes = self.data.get(self.offset..end).ok_or(MarqueeError::InvalidInstructionData)?;
        self.offset = end;
        Ok(bytes.try_into().map_err(|_| MarqueeError::InvalidInstructionData)?)
    }

    pub fn u8(&mut self) -> Result<u8, ProgramError> {
        Ok(self.take::<1>()?[0])
    }

    pub fn bool(&mut self) -> Result<bool, ProgramError> {
        match self.u8()? {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(MarqueeError::InvalidInstructionData.into()),
        }
    }

    pub fn u16(&mut self) -> Result<u16, ProgramError> {
        Ok(u16::from_le_bytes(*self.take::<2>()?))
    }

    pub fn u32(&mut self) -> Result<u32, ProgramError> {
        Ok(u32::from_le_bytes(*self.take::<4>()?))
    }

    pub fn u64(&mut self) -> Result<u64, ProgramError> {
        Ok(u64::from_le_bytes(*self.take::<8>()?))
    }

    pub fn i64(&mut self) -> Result<i64, ProgramError> {
        Ok(i64::from_le_bytes(*self.take::<8>()?))
    }

    pub fn bytes32(&mut self) -> Result<[u8; 32], ProgramError> {
        Ok(*self.take::<32>()?)
    }

    pub fn address(&mut self) -> Result<Address, ProgramError> {
        Ok(Address::new_from_array(self.bytes32()?))
    }

    /// A Borsh string of 1..=`max_len` bytes of valid UTF-8. Checked here, once for every string
    /// argument: the program stores and echoes strings into events, and a client decoding an
    /// event with a non-UTF-8 string (the indexer's Borsh decoder) would drop it.
    pub fn string(&mut self, max_len: usize) -> Result<&'a [u8], ProgramError> {
        let len = self.u32()? as usize;
        if len > max_len {
            return Err(MarqueeError::StringTooLong.into());
        }
        if len == 0 {
            return Err(MarqueeError::StringEmpty.into());
        }
        let end = self.offset.checked_add(len).ok_or(MarqueeError::InvalidInstructionData)?;
        let bytes = self.data.get(self.offset..end).ok_or(MarqueeError::InvalidInstructionData)?;
        if core::str::from_utf8(bytes).is_err() {
            return Err(MarqueeError::StringNotUtf8.into());
        }
        self.offset = end;
        Ok(bytes)
    }

    /// A Borsh `Vec<u64>` of at most `max_len` items, returned as its raw little-endian bytes.
    pub fn u64_vec(&mut self, max_len: usize) -> Result<U64Slice<'a>, ProgramError> {
        let len = self.u32()? as usize;
        if len > max_len {
            return Err(MarqueeError::TooManyEmbeds.into());
        }
        let byte_len = len.checked_mul(8).ok_or(MarqueeError::InvalidInstructionData)?;
        let end = self.offset.checked_add(byte_len).ok_or(MarqueeError::InvalidInstructionData)?;
        let bytes = self.data.get(self.offset..end).ok_or(MarqueeError::InvalidInstructionData)?;
        self.offset = end;
        Ok(U64Slice { bytes })
    }

    /// Rejects trailing bytes: an argument list that does not parse exactly is malformed.
    pub fn finish(self) -> Result<(), ProgramError> {
        if self.offset == self.data.len() {
            Ok(())
        } else {
            Err(MarqueeError::InvalidInstructionData.into())
        }
    }
}

/// Little-endian u64 values read in place.
#[derive(Clone, Copy)]
pub struct U64Slice<'a> {
    bytes: &'a [u8],
}

impl U64Slice<'_> {
    pub fn len(&self) -> usize {
        self.bytes.len() / 8
    }

    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// The value at `index`, or `None` past the end. Never a panic: a panic's location is a
    /// relocation outside .rodata, which sbpf-linker 0.1.9 refuses to link.
    pub fn get(&self, index: usize) -> Option<u64> {
        let start = index.checked_mul(8)?;
        let bytes = self.bytes.get(start..start.checked_add(8)?)?;
        let value: [u8; 8] = bytes.try_into().ok()?;
        Some(u64::from_le_bytes(value))
    }
}

/// Writes Borsh values into a fixed buffer; overflowing it is `InvalidAccountData`
/// (a buffer sized wrong is a program bug, never user input, but it must not panic).
///
/// The buffer is uninitialised memory: an event is written once into a 1 KiB buffer, and zeroing
/// the bytes it does not use cost ~110 CU per event (a third of a claim's own work). Only the
/// prefix written so far is ever read back (`written`).
pub struct Writer<'a> {
    buffer: &'a mut [MaybeUninit<u8>],
    len: usize,
}

impl<'a> Writer<'a> {
    pub fn new(buffer: &'a mut [MaybeUninit<u8>]) -> Self {
        Self { buffer, len: 0 }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn written(&self) -> &[u8] {
        // SAFETY: the first `len` bytes were written by `put`/`string`, and `len` never exceeds the buffer.
        unsafe { core::slice::from_raw_parts(self.buffer.as_ptr() as *const u8, self.len) }
    }

    /// The next `len` bytes of the buffer, or `InvalidAccountData` past its end.
    fn reserve(&mut self, len: usize) -> Result<*mut u8, ProgramError> {
        let end = self.len.checked_add(len).ok_or(MarqueeError::InvalidAccountData)?;
        let target = self.buffer.get_mut(self.len..end).ok_or(MarqueeError::InvalidAccountData)?;
        self.len = end;
        Ok(target.as_mut_ptr() as *mut u8)
    }

    fn put<const N: usize>(&mut self, bytes: [u8; N]) -> Result<(), ProgramError> {
        let target = self.reserve(N)?;
        // SAFETY: `reserve` checked that N bytes from `target` lie inside the buffer.
        unsafe { core::ptr::copy_nonoverlapping(bytes.as_ptr(), target, N) };
        Ok(())
    }

    pub fn u8(&mut self, value: u8) -> Result<(), ProgramError> {
        self.put([value])
    }

    pub fn bool(&mut self, value: bool) -> Result<(), ProgramError> {
        self.put([value as u8])
    }

    pub fn u16(&mut self, value: u16) -> Result<(), ProgramError> {
        self.put(value.to_le_bytes())
    }

    pub fn u32(&mut self, value: u32) -> Result<(), ProgramError> {
        self.put(value.to_le_bytes())
    }

    pub fn u64(&mut self, value: u64) -> Result<(), ProgramError> {
        self.put(value.to_le_bytes())
    }

    pub fn i64(&mut self, value: i64) -> Result<(), ProgramError> {
        self.put(value.to_le_bytes())
    }

    pub fn u128(&mut self, value: u128) -> Result<(), ProgramError> {
        self.put(value.to_le_bytes())
    }

    pub fn bytes8(&mut self, value: &[u8; 8]) -> Result<(), ProgramError> {
        self.put(*value)
    }

    pub fn bytes32(&mut self, value: &[u8; 32]) -> Result<(), ProgramError> {
        self.put(*value)
    }

    pub fn address(&mut self, value: &Address) -> Result<(), ProgramError> {
        self.put(value.to_bytes())
    }

    /// A Borsh string: u32 length then the bytes.
    pub fn string(&mut self, value: &[u8]) -> Result<(), ProgramError> {
        self.u32(value.len() as u32)?;
        let target = self.reserve(value.len())?;
        // SAFETY: `reserve` checked that `value.len()` bytes from `target` lie inside the buffer.
        copy_bytes(unsafe { core::slice::from_raw_parts_mut(target, value.len()) }, value);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reader_round_trips_writer() {
        let mut buffer = [MaybeUninit::uninit(); 64];
        let mut writer = Writer::new(&mut buffer);
        writer.u16(4000).unwrap();
        writer.u64(u64::MAX - 1).unwrap();
        writer.string(b"Dune").unwrap();
        writer.bool(true).unwrap();
        assert_eq!(writer.len(), 2 + 8 + 4 + 4 + 1);
        let mut reader = Reader::new(writer.written());
        assert_eq!(reader.u16().unwrap(), 4000);
        assert_eq!(reader.u64().unwrap(), u64::MAX - 1);
        assert_eq!(reader.string(10).unwrap(), b"Dune");
        assert!(reader.bool().unwrap());
        reader.finish().unwrap();
    }

    #[test]
    fn reader_rejects_short_long_and_trailing_input() {
        assert_eq!(Reader::new(&[1, 2, 3]).u64(), Err(MarqueeError::InvalidInstructionData.into()));
        let mut too_long = [0u8; 12];
        too_long[..4].copy_from_slice(&8u32.to_le_bytes());
        assert_eq!(Reader::new(&too_long).string(7), Err(MarqueeError::StringTooLong.into()));
        assert_eq!(Reader::new(&[0, 0, 0, 0]).string(7), Err(MarqueeError::StringEmpty.into()));
        assert_eq!(Reader::new(&[1, 0, 0, 0, 0xff]).string(7), Err(MarqueeError::StringNotUtf8.into()));
        // A truncated multi-byte character and a UTF-16 surrogate encoded in UTF-8 are refused too.
        assert_eq!(Reader::new(&[2, 0, 0, 0, b'a', 0xc3]).string(7), Err(MarqueeError::StringNotUtf8.into()));
        assert_eq!(Reader::new(&[3, 0, 0, 0, 0xed, 0xa0, 0x80]).string(7), Err(MarqueeError::StringNotUtf8.into()));
        assert_eq!(Reader::new(&[2, 0, 0, 0, 0xc3, 0xa9]).string(7).unwrap(), "é".as_bytes());
        let mut reader = Reader::new(&[1, 0]);
        reader.u8().unwrap();
        assert_eq!(reader.finish(), Err(MarqueeError::InvalidInstructionData.into()));
        assert_eq!(Reader::new(&[2]).bool(), Err(MarqueeError::InvalidInstructionData.into()));
    }

    #[test]
    fn u64_vec_reads_values_and_none_past_the_end() {
        let mut data = [0u8; 4 + 16];
        data[..4].copy_from_slice(&2u32.to_le_bytes());
        data[4..12].copy_from_slice(&7u64.to_le_bytes());
        data[12..20].copy_from_slice(&u64::MAX.to_le_bytes());
        let values = Reader::new(&data).u64_vec(16).unwrap();
        assert_eq!((values.len(), values.get(0), values.get(1), values.get(2)), (2, Some(7), Some(u64::MAX), None));
        assert_eq!(values.get(usize::MAX), None);
        data[..4].copy_from_slice(&17u32.to_le_bytes());
        assert!(matches!(Reader::new(&data).u64_vec(16), Err(error) if error == MarqueeError::TooManyEmbeds.into()));
    }

    #[test]
    fn writer_refuses_to_overflow_its_buffer() {
        let mut buffer = [MaybeUninit::uninit(); 4];
        let mut writer = Writer::new(&mut buffer);
        assert!(writer.u64(1).is_err());
        assert!(writer.string(b"").is_ok());
        assert!(writer.u8(1).is_err());
        assert!(writer.string(b"x").is_err());
        // A failed write writes nothing: what was written stays exactly the empty string's length.
        assert_eq!(writer.written(), &[0, 0, 0, 0]);
    }
}
