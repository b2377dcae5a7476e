//! `claim_publisher_revenue`: a publisher takes what their embed has earned.
//!
//! Effects:
//! 1. owed = embed.earned_lamports − embed.claimed_lamports;
//! 2. moves `owed` from the vault to the publisher;
//! 3. embed.claimed_lamports += owed, project.publisher_claimed_lamports += owed;
//! 4. emits `PublisherRevenueClaimed`.
//!
//! CHECK: the publisher signs and is the embed's publisher; the embed is this program's and
//! belongs to this project; the vault is the project's; something is owed; the project's
//! publisher claims never exceed its recorded publisher revenue (`Project::invariant`); the
//! publisher ends rent-exempt (`RecipientNotRentExempt`, as in `claim_revenue`).

use super::prelude::*;

use crate::{state::{Embed, Project}};

pub fn process(accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let [publisher, project_account, embed_account, vault, event_authority, program, ..] = accounts else {
        return Err(MarqueeError::NotEnoughAccounts.into());
    };
    Reader::new(data).finish()?;

    // publisher: signs and receives the earnings.
    validate::signer(publisher)?;
    validate::writable(publisher)?;
    validate::event_accounts(event_authority, program)?;
    let project_address = *project_account.address();
    let mut project = state::load_mut::<Project>(project_account)?;
    // vault: the project's own (derived and stored by create_project).
    validate::address(vault, &project.vault, MarqueeError::InvalidVault)?;
    validate::writable(vault)?;
    // embed: the signer's embed of this project.
    let mut embed = state::load_mut::<Embed>(embed_account)?;
    if embed.publisher != *publisher.address() {
        return Err(MarqueeError::Unauthorized.into());
    }
    if embed.project != project_address {
        return Err(MarqueeError::EmbedProjectMismatch.into());
    }

    let owed = embed.earned_lamports.checked_sub(embed.claimed_lamports).ok_or(MarqueeError::ArithmeticOverflow)?;
    if owed == 0 {
        return Err(MarqueeError::NothingToClaim.into());
    }
    let claimed_total_after = embed.earned_lamports;
    embed.claimed_lamports = claimed_total_after;
    project.publisher_claimed_lamports =
        project.publisher_claimed_lamports.checked_add(owed).ok_or(MarqueeError::ArithmeticOverflow)?;
    project.invariant()?;
    let seq = project.next_event_seq()?;
    drop(embed);
    drop(project);
    validate::move_lamports(vault, publisher, owed)?;
    validate::rent_exempt(publisher, MarqueeError::RecipientNotRentExempt)?;
    let timestamp = validate::now()?;

    events::emit(event_authority, &event::PUBLISHER_REVENUE_CLAIMED, |body| {
        body.address(&project_address)?;
        body.address(embed_account.address())?;
        body.address(publisher.address())?;
        body.u64(owed)?;
        body.u64(claimed_total_after)?;
        body.u64(seq)?;
        body.i64(timestamp)
    })
}
