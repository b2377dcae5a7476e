//! `register_embed`: a publisher registers a website embed of a funded project.
//!
//! Effects:
//! 1. creates the Embed PDA (`["embed", project, embed_id]`), paid by the publisher, holding the
//!    project, the publisher, the embed id, the website URL and zeroed earnings;
//! 2. `project.embed_count` += 1;
//! 3. emits `EmbedRegistered` with the project's next sequence number.
//!
//! CHECK: the publisher signs (it registers for itself: the embed's publisher is the signer);
//! the project is a Project account of this program and is funded; `embed_id` is 1..=32 bytes
//! (it is a PDA seed) and `website_url` 1..=200 bytes, starting with `http://` or `https://`, with
//! a host and no whitespace or control characters; the embed is the canonical PDA and does not
//! exist yet (a second registration of the same id for the same project is `AlreadyInitialized`).

use pinocchio::{cpi::Seed, AccountView, ProgramResult};

use crate::{
    bytes::Reader,
    constants::{MAX_EMBED_ID_LEN, MAX_WEBSITE_URL_LEN},
    discriminator::event,
    errors::MarqueeError,
    events,
    seeds,
    state::{self, AccountState, Embed, Project},
    validate, ID,
};

const HTTP: &[u8] = b"http://";
const HTTPS: &[u8] = b"https://";

/// A website URL the player may be embedded on: `http://` or `https://`, then at least one byte,
/// and no whitespace or control character anywhere (so it cannot smuggle a second token into
/// an embed snippet or a log line).
pub fn is_valid_website_url(url: &[u8]) -> bool {
    let rest = if url.starts_with(HTTPS) {
        &url[HTTPS.len()..]
    } else if url.starts_with(HTTP) {
        &url[HTTP.len()..]
    } else {
        return false;
    };
    !rest.is_empty() && url.iter().all(|&byte| byte > b' ' && byte != 0x7f)
}

pub fn process(accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let [publisher, project_account, embed_account, system_program, event_authority, program, ..] = accounts else {
        return Err(MarqueeError::NotEnoughAccounts.into());
    };
    let mut args = Reader::new(data);
    let embed_id = args.string(MAX_EMBED_ID_LEN)?;
    let website_url = args.string(MAX_WEBSITE_URL_LEN)?;
    args.finish()?;

    // publisher: signs, pays for the embed and becomes its publisher.
    validate::signer(publisher)?;
    validate::writable(publisher)?;
    // project: a funded Project of this program.
    let funded = state::load_mut::<Project>(project_account)?.is_funded();
    if !funded {
        return Err(MarqueeError::ProjectNotFunded.into());
    }
    if !is_valid_website_url(website_url) {
        return Err(MarqueeError::InvalidWebsiteUrl.into());
    }
    // embed: the canonical PDA of (project, embed_id), not created yet.
    validate::writable(embed_account)?;
    let (expected, bump) = validate::find_pda(&[seeds::EMBED, project_account.address().as_ref(), embed_id]);
    validate::address(embed_account, &expected, MarqueeError::InvalidPda)?;
    validate::uninitialized(embed_account)?;
    validate::system_program(system_program)?;
    validate::event_accounts(event_authority, program)?;

    let bump_seed = [bump];
    validate::create_pda_account(publisher, embed_account, Embed::SPACE, &ID, &[
        Seed::from(seeds::EMBED),
        Seed::from(project_account.address().as_ref()),
        Seed::from(embed_id),
        Seed::from(&bump_seed),
    ])?;
    let timestamp = validate::now()?;
    {
        let mut embed = state::initialize::<Embed>(embed_account)?;
        embed.project = *project_account.address();
        embed.publisher = *publisher.address();
        embed.total_views = 0;
        embed.earned_lamports = 0;
        embed.claimed_lamports = 0;
        embed.registered_at = timestamp;
        embed.bump = bump;
    }
    state::write_strings::<Embed>(embed_account, &[embed_id, website_url])?;
    let seq = {
        let mut project = state::load_mut::<Project>(project_account)?;
        project.embed_count = project.embed_count.checked_add(1).ok_or(MarqueeError::ArithmeticOverflow)?;
        project.invariant()?;
        project.next_event_seq()?
    };

    events::emit(event_authority, &event::EMBED_REGISTERED, |body| {
        body.address(project_account.address())?;
        body.address(embed_account.address())?;
        body.address(publisher.address())?;
        body.string(embed_id)?;
        body.string(website_url)?;
        body.u64(seq)?;
        body.i64(timestamp)
    })
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::is_valid_website_url;

    proptest! {
        #[test]
        fn printable_urls_with_a_scheme_are_accepted(secure: bool, rest in "[!-~]{1,100}") {
            let url = [if secure { "https://" } else { "http://" }, rest.as_str()].concat();
            prop_assert!(is_valid_website_url(url.as_bytes()));
        }

        #[test]
        fn any_whitespace_or_control_byte_is_rejected(prefix in "[!-~]{0,40}", bad in prop_oneof![0u8..=0x20, Just(0x7fu8)], suffix in "[!-~]{0,40}") {
            let mut url = b"https://".to_vec();
            url.extend_from_slice(prefix.as_bytes());
            url.push(bad);
            url.extend_from_slice(suffix.as_bytes());
            prop_assert!(!is_valid_website_url(&url));
        }
    }

    #[test]
    fn accepts_http_and_https_urls() {
        assert!(is_valid_website_url(b"https://cinema.example.com/films?id=7"));
        assert!(is_valid_website_url(b"http://blog.example.org"));
        assert!(is_valid_website_url(b"https://x"));
    }

    #[test]
    fn rejects_other_schemes_bare_schemes_and_whitespace() {
        assert!(!is_valid_website_url(b"ftp://example.com"));
        assert!(!is_valid_website_url(b"example.com"));
        assert!(!is_valid_website_url(b"HTTPS://example.com"));
        assert!(!is_valid_website_url(b"javascript:alert(1)"));
        assert!(!is_valid_website_url(b"https://"));
        assert!(!is_valid_website_url(b"http://"));
        assert!(!is_valid_website_url(b"https://example.com/a b"));
        assert!(!is_valid_website_url(b"https://example.com\n"));
        assert!(!is_valid_website_url(b"https://example.com\t"));
        assert!(!is_valid_website_url(b"https://exa\x7fmple.com"));
        assert!(!is_valid_website_url(b" https://example.com"));
    }
}
