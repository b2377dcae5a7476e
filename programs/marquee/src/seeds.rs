//! PDA seed prefixes, one per account kind.

pub const PLATFORM: &[u8] = b"platform";
pub const STUDIO: &[u8] = b"studio";
pub const PROJECT: &[u8] = b"project";
pub const SHARE_MINT: &[u8] = b"share_mint";
pub const VAULT: &[u8] = b"vault";
pub const INVESTMENT: &[u8] = b"investment";
pub const DISTRIBUTION: &[u8] = b"distribution";
pub const EMBED: &[u8] = b"embed";
/// Anchor's `emit_cpi!` event authority seed.
pub const EVENT_AUTHORITY: &[u8] = b"__event_authority";

/// The platform PDA and bump, fixed for the program id (checked by a host test) so no
/// instruction pays for `find_program_address`.
pub const PLATFORM_ADDRESS: [u8; 32] = [
    249, 195, 96, 34, 97, 76, 191, 226, 186, 207, 254, 21, 149, 0, 149, 173, 255, 162, 64, 89, 217, 15, 131, 32,
    254, 240, 125, 52, 109, 236, 171, 30,
];
pub const PLATFORM_BUMP: u8 = 254;
pub const EVENT_AUTHORITY_ADDRESS: [u8; 32] = [
    235, 14, 164, 237, 87, 86, 145, 32, 184, 3, 254, 132, 204, 137, 145, 132, 64, 204, 193, 101, 155, 29, 60, 212,
    47, 155, 57, 111, 19, 219, 103, 111,
];
pub const EVENT_AUTHORITY_BUMP: u8 = 255;

#[cfg(test)]
mod tests {
    use pinocchio::Address;

    use super::*;
    use crate::ID;

    #[test]
    fn fixed_pdas_match_their_seeds() {
        let (platform, bump) = Address::find_program_address(&[PLATFORM], &ID);
        assert_eq!(platform.to_bytes(), PLATFORM_ADDRESS);
        assert_eq!(bump, PLATFORM_BUMP);
        let (authority, bump) = Address::find_program_address(&[EVENT_AUTHORITY], &ID);
        assert_eq!(authority.to_bytes(), EVENT_AUTHORITY_ADDRESS);
        assert_eq!(bump, EVENT_AUTHORITY_BUMP);
    }
}
