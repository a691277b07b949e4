//! The use cases of one person's lists: block or mute someone (or change one into the other),
//! undo, the lists a kind at a time, and where the viewer stands with someone (their profile).
//! Every write is the signed-in person's own, limited per person; the lists are bounded.

use crate::error::BlocksError;
use crate::model::{Block, BlockKind, Blocked};
use crate::ports::BlockStore;
use kernel::{Clock, Page, PageRequest, RateDecision, RateLimitRule, RateLimiter, UserId};
use std::sync::Arc;

/// The lists' limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlocksPolicy {
    /// People one person may hold blocked and muted, both kinds together.
    pub max_entries: u32,
    /// Blocks, mutes and undos one person may make per window.
    pub rate: RateLimitRule,
}

impl Default for BlocksPolicy {
    fn default() -> Self {
        Self {
            max_entries: 1000,
            rate: RateLimitRule {
                limit: 60,
                window_secs: 600,
            },
        }
    }
}

pub struct BlocksPorts {
    pub store: Arc<dyn BlockStore>,
    pub limiter: Arc<dyn RateLimiter>,
    pub clock: Arc<dyn Clock>,
}

pub struct BlocksService {
    ports: BlocksPorts,
    policy: BlocksPolicy,
}

impl BlocksService {
    pub fn new(ports: BlocksPorts, policy: BlocksPolicy) -> Self {
        Self { ports, policy }
    }

    pub fn policy(&self) -> &BlocksPolicy {
        &self.policy
    }

    async fn limit(&self, who: UserId) -> Result<(), BlocksError> {
        let now = self.ports.clock.now();
        match self
            .ports
            .limiter
            .hit(&format!("blocks:{who}"), self.policy.rate, now)
            .await?
        {
            RateDecision::Allowed => Ok(()),
            RateDecision::Limited { retry_after_secs } => {
                Err(BlocksError::RateLimited { retry_after_secs })
            }
        }
    }

    /// Sets `holder`'s entry against `target` to `kind`: a new entry, or one of the other kind
    /// changed into this one (blocking someone muted makes it a block; muting someone blocked
    /// softens it into a mute), dated now. Asking again for the kind it has changes nothing
    /// and keeps its date. Limited per person ([`BlocksPolicy::rate`]); a new entry counts
    /// against [`BlocksPolicy::max_entries`].
    ///
    /// # Errors
    /// `OwnAccount`, `NoSuchPerson`, `TooMany`, `RateLimited`, `Unexpected`.
    #[tracing::instrument(skip(self))]
    pub async fn set(
        &self,
        holder: UserId,
        target: UserId,
        kind: BlockKind,
    ) -> Result<Blocked, BlocksError> {
        if holder == target {
            return Err(BlocksError::OwnAccount);
        }
        self.limit(holder).await?;
        let existing = self.ports.store.find(holder, target).await?;
        let created_at = match existing {
            Some(e) if e.kind == kind => e.created_at,
            Some(_) => self.ports.clock.now(),
            None => {
                let max = self.policy.max_entries;
                if self.ports.store.count(holder).await? >= u64::from(max) {
                    return Err(BlocksError::TooMany { max });
                }
                self.ports.clock.now()
            }
        };
        let entry = self
            .ports
            .store
            .put(Block {
                blocker: holder,
                target,
                kind,
                created_at,
            })
            .await?
            .ok_or(BlocksError::NoSuchPerson)?;
        tracing::info!(kind = kind.as_str(), "block entry set");
        Ok(entry)
    }

    /// Blocks `target` ([`Self::set`] with [`BlockKind::Block`]).
    ///
    /// # Errors
    /// As [`Self::set`].
    pub async fn block(&self, holder: UserId, target: UserId) -> Result<Blocked, BlocksError> {
        self.set(holder, target, BlockKind::Block).await
    }

    /// Mutes `target` ([`Self::set`] with [`BlockKind::Mute`]).
    ///
    /// # Errors
    /// As [`Self::set`].
    pub async fn mute(&self, holder: UserId, target: UserId) -> Result<Blocked, BlocksError> {
        self.set(holder, target, BlockKind::Mute).await
    }

    /// Undoes `holder`'s block or mute of `target`: everything it hid shows again. Limited
    /// per person as a block is.
    ///
    /// # Errors
    /// `NotListed` (neither blocked nor muted), `RateLimited`, `Unexpected`.
    #[tracing::instrument(skip(self))]
    pub async fn remove(&self, holder: UserId, target: UserId) -> Result<(), BlocksError> {
        self.limit(holder).await?;
        if !self.ports.store.remove(holder, target).await? {
            return Err(BlocksError::NotListed);
        }
        tracing::info!("block entry removed");
        Ok(())
    }

    /// `holder`'s list of one kind, newest first, a page at a time (the page's limit clamped
    /// like every list's, 1–[`PageRequest::MAX_LIMIT`]).
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn list(
        &self,
        holder: UserId,
        kind: BlockKind,
        page: PageRequest,
    ) -> Result<Page<Blocked>, BlocksError> {
        let rows = self
            .ports
            .store
            .page(holder, kind, page.after, page.fetch_limit())
            .await?;
        Ok(Page::from_fetched(rows, page, Blocked::cursor))
    }
}

#[cfg(test)]
mod tests;
