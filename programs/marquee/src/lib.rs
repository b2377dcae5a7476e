#![no_std]
use pinocchio::{AccountView, Address, ProgramResult};

pinocchio::program_entrypoint!(process_instruction);
pinocchio::no_allocator!();
pinocchio::nostd_panic_handler!();

fn process_instruction(_program_id: &Address, _accounts: &mut [AccountView], _data: &[u8]) -> ProgramResult {
    Ok(())
}
