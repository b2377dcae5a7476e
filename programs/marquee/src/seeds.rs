//! PDA seed prefixes, one per account kind.

pub const PLATFORM: &[u8] = b"platform";
pub const STUDIO: &[u8] = b"studio";
pub const PROJECT: &[u8] = b"project";
pub const SHARE_MINT: &[u8] = b"share_mint";
pub const VAULT: &[u8] = b"vault";
pub const INVESTMENT: &[u8] = b"investment";
pub const DISTRIBUTION: &[u8] = b"distribution";
pub const EMBED: &[u8] = b"embed";
/// `["campaign", advertiser, campaign id as u64 LE]`.
pub const CAMPAIGN: &[u8] = b"campaign";
/// An embed id of up to 64 bytes as the two seeds that end the Embed PDA's seeds: a seed holds at
/// most 32 bytes, and the runtime hashes the seeds as one concatenation, so
/// `["embed", project, publisher, head, tail]` is the PDA of the whole id.
pub fn embed_id_halves(embed_id: &[u8]) -> (&[u8], &[u8]) {
    embed_id.split_at(embed_id.len().min(32))
}
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
/// The BPF upgradeable loader's ProgramData account of this program (`[program id]` under the
/// loader), which records the upgrade authority.
pub const PROGRAM_DATA_ADDRESS: [u8; 32] = [
    201, 10, 36, 182, 37, 163, 251, 70, 96, 200, 130, 90, 204, 54, 38, 211, 157, 189, 184, 251, 254, 71, 53, 166, 54,
    13, 117, 38, 204, 58, 186, 151,
];

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
        let loader = Address::new_from_array(crate::constants::UPGRADEABLE_LOADER_ID);
        let (program_data, _) = Address::find_program_address(&[ID.as_ref()], &loader);
        assert_eq!(program_data.to_bytes(), PROGRAM_DATA_ADDRESS);
    }

    #[test]
    fn embed_id_halves_concatenate_to_the_id() {
        let id = [b'a'; 64];
        for len in [1usize, 31, 32, 33, 64] {
            let (head, tail) = embed_id_halves(&id[..len]);
            assert!(head.len() <= 32 && tail.len() <= 32);
            assert_eq!([head, tail].concat(), &id[..len]);
        }
    }
}
