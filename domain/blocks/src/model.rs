//! Entries of the lists, and where two people stand.

use crate::error::BlocksError;
use chrono::{DateTime, Utc};
use kernel::{Cursor, Person, UserId};

/// What an entry does, and where a viewer stands with another person: the kernel's, so the
/// accounts domain reads a profile with its standing without depending on this crate.
pub use kernel::blocks::{BlockKind, Standing};

/// The kind a person asked for: `block` or `mute`, exactly ([`BlockKind::parse`]).
///
/// # Errors
/// `InvalidKind` for anything else.
pub fn parse_kind(raw: &str) -> Result<BlockKind, BlocksError> {
    BlockKind::parse(raw).ok_or(BlocksError::InvalidKind)
}

/// One entry: `blocker` blocked or muted `target` at `created_at` (when it became this kind).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Block {
    pub blocker: UserId,
    pub target: UserId,
    pub kind: BlockKind,
    pub created_at: DateTime<Utc>,
}

/// An entry as its holder's list shows it: the person it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blocked {
    pub person: Person,
    pub kind: BlockKind,
    pub created_at: DateTime<Utc>,
}

impl Blocked {
    /// Its place in its list: newest first by the time it became this kind, then by the
    /// person's id.
    pub fn cursor(&self) -> Cursor {
        Cursor::new(self.created_at, self.person.id.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kind_other_than_block_or_mute_is_invalid() {
        assert_eq!(parse_kind("mute").unwrap(), BlockKind::Mute);
        assert_eq!(parse_kind("Block"), Err(BlocksError::InvalidKind));
    }
}
