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
mod tests {
    use super::*;
    use crate::ports::MockLlmProvider;
    use chrono::TimeZone;
    use kernel::{FixedClock, MockRateLimiter};
    use std::collections::HashMap;
    use std::sync::Mutex;

    /// Slots and usage in memory: a test double of the shared store.
    #[derive(Default)]
    struct MemoryUsage {
        slots: Mutex<Vec<(SlotId, String)>>,
        used: Mutex<HashMap<(String, NaiveDate), u64>>,
    }

    #[async_trait::async_trait]
    impl ChatUsageStore for MemoryUsage {
        async fn acquire_slot(
            &self,
            owner: &str,
            limit: u32,
            _: DateTime<Utc>,
            _: DateTime<Utc>,
        ) -> Result<Option<SlotId>, anyhow::Error> {
            let mut slots = self.slots.lock().unwrap();
            if slots.iter().filter(|(_, o)| o == owner).count() >= limit as usize {
                return Ok(None);
            }
            let id = SlotId(uuid::Uuid::new_v4());
            slots.push((id, owner.to_owned()));
            Ok(Some(id))
        }
        async fn release_slot(&self, slot: SlotId) -> Result<(), anyhow::Error> {
            self.slots.lock().unwrap().retain(|(id, _)| *id != slot);
            Ok(())
        }
        async fn tokens_used(&self, owner: &str, day: NaiveDate) -> Result<u64, anyhow::Error> {
            Ok(*self
                .used
                .lock()
                .unwrap()
                .get(&(owner.to_owned(), day))
                .unwrap_or(&0))
        }
        async fn record_usage(
            &self,
            owner: &str,
            day: NaiveDate,
            tokens: u64,
        ) -> Result<(), anyhow::Error> {
            *self
                .used
                .lock()
                .unwrap()
                .entry((owner.to_owned(), day))
                .or_default() += tokens;
            Ok(())
        }
        async fn purge(&self, _: DateTime<Utc>, _: NaiveDate) -> Result<(), anyhow::Error> {
            Ok(())
        }
    }

    fn noon() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 21, 12, 0, 0).unwrap()
    }

    fn allow_all() -> MockRateLimiter {
        let mut limiter = MockRateLimiter::new();
        limiter
            .expect_hit()
            .returning(|_, _, _| Ok(RateDecision::Allowed));
        limiter
    }

    fn replying(events: Vec<Result<ChatEvent, LlmError>>) -> MockLlmProvider {
        let mut provider = MockLlmProvider::new();
        provider.expect_name().return_const("fake".to_owned());
        provider
            .expect_stream_chat()
            .returning(move |_| Ok(stream::iter(events.clone_events()).boxed()));
        provider
    }

    trait CloneEvents {
        fn clone_events(&self) -> Vec<Result<ChatEvent, LlmError>>;
    }
    impl CloneEvents for Vec<Result<ChatEvent, LlmError>> {
        fn clone_events(&self) -> Vec<Result<ChatEvent, LlmError>> {
            self.iter()
                .map(|r| match r {
                    Ok(e) => Ok(e.clone()),
                    Err(LlmError::Dropped(_)) => Err(LlmError::Dropped(anyhow::anyhow!("reset"))),
                    Err(_) => Err(LlmError::Malformed("x".into())),
                })
                .collect()
        }
    }

    struct Fixture {
        service: ChatService,
        usage: Arc<MemoryUsage>,
    }

    fn fixture(
        provider: Option<MockLlmProvider>,
        limiter: MockRateLimiter,
        policy: ChatPolicy,
    ) -> Fixture {
        let usage = Arc::new(MemoryUsage::default());
        let service = ChatService::new(
            ChatPorts {
                provider: provider.map(|p| Arc::new(p) as Arc<dyn LlmProvider>),
                usage: usage.clone(),
                limiter: Arc::new(limiter),
                clock: Arc::new(FixedClock(noon())),
            },
            ModelCatalog::new(["deepseek-chat", "deepseek-reasoner"]).unwrap(),
            policy,
        );
        Fixture { service, usage }
    }

    fn hello(service: &ChatService) -> ChatRequest {
        service
            .request(
                "deepseek-chat".into(),
                vec![ChatMessage::user("hello")],
                0.7,
                100,
            )
            .unwrap()
    }

    fn alice() -> Requester {
        Requester::User(UserId(uuid::Uuid::nil()))
    }

    /// Lets the slot-release task spawned by a dropped turn run.
    async fn settle() {
        for _ in 0..10 {
            tokio::task::yield_now().await;
        }
    }

    async fn collect(turn: ChatTurn) -> Vec<Result<ChatEvent, ChatError>> {
        turn.events.collect().await
    }

    #[tokio::test]
    async fn without_a_provider_every_chat_is_unavailable() {
        let f = fixture(None, MockRateLimiter::new(), ChatPolicy::default());
        let err = f
            .service
            .start(&alice(), hello(&f.service))
            .await
            .err()
            .unwrap();
        assert!(matches!(err, ChatError::Unavailable));
        assert!(f.service.provider_name().is_none());
    }

    #[test]
    fn who_may_chat_is_decided_here_signed_in_users_always_visitors_by_policy() {
        let me = UserId(uuid::Uuid::nil());
        let closed = fixture(
            Some(MockLlmProvider::new()),
            allow_all(),
            ChatPolicy::default(),
        );
        assert!(closed.service.sign_in_required());
        assert_eq!(closed.service.admit(Some(me), None).unwrap(), alice());
        assert!(matches!(
            closed.service.admit(None, Some("203.0.113.0".into())),
            Err(ChatError::SignInRequired)
        ));
        let open = fixture(
            Some(MockLlmProvider::new()),
            allow_all(),
            ChatPolicy {
                allow_anonymous: true,
                ..ChatPolicy::default()
            },
        );
        assert!(!open.service.sign_in_required());
        assert_eq!(
            open.service
                .admit(None, Some("203.0.113.0".into()))
                .unwrap(),
            Requester::Anonymous {
                ip: "203.0.113.0".into()
            }
        );
        assert_eq!(
            open.service
                .admit(Some(me), Some("203.0.113.0".into()))
                .unwrap(),
            alice(),
            "a signed-in user is counted as the user, not the address"
        );
        // Without a provider nobody is admitted, signed in or not: unavailable comes first.
        let none = fixture(None, MockRateLimiter::new(), ChatPolicy::default());
        assert!(matches!(
            none.service.admit(None, None),
            Err(ChatError::Unavailable)
        ));
        assert!(matches!(
            none.service.admit(Some(me), None),
            Err(ChatError::Unavailable)
        ));
    }

    #[tokio::test]
    async fn an_answer_streams_in_order_then_frees_the_slot_and_records_reported_usage() {
        let provider = replying(vec![
            Ok(ChatEvent::Reasoning("想".into())),
            Ok(ChatEvent::Content("Hi".into())),
            Ok(ChatEvent::Finished {
                reason: "stop".into(),
            }),
            Ok(ChatEvent::Usage(TokenUsage {
                prompt_tokens: 5,
                completion_tokens: 7,
                total_tokens: 12,
            })),
        ]);
        let f = fixture(Some(provider), allow_all(), ChatPolicy::default());
        let turn = f.service.start(&alice(), hello(&f.service)).await.unwrap();
        assert_eq!(
            f.usage.slots.lock().unwrap().len(),
            1,
            "the slot is held while streaming"
        );
        let events: Vec<ChatEvent> = collect(turn)
            .await
            .into_iter()
            .map(Result::unwrap)
            .collect();
        assert_eq!(events[0], ChatEvent::Reasoning("想".into()));
        assert_eq!(events[1], ChatEvent::Content("Hi".into()));
        assert_eq!(events.len(), 4);
        settle().await;
        assert!(f.usage.slots.lock().unwrap().is_empty());
        assert_eq!(
            f.usage
                .tokens_used(
                    "user:00000000-0000-0000-0000-000000000000",
                    noon().date_naive()
                )
                .await
                .unwrap(),
            12
        );
    }

    #[tokio::test]
    async fn the_slot_is_free_once_the_end_of_the_answer_has_been_read() {
        let provider = replying(vec![Ok(ChatEvent::Content("Hi".into()))]);
        let f = fixture(Some(provider), allow_all(), ChatPolicy::default());
        let mut turn = f.service.start(&alice(), hello(&f.service)).await.unwrap();
        while turn.events.next().await.is_some() {}
        // No settling: whoever reads the end and asks again at once finds the slot free and
        // this answer already counted against the quota.
        assert!(f.usage.slots.lock().unwrap().is_empty());
        let used = f
            .usage
            .tokens_used(&alice().key(), noon().date_naive())
            .await
            .unwrap();
        assert!(used > 0);
        drop(turn);
        settle().await;
        assert!(f.usage.slots.lock().unwrap().is_empty());
        assert_eq!(
            f.usage
                .tokens_used(&alice().key(), noon().date_naive())
                .await
                .unwrap(),
            used,
            "recorded once, not again on drop"
        );
    }

    #[tokio::test]
    async fn a_dropped_turn_frees_its_slot_and_records_an_estimate() {
        let provider = replying(vec![Ok(ChatEvent::Content("你好你好".into()))]);
        let f = fixture(Some(provider), allow_all(), ChatPolicy::default());
        let mut turn = f.service.start(&alice(), hello(&f.service)).await.unwrap();
        let _ = turn.events.next().await;
        drop(turn);
        settle().await;
        assert!(f.usage.slots.lock().unwrap().is_empty());
        // "hello" ≈ 2 tokens, 你好你好 = 4.
        let used = f
            .usage
            .tokens_used(&alice().key(), noon().date_naive())
            .await
            .unwrap();
        assert_eq!(used, 6);
    }

    #[tokio::test]
    async fn a_third_concurrent_stream_is_refused_and_allowed_again_once_one_ends() {
        let provider = replying(vec![Ok(ChatEvent::Content("a".into()))]);
        let f = fixture(Some(provider), allow_all(), ChatPolicy::default());
        let one = f.service.start(&alice(), hello(&f.service)).await.unwrap();
        let _two = f.service.start(&alice(), hello(&f.service)).await.unwrap();
        let err = f
            .service
            .start(&alice(), hello(&f.service))
            .await
            .err()
            .unwrap();
        assert!(matches!(err, ChatError::TooManyStreams { limit: 2 }));
        // Someone else is not affected.
        let bob = Requester::Anonymous {
            ip: "10.0.0.2".into(),
        };
        assert!(f.service.start(&bob, hello(&f.service)).await.is_ok());
        drop(one);
        settle().await;
        assert!(f.service.start(&alice(), hello(&f.service)).await.is_ok());
    }

    #[tokio::test]
    async fn the_rate_is_counted_per_requester_and_a_refusal_gives_the_slot_back() {
        let mut limiter = MockRateLimiter::new();
        limiter
            .expect_hit()
            .withf(|key, rule, _| {
                key == "ai:rate:ip:10.0.0.9" && rule.limit == 20 && rule.window_secs == 60
            })
            .returning(|_, _, _| {
                Ok(RateDecision::Limited {
                    retry_after_secs: 42,
                })
            });
        let mut provider = MockLlmProvider::new();
        provider.expect_stream_chat().never();
        let f = fixture(Some(provider), limiter, ChatPolicy::default());
        let who = Requester::Anonymous {
            ip: "10.0.0.9".into(),
        };
        let err = f
            .service
            .start(&who, hello(&f.service))
            .await
            .err()
            .unwrap();
        assert!(matches!(
            err,
            ChatError::RateLimited {
                retry_after_secs: 42
            }
        ));
        assert!(f.usage.slots.lock().unwrap().is_empty());
    }

    #[tokio::test]
    async fn refusals_keep_their_order_rate_then_quota_then_streams() {
        let mut limiter = MockRateLimiter::new();
        limiter.expect_hit().returning(|_, _, _| {
            Ok(RateDecision::Limited {
                retry_after_secs: 5,
            })
        });
        let policy = ChatPolicy {
            daily_token_quota: 10,
            ..ChatPolicy::default()
        };
        let f = fixture(Some(replying(vec![])), limiter, policy.clone());
        let owner = alice().key();
        f.usage
            .record_usage(&owner, noon().date_naive(), 10)
            .await
            .unwrap();
        for _ in 0..2 {
            f.usage
                .acquire_slot(&owner, 2, noon(), noon())
                .await
                .unwrap()
                .unwrap();
        }
        let err = f
            .service
            .start(&alice(), hello(&f.service))
            .await
            .err()
            .unwrap();
        assert!(
            matches!(
                err,
                ChatError::RateLimited {
                    retry_after_secs: 5
                }
            ),
            "{err:?}"
        );
        // The two streams already running keep their slots.
        assert_eq!(f.usage.slots.lock().unwrap().len(), 2);

        let f2 = fixture(Some(replying(vec![])), allow_all(), policy);
        f2.usage
            .record_usage(&owner, noon().date_naive(), 10)
            .await
            .unwrap();
        for _ in 0..2 {
            f2.usage
                .acquire_slot(&owner, 2, noon(), noon())
                .await
                .unwrap()
                .unwrap();
        }
        let err = f2
            .service
            .start(&alice(), hello(&f2.service))
            .await
            .err()
            .unwrap();
        assert!(matches!(err, ChatError::QuotaExhausted { .. }), "{err:?}");
        assert_eq!(f2.usage.slots.lock().unwrap().len(), 2);
    }

    #[tokio::test]
    async fn a_used_up_daily_quota_refuses_until_utc_midnight() {
        let mut provider = MockLlmProvider::new();
        provider.expect_stream_chat().never();
        let policy = ChatPolicy {
            daily_token_quota: 100,
            ..ChatPolicy::default()
        };
        let f = fixture(Some(provider), allow_all(), policy);
        f.usage
            .record_usage(&alice().key(), noon().date_naive(), 100)
            .await
            .unwrap();
        let err = f
            .service
            .start(&alice(), hello(&f.service))
            .await
            .err()
            .unwrap();
        assert!(matches!(
            err,
            ChatError::QuotaExhausted {
                retry_after_secs: 43_200
            }
        ));
        // The slot taken while the quota was read is given back.
        assert!(f.usage.slots.lock().unwrap().is_empty());
        // Yesterday's usage does not count today.
        let yesterday = noon().date_naive().pred_opt().unwrap();
        assert_eq!(
            f.usage
                .tokens_used(&alice().key(), yesterday)
                .await
                .unwrap(),
            0
        );
    }

    #[tokio::test]
    async fn a_provider_refusal_before_the_stream_frees_the_slot() {
        let mut provider = MockLlmProvider::new();
        provider
            .expect_stream_chat()
            .returning(|_| Err(LlmError::Upstream { status: 500 }));
        let f = fixture(Some(provider), allow_all(), ChatPolicy::default());
        let err = f
            .service
            .start(&alice(), hello(&f.service))
            .await
            .err()
            .unwrap();
        assert!(matches!(
            err,
            ChatError::Provider(LlmError::Upstream { status: 500 })
        ));
        settle().await;
        assert!(f.usage.slots.lock().unwrap().is_empty());
    }

    #[tokio::test(start_paused = true)]
    async fn no_token_within_the_first_token_deadline_times_out_even_if_the_stream_is_open() {
        let mut provider = MockLlmProvider::new();
        // The stream is open (keep-alives would arrive here) but never yields a token.
        provider
            .expect_stream_chat()
            .returning(|_| Ok(stream::pending().boxed()));
        let policy = ChatPolicy {
            first_token_timeout: Duration::from_secs(5),
            ..ChatPolicy::default()
        };
        let f = fixture(Some(provider), allow_all(), policy);
        let begun = Instant::now();
        let turn = f.service.start(&alice(), hello(&f.service)).await.unwrap();
        let events = collect(turn).await;
        assert_eq!(events.len(), 1);
        assert!(matches!(
            events[0],
            Err(ChatError::Provider(LlmError::Timeout))
        ));
        assert_eq!(begun.elapsed(), Duration::from_secs(5));
    }

    /// A provider whose response headers never come.
    struct Silent;

    #[async_trait::async_trait]
    impl LlmProvider for Silent {
        async fn stream_chat(&self, _: &ChatRequest) -> Result<EventStream, LlmError> {
            std::future::pending().await
        }
        fn name(&self) -> &str {
            "silent"
        }
    }

    #[tokio::test(start_paused = true)]
    async fn a_provider_that_never_answers_headers_times_out_at_the_first_token_deadline() {
        let usage = Arc::new(MemoryUsage::default());
        let service = ChatService::new(
            ChatPorts {
                provider: Some(Arc::new(Silent)),
                usage: usage.clone(),
                limiter: Arc::new(allow_all()),
                clock: Arc::new(FixedClock(noon())),
            },
            ModelCatalog::new(["deepseek-chat"]).unwrap(),
            ChatPolicy {
                first_token_timeout: Duration::from_secs(5),
                ..ChatPolicy::default()
            },
        );
        let begun = Instant::now();
        let err = service
            .start(&alice(), hello(&service))
            .await
            .err()
            .unwrap();
        assert!(matches!(err, ChatError::Provider(LlmError::Timeout)));
        assert_eq!(begun.elapsed(), Duration::from_secs(5));
        settle().await;
        assert!(
            usage.slots.lock().unwrap().is_empty(),
            "the slot is given back"
        );
    }

    #[tokio::test(start_paused = true)]
    async fn the_total_deadline_ends_a_stream_that_keeps_trickling() {
        let mut provider = MockLlmProvider::new();
        provider.expect_stream_chat().returning(|_| {
            // A token every second, for ever.
            Ok(stream::unfold((), |()| async {
                tokio::time::sleep(Duration::from_secs(1)).await;
                Some((Ok(ChatEvent::Content("x".into())), ()))
            })
            .boxed())
        });
        let policy = ChatPolicy {
            first_token_timeout: Duration::from_secs(5),
            total_timeout: Duration::from_secs(10),
            ..ChatPolicy::default()
        };
        let f = fixture(Some(provider), allow_all(), policy);
        let begun = Instant::now();
        let turn = f.service.start(&alice(), hello(&f.service)).await.unwrap();
        let events = collect(turn).await;
        let tokens = events.iter().filter(|e| e.is_ok()).count();
        assert!(matches!(
            events.last(),
            Some(Err(ChatError::Provider(LlmError::Timeout)))
        ));
        assert!(
            (9..=10).contains(&tokens),
            "{tokens} tokens before the deadline"
        );
        assert_eq!(begun.elapsed(), Duration::from_secs(10));
    }

    #[tokio::test]
    async fn an_upstream_drop_mid_stream_is_the_last_item() {
        let provider = replying(vec![
            Ok(ChatEvent::Content("par".into())),
            Err(LlmError::Dropped(anyhow::anyhow!("reset"))),
            Ok(ChatEvent::Content("never".into())),
        ]);
        let f = fixture(Some(provider), allow_all(), ChatPolicy::default());
        let turn = f.service.start(&alice(), hello(&f.service)).await.unwrap();
        let events = collect(turn).await;
        assert_eq!(events.len(), 2);
        assert!(matches!(
            events[1],
            Err(ChatError::Provider(LlmError::Dropped(_)))
        ));
    }

    #[test]
    fn seconds_until_midnight_are_counted_in_utc() {
        let late = Utc.with_ymd_and_hms(2026, 11, 21, 23, 59, 30).unwrap();
        assert_eq!(secs_until_next_day(late), 30);
        assert_eq!(secs_until_next_day(noon()), 43_200);
    }
}
