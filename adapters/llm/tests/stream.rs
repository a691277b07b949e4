#![allow(clippy::unwrap_used, clippy::expect_used)]
//! `OpenAiCompatibleProvider` as `chat::ports::LlmProvider`, against the fake server: what
//! streams back, how streams end and break, cancellation, and what is sent.

mod common;

use adapter_llm::fake::{COMPLETIONS_PATH, End, FakeLlm, Scenario};
use chat::LlmError;
use chat::model::{ChatEvent, ChatMessage, TokenUsage};
use chat::ports::LlmProvider;
use common::*;
use futures_util::StreamExt as _;
use serde_json::json;
use std::time::Duration;

const MS: Duration = Duration::from_millis(1);

/// One `data:` event of a completion chunk with these choices.
fn data(chunk: serde_json::Value) -> Vec<u8> {
    format!("data: {chunk}\n\n").into_bytes()
}

fn delta(delta: serde_json::Value) -> Vec<u8> {
    data(json!({ "choices": [{ "index": 0, "delta": delta, "finish_reason": null }] }))
}

fn stop() -> Vec<u8> {
    data(json!({ "choices": [{ "index": 0, "delta": {}, "finish_reason": "stop" }] }))
}

const DONE: &[u8] = b"data: [DONE]\n\n";

/// A raw scenario of these pieces, sent without delay.
fn raw(pieces: Vec<Vec<u8>>, then: End) -> Scenario {
    Scenario::Raw {
        chunks: pieces.into_iter().map(|p| (p, Duration::ZERO)).collect(),
        then,
    }
}

async fn fake_with(scenario: Scenario) -> FakeLlm {
    let fake = FakeLlm::start().await;
    fake.set(scenario);
    fake
}

#[tokio::test]
async fn a_plain_answer_streams_its_deltas_in_order_then_finish_and_usage() {
    let fake = fake_with(Scenario::answer(["你好", "，", "世界", "!"])).await;
    let (events, error) = ask(&provider(&fake.base_url(), true), &hello()).await;
    assert!(error.is_none(), "{error:?}");
    assert_eq!(
        events,
        [
            content("你好"),
            content("，"),
            content("世界"),
            content("!"),
            finished("stop"),
            ChatEvent::Usage(TokenUsage {
                prompt_tokens: 10,
                completion_tokens: 4,
                total_tokens: 14,
            }),
        ]
    );
    // A complete answer is no cancellation, and the fake is done with the connection.
    assert!(fake.wait_for_open_streams(0, HANG_GUARD).await);
    assert_eq!(fake.cancels(), 0);
}

#[tokio::test]
async fn reasoning_comes_first_as_reasoning_events() {
    let fake = fake_with(Scenario::reasoning_answer(["先想", "一想"], ["答案"])).await;
    let (events, error) = ask(&provider(&fake.base_url(), true), &hello()).await;
    assert!(error.is_none(), "{error:?}");
    assert_eq!(
        events[..4],
        [
            reasoning("先想"),
            reasoning("一想"),
            content("答案"),
            finished("stop")
        ]
    );
    assert!(matches!(events[4], ChatEvent::Usage(_)));
    assert_eq!(events.len(), 5);
}

#[tokio::test]
async fn vllm_and_openrouter_reasoning_fields_count_once() {
    let fake = fake_with(raw(
        vec![
            delta(json!({ "reasoning": "vllm 推理" })),
            // Some vLLM versions send both fields with the same text.
            delta(json!({ "reasoning_content": "两个字段", "reasoning": "两个字段" })),
            delta(json!({ "reasoning_content": "", "reasoning": "空的不算" })),
            delta(json!({ "content": null, "reasoning": null })),
            delta(json!({ "content": "答" })),
            stop(),
            DONE.to_vec(),
        ],
        End::Finish,
    ))
    .await;
    let (events, error) = ask(&provider(&fake.base_url(), false), &hello()).await;
    assert!(error.is_none(), "{error:?}");
    assert_eq!(
        events,
        [
            reasoning("vllm 推理"),
            reasoning("两个字段"),
            reasoning("空的不算"),
            content("答"),
            finished("stop"),
        ]
    );
}

#[tokio::test]
async fn keep_alive_comments_and_other_fields_between_deltas_are_ignored() {
    let fake = fake_with(raw(
        vec![
            b": keep-alive\n\n".to_vec(),
            delta(json!({ "content": "一" })),
            b": keep-alive\n\n: keep-alive\r\n\r\n".to_vec(),
            b"id: 7\nretry: 1000\n\n".to_vec(),
            delta(json!({ "content": "二" })),
            b"data:\n\n".to_vec(),
            stop(),
            data(json!({ "choices": [], "usage": { "prompt_tokens": 3, "completion_tokens": 2 } })),
            DONE.to_vec(),
        ],
        End::Finish,
    ))
    .await;
    let (events, error) = ask(&provider(&fake.base_url(), true), &hello()).await;
    assert!(error.is_none(), "{error:?}");
    assert_eq!(
        events,
        [
            content("一"),
            content("二"),
            finished("stop"),
            // No total from the provider: prompt + completion.
            ChatEvent::Usage(TokenUsage {
                prompt_tokens: 3,
                completion_tokens: 2,
                total_tokens: 5,
            }),
        ]
    );
}

#[tokio::test]
async fn done_ends_the_stream_and_nothing_after_it_is_read() {
    let fake = fake_with(raw(
        vec![
            delta(json!({ "content": "一" })),
            DONE.to_vec(),
            delta(json!({ "content": "after done" })),
        ],
        End::Hang,
    ))
    .await;
    let (events, error) = ask(&provider(&fake.base_url(), true), &hello()).await;
    assert!(error.is_none(), "{error:?}");
    assert_eq!(events, [content("一")]);
    // The stream ended without waiting for the connection, and released it.
    assert!(fake.wait_for_cancel(HANG_GUARD).await);
}

#[tokio::test]
async fn a_multi_byte_character_split_across_writes_arrives_byte_exact() {
    let event = delta(json!({ "content": "你好世界" }));
    // "你好世界" is 12 bytes; cut inside 好 (after its first byte) and inside 世 (after two).
    let text_at = event
        .windows("你好世界".len())
        .position(|w| w == "你好世界".as_bytes())
        .unwrap();
    let cut1 = text_at + 4;
    let cut2 = text_at + 8;
    assert!(std::str::from_utf8(&event[..cut1]).is_err());
    let fake = fake_with(Scenario::Raw {
        chunks: vec![
            (event[..cut1].to_vec(), Duration::ZERO),
            (event[cut1..cut2].to_vec(), 50 * MS),
            (event[cut2..].to_vec(), 50 * MS),
            (stop(), Duration::ZERO),
            (DONE.to_vec(), Duration::ZERO),
        ],
        then: End::Finish,
    })
    .await;
    let (events, error) = ask(&provider(&fake.base_url(), true), &hello()).await;
    assert!(error.is_none(), "{error:?}");
    assert_eq!(events, [content("你好世界"), finished("stop")]);
}

#[tokio::test]
async fn an_in_stream_error_ends_the_stream_with_what_it_names() {
    type Expected = fn(&LlmError) -> bool;
    let cases: [(serde_json::Value, Expected); 4] = [
        (
            json!({ "error": { "message": "Provider returned error", "code": 502 } }),
            |e| matches!(e, LlmError::Upstream { status: 502 }),
        ),
        (
            json!({ "error": { "message": "context length exceeded", "code": 400 } }),
            |e| {
                matches!(e, LlmError::Rejected { status: 400, message }
                    if message == "context length exceeded")
            },
        ),
        (
            json!({ "error": { "message": "slow down", "code": "429" } }),
            |e| {
                matches!(
                    e,
                    LlmError::RateLimited {
                        retry_after_secs: None
                    }
                )
            },
        ),
        // No code: the response's own status.
        (
            json!({ "error": { "message": "boom", "type": "server_error" } }),
            |e| matches!(e, LlmError::Upstream { status: 200 }),
        ),
    ];
    for (payload, expected) in cases {
        let fake = fake_with(raw(
            vec![delta(json!({ "content": "半" })), data(payload.clone())],
            End::Hang,
        ))
        .await;
        let (events, error) = ask(&provider(&fake.base_url(), true), &hello()).await;
        assert_eq!(events, [content("半")], "{payload}");
        let error = error.unwrap();
        assert!(expected(&error), "{payload} gave {error:?}");
    }
}

#[tokio::test]
async fn an_unreadable_data_event_is_malformed_and_ends_the_stream_at_once() {
    let fake = fake_with(raw(
        vec![
            delta(json!({ "content": "好" })),
            b"data: {\"choices\": [{\"delta\": {\"content\": \"secret-ish text\"}\n\n".to_vec(),
            delta(json!({ "content": "never read" })),
        ],
        // The fake keeps the connection open: the stream must not wait for it.
        End::Hang,
    ))
    .await;
    let (events, error) = ask(&provider(&fake.base_url(), true), &hello()).await;
    assert_eq!(events, [content("好")]);
    let Some(LlmError::Malformed(why)) = error else {
        panic!("expected Malformed, got {error:?}");
    };
    assert!(!why.contains("secret-ish"), "{why}");
    assert!(fake.wait_for_cancel(HANG_GUARD).await);

    // Valid JSON of the wrong shape is just as unreadable.
    fake.set(raw(vec![data(json!({ "choices": "nope" }))], End::Hang));
    let (_, error) = ask(&provider(&fake.base_url(), true), &hello()).await;
    assert!(matches!(error, Some(LlmError::Malformed(_))), "{error:?}");
}

#[tokio::test]
async fn invalid_utf8_is_malformed_at_once_not_at_the_end_of_the_body() {
    let mut garbage = b"data: {\"choices\":[{\"delta\":{\"content\":\"".to_vec();
    garbage.extend_from_slice(&[0xff, 0xfe, b'a']);
    let fake = fake_with(raw(
        vec![delta(json!({ "content": "好" })), garbage],
        End::Hang,
    ))
    .await;
    let (events, error) = ask(&provider(&fake.base_url(), true), &hello()).await;
    assert_eq!(events, [content("好")]);
    assert!(matches!(error, Some(LlmError::Malformed(_))), "{error:?}");
}

#[tokio::test]
async fn a_connection_dropped_mid_answer_gives_the_deltas_then_dropped() {
    let fake = fake_with(Scenario::DropAfter {
        content: vec!["一".into(), "二".into()],
        gap: 10 * MS,
    })
    .await;
    let (events, error) = ask(&provider(&fake.base_url(), true), &hello()).await;
    assert_eq!(events, [content("一"), content("二")]);
    assert!(matches!(error, Some(LlmError::Dropped(_))), "{error:?}");
    // The fake closed the connection itself: not a cancellation.
    assert_eq!(fake.cancels(), 0);
}

#[tokio::test]
async fn a_clean_end_of_body_without_done_or_finish_is_dropped_too() {
    let fake = fake_with(raw(vec![delta(json!({ "content": "一" }))], End::Finish)).await;
    let (events, error) = ask(&provider(&fake.base_url(), true), &hello()).await;
    assert_eq!(events, [content("一")]);
    assert!(matches!(error, Some(LlmError::Dropped(_))), "{error:?}");
}

#[tokio::test]
async fn after_a_finish_reason_a_missing_done_is_forgiven() {
    for end in [End::Finish, End::Close] {
        let fake = fake_with(raw(vec![delta(json!({ "content": "一" })), stop()], end)).await;
        let (events, error) = ask(&provider(&fake.base_url(), true), &hello()).await;
        assert!(error.is_none(), "{end:?}: {error:?}");
        assert_eq!(events, [content("一"), finished("stop")], "{end:?}");
    }
}

#[tokio::test]
async fn a_provider_that_never_answers_leaves_the_call_pending_and_dropping_it_cancels() {
    let fake = fake_with(Scenario::Hang).await;
    let p = provider(&fake.base_url(), true);
    let request = hello();
    // No header time-out in the adapter: the chat service's deadline drops the future.
    let pending = tokio::time::timeout(Duration::from_millis(300), p.stream_chat(&request)).await;
    assert!(pending.is_err(), "the call resolved without headers");
    assert!(fake.wait_for_cancel(HANG_GUARD).await);
    assert!(fake.wait_for_open_streams(0, HANG_GUARD).await);
}

#[tokio::test]
async fn dropping_the_event_stream_mid_answer_cancels_the_upstream_request() {
    let fake = fake_with(Scenario::Answer {
        reasoning: vec![],
        content: (0..50).map(|i| format!("{i} ")).collect(),
        first_delay: Duration::ZERO,
        gap: 50 * MS,
        usage: None,
    })
    .await;
    let p = provider(&fake.base_url(), true);
    let mut stream = p.stream_chat(&hello()).await.unwrap();
    assert_eq!(stream.next().await.unwrap().unwrap(), content("0 "));
    assert_eq!(fake.open_streams(), 1);
    assert!(!fake.wait_for_cancel(100 * MS).await, "cancelled too early");

    drop(stream);
    assert!(fake.wait_for_cancel(HANG_GUARD).await);
    assert!(fake.wait_for_open_streams(0, HANG_GUARD).await);
    assert_eq!(fake.cancels(), 1);
}

#[tokio::test]
async fn a_provider_that_only_keeps_alive_yields_nothing_until_dropped() {
    let fake = fake_with(Scenario::KeepAliveForever { interval: 20 * MS }).await;
    let p = provider(&fake.base_url(), true);
    let mut stream = p.stream_chat(&hello()).await.unwrap();
    let next = tokio::time::timeout(Duration::from_millis(300), stream.next()).await;
    assert!(next.is_err(), "an event came out of keep-alives: {next:?}");
    drop(stream);
    assert!(fake.wait_for_cancel(HANG_GUARD).await);
}

#[tokio::test]
async fn the_request_is_exactly_the_openai_streaming_request() {
    let fake = FakeLlm::start().await;
    let request = request(vec![
        ChatMessage::user("第一个问题"),
        ChatMessage::assistant("第一个回答"),
        ChatMessage::user("第二个问题"),
    ]);
    let (_, error) = ask(&provider(&format!("{}/", fake.base_url()), true), &request).await;
    assert!(error.is_none(), "{error:?}");

    let received = fake.requests();
    assert_eq!(received.len(), 1);
    let r = &received[0];
    assert_eq!(r.method, "POST");
    assert_eq!(r.path, COMPLETIONS_PATH);
    assert_eq!(r.authorization(), Some(format!("Bearer {KEY}").as_str()));
    assert_eq!(r.header("accept"), Some("text/event-stream"));
    assert_eq!(r.header("content-type"), Some("application/json"));
    // The whole body: no reasoning, no extra fields.
    assert_eq!(
        r.body,
        json!({
            "model": MODEL,
            "messages": [
                { "role": "user", "content": "第一个问题" },
                { "role": "assistant", "content": "第一个回答" },
                { "role": "user", "content": "第二个问题" },
            ],
            "stream": true,
            "temperature": 0.5,
            "max_tokens": 1024,
            "stream_options": { "include_usage": true },
        })
    );
}

#[tokio::test]
async fn without_a_key_no_authorization_is_sent() {
    let fake = FakeLlm::start().await;
    let (_, error) = ask(&provider(&fake.base_url(), false), &hello()).await;
    assert!(error.is_none(), "{error:?}");
    let received = fake.requests();
    assert_eq!(received[0].authorization(), None);
}

#[tokio::test]
async fn a_wrong_base_url_path_is_rejected_as_not_found() {
    let fake = FakeLlm::start().await;
    let base = fake.base_url().replace("/v1", "/v2");
    let error = provider(&base, true).stream_chat(&hello()).await.err();
    assert!(
        matches!(&error, Some(LlmError::Rejected { status: 404, message }) if message.contains("no route")),
        "{error:?}"
    );
}

#[tokio::test]
async fn an_unreachable_provider_is_unreachable() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    drop(listener);
    let error = provider(&format!("http://{addr}/v1"), true)
        .stream_chat(&hello())
        .await
        .err();
    assert!(matches!(error, Some(LlmError::Unreachable(_))), "{error:?}");
}

#[tokio::test]
async fn logs_hold_neither_the_key_nor_any_text() {
    let (logs, _guard) = capture_logs();
    let fake = fake_with(Scenario::reasoning_answer(["思考的秘密"], ["回答的秘密"])).await;
    let p = provider(&fake.base_url(), true);
    let secret_question = request(vec![ChatMessage::user("提问的秘密")]);

    let (events, error) = ask(&p, &secret_question).await;
    assert!(error.is_none() && events.len() == 4, "{events:?} {error:?}");

    fake.set(Scenario::DropAfter {
        content: vec!["回答的秘密".into()],
        gap: Duration::ZERO,
    });
    let (_, error) = ask(&p, &secret_question).await;
    assert!(matches!(error, Some(LlmError::Dropped(_))));

    fake.set(Scenario::status_json(
        400,
        json!({ "error": { "message": "bad request near 提问的秘密" } }),
    ));
    let error = p.stream_chat(&secret_question).await.err();
    assert!(matches!(error, Some(LlmError::Rejected { .. })));

    fake.set(raw(
        vec![data(
            json!({ "error": { "message": "mid-stream 提问的秘密", "code": 400 } }),
        )],
        End::Hang,
    ));
    let (_, error) = ask(&p, &secret_question).await;
    assert!(matches!(error, Some(LlmError::Rejected { .. })));

    fake.set(Scenario::answer(["回答的秘密"; 20]));
    let mut stream = p.stream_chat(&secret_question).await.unwrap();
    stream.next().await;
    drop(stream);

    let text = logs.text();
    // The logs were captured: provider, model and status are there.
    assert!(text.contains("test-llm"), "{text}");
    assert!(text.contains(MODEL), "{text}");
    assert!(text.contains("status=400"), "{text}");
    for secret in [KEY, "9f8e7d6c5b4a", "秘密"] {
        assert!(!text.contains(secret), "the logs hold {secret:?}:\n{text}");
    }
}
