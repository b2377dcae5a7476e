//! Events, emitted as Anchor's `emit_cpi!` does: a self-invocation whose data is
//! `EVENT_IX_TAG ‖ event discriminator ‖ Borsh body`, signed by the event-authority PDA. They sit
//! in the transaction's inner instructions, which log truncation cannot drop.

use core::mem::MaybeUninit;

use pinocchio::{
    cpi::{invoke_signed_unchecked, CpiAccount, Seed, Signer},
    instruction::{InstructionAccount, InstructionView},
    AccountView, ProgramResult,
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
    let accounts = [InstructionAccount::readonly_signer(event_authority.address())];
    let instruction = InstructionView { program_id: &ID, data: writer.written(), accounts: &accounts };
    let bump = [EVENT_AUTHORITY_BUMP];
    let seeds = [Seed::from(EVENT_AUTHORITY), Seed::from(&bump)];
    // SAFETY: the CPI account is built from the very account the instruction names, which is
    // read-only, so no borrow of it held here can be invalidated by the callee.
    unsafe { invoke_signed_unchecked(&instruction, &[CpiAccount::from(event_authority)], &[Signer::from(&seeds)]) };
    Ok(())
}

#[cfg(test)]
mod tests {
    use sha2::{Digest, Sha256};

    #[test]
    fn event_tag_is_anchors() {
        let hash = Sha256::digest(b"anchor:event");
        let mut reversed: [u8; 8] = hash[..8].try_into().unwrap();
        reversed.reverse();
        assert_eq!(super::EVENT_IX_TAG, reversed);
    }
}
