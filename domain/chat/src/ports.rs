//! What the chat domain needs from the outside world.

use crate::error::LlmError;
use crate::model::{ChatEvent, ChatRequest};
use chrono::{DateTime, NaiveDate, Utc};
use futures_util::stream::BoxStream;

/// The events of one answer, in order. The stream ends after the provider's `[DONE]`; an
/// `Err` item ends it early.
pub type EventStream = BoxStream<'static, Result<ChatEvent, LlmError>>;

/// A language model behind an OpenAI-compatible streaming API.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait LlmProvider: Send + Sync {
    /// Sends the request and resolves once the provider has accepted it (its response headers
    /// arrived); the answer then streams through the returned events. Dropping the stream MUST
    /// cancel the upstream request.
    ///
    /// # Errors
    /// Any [`LlmError`] that happened before the stream started.
    async fn stream_chat(&self, request: &ChatRequest) -> Result<EventStream, LlmError>;

    /// A short name for logs and the admin console ("deepseek", "openai-compatible" …).
    fn name(&self) -> &str;
}

/// Identifies a held stream slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SlotId(pub uuid::Uuid);

/// Concurrent-stream slots and daily token usage, shared by every server instance.
///
/// An `owner` is a requester's key ("user:{id}", or "ip:{address}" for anonymous use).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait ChatUsageStore: Send + Sync {
    /// Takes a slot for `owner` unless it already holds `limit` live ones (a slot whose
    /// `expires_at` has passed is not live: a crashed instance cannot leak slots for ever).
    /// MUST never let more than `limit` be live at once, however many callers race.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn acquire_slot(
        &self,
        owner: &str,
        limit: u32,
        now: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> Result<Option<SlotId>, anyhow::Error>;

    /// Gives a slot back. Releasing a slot twice or an expired one is not an error.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn release_slot(&self, slot: SlotId) -> Result<(), anyhow::Error>;

    /// Tokens `owner` used on `day` (UTC).
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn tokens_used(&self, owner: &str, day: NaiveDate) -> Result<u64, anyhow::Error>;

    /// Adds one answer's tokens to `owner`'s count for `day`.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn record_usage(
        &self,
        owner: &str,
        day: NaiveDate,
        tokens: u64,
    ) -> Result<(), anyhow::Error>;

    /// Forgets expired slots and usage rows of days before `day`.
    ///
    /// # Errors
    /// Only when the store cannot be reached.
    async fn purge(&self, now: DateTime<Utc>, day: NaiveDate) -> Result<(), anyhow::Error>;
}
