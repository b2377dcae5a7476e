//! Events, emitted as Anchor's `emit_cpi!` does: a self-invocation whose data is
//! `EVENT_IX_TAG ‖ event discriminator ‖ Borsh body`, signed by the event-authority PDA. They sit
//! in the transaction's inner instructions, which log truncation cannot drop.

use core::mem::MaybeUninit;

use pinocchio::{
    cpi::{invoke_signed_unchecked, CpiAccount, Seed, Signer},
    instruction::{InstructionAccount, InstructionView},
    AccountView, Address, ProgramResult,
};

use crate::{
    bytes::{same_address, Writer},
    errors::MarqueeError,
    seeds::{EVENT_AUTHORITY, EVENT_AUTHORITY_ADDRESS, EVENT_AUTHORITY_BUMP},
    ID,
};

/// Anchor's `EVENT_IX_TAG` (0x1d9acb512ea545e4) in little-endian byte order.
pub const EVENT_IX_TAG: [u8; 8] = [0xe4, 0x45, 0xa5, 0x2e, 0x51, 0xcb, 0x9a, 0x1d];
/// Room for the largest event: RevenueDistributed with MAX_EMBEDS_PER_DISTRIBUTION credits.
pub const MAX_EVENT_LEN: usize = 1024;

/// The self-CPI carrying an event: it does nothing, but only our event authority may sign it,
/// so nobody can forge an event of this program from outside.
pub fn process_event_instruction(accounts: &mut [AccountView]) -> ProgramResult {
    let [event_authority, ..] = accounts else {
        return Err(MarqueeError::NotEnoughAccounts.into());
    };
    if event_authority.is_signer() && same_address(event_authority.address().as_array(), &EVENT_AUTHORITY_ADDRESS) {
        Ok(())
    } else {
        Err(MarqueeError::InvalidEventAuthority.into())
    }
}

/// The event authority as the CPI's one instruction account (a read-only signer).
static EVENT_AUTHORITY_KEY: Address = Address::new_from_array(EVENT_AUTHORITY_ADDRESS);
static EVENT_ACCOUNTS: [InstructionAccount<'static>; 1] = [InstructionAccount::readonly_signer(&EVENT_AUTHORITY_KEY)];

/// The event authority's signer seeds, laid out once in the program's read-only data instead of
/// on the stack at every event. `Seed` and `Signer` are `repr(C)` pairs of a pointer and a length
/// (what `sol_invoke_signed_c` reads) whose fields are private: they are built from these mirrors.
#[repr(C)]
struct RawSlice {
    pointer: *const u8,
    len: u64,
}
/// Raw pointers are not `Sync`: these point only at immutable statics.
struct EventSigner([Signer<'static, 'static>; 1]);
unsafe impl Sync for EventSigner {}
struct EventSeeds([Seed<'static>; 2]);
unsafe impl Sync for EventSeeds {}
static EVENT_AUTHORITY_BUMP_SEED: [u8; 1] = [EVENT_AUTHORITY_BUMP];
// SAFETY: `Seed` is `repr(C)` {pointer, length, zero-sized marker}, laid out as `RawSlice`.
static EVENT_SEEDS: EventSeeds = EventSeeds(unsafe {
    core::mem::transmute::<[RawSlice; 2], [Seed<'static>; 2]>([
        RawSlice { pointer: EVENT_AUTHORITY.as_ptr(), len: EVENT_AUTHORITY.len() as u64 },
        RawSlice { pointer: EVENT_AUTHORITY_BUMP_SEED.as_ptr(), len: 1 },
    ])
});
// SAFETY: `Signer` is `repr(C)` {pointer to the seeds, their count, zero-sized marker}.
static EVENT_SIGNER: EventSigner = EventSigner(unsafe {
    core::mem::transmute::<[RawSlice; 1], [Signer<'static, 'static>; 1]>([RawSlice {
        pointer: EVENT_SEEDS.0.as_ptr() as *const u8,
        len: 2,
    }])
});

/// Emits the event `discriminator` whose Borsh body `write_body` writes.
///
/// The buffer is left uninitialised (the writer reads back only what it wrote), and the CPI goes
/// through `invoke_signed_unchecked`: pinocchio's checked `invoke_signed` compares the account's
/// address with the instruction's and checks a writable account's borrow state, and here the one
/// account is the event authority itself, read-only, and never borrowed.
#[inline(always)]
pub fn emit(
    event_authority: &AccountView,
    discriminator: &[u8; 8],
    write_body: impl FnOnce(&mut Writer) -> ProgramResult,
) -> ProgramResult {
    let mut buffer = [MaybeUninit::<u8>::uninit(); MAX_EVENT_LEN];
    let mut writer = Writer::new(&mut buffer);
    writer.bytes8(&EVENT_IX_TAG)?;
    writer.bytes8(discriminator)?;
    write_body(&mut writer)?;
    let instruction = InstructionView { program_id: &ID, data: writer.written(), accounts: &EVENT_ACCOUNTS };
    // SAFETY: the CPI account is the event authority the instruction names (every caller checked
    // its address), read-only, so no borrow of it held here can be invalidated by the callee.
    unsafe { invoke_signed_unchecked(&instruction, &[CpiAccount::from(event_authority)], &EVENT_SIGNER.0) };
    Ok(())
}

#[cfg(test)]
mod tests {
    use sha2::{Digest, Sha256};

    #[test]
    fn the_static_signer_holds_the_event_authoritys_seeds() {
        let seeds = &super::EVENT_SEEDS.0;
        let bytes: [&[u8]; 2] = [&seeds[0], &seeds[1]];
        let derived = pinocchio::Address::create_program_address(&bytes, &crate::ID).unwrap();
        assert_eq!(derived.to_bytes(), crate::seeds::EVENT_AUTHORITY_ADDRESS);
        // The signer points at those two seeds.
        let signer: [super::RawSlice; 1] = unsafe { core::mem::transmute_copy(&super::EVENT_SIGNER.0) };
        assert_eq!(signer[0].pointer, seeds.as_ptr() as *const u8);
        assert_eq!(signer[0].len, 2);
        assert_eq!(super::EVENT_ACCOUNTS[0].address.to_bytes(), crate::seeds::EVENT_AUTHORITY_ADDRESS);
    }

    #[test]
    fn event_tag_is_anchors() {
        let hash = Sha256::digest(b"anchor:event");
        let mut reversed: [u8; 8] = hash[..8].try_into().unwrap();
        reversed.reverse();
        assert_eq!(super::EVENT_IX_TAG, reversed);
    }
}
