//! Blocks between people, as the areas that take writes see them (docs/moderation.md, "Blocking
//! and muting"). Who blocked or muted whom, the lists and their limits live in the `blocks`
//! domain; an area that lets one person answer, mention or like another's writing only asks
//! [`Blocks`] before it stores the write. What a block or a mute hides from a list is the
//! adapters' (a condition in each list's statement), not this port's.
//!
//! What an entry does ([`BlockKind`]) and where a viewer stands with another person
//! ([`Standing`]) are here too, not in the `blocks` domain: a profile is read with the viewer's
//! standing in one statement, so the accounts domain answers it without depending on `blocks`
//! (which re-exports both).

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

    /// The kind of a name: `block` or `mute`, exactly; `None` for anything else (the `blocks`
    /// domain turns that into its `InvalidKind` error).
    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "block" => Some(BlockKind::Block),
            "mute" => Some(BlockKind::Mute),
            _ => None,
        }
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

/// Whether a block stands between two people. A block goes both ways: neither may answer,
/// mention or like the other's writing, whoever of them blocked. A mute is no block: it only
/// hides, silently, and refuses nothing.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait Blocks: Send + Sync {
    /// Whether `a` blocked `b` or `b` blocked `a` (a mute either way is no block).
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn is_blocked(&self, a: crate::UserId, b: crate::UserId) -> Result<bool, anyhow::Error>;

    /// Of `usernames` (folded to lower case, as [`crate::notice::mentioned_usernames`] gives
    /// them), those whose account stands in a block with `actor`, either way; each as given,
    /// in the order given. A name no account holds is left out.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn blocked_among(
        &self,
        actor: crate::UserId,
        usernames: Vec<String>,
    ) -> Result<Vec<String>, anyhow::Error>;
}

/// No blocks: nobody is blocked (tests, and areas wired without the blocks).
#[derive(Debug, Clone, Copy, Default)]
pub struct NoBlocks;

#[async_trait::async_trait]
impl Blocks for NoBlocks {
    async fn is_blocked(
        &self,
        _a: crate::UserId,
        _b: crate::UserId,
    ) -> Result<bool, anyhow::Error> {
        Ok(false)
    }

    async fn blocked_among(
        &self,
        _actor: crate::UserId,
        _usernames: Vec<String>,
    ) -> Result<Vec<String>, anyhow::Error> {
        Ok(Vec::new())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_round_trip_through_their_names_and_nothing_else_parses() {
        for kind in BlockKind::ALL {
            assert_eq!(BlockKind::parse(kind.as_str()), Some(kind));
        }
        for bad in ["", "Block", "MUTE", " mute", "ban"] {
            assert_eq!(BlockKind::parse(bad), None, "{bad:?}");
        }
    }
}
