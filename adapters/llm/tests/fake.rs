#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The fake server itself: what others (API tests, the benchmark) rely on.

mod common;

use adapter_llm::fake::{DEFAULT_CONTENT, FakeLlm, Scenario};
use chat::model::{ChatEvent, ChatMessage};
use chat::ports::LlmProvider;
use common::*;
use futures_util::StreamExt as _;
use std::time::Duration;

#[tokio::test]
async fn the_default_scenario_is_a_short_plain_answer() {
    let fake = FakeLlm::start().await;
    let (events, error) = ask(&provider(&fake.base_url(), true), &hello()).await;
    assert!(error.is_none(), "{error:?}");
    let text: String = events
        .iter()
        .filter_map(|e| match e {
            ChatEvent::Content(c) => Some(c.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(text, DEFAULT_CONTENT.concat());
    assert_eq!(text, "Hello, world!");
}

#[tokio::test]
async fn other_paths_and_methods_get_a_404_in_openai_style() {
    let fake = FakeLlm::start().await;
    let response = reqwest::get(format!("{}/models", fake.base_url()))
        .await
        .unwrap();
    assert_eq!(response.status(), 404);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["error"]["message"], "no route GET /v1/models");
    assert_eq!(fake.requests()[0].method, "GET");
}

#[tokio::test]
async fn large_request_bodies_are_read_whole() {
    let fake = FakeLlm::start().await;
    let long = "长".repeat(100_000);
    let (_, error) = ask(
        &provider(&fake.base_url(), true),
        &request(vec![ChatMessage::user(long.clone())]),
    )
    .await;
    assert!(error.is_none(), "{error:?}");
    assert_eq!(
        fake.requests()[0].body["messages"][0]["content"],
        long.as_str()
    );
}

/// Over real TCP and the real provider: what comes before the gate arrives without a release,
/// the rest after it. (The delays, and that nothing passes the gate unreleased, are checked on
/// paused time in the fake's unit tests.)
#[tokio::test]
async fn a_gated_answer_sends_its_first_part_and_the_rest_once_released() {
    let fake = FakeLlm::start().await;
    fake.set(Scenario::Gated {
        before: vec!["one".into()],
        after: vec!["two".into()],
    });
    let p = provider(&fake.base_url(), true);
    let mut stream = p.stream_chat(&hello()).await.unwrap();
    let first = tokio::time::timeout(HANG_GUARD, stream.next())
        .await
        .expect("the part before the gate was held back");
    assert_eq!(first.unwrap().unwrap(), content("one"));
    fake.release();
    let (events, error) = drain(stream).await;
    assert!(error.is_none(), "{error:?}");
    assert_eq!(events, [content("two"), finished("stop")]);
}

#[tokio::test]
async fn nothing_is_a_cancellation_until_a_client_goes_away() {
    let fake = FakeLlm::start().await;
    assert!(!fake.wait_for_cancel(Duration::from_millis(50)).await);
    assert_eq!(fake.open_streams(), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bench_serves_hundreds_of_concurrent_streams() {
    const STREAMS: usize = 300;
    const TOKENS: usize = 40;
    let fake = FakeLlm::start().await;
    fake.set(Scenario::Bench {
        first_delay: Duration::from_millis(20),
        tokens: TOKENS,
        gap: Duration::from_millis(2),
    });
    let p = provider(&fake.base_url(), true);
    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..STREAMS {
        let p = p.clone();
        tasks.spawn(async move { ask(&p, &hello()).await });
    }
    while let Some(result) = tasks.join_next().await {
        let (events, error) = result.unwrap();
        assert!(error.is_none(), "{error:?}");
        assert_eq!(events.len(), TOKENS + 2);
        assert!(events[..TOKENS].iter().all(|e| *e == content("字")));
        assert_eq!(events[TOKENS], finished("stop"));
    }
    assert_eq!(fake.take_requests().len(), STREAMS);
    assert_eq!(fake.request_count(), 0);
    assert!(fake.wait_for_open_streams(0, HANG_GUARD).await);
    assert_eq!(fake.cancels(), 0);
}
