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
