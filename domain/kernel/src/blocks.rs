//! Blocks between people, as the areas that take writes see them (docs/moderation.md, "Blocking
//! and muting"). Who blocked or muted whom, the lists and their limits live in the `blocks`
//! domain; an area that lets one person answer, mention or like another's writing only asks
//! [`Blocks`] before it stores the write. What a block or a mute hides from a list is the
//! adapters' (a condition in each list's statement), not this port's.

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
