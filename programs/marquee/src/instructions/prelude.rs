//! What every instruction handler uses: the account and result types, the argument reader, the
//! named errors, event emission and the account checks. A handler imports only what is its own.

pub use pinocchio::{AccountView, ProgramResult};

pub use crate::{bytes::Reader, discriminator::event, errors::MarqueeError, events, state, validate};
