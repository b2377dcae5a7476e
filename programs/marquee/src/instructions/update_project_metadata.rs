//! `update_project_metadata`: a studio points its film to a new metadata document (the studio
//! portal's Edit), so the hash investors check the document against stays on chain.
//!
//! Effects:
//! 1. replaces the project's metadata URI and hash (the title, goal, deadline and every amount
//!    stay as they are: the chain's own fields are not metadata);
//! 2. emits `ProjectMetadataUpdated` in the project's event stream (next seq) with the URI and
//!    hash before and after.
//!
//! CHECK: the studio's authority signs and is the project's studio (`project.studio`, the wallet
//! that listed it: `Unauthorized` for anyone else); the project is a Project of this program,
//! writable; the URI is 1..=200 bytes of UTF-8, as create_project takes it; the hash is not all
//! zeros (`InvalidMetadataHash`: no document hashes to it, it is what an unset field looks like);
//! the URI or the hash changes (`MetadataUnchanged`: an edit that changes nothing would only add
//! an event saying it did).
//!
//! Allowed in every state of the project (funding, funded, released): the document describes the
//! film, not the terms investors funded, which are the chain's own fields above.
//!
//! No account grows: a Project is created with room for the longest title and URI
//! (`Project::SPACE`), so any valid URI fits after the title and the rent reserve never changes —
//! hence no payer and no system program. A shorter URI leaves no bytes of the longer one behind.

use super::prelude::*;

use crate::{
    bytes::{bytes_equal, copy_bytes, zero_bytes},
    constants::MAX_METADATA_URI_LEN,
    state::{string_space, Project},
};

pub fn process(accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let [authority, project_account, event_authority, program, ..] = accounts else {
        return Err(MarqueeError::NotEnoughAccounts.into());
    };
    let mut args = Reader::new(data);
    let metadata_uri = args.string(MAX_METADATA_URI_LEN)?;
    let metadata_hash = args.bytes32()?;
    args.finish()?;

    // authority: the wallet that listed the film (it pays nothing: the account does not grow).
    validate::signer(authority)?;
    validate::event_accounts(event_authority, program)?;
    if metadata_hash == [0u8; 32] {
        return Err(MarqueeError::InvalidMetadataHash.into());
    }

    // project: a Project of this program (owner, discriminator, writable), listed by the signer.
    let previous_hash = {
        let project = state::load_mut::<Project>(project_account)?;
        if project.studio != *authority.address() {
            return Err(MarqueeError::Unauthorized.into());
        }
        project.metadata_hash
    };

    // The URI in place, after the title; the previous one is kept for the event.
    let mut previous_uri = [0u8; MAX_METADATA_URI_LEN];
    let previous_uri_len = {
        let mut account_data = project_account.try_borrow_mut().map_err(|_| MarqueeError::DuplicateAccount)?;
        let offset = Project::metadata_uri_offset(&account_data)?;
        let slot = account_data
            .get_mut(offset..offset + string_space(MAX_METADATA_URI_LEN))
            .ok_or(MarqueeError::InvalidAccountData)?;
        let previous_len = u32::from_le_bytes([slot[0], slot[1], slot[2], slot[3]]) as usize;
        if previous_len > MAX_METADATA_URI_LEN {
            return Err(MarqueeError::InvalidAccountData.into());
        }
        let previous = &slot[4..4 + previous_len];
        if previous_hash == metadata_hash && bytes_equal(previous, metadata_uri) {
            return Err(MarqueeError::MetadataUnchanged.into());
        }
        copy_bytes(&mut previous_uri, previous);
        slot[..4].copy_from_slice(&(metadata_uri.len() as u32).to_le_bytes());
        copy_bytes(&mut slot[4..], metadata_uri);
        if previous_len > metadata_uri.len() {
            zero_bytes(&mut slot[4 + metadata_uri.len()..4 + previous_len]);
        }
        previous_len
    };

    let seq = {
        let mut project = state::load_mut::<Project>(project_account)?;
        project.metadata_hash = metadata_hash;
        project.next_event_seq()?
    };
    let timestamp = validate::now()?;

    events::emit(event_authority, &event::PROJECT_METADATA_UPDATED, |body| {
        body.address(project_account.address())?;
        body.address(authority.address())?;
        body.bytes32(&previous_hash)?;
        body.bytes32(&metadata_hash)?;
        body.string(&previous_uri[..previous_uri_len])?;
        body.string(metadata_uri)?;
        body.u64(seq)?;
        body.i64(timestamp)
    })
}
