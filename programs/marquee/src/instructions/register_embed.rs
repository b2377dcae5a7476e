//! `register_embed`: a publisher registers a website embed of a funded project.
//!
//! Effects:
//! 1. creates the Embed PDA (`["embed", project, publisher, embed_id]`, the id passed as two seeds
//!    by `seeds::embed_id_halves`), paid by the publisher, holding the
//!    project, the publisher, the embed id, the website URL and zeroed earnings;
//! 2. `project.embed_count` += 1;
//! 3. emits `EmbedRegistered` with the project's next sequence number.
//!
//! CHECK: the publisher signs (it registers for itself: the embed's publisher is the signer);
//! the project is a Project account of this program and is funded; `embed_id` is 1..=64 bytes of
//! `[A-Za-z0-9._-]` and `website_url` 1..=200 bytes of printable ASCII starting with `http://` or
//! `https://`, with a host; the embed is the canonical PDA and does not exist yet (a second
//! registration of the same id by the same publisher for the same project is `AlreadyInitialized`).
//! The publisher is part of the seeds, so nobody can take another publisher's embed id first.

use super::prelude::*;
use pinocchio::{cpi::Seed};

use crate::{
    constants::{MAX_EMBED_ID_LEN, MAX_WEBSITE_URL_LEN},
    seeds,
    state::{AccountState, Embed, Project},
    ID,
};

const HTTP: &[u8] = b"http://";
const HTTPS: &[u8] = b"https://";

/// An embed id is a safe identifier: letters, digits, `.`, `_` and `-` only, so it can sit in a
/// URL query, an HTML attribute or a log line as it is.
pub fn is_valid_embed_id(embed_id: &[u8]) -> bool {
    !embed_id.is_empty()
        && embed_id.iter().all(|&byte| byte.is_ascii_alphanumeric() || byte == b'.' || byte == b'_' || byte == b'-')
}

/// A website URL the player may be embedded on: `http://` or `https://`, then at least one byte,
/// and nothing but printable ASCII (no whitespace, control or non-ASCII byte, so it cannot
/// smuggle a second token or a look-alike character into an embed snippet or a log line).
pub fn is_valid_website_url(url: &[u8]) -> bool {
    let rest = if url.starts_with(HTTPS) {
        &url[HTTPS.len()..]
    } else if url.starts_with(HTTP) {
        &url[HTTP.len()..]
    } else {
        return false;
    };
    !rest.is_empty() && url.iter().all(|&byte| byte.is_ascii_graphic())
}

pub fn process(accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let [publisher, project_account, embed_account, system_program, event_authority, program, ..] = accounts else {
        return Err(MarqueeError::NotEnoughAccounts.into());
    };
    let mut args = Reader::new(data);
    let embed_id = args.string(MAX_EMBED_ID_LEN)?;
    let website_url = args.string(MAX_WEBSITE_URL_LEN)?;
    args.finish()?;
    if !is_valid_embed_id(embed_id) {
        return Err(MarqueeError::InvalidEmbedId.into());
    }

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
    // embed: the canonical PDA of (project, publisher, embed_id), not created yet.
    validate::writable(embed_account)?;
    let (id_head, id_tail) = seeds::embed_id_halves(embed_id);
    let (expected, bump) = validate::find_pda(&[
        seeds::EMBED,
        project_account.address().as_ref(),
        publisher.address().as_ref(),
        id_head,
        id_tail,
    ]);
    validate::address(embed_account, &expected, MarqueeError::InvalidPda)?;
    validate::uninitialized(embed_account)?;
    validate::system_program(system_program)?;
    validate::event_accounts(event_authority, program)?;

    let bump_seed = [bump];
    validate::create_pda_account(publisher, embed_account, Embed::SPACE, &ID, &[
        Seed::from(seeds::EMBED),
        Seed::from(project_account.address().as_ref()),
        Seed::from(publisher.address().as_ref()),
        Seed::from(id_head),
        Seed::from(id_tail),
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

    use super::{is_valid_embed_id, is_valid_website_url};

    proptest! {
        #[test]
        fn printable_urls_with_a_scheme_are_accepted(secure: bool, rest in "[!-~]{1,100}") {
            let url = [if secure { "https://" } else { "http://" }, rest.as_str()].concat();
            prop_assert!(is_valid_website_url(url.as_bytes()));
        }

        #[test]
        fn any_whitespace_control_or_non_ascii_byte_is_rejected(prefix in "[!-~]{0,40}", bad in prop_oneof![0u8..=0x20, 0x7fu8..=0xff], suffix in "[!-~]{0,40}") {
            let mut url = b"https://".to_vec();
            url.extend_from_slice(prefix.as_bytes());
            url.push(bad);
            url.extend_from_slice(suffix.as_bytes());
            prop_assert!(!is_valid_website_url(&url));
        }

        #[test]
        fn identifiers_are_accepted(id in "[A-Za-z0-9._-]{1,64}") {
            prop_assert!(is_valid_embed_id(id.as_bytes()));
        }

        #[test]
        fn any_other_byte_in_an_embed_id_is_rejected(prefix in "[A-Za-z0-9._-]{0,30}", bad: u8, suffix in "[A-Za-z0-9._-]{0,30}") {
            prop_assume!(!(bad.is_ascii_alphanumeric() || bad == b'.' || bad == b'_' || bad == b'-'));
            let id = [prefix.as_bytes(), &[bad], suffix.as_bytes()].concat();
            prop_assert!(!is_valid_embed_id(&id));
        }
    }

    #[test]
    fn embed_ids_are_safe_identifiers() {
        assert!(is_valid_embed_id(b"embed-7-1700000000000-x9Qe_v.2"));
        assert!(!is_valid_embed_id(b""));
        assert!(!is_valid_embed_id(b"embed 7"));
        assert!(!is_valid_embed_id(b"embed/7"));
        assert!(!is_valid_embed_id("embed-\u{e9}".as_bytes()));
        assert!(!is_valid_embed_id(b"<script>"));
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
        assert!(!is_valid_website_url("https://exámple.com".as_bytes()));
    }
}
