//! The chat use case: check a requester's limits, start the provider's stream, and hold the
//! stream to its deadlines while the answer flows.

use crate::error::{ChatError, LlmError};
use crate::model::{
    ChatEvent, ChatLimits, ChatMessage, ChatRequest, ModelCatalog, TokenUsage, estimate_tokens,
};
use crate::ports::{ChatUsageStore, EventStream, LlmProvider, SlotId};
use chrono::{DateTime, Days, NaiveDate, Utc};
use futures_util::stream::{self, BoxStream, StreamExt};
use kernel::{Clock, RateDecision, RateLimitRule, RateLimiter, UserId};
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;

/// Who is asking. Anonymous use exists only when the server is configured to allow it; it is
/// then limited per client address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Requester {
    User(UserId),
    Anonymous { ip: String },
}

impl Requester {
    /// The key every limit of this requester is counted under.
    pub fn key(&self) -> String {
        match self {
            Requester::User(id) => format!("user:{id}"),
            Requester::Anonymous { ip } => format!("ip:{ip}"),
        }
    }
}

/// Every limit of the assistant. The defaults are the product's (docs/configuration.md).
#[derive(Debug, Clone, PartialEq)]
pub struct ChatPolicy {
    /// Whether visitors who are not signed in may chat (then limited per client address).
    pub allow_anonymous: bool,
    pub limits: ChatLimits,
    /// Answers one requester may stream at the same time.
    pub max_concurrent_streams: u32,
    /// Chat requests per requester.
    pub rate: RateLimitRule,
    /// Tokens per requester per UTC day; 0 means no quota.
    pub daily_token_quota: u64,
    /// From the request until the first reasoning or content token. Keep-alive comments do not
    /// count as tokens, so they cannot extend it.
    pub first_token_timeout: Duration,
    /// From the request until the end of the answer, whatever arrives meanwhile.
    pub total_timeout: Duration,
}

impl Default for ChatPolicy {
    fn default() -> Self {
        Self {
            allow_anonymous: false,
            limits: ChatLimits::default(),
            max_concurrent_streams: 2,
            rate: RateLimitRule {
                limit: 20,
                window_secs: 60,
            },
            daily_token_quota: 200_000,
            first_token_timeout: Duration::from_secs(60),
            total_timeout: Duration::from_secs(600),
        }
    }
}

/// The ports the chat service drives.
pub struct ChatPorts {
    /// `None` when no provider is configured: every chat then answers [`ChatError::Unavailable`].
    pub provider: Option<Arc<dyn LlmProvider>>,
    pub usage: Arc<dyn ChatUsageStore>,
    pub limiter: Arc<dyn RateLimiter>,
    pub clock: Arc<dyn Clock>,
}

pub struct ChatService {
    ports: ChatPorts,
    catalog: ModelCatalog,
    policy: ChatPolicy,
}

/// A slot's lease outlives the longest possible stream by this much, so a slot of a crashed
/// instance frees itself but a live stream never loses its own.
const SLOT_LEASE_MARGIN: Duration = Duration::from_secs(30);

impl ChatService {
    pub fn new(ports: ChatPorts, catalog: ModelCatalog, policy: ChatPolicy) -> Self {
        Self {
            ports,
            catalog,
            policy,
        }
    }

    pub fn catalog(&self) -> &ModelCatalog {
        &self.catalog
    }

    pub fn policy(&self) -> &ChatPolicy {
        &self.policy
    }

    /// The configured provider's name, or `None` when the assistant is not configured.
    pub fn provider_name(&self) -> Option<&str> {
        self.ports.provider.as_deref().map(|p| p.name())
    }

    /// Whether chatting needs a signed-in user (anonymous use is not allowed).
    pub fn sign_in_required(&self) -> bool {
        !self.policy.allow_anonymous
    }

    /// Decides who may chat: a signed-in `user` always; a visitor only when anonymous use is
    /// allowed, and then as their client address (`client_key`, the per-address limit key;
    /// visitors whose address is unknown share one allowance).
    ///
    /// # Errors
    /// `Unavailable` without a provider (whoever asks); `SignInRequired` for a visitor when
    /// anonymous use is not allowed.
    pub fn admit(
        &self,
        user: Option<UserId>,
        client_key: Option<String>,
    ) -> Result<Requester, ChatError> {
        if self.ports.provider.is_none() {
            return Err(ChatError::Unavailable);
        }
        match user {
            Some(id) => Ok(Requester::User(id)),
            None if self.policy.allow_anonymous => Ok(Requester::Anonymous {
                ip: client_key.unwrap_or_else(|| "unknown".into()),
            }),
            None => Err(ChatError::SignInRequired),
        }
    }

    /// Builds a request under this server's catalogue and limits.
    ///
    /// # Errors
    /// [`ChatError::Invalid`] naming the broken rule.
    pub fn request(
        &self,
        model: String,
        messages: Vec<ChatMessage>,
        temperature: f32,
        max_tokens: u32,
    ) -> Result<ChatRequest, ChatError> {
        Ok(ChatRequest::new(
            model,
            messages,
            temperature,
            max_tokens,
            &self.catalog,
            &self.policy.limits,
        )?)
    }

    /// Checks `who`'s limits and starts the answer. The returned turn holds one of `who`'s
    /// stream slots until it is dropped or ends, then records the tokens it used.
    ///
    /// # Errors
    /// `Unavailable` without a provider; `RateLimited`, `QuotaExhausted`, `TooManyStreams`
    /// for the requester's limits (checked in that order, the rate counting every attempt);
    /// `Provider` when the provider refused or failed before the first byte of the stream,
    /// including `Timeout` when it sent nothing within the first-token deadline.
    pub async fn start(
        &self,
        who: &Requester,
        request: ChatRequest,
    ) -> Result<ChatTurn, ChatError> {
        let provider = self.ports.provider.clone().ok_or(ChatError::Unavailable)?;
        let started = Instant::now();
        let now = self.ports.clock.now();
        let owner = who.key();

        // Admission is one database round trip, not three: the rate is counted, the quota read
        // and a stream slot taken at the same time. A slot taken for a request that the rate or
        // the quota then refuses is given straight back. The rate still counts every attempt,
        // and the refusals keep their order: rate, quota, concurrent streams.
        let day = now.date_naive();
        let rate_key = format!("ai:rate:{owner}");
        let lease = chrono::Duration::from_std(self.policy.total_timeout + SLOT_LEASE_MARGIN)
            .map_err(anyhow::Error::from)?;
        let limit = self.policy.max_concurrent_streams;
        let (rate, used, slot) = futures_util::future::join3(
            self.ports.limiter.hit(&rate_key, self.policy.rate, now),
            async {
                if self.policy.daily_token_quota > 0 {
                    self.ports.usage.tokens_used(&owner, day).await.map(Some)
                } else {
                    Ok(None)
                }
            },
            self.ports
                .usage
                .acquire_slot(&owner, limit, now, now + lease),
        )
        .await;
        let refusal = match (rate, used) {
            (Err(e), _) => Some(ChatError::from(e)),
            (Ok(RateDecision::Limited { retry_after_secs }), _) => {
                Some(ChatError::RateLimited { retry_after_secs })
            }
            (Ok(_), Err(e)) => Some(ChatError::from(e)),
            (Ok(_), Ok(Some(used))) if used >= self.policy.daily_token_quota => {
                Some(ChatError::QuotaExhausted {
                    retry_after_secs: secs_until_next_day(now),
                })
            }
            (Ok(_), Ok(_)) => None,
        };
        if let Some(refusal) = refusal {
            if let Ok(Some(slot)) = slot
                && let Err(e) = self.ports.usage.release_slot(slot).await
            {
                tracing::warn!(error = %e, "could not give back a stream slot");
            }
            return Err(refusal);
        }
        let slot = slot?.ok_or(ChatError::TooManyStreams { limit })?;

        let mut guard = TurnGuard {
            usage: self.ports.usage.clone(),
            slot,
            released: false,
            recorded: false,
            owner,
            day,
            prompt_tokens: estimate_tokens(request.messages.iter().flat_map(|m| m.content.chars())),
            output_tokens: 0,
            reported: None,
        };
        let first_deadline = started + self.policy.first_token_timeout;
        let total_deadline = started + self.policy.total_timeout;
        let events = match tokio::time::timeout_at(
            first_deadline.min(total_deadline),
            provider.stream_chat(&request),
        )
        .await
        {
            Ok(Ok(events)) => events,
            Ok(Err(e)) => {
                guard.release().await;
                return Err(e.into());
            }
            Err(_) => {
                guard.release().await;
                return Err(LlmError::Timeout.into());
            }
        };
        Ok(ChatTurn {
            events: deadline_stream(events, guard, first_deadline, total_deadline),
        })
    }

    /// Forgets expired stream slots and usage older than yesterday.
    ///
    /// # Errors
    /// When the store cannot be reached.
    pub async fn purge(&self) -> Result<(), ChatError> {
        let now = self.ports.clock.now();
        let yesterday = now
            .date_naive()
            .checked_sub_days(Days::new(1))
            .unwrap_or(NaiveDate::MIN);
        Ok(self.ports.usage.purge(now, yesterday).await?)
    }
}

/// Seconds from `now` until the next UTC midnight (at least 1).
fn secs_until_next_day(now: DateTime<Utc>) -> u64 {
    let next = now
        .date_naive()
        .checked_add_days(Days::new(1))
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .map(|d| d.and_utc());
    next.map_or(1, |n| {
        u64::try_from((n - now).num_seconds()).unwrap_or(1).max(1)
    })
}

/// One streaming answer. Poll [`ChatTurn::events`] until it ends; an `Err` item is the last.
pub struct ChatTurn {
    pub events: BoxStream<'static, Result<ChatEvent, ChatError>>,
}

/// Holds the stream slot and counts tokens; gives the slot back and records the usage when the
/// turn ends for any reason (finished, failed, or dropped because the browser went away).
///
/// A turn that ends on its own gives its slot back and records its usage before its end is
/// passed on ([`TurnGuard::release`]): a requester who reads `[DONE]` and at once asks again must
/// find the slot free and the quota counting this answer, not both still being written by a task
/// of its own (the quota let extra answers through under load). Dropped turns do both in a task.
struct TurnGuard {
    usage: Arc<dyn ChatUsageStore>,
    slot: SlotId,
    /// The slot was given back already.
    released: bool,
    /// The usage was recorded already; dropping then records nothing.
    recorded: bool,
    owner: String,
    day: NaiveDate,
    prompt_tokens: u64,
    output_tokens: u64,
    reported: Option<TokenUsage>,
}

impl TurnGuard {
    fn tokens(&self) -> u64 {
        self.reported
            .map_or(self.prompt_tokens + self.output_tokens, |u| u.total_tokens)
    }

    /// Gives the slot back and records the usage now. Each is marked done only once done: a
    /// turn dropped meanwhile does it again on drop (a slot released twice is harmless; usage is
    /// recorded once, as `recorded` is set right after the write).
    async fn release(&mut self) {
        if !self.released {
            if let Err(e) = self.usage.release_slot(self.slot).await {
                tracing::warn!(error = %e, "releasing a chat stream slot failed; it expires on its own");
            }
            self.released = true;
        }
        if !self.recorded {
            let tokens = self.tokens();
            match self.usage.record_usage(&self.owner, self.day, tokens).await {
                Ok(()) => self.recorded = true,
                Err(e) => {
                    tracing::warn!(error = %e, tokens, "recording chat token usage failed; retried on drop");
                }
            }
        }
    }
}

impl Drop for TurnGuard {
    fn drop(&mut self) {
        if self.released && self.recorded {
            return;
        }
        let (usage, slot, released, recorded, owner, day, tokens) = (
            self.usage.clone(),
            self.slot,
            self.released,
            self.recorded,
            std::mem::take(&mut self.owner),
            self.day,
            self.tokens(),
        );
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            tracing::warn!("no runtime to release a chat stream slot; it expires on its own");
            return;
        };
        runtime.spawn(async move {
            if !released && let Err(e) = usage.release_slot(slot).await {
                tracing::warn!(error = %e, "releasing a chat stream slot failed; it expires on its own");
            }
            if !recorded && let Err(e) = usage.record_usage(&owner, day, tokens).await {
                tracing::warn!(error = %e, tokens, "recording chat token usage failed");
            }
        });
    }
}

struct TurnState {
    events: EventStream,
    guard: TurnGuard,
    first_deadline: Instant,
    total_deadline: Instant,
    got_token: bool,
    over: bool,
}

fn deadline_stream(
    events: EventStream,
    guard: TurnGuard,
    first_deadline: Instant,
    total_deadline: Instant,
) -> BoxStream<'static, Result<ChatEvent, ChatError>> {
    let state = TurnState {
        events,
        guard,
        first_deadline,
        total_deadline,
        got_token: false,
        over: false,
    };
    stream::unfold(state, |mut s| async move {
        if s.over {
            return None;
        }
        let deadline = if s.got_token {
            s.total_deadline
        } else {
            s.first_deadline.min(s.total_deadline)
        };
        let item = match tokio::time::timeout_at(deadline, s.events.next()).await {
            Err(_) => Err(ChatError::Provider(LlmError::Timeout)),
            Ok(None) => {
                s.guard.release().await;
                return None;
            }
            Ok(Some(Err(e))) => Err(ChatError::Provider(e)),
            Ok(Some(Ok(event))) => {
                match &event {
                    ChatEvent::Reasoning(t) | ChatEvent::Content(t) => {
                        s.got_token = true;
                        s.guard.output_tokens += estimate_tokens(t.chars());
                    }
                    ChatEvent::Usage(u) => s.guard.reported = Some(*u),
                    ChatEvent::Finished { .. } => {}
                }
                Ok(event)
            }
        };
        s.over = item.is_err();
        if s.over {
            s.guard.release().await;
        }
        Some((item, s))
    })
    .boxed()
}

#[cfg(test)]
mod tests;
