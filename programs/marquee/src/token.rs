//! Token-2022 CPIs for share tokens, and the associated-token-account address check. Share mints
//! carry Token-2022's NonTransferable extension: shares cannot change wallets, so they always sit
//! in the investor's associated token account (the only account `invest` mints to; the investment's
//! transaction creates it before `invest` with the Associated Token program's CreateIdempotent) and
//! revenue always follows the Investment account (non-transferability by freezing classic SPL token
//! accounts cost a thaw and a freeze per investment: ~8.5k CU more). A refund never depends on the
//! tokens: `refund` burns what is left of them in that account with the investor's own authority
//! (the investor signs the refund) and pays back what the Investment records, however many the
//! investor burned or whether the emptied account was closed. (A PermanentDelegate extension with
//! the project as delegate would do the same burn without the investor, at ~4k CU more per project
//! created: nothing needs it while only the investor can ask for their refund.)

use pinocchio::{
    cpi::{invoke, invoke_signed, Seed, Signer},
    error::ProgramError,
    instruction::{InstructionAccount, InstructionView},
    AccountView, Address, ProgramResult,
};

use crate::{
    constants::{ASSOCIATED_TOKEN_PROGRAM_ID, SHARE_DECIMALS, SHARE_TOKEN_PROGRAM_ID},
    errors::MarqueeError,
    seeds,
};

/// A Token-2022 mint with the NonTransferable extension: 82 bytes of mint, padding to the
/// 165-byte account size, the account-type byte, and the extension's 4-byte TLV header.
pub const MINT_SPACE: usize = 170;
/// Token-2022 account layout: mint at 0..32, owner at 32..64, amount at 64..72; base length 165.
const TOKEN_ACCOUNT_BASE_LEN: usize = 165;
const TOKEN_ACCOUNT_AMOUNT: core::ops::Range<usize> = 64..72;

mod instruction {
    pub const INITIALIZE_MINT_2: u8 = 20;
    pub const MINT_TO: u8 = 7;
    pub const BURN: u8 = 8;
    pub const INITIALIZE_NON_TRANSFERABLE_MINT: u8 = 32;
}

/// The project PDA's signer seeds: it is the share mint's mint authority.
pub struct ProjectSigner {
    id: [u8; 8],
    bump: [u8; 1],
}

impl ProjectSigner {
    pub fn new(project_id: u64, bump: u8) -> Self {
        Self { id: project_id.to_le_bytes(), bump: [bump] }
    }

    pub fn seeds(&self) -> [Seed<'_>; 3] {
        [Seed::from(seeds::PROJECT), Seed::from(&self.id), Seed::from(&self.bump)]
    }
}

fn share_token_program() -> Address {
    Address::new_from_array(SHARE_TOKEN_PROGRAM_ID)
}

/// Initialises `mint` (allocated with MINT_SPACE, owned by Token-2022) as a non-transferable
/// 9-decimal mint with the project as mint authority and no freeze authority.
pub fn initialize_share_mint(mint: &AccountView, project: &Address) -> ProgramResult {
    let program_id = share_token_program();
    let accounts = [InstructionAccount::writable(mint.address())];
    let non_transferable = [instruction::INITIALIZE_NON_TRANSFERABLE_MINT];
    invoke(&InstructionView { program_id: &program_id, data: &non_transferable, accounts: &accounts }, &[mint])?;
    let mut data = [0u8; 35];
    data[0] = instruction::INITIALIZE_MINT_2;
    data[1] = SHARE_DECIMALS;
    data[2..34].copy_from_slice(project.as_ref());
    // data[34] = 0: no freeze authority.
    invoke(&InstructionView { program_id: &program_id, data: &data, accounts: &accounts }, &[mint])
}

/// The bump at which `address` is `owner`'s associated token account for the share `mint`, if
/// it is one. The ATA is the associated token program's PDA of `[owner, Token-2022, mint]` at its
/// canonical bump; this hashes bump by bump from 255 (about 200 CU each, against 1 500 for a
/// `create_program_address` syscall) without the curve check. That is sound for what it guards:
/// an account at any PDA of the associated token program was created by that program, which
/// creates only at the canonical bump (and `invest` requires the account to exist).
/// `invest` finds the bump once and keeps it in the Investment.
pub fn associated_token_bump(address: &Address, owner: &Address, mint: &Address) -> Option<u8> {
    let mut bump = u8::MAX;
    loop {
        if is_associated_token_account_at(address, owner, mint, bump) {
            return Some(bump);
        }
        bump = bump.checked_sub(1)?;
    }
}

/// Whether `address` is `owner`'s associated token account for `mint` at `bump` (one hash).
pub fn is_associated_token_account_at(address: &Address, owner: &Address, mint: &Address, bump: u8) -> bool {
    let program = Address::new_from_array(ASSOCIATED_TOKEN_PROGRAM_ID);
    Address::derive_address(&[owner.as_ref(), &SHARE_TOKEN_PROGRAM_ID, mint.as_ref()], Some(bump), &program) == *address
}

/// The share balance of `account`, after checking it is a Token-2022 account of `owner` for `mint`.
pub fn share_balance(account: &AccountView, owner: &Address, mint: &Address) -> Result<u64, ProgramError> {
    if !account.owned_by(&share_token_program()) {
        return Err(MarqueeError::InvalidTokenAccount.into());
    }
    let data = account.try_borrow().map_err(|_| MarqueeError::DuplicateAccount)?;
    if data.len() < TOKEN_ACCOUNT_BASE_LEN || &data[0..32] != mint.as_ref() || &data[32..64] != owner.as_ref() {
        return Err(MarqueeError::InvalidTokenAccount.into());
    }
    let mut amount = [0u8; 8];
    amount.copy_from_slice(&data[TOKEN_ACCOUNT_AMOUNT]);
    Ok(u64::from_le_bytes(amount))
}

fn amount_instruction(tag: u8, amount: u64) -> [u8; 9] {
    let mut data = [0u8; 9];
    data[0] = tag;
    data[1..9].copy_from_slice(&amount.to_le_bytes());
    data
}

/// Mints `amount` shares to `account`, signed by the project PDA (the mint authority).
pub fn mint_shares(mint: &AccountView, account: &AccountView, project: &AccountView, amount: u64, signer: &ProjectSigner) -> ProgramResult {
    let program_id = share_token_program();
    let data = amount_instruction(instruction::MINT_TO, amount);
    let accounts = [
        InstructionAccount::writable(mint.address()),
        InstructionAccount::writable(account.address()),
        InstructionAccount::readonly_signer(project.address()),
    ];
    let seeds = signer.seeds();
    invoke_signed(
        &InstructionView { program_id: &program_id, data: &data, accounts: &accounts },
        &[mint, account, project],
        &[Signer::from(&seeds)],
    )
}

/// Burns `amount` from `account`, authorised by its owner (who signs the transaction).
pub fn burn(account: &AccountView, mint: &AccountView, owner: &AccountView, amount: u64) -> ProgramResult {
    let program_id = share_token_program();
    let data = amount_instruction(instruction::BURN, amount);
    let accounts = [
        InstructionAccount::writable(account.address()),
        InstructionAccount::writable(mint.address()),
        InstructionAccount::readonly_signer(owner.address()),
    ];
    invoke(&InstructionView { program_id: &program_id, data: &data, accounts: &accounts }, &[account, mint, owner])
}
