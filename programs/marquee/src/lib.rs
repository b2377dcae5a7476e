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

/// Routes an instruction to its handler by its 8-byte Anchor discriminator, read as one
/// little-endian u64: the match is then a binary search of a few 64-bit compares, where matching
/// the eight bytes compared them one by one (~15 CU more on every instruction and event).
macro_rules! route {
    ($tag:expr, $accounts:ident, $args:ident; $($name:ident => $handler:ident),* $(,)?) => {{
        const EVENT: u64 = u64::from_le_bytes(events::EVENT_IX_TAG);
        $(const $name: u64 = u64::from_le_bytes(ix::$name);)*
        match $tag {
            // The self-CPI that carries an event: accepted only when signed by our event authority.
            EVENT => events::process_event_instruction($accounts),
            $($name => instructions::$handler::process($accounts, $args),)*
            _ => Err(MarqueeError::InvalidInstruction.into()),
        }
    }};
}

#[inline(always)]
pub fn process_instruction(_program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let Some((tag, args)) = data.split_first_chunk::<8>() else {
        return Err(MarqueeError::InvalidInstruction.into());
    };
    route!(u64::from_le_bytes(*tag), accounts, args;
        INITIALIZE_PLATFORM => initialize_platform,
        UPDATE_PLATFORM => update_platform,
        ACCEPT_ADMIN => accept_admin,
        REGISTER_STUDIO => register_studio,
        VERIFY_STUDIO => verify_studio,
        CREATE_PROJECT => create_project,
        INVEST => invest,
        CLAIM_LICENSE => claim_license,
        REFUND => refund,
        REGISTER_EMBED => register_embed,
        DISTRIBUTE_REVENUE => distribute_revenue,
        CLAIM_REVENUE => claim_revenue,
        CLAIM_PUBLISHER_REVENUE => claim_publisher_revenue,
        CREATE_CAMPAIGN => create_campaign,
        TOP_UP_CAMPAIGN => top_up_campaign,
        SET_CAMPAIGN_PAUSED => set_campaign_paused,
        SETTLE_CAMPAIGN => settle_campaign,
        CLOSE_CAMPAIGN => close_campaign,
        UPDATE_PROJECT_METADATA => update_project_metadata,
    )
}
