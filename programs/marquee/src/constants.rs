//! The product's constants as the program enforces them (README "The program in brief").

/// 39EnWU8eWot8gdE381cWvmugmyBkyZBp4pGsjESJ23CH
pub const PROGRAM_ID: [u8; 32] = [
    31, 211, 155, 77, 53, 202, 57, 201, 43, 103, 86, 223, 145, 158, 101, 19, 50, 247, 182, 47, 215, 49, 39, 6, 46,
    40, 79, 234, 0, 197, 23, 238,
];

pub const LAMPORTS_PER_SOL: u64 = 1_000_000_000;
/// Basis points in a whole: a revenue split must sum to this.
pub const BPS_DENOMINATOR: u64 = 10_000;
/// Defaults of the spec: publishers 40%, investors 57.5%, platform 2.5%.
pub const DEFAULT_PUBLISHER_BPS: u16 = 4_000;
pub const DEFAULT_INVESTOR_BPS: u16 = 5_750;
pub const DEFAULT_PLATFORM_BPS: u16 = 250;
/// 0.05 SOL, the spec's minimum investment.
pub const DEFAULT_MIN_INVESTMENT_LAMPORTS: u64 = 50_000_000;
/// 1 USD at the spec's 1 SOL = 1000 USD: the smallest funding goal.
pub const MIN_FUNDING_GOAL_LAMPORTS: u64 = 1_000_000;

/// Share tokens have 9 decimals, so one share unit is one lamport invested and
/// shares / goal is the spec's token share.
pub const SHARE_DECIMALS: u8 = 9;

pub const MAX_STUDIO_NAME_LEN: usize = 64;
pub const MAX_TITLE_LEN: usize = 64;
pub const MAX_METADATA_URI_LEN: usize = 200;
/// An embed id is a safe identifier (`[A-Za-z0-9._-]`) of at most 64 bytes. It ends the Embed
/// PDA's seeds, which the runtime hashes as one concatenation, so it is passed as two seeds of at
/// most 32 bytes each (`seeds::embed_id_halves`).
pub const MAX_EMBED_ID_LEN: usize = 64;
pub const MAX_WEBSITE_URL_LEN: usize = 200;
/// The funding window (deadline − creation time) is a platform rule, `max_funding_days`, which
/// the admin may set only within these hard limits: investors' SOL is never locked for longer.
pub const MIN_FUNDING_DAYS_LIMIT: u16 = 1;
pub const MAX_FUNDING_DAYS_LIMIT: u16 = 365;
pub const DEFAULT_MAX_FUNDING_DAYS: u16 = 365;
pub const SECONDS_PER_DAY: i64 = 86_400;
/// Bounded so one distribution (its event and its account writes) fits in a transaction.
pub const MAX_EMBEDS_PER_DISTRIBUTION: usize = 16;

/// Ad prices are quoted per mille (CPM): per 1,000 impressions.
pub const IMPRESSIONS_PER_MILLE: u64 = 1_000;
/// Display ads: $5 CPM at 1 SOL = 1000 USD (5,000 lamports an impression).
pub const DISPLAY_PRICE_PER_MILLE_LAMPORTS: u64 = 5_000_000;
/// Video ads: $15 CPM at 1 SOL = 1000 USD (15,000 lamports an impression, the settlement
/// job's REVENUE_PER_VIEW_LAMPORTS).
pub const VIDEO_PRICE_PER_MILLE_LAMPORTS: u64 = 15_000_000;
/// The smallest settlement batch a campaign must be able to pay for: one mille, so a budget is at
/// least the campaign's price per mille.
pub const MIN_CAMPAIGN_BATCH_IMPRESSIONS: u64 = IMPRESSIONS_PER_MILLE;
pub const MAX_CREATIVE_URI_LEN: usize = 200;
/// Impressions served until a campaign's end are settled in batches afterwards: settlement stays
/// open this long after the end (a week covers the weekly distribution default), and only then may
/// the advertiser close the campaign and take back what was not spent.
pub const CAMPAIGN_SETTLEMENT_GRACE_SECONDS: i64 = 7 * SECONDS_PER_DAY;
/// The longest a campaign may run (end_at − start_at). Bounding the window bounds every deadline
/// derived from it, so `Campaign::settlement_deadline()` is computed once at creation and can never
/// overflow later (an end near i64::MAX would otherwise make every settle and close fail forever).
pub const MAX_CAMPAIGN_DURATION_SECONDS: i64 = 366 * SECONDS_PER_DAY;
/// The window `max_daily_spend_lamports` applies to: day n is [n·86,400, (n+1)·86,400) of the
/// Clock's unix_timestamp (a UTC day).
pub const SPEND_WINDOW_SECONDS: u64 = SECONDS_PER_DAY as u64;
/// Genres in programs/marquee/ad-genres.json (append only): a project's `genre_mask` may set only
/// bits below this, as a campaign's `target_genres` means bit i = genre i of that list.
pub const AD_GENRE_COUNT: u32 = 18;

pub const SYSTEM_PROGRAM_ID: [u8; 32] = [0; 32];
/// Token-2022 (TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb): share mints carry its NonTransferable
/// extension, so shares cannot change wallets and revenue always follows the Investment.
pub const SHARE_TOKEN_PROGRAM_ID: [u8; 32] = [
    6, 221, 246, 225, 238, 117, 143, 222, 24, 66, 93, 188, 228, 108, 205, 218, 182, 26, 252, 77, 131, 185, 13, 39,
    254, 189, 249, 40, 216, 161, 139, 252,
];
/// BPFLoaderUpgradeab1e11111111111111111111111: its ProgramData account names the program's
/// upgrade authority, the only key allowed to initialise the platform.
pub const UPGRADEABLE_LOADER_ID: [u8; 32] = [
    2, 168, 246, 145, 78, 136, 161, 176, 226, 16, 21, 62, 247, 99, 174, 43, 0, 194, 185, 61, 22, 193, 36, 210, 192,
    83, 122, 16, 4, 128, 0, 0,
];
/// ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL
pub const ASSOCIATED_TOKEN_PROGRAM_ID: [u8; 32] = [
    140, 151, 37, 143, 78, 36, 137, 241, 187, 61, 16, 41, 20, 142, 13, 131, 11, 90, 19, 153, 218, 255, 16, 132, 4,
    142, 123, 216, 219, 233, 248, 89,
];

#[cfg(test)]
mod tests {
    use pinocchio::Address;

    /// The genre count the program checks masks against is the shared list's length.
    #[test]
    fn genre_count_matches_the_shared_list() {
        let list = include_str!("../ad-genres.json");
        let genres = list.split("\"genres\"").nth(1).unwrap();
        assert_eq!(genres.matches('"').count() / 2, super::AD_GENRE_COUNT as usize);
    }

    /// The program ids the program checks, against their published base58 addresses.
    #[test]
    fn program_ids_match_their_addresses() {
        let decode = |text: &str| {
            let alphabet = b"123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
            let mut bytes = [0u8; 32];
            for character in text.bytes() {
                let mut carry = alphabet.iter().position(|&c| c == character).unwrap() as u32;
                for byte in bytes.iter_mut().rev() {
                    carry += *byte as u32 * 58;
                    *byte = carry as u8;
                    carry >>= 8;
                }
            }
            Address::new_from_array(bytes)
        };
        assert_eq!(decode("TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb").to_bytes(), super::SHARE_TOKEN_PROGRAM_ID);
        assert_eq!(decode("ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL").to_bytes(), super::ASSOCIATED_TOKEN_PROGRAM_ID);
        assert_eq!(decode("BPFLoaderUpgradeab1e11111111111111111111111").to_bytes(), super::UPGRADEABLE_LOADER_ID);
        assert_eq!(decode("39EnWU8eWot8gdE381cWvmugmyBkyZBp4pGsjESJ23CH").to_bytes(), super::PROGRAM_ID);
    }
}
