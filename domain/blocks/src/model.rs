//! Entries of the lists, and where two people stand.

use crate::error::BlocksError;
use chrono::{DateTime, Utc};
use kernel::{Cursor, Person, UserId};

/// What an entry does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BlockKind {
    /// Hides both ways, refuses answers, mentions and likes between the two, tells neither of
    /// the other's acts.
    Block,
    /// Hides the muted person's writing from the muter, and their acts tell the muter nothing;
    /// silent: nothing is refused.
    Mute,
}

impl BlockKind {
    /// Both kinds, in the order the lists show them.
    pub const ALL: [BlockKind; 2] = [BlockKind::Block, BlockKind::Mute];

    /// The stored and sent name.
    pub fn as_str(self) -> &'static str {
        match self {
            BlockKind::Block => "block",
            BlockKind::Mute => "mute",
        }
    }

    /// The kind of a name: `block` or `mute`, exactly.
    ///
    /// # Errors
    /// `InvalidKind` for anything else.
    pub fn parse(raw: &str) -> Result<Self, BlocksError> {
        match raw {
            "block" => Ok(BlockKind::Block),
            "mute" => Ok(BlockKind::Mute),
            _ => Err(BlocksError::InvalidKind),
        }
    }
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

/// Where a viewer stands with another person.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Standing {
    /// What the viewer holds against them, if anything.
    pub mine: Option<BlockKind>,
    /// Whether a block stands between the two, whoever of them blocked: then neither sees the
    /// other's content.
    pub blocked: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_round_trip_through_their_names_and_nothing_else_parses() {
        for kind in BlockKind::ALL {
            assert_eq!(BlockKind::parse(kind.as_str()).unwrap(), kind);
        }
        for bad in ["", "Block", "MUTE", " mute", "ban"] {
            assert_eq!(
                BlockKind::parse(bad),
                Err(BlocksError::InvalidKind),
                "{bad:?}"
            );
        }
    }
}
