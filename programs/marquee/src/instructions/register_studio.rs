//! `register_studio`: not implemented yet (rejected as an unknown instruction until it is).

use pinocchio::{AccountView, ProgramResult};

use crate::errors::MarqueeError;

pub fn process(_accounts: &mut [AccountView], _data: &[u8]) -> ProgramResult {
    Err(MarqueeError::InvalidInstruction.into())
}
