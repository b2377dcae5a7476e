//! Marquee: film crowdfunding and ad-revenue sharing on Solana.
//!
//! A `no_std` pinocchio program that speaks Anchor's wire format (8-byte sha256 discriminators,
//! Borsh layouts, `emit_cpi!`-style events), so clients use `@coral-xyz/anchor` with the IDL in
//! `idl/marquee.json`. `lib.rs` only dispatches; each instruction lives in `instructions/`.
#![no_std]

pub mod bytes;
pub mod constants;
pub mod discriminator;
pub mod errors;
pub mod events;
pub mod instructions;
pub mod math;
pub mod seeds;
pub mod state;
pub mod sysvar;
pub mod token;
pub mod validate;

use pinocchio::{AccountView, Address, ProgramResult};

use crate::{discriminator::instruction as ix, errors::MarqueeError};

/// The program's address: the public test key's (`test-program-keypair.json`) until `npm run keys` writes a deployer's own.
pub const ID: Address = Address::new_from_array(constants::PROGRAM_ID);

// On chain: the upstream BPF target here (`target_arch = "bpf"`), or `cargo build-sbf`
// (`target_os = "solana"`, `target_arch = "sbf"`).
#[cfg(any(target_os = "solana", target_arch = "bpf"))]
mod entrypoint {
    pinocchio::program_entrypoint!(crate::process_instruction);
    pinocchio::no_allocator!();
    pinocchio::nostd_panic_handler!();
}

/// Routes an instruction to its handler by its 8-byte Anchor discriminator.
#[inline(always)]
pub fn process_instruction(_program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    if data.len() < 8 {
        return Err(MarqueeError::InvalidInstruction.into());
    }
    let (tag, args) = data.split_at(8);
    let tag: [u8; 8] = [tag[0], tag[1], tag[2], tag[3], tag[4], tag[5], tag[6], tag[7]];
    match tag {
        // The self-CPI that carries an event: accepted only when signed by our event authority.
        events::EVENT_IX_TAG => events::process_event_instruction(accounts),
        ix::INITIALIZE_PLATFORM => instructions::initialize_platform::process(accounts, args),
        ix::UPDATE_PLATFORM => instructions::update_platform::process(accounts, args),
        ix::ACCEPT_ADMIN => instructions::accept_admin::process(accounts, args),
        ix::REGISTER_STUDIO => instructions::register_studio::process(accounts, args),
        ix::VERIFY_STUDIO => instructions::verify_studio::process(accounts, args),
        ix::CREATE_PROJECT => instructions::create_project::process(accounts, args),
        ix::INVEST => instructions::invest::process(accounts, args),
        ix::CLAIM_LICENSE => instructions::claim_license::process(accounts, args),
        ix::REFUND => instructions::refund::process(accounts, args),
        ix::REGISTER_EMBED => instructions::register_embed::process(accounts, args),
        ix::DISTRIBUTE_REVENUE => instructions::distribute_revenue::process(accounts, args),
        ix::CLAIM_REVENUE => instructions::claim_revenue::process(accounts, args),
        ix::CLAIM_PUBLISHER_REVENUE => instructions::claim_publisher_revenue::process(accounts, args),
        ix::CREATE_CAMPAIGN => instructions::create_campaign::process(accounts, args),
        ix::TOP_UP_CAMPAIGN => instructions::top_up_campaign::process(accounts, args),
        ix::SET_CAMPAIGN_PAUSED => instructions::set_campaign_paused::process(accounts, args),
        ix::SETTLE_CAMPAIGN => instructions::settle_campaign::process(accounts, args),
        ix::CLOSE_CAMPAIGN => instructions::close_campaign::process(accounts, args),
        ix::UPDATE_PROJECT_METADATA => instructions::update_project_metadata::process(accounts, args),
        _ => Err(MarqueeError::InvalidInstruction.into()),
    }
}
