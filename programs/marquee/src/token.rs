//! SPL Token and Associated Token Account CPIs for share tokens. Share token accounts stay
//! frozen (the project PDA is the freeze authority) so shares cannot move between wallets:
//! revenue follows the Investment account, and refunds can always burn what was minted.

use pinocchio::{
    cpi::{invoke, Seed, Signer},
    error::ProgramError,
    instruction::{InstructionAccount, InstructionView},
    AccountView, Address, ProgramResult,
};
use pinocchio_token::{
    instructions::{Burn, FreezeAccount, InitializeMint2, MintTo, ThawAccount},
    state::Account as TokenAccount,
};

use crate::{
    constants::{ASSOCIATED_TOKEN_PROGRAM_ID, SHARE_DECIMALS},
    errors::MarqueeError,
    seeds,
};

/// Size of an SPL Token mint account.
pub const MINT_SPACE: usize = 82;

/// The project PDA's signer seeds: it is the share mint's mint and freeze authority.
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

/// Initialises `mint` (already allocated, owned by the token program) with the project as
/// mint and freeze authority.
pub fn initialize_share_mint(mint: &AccountView, project: &Address) -> ProgramResult {
    InitializeMint2 { mint, decimals: SHARE_DECIMALS, mint_authority: project, freeze_authority: Some(project) }.invoke()
}

/// Creates `owner`'s associated token account for `mint` (the ATA program checks the address).
pub fn create_associated_token_account(
    payer: &AccountView,
    associated_account: &AccountView,
    owner: &AccountView,
    mint: &AccountView,
    system_program: &AccountView,
    token_program: &AccountView,
) -> ProgramResult {
    // AssociatedTokenAccountInstruction::Create
    let data = [0u8];
    let accounts = [
        InstructionAccount::writable_signer(payer.address()),
        InstructionAccount::writable(associated_account.address()),
        InstructionAccount::readonly(owner.address()),
        InstructionAccount::readonly(mint.address()),
        InstructionAccount::readonly(system_program.address()),
        InstructionAccount::readonly(token_program.address()),
    ];
    let program_id = Address::new_from_array(ASSOCIATED_TOKEN_PROGRAM_ID);
    let instruction = InstructionView { program_id: &program_id, data: &data, accounts: &accounts };
    invoke(&instruction, &[payer, associated_account, owner, mint, system_program, token_program])
}

/// Checks that `account` is a share token account of `owner` for `mint`; returns whether it is frozen.
pub fn check_share_account(account: &AccountView, owner: &Address, mint: &Address) -> Result<bool, ProgramError> {
    let token_account = TokenAccount::from_account_view(account).map_err(|_| MarqueeError::InvalidTokenAccount)?;
    if token_account.owner() != owner || token_account.mint() != mint {
        return Err(MarqueeError::InvalidTokenAccount.into());
    }
    Ok(token_account.is_frozen())
}

pub fn mint_shares(mint: &AccountView, account: &AccountView, project: &AccountView, amount: u64, signer: &ProjectSigner) -> ProgramResult {
    let seeds = signer.seeds();
    MintTo::new(mint, account, project, amount).invoke_signed(&[Signer::from(&seeds)])
}

pub fn freeze(account: &AccountView, mint: &AccountView, project: &AccountView, signer: &ProjectSigner) -> ProgramResult {
    let seeds = signer.seeds();
    FreezeAccount::new(account, mint, project).invoke_signed(&[Signer::from(&seeds)])
}

pub fn thaw(account: &AccountView, mint: &AccountView, project: &AccountView, signer: &ProjectSigner) -> ProgramResult {
    let seeds = signer.seeds();
    ThawAccount::new(account, mint, project).invoke_signed(&[Signer::from(&seeds)])
}

/// Burns `amount` from `account`, authorised by its owner (who signs the transaction).
pub fn burn(account: &AccountView, mint: &AccountView, owner: &AccountView, amount: u64) -> ProgramResult {
    Burn::new(account, mint, owner, amount).invoke()
}
