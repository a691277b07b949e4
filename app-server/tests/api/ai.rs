//! The AI assistant's API (`POST /api/ai/chat`, `GET /api/ai/models`) against a local fake
//! OpenAI-compatible provider, on SQLite and PostgreSQL.

use crate::helpers::{TestApp, browser, reply, spawn_app_with, spawn_on};
use adapter_llm::fake::{End, FakeLlm, Scenario};
use adapter_postgres::testing::TestDb;
use app_server::config::Config;
use app_server::http::ai::settings::LlmSettings;
use futures_util::StreamExt;
use serde_json::{Value, json};
use std::time::Duration;

const KEY: &str = "sk-test-0123456789";

fn configure_llm(config: &mut Config, fake: &FakeLlm) {
    config
        .areas
        .get_mut::<app_server::http::ai::settings::AiSettings>()
        .llm = Some(LlmSettings {
        base_url: fake.base_url(),
        api_key: Some(secrecy::SecretString::from(KEY)),
        models: vec!["deepseek-chat".into(), "deepseek-reasoner".into()],
        connect_timeout: Duration::from_secs(2),
    });
}

/// A server over `db` whose provider is `fake`, with a signed-in user `ada` on `app.client`.
async fn signed_in_app(db: TestDb, fake: &FakeLlm, tweak: impl FnOnce(&mut Config)) -> TestApp {
    let app = spawn_app_with(db, |c| {
        configure_llm(c, fake);
        tweak(c);
    })
    .await;
    assert_eq!(app.register("ada", "ada-password-1").await.status, 201);
    app
}

fn hello() -> Value {
    json!({
        "messages": [{ "role": "user", "content": "你好" }],
        "stream": true,
        "model": "deepseek-chat",
        "temperature": 0.7,
        "max_tokens": 4096
    })
}

async fn chat_as(
    app: &TestApp,
    client: &reqwest::Client,
    body: &Value,
    lang: &str,
) -> reqwest::Response {
    client
        .post(app.url("/api/ai/chat"))
        .header("Accept-Language", lang)
        .json(body)
        .send()
        .await
        .unwrap()
}

async fn chat(app: &TestApp, body: &Value) -> reqwest::Response {
    chat_as(app, &app.client, body, "en").await
}

/// The `data: ` payloads of an SSE body, in order (comments dropped).
fn data_lines(body: &str) -> Vec<String> {
    body.split("\n\n")
        .filter_map(|event| event.strip_prefix("data: "))
        .map(str::to_owned)
        .collect()
}

fn deltas(lines: &[String], field: &str) -> String {
    lines
        .iter()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter_map(|v| v["choices"][0]["delta"][field].as_str().map(str::to_owned))
        .collect()
}

#[tokio::test]
async fn an_answer_streams_reasoning_then_content_as_openai_chunks_then_done() {
    for db in TestDb::all().await {
        let fake = FakeLlm::start().await;
        fake.set(Scenario::reasoning_answer(["先想", "一想"], ["你好", "！"]));
        let app = signed_in_app(db, &fake, |_| {}).await;
        let history = json!({
            "messages": [
                { "role": "user", "content": "hi" },
                // A client may keep reasoning next to a message; it never goes upstream.
                { "role": "assistant", "content": "hello", "reasoning": "secret thoughts" },
                { "role": "user", "content": "你好" }
            ],
            "stream": true, "model": "deepseek-reasoner", "temperature": 0.3, "max_tokens": 100
        });
        let res = app
            .client
            .post(app.url("/api/ai/chat"))
            .header("Accept-Encoding", "gzip")
            .json(&history)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
        let headers = res.headers().clone();
        assert!(
            headers["content-type"]
                .to_str()
                .unwrap()
                .starts_with("text/event-stream")
        );
        assert_eq!(headers["cache-control"], "no-cache, no-transform");
        assert_eq!(headers["x-accel-buffering"], "no");
        assert_ne!(
            headers.get("content-encoding").map(|v| v.to_str().unwrap()),
            Some("gzip"),
            "compression would hold events back"
        );
        let lines = data_lines(&res.text().await.unwrap());
        assert_eq!(lines.last().unwrap(), "[DONE]");
        assert_eq!(deltas(&lines, "reasoning"), "先想一想");
        assert_eq!(deltas(&lines, "content"), "你好！");
        let first_content = lines
            .iter()
            .position(|l| l.contains("\"content\""))
            .unwrap();
        let last_reasoning = lines
            .iter()
            .rposition(|l| l.contains("\"reasoning\""))
            .unwrap();
        assert!(last_reasoning < first_content, "reasoning comes first");
        let chunks: Vec<Value> = lines[..lines.len() - 1]
            .iter()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert!(
            chunks
                .iter()
                .all(|c| c["object"] == "chat.completion.chunk")
        );
        assert!(
            chunks
                .iter()
                .any(|c| c["choices"][0]["finish_reason"] == "stop")
        );
        assert!(
            chunks
                .iter()
                .any(|c| c["usage"]["total_tokens"].as_u64().is_some())
        );

        let sent = fake.requests();
        assert_eq!(sent.len(), 1);
        assert_eq!(
            sent[0].authorization(),
            Some(format!("Bearer {KEY}").as_str())
        );
        let body = &sent[0].body;
        assert_eq!(body["model"], "deepseek-reasoner");
        assert_eq!(body["stream"], true);
        assert_eq!(body["max_tokens"], 100);
        assert!((body["temperature"].as_f64().unwrap() - 0.3).abs() < 1e-6);
        assert_eq!(
            body["messages"],
            json!([
                { "role": "user", "content": "hi" },
                { "role": "assistant", "content": "hello" },
                { "role": "user", "content": "你好" }
            ])
        );
    }
}

/// Turns a hang into a failure. Never the thing a test asserts: no test measures how long
/// anything took (docs/testing.md).
const HANG_GUARD: Duration = Duration::from_secs(30);

#[tokio::test]
async fn each_event_is_sent_as_soon_as_it_arrives() {
    let Some(db) = TestDb::all().await.into_iter().next() else {
        return;
    };
    let fake = FakeLlm::start().await;
    // The fake sends "one", then waits for `release` before "two" and "three".
    fake.set(Scenario::Gated {
        before: vec!["one".into()],
        after: vec!["two".into(), "three".into()],
    });
    let app = signed_in_app(db, &fake, |_| {}).await;
    let mut body = chat(&app, &hello()).await.bytes_stream();
    let mut seen = String::new();
    // Order, not time: "one" must reach the client while the provider holds the rest back, so
    // nothing that comes later can have pushed it out of a buffer.
    tokio::time::timeout(HANG_GUARD, async {
        while !seen.contains("\"content\":\"one\"") {
            let bytes = body.next().await.expect("the stream ended").unwrap();
            seen.push_str(&String::from_utf8_lossy(&bytes));
        }
    })
    .await
    .expect("the first delta was held back until more came");
    assert!(!seen.contains("\"content\":\"two\""), "{seen}");
    fake.release();
    while let Some(bytes) = body.next().await {
        seen.push_str(&String::from_utf8_lossy(&bytes.unwrap()));
    }
    let lines = data_lines(&seen);
    assert_eq!(deltas(&lines, "content"), "onetwothree");
    assert_eq!(lines.last().unwrap(), "[DONE]");
}

#[tokio::test]
async fn signed_out_visitors_are_asked_to_sign_in_unless_anonymous_use_is_on() {
    for db in TestDb::all().await {
        let fake = FakeLlm::start().await;
        let app = spawn_app_with(db, |c| configure_llm(c, &fake)).await;
        let models = app.get("/api/ai/models").await;
        assert_eq!(
            models.body,
            json!({
                "success": true, "available": true, "signInRequired": true,
                "models": ["deepseek-chat", "deepseek-reasoner"], "defaultModel": "deepseek-chat"
            })
        );
        let en = reply(chat(&app, &hello()).await).await;
        assert_eq!((en.status, en.code()), (401, "unauthorized"));
        assert_eq!(en.message(), "Sign in to use the AI assistant");
        let zh = reply(chat_as(&app, &app.client, &hello(), "zh-CN").await).await;
        assert_eq!(zh.message(), "登录后即可使用 AI 助手");
        assert_eq!(fake.request_count(), 0);
    }
    let Some(db) = TestDb::all().await.into_iter().next() else {
        return;
    };
    let fake = FakeLlm::start().await;
    let app = spawn_app_with(db, |c| {
        configure_llm(c, &fake);
        c.areas
            .get_mut::<app_server::http::ai::settings::AiSettings>()
            .policy
            .allow_anonymous = true;
    })
    .await;
    assert_eq!(
        app.get("/api/ai/models").await.body["signInRequired"],
        false
    );
    let res = chat(&app, &hello()).await;
    assert_eq!(res.status(), 200);
    assert_eq!(
        deltas(&data_lines(&res.text().await.unwrap()), "content"),
        "Hello, world!"
    );
}

#[tokio::test]
async fn without_a_provider_the_assistant_says_it_is_not_configured() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, |c| {
            c.areas
                .get_mut::<app_server::http::ai::settings::AiSettings>()
                .llm = None
        })
        .await;
        assert_eq!(app.register("ada", "ada-password-1").await.status, 201);
        let models = app.get("/api/ai/models").await;
        assert_eq!(models.body["available"], false);
        let en = reply(chat(&app, &hello()).await).await;
        assert_eq!((en.status, en.code()), (503, "ai_unavailable"));
        assert_eq!(
            en.message(),
            "The AI assistant is not configured on this server"
        );
        let zh = reply(chat_as(&app, &app.client, &hello(), "zh").await).await;
        assert_eq!(zh.message(), "本站尚未配置 AI 助手");
    }
}

#[tokio::test]
async fn invalid_requests_get_a_clear_422_and_never_reach_the_provider() {
    for db in TestDb::all().await {
        let fake = FakeLlm::start().await;
        let app = signed_in_app(db, &fake, |c| {
            c.areas
                .get_mut::<app_server::http::ai::settings::AiSettings>()
                .policy
                .limits
                .max_message_chars = 10
        })
        .await;
        let cases = [
            (
                json!({ "messages": [{ "role": "user", "content": "hi" }], "model": "gpt-9" }),
                "unknown_model",
                "model",
            ),
            (
                json!({ "messages": [] }),
                "invalid_chat_request",
                "messages",
            ),
            (
                json!({ "messages": [{ "role": "user", "content": "hi" }, { "role": "user", "content": " \n " }] }),
                "invalid_chat_request",
                "messages[1].content",
            ),
            (
                json!({ "messages": [{ "role": "system", "content": "obey" }, { "role": "user", "content": "hi" }] }),
                "invalid_chat_request",
                "messages[0].role",
            ),
            (
                json!({ "messages": [{ "role": "user", "content": "十一个汉字十一个汉字啊" }] }),
                "invalid_chat_request",
                "messages[0].content",
            ),
            (
                json!({ "messages": [{ "role": "user", "content": "hi" }, { "role": "assistant", "content": "yo" }] }),
                "invalid_chat_request",
                "messages",
            ),
            (
                json!({ "messages": [{ "role": "user", "content": "hi" }], "temperature": 2.5 }),
                "invalid_chat_request",
                "temperature",
            ),
            (
                json!({ "messages": [{ "role": "user", "content": "hi" }], "max_tokens": 0 }),
                "invalid_chat_request",
                "max_tokens",
            ),
        ];
        for (body, code, field) in cases {
            let r = reply(chat(&app, &body).await).await;
            assert_eq!((r.status, r.code()), (422, code), "{body}");
            assert!(r.body["fields"][field].is_string(), "{field} in {}", r.body);
        }
        let zh = reply(
            chat_as(
                &app,
                &app.client,
                &json!({ "messages": [], "stream": true }),
                "zh",
            )
            .await,
        )
        .await;
        assert_eq!(zh.message(), "请至少发送一条消息");
        // Wrong types are a 400, like every other endpoint.
        let r = reply(chat(&app, &json!({ "messages": "hi" })).await).await;
        assert_eq!((r.status, r.code()), (400, "invalid_body"));
        assert_eq!(fake.request_count(), 0);
    }
}

#[tokio::test]
async fn a_third_concurrent_stream_is_refused_until_one_ends() {
    for db in TestDb::all().await {
        let fake = FakeLlm::start().await;
        fake.set(Scenario::KeepAliveForever {
            interval: Duration::from_millis(100),
        });
        let app = signed_in_app(db, &fake, |_| {}).await;
        let one = chat(&app, &hello()).await;
        let two = chat(&app, &hello()).await;
        assert_eq!((one.status().as_u16(), two.status().as_u16()), (200, 200));
        let third = reply(chat(&app, &hello()).await).await;
        assert_eq!((third.status, third.code()), (429, "ai_too_many_streams"));
        assert_eq!(
            third.message(),
            "Two answers are already being written; please wait for them to finish (try again in 1 s)"
        );
        assert_eq!(
            fake.request_count(),
            2,
            "the refused one never reached the provider"
        );

        drop(one);
        // The server notices the client left, hangs up on the provider and frees the slot.
        assert!(
            fake.wait_for_cancel(HANG_GUARD).await,
            "the server never hung up on the provider"
        );
        tokio::time::timeout(HANG_GUARD, async {
            while chat(&app, &hello()).await.status() != 200 {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        })
        .await
        .expect("the slot never came back");
        drop(two);
    }
}

#[tokio::test]
async fn two_instances_count_one_users_streams_together() {
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let fake = FakeLlm::start().await;
    fake.set(Scenario::KeepAliveForever {
        interval: Duration::from_millis(100),
    });
    let (conn, url) = (db.db.clone(), db.url.clone());
    let a = signed_in_app(db, &fake, |_| {}).await;
    let b = spawn_on(conn, &url, |c| configure_llm(c, &fake)).await;
    let browser_b = browser(&b.address);
    assert_eq!(
        b.login_as(&browser_b, "ada", "ada-password-1").await.status,
        200
    );
    let _one = chat(&a, &hello()).await;
    let _two = chat_as(&b, &browser_b, &hello(), "en").await;
    let third = reply(chat(&a, &hello()).await).await;
    assert_eq!(third.code(), "ai_too_many_streams");
    let fourth = reply(chat_as(&b, &browser_b, &hello(), "en").await).await;
    assert_eq!(fourth.code(), "ai_too_many_streams");
}

#[tokio::test]
async fn the_request_rate_is_limited_per_user() {
    for db in TestDb::all().await {
        let fake = FakeLlm::start().await;
        let app = signed_in_app(db, &fake, |c| {
            c.areas
                .get_mut::<app_server::http::ai::settings::AiSettings>()
                .policy
                .rate = kernel::RateLimitRule {
                limit: 2,
                window_secs: 60,
            };
        })
        .await;
        for _ in 0..2 {
            let res = chat(&app, &hello()).await;
            assert_eq!(res.status(), 200);
            res.text().await.unwrap();
        }
        let r = reply(chat_as(&app, &app.client, &hello(), "zh").await).await;
        assert_eq!((r.status, r.code()), (429, "ai_rate_limited"));
        let retry: u64 = r.headers["retry-after"].to_str().unwrap().parse().unwrap();
        assert!((1..=60).contains(&retry), "Retry-After {retry}");
        assert_eq!(r.message(), format!("提问太频繁了，请 {retry} 秒后再试"));
    }
}

#[tokio::test]
async fn the_daily_token_quota_stops_a_user_until_tomorrow() {
    for db in TestDb::all().await {
        let fake = FakeLlm::start().await;
        // The fake reports total_tokens 14 for this answer (10 prompt + 4 deltas).
        let app = signed_in_app(db, &fake, |c| {
            c.areas
                .get_mut::<app_server::http::ai::settings::AiSettings>()
                .policy
                .daily_token_quota = 20
        })
        .await;
        let first = chat(&app, &hello()).await;
        first.text().await.unwrap();
        // Usage is recorded before the end of the stream is sent, so the next request sees it.
        let refused = tokio::time::timeout(HANG_GUARD, async {
            loop {
                let res = chat(&app, &hello()).await;
                if res.status() == 429 {
                    break reply(res).await;
                }
                res.text().await.unwrap();
            }
        })
        .await
        .expect("the quota never ran out");
        assert_eq!(refused.code(), "ai_quota_exhausted");
        let retry: u64 = refused.headers["retry-after"]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        assert!((1..=86_400).contains(&retry));
        assert_eq!(
            fake.request_count(),
            2,
            "14 tokens, then 28: the third request is refused"
        );
    }
}

#[tokio::test]
async fn provider_failures_before_the_stream_become_clear_errors() {
    for db in TestDb::all().await {
        let fake = FakeLlm::start().await;
        let app = signed_in_app(db, &fake, |c| {
            c.areas
                .get_mut::<app_server::http::ai::settings::AiSettings>()
                .policy
                .first_token_timeout = Duration::from_millis(600);
        })
        .await;
        let cases = [
            (
                Scenario::status_json(401, json!({ "error": { "message": "bad key" } })),
                502,
                "ai_upstream_error",
                "AI 服务暂时不可用，请联系管理员",
            ),
            (
                Scenario::Status {
                    status: 429,
                    body: "{}".into(),
                    content_type: "application/json".into(),
                    retry_after: Some(7),
                },
                503,
                "ai_provider_busy",
                "AI 服务繁忙，请稍后再试",
            ),
            (
                Scenario::status_json(500, json!({ "error": "boom" })),
                502,
                "ai_upstream_error",
                "AI 服务出错了，请稍后再试",
            ),
            (
                Scenario::status_json(400, json!({ "error": { "message": "context too long" } })),
                422,
                "ai_request_rejected",
                "AI 服务拒绝了这次请求，对话可能太长",
            ),
            (
                Scenario::Status {
                    status: 200,
                    body: "<html>gateway</html>".into(),
                    content_type: "text/html".into(),
                    retry_after: None,
                },
                502,
                "ai_upstream_invalid",
                "AI 服务返回了无法识别的内容",
            ),
            (
                Scenario::Hang,
                504,
                "ai_upstream_timeout",
                "AI 服务响应超时，请稍后再试",
            ),
        ];
        for (scenario, status, code, zh) in cases {
            fake.set(scenario.clone());
            let r = reply(chat_as(&app, &app.client, &hello(), "zh").await).await;
            assert_eq!((r.status, r.code()), (status, code), "{scenario:?}");
            assert_eq!(r.message(), zh);
            if code == "ai_provider_busy" {
                assert_eq!(r.headers["retry-after"], "7");
            }
        }
    }
}

#[tokio::test]
async fn an_unreachable_provider_is_a_502() {
    let Some(db) = TestDb::all().await.into_iter().next() else {
        return;
    };
    let fake = FakeLlm::start().await;
    let app = signed_in_app(db, &fake, |c| {
        if let Some(llm) = c
            .areas
            .get_mut::<app_server::http::ai::settings::AiSettings>()
            .llm
            .as_mut()
        {
            // Port 9 (discard) is closed here: the connection is refused.
            llm.base_url = "http://127.0.0.1:9/v1".into();
        }
    })
    .await;
    let r = reply(chat(&app, &hello()).await).await;
    assert_eq!((r.status, r.code()), (502, "ai_upstream_unreachable"));
}

#[tokio::test]
async fn keep_alives_cannot_extend_the_first_token_deadline() {
    let Some(db) = TestDb::all().await.into_iter().next() else {
        return;
    };
    let fake = FakeLlm::start().await;
    fake.set(Scenario::KeepAliveForever {
        interval: Duration::from_millis(100),
    });
    let app = signed_in_app(db, &fake, |c| {
        c.areas
            .get_mut::<app_server::http::ai::settings::AiSettings>()
            .policy
            .first_token_timeout = Duration::from_millis(800);
    })
    .await;
    let res = chat(&app, &hello()).await;
    assert_eq!(res.status(), 200, "the provider's stream had begun");
    // The provider keeps the stream alive for ever: the answer ends only because the deadline
    // held (when the deadline fires is the chat service's unit tests' business, on paused time).
    let text = tokio::time::timeout(HANG_GUARD, res.text())
        .await
        .expect("keep-alives extended the first-token deadline")
        .unwrap();
    assert!(
        fake.wait_for_cancel(HANG_GUARD).await,
        "the server never hung up on the provider"
    );
    let lines = data_lines(&text);
    let last: Value = serde_json::from_str(lines.last().unwrap()).unwrap();
    assert_eq!(last["error"]["code"], "ai_upstream_timeout");
    assert!(!lines.contains(&"[DONE]".to_owned()));
}

#[tokio::test]
async fn a_drop_mid_stream_ends_with_an_error_event_after_what_arrived() {
    for db in TestDb::all().await {
        let fake = FakeLlm::start().await;
        fake.set(Scenario::DropAfter {
            content: vec!["部分".into(), "回答".into()],
            gap: Duration::from_millis(20),
        });
        let app = signed_in_app(db, &fake, |_| {}).await;
        let res = chat_as(&app, &app.client, &hello(), "zh").await;
        assert_eq!(res.status(), 200);
        let lines = data_lines(&res.text().await.unwrap());
        assert_eq!(deltas(&lines, "content"), "部分回答");
        let last: Value = serde_json::from_str(lines.last().unwrap()).unwrap();
        assert_eq!(last["error"]["code"], "ai_stream_interrupted");
        assert_eq!(last["error"]["message"], "回答中途中断了，请重试");
        assert!(!lines.contains(&"[DONE]".to_owned()));
    }
}

#[tokio::test]
async fn utf8_split_across_chunks_passes_through_byte_exact() {
    let Some(db) = TestDb::all().await.into_iter().next() else {
        return;
    };
    let fake = FakeLlm::start().await;
    let event = "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"你好世界🙂\"}}]}\n\n";
    // Cut inside 好 (3 bytes) and inside 🙂 (4 bytes).
    let bytes = event.as_bytes();
    let cut1 = event.find('好').unwrap() + 1;
    let cut2 = event.find('🙂').unwrap() + 2;
    let chunks = vec![
        (bytes[..cut1].to_vec(), Duration::ZERO),
        (bytes[cut1..cut2].to_vec(), Duration::from_millis(50)),
        (bytes[cut2..].to_vec(), Duration::from_millis(50)),
        (b"data: [DONE]\n\n".to_vec(), Duration::ZERO),
    ];
    fake.set(Scenario::Raw {
        chunks,
        then: End::Finish,
    });
    let app = signed_in_app(db, &fake, |_| {}).await;
    let lines = data_lines(&chat(&app, &hello()).await.text().await.unwrap());
    assert_eq!(deltas(&lines, "content"), "你好世界🙂");
    assert_eq!(lines.last().unwrap(), "[DONE]");
}

#[tokio::test]
async fn a_browser_that_goes_away_cancels_the_upstream_request_while_the_provider_is_silent() {
    for db in TestDb::all().await {
        let fake = FakeLlm::start().await;
        // Never released: after "first" the provider says nothing more, so only the server's
        // own idle pings can reveal that the browser left.
        fake.set(Scenario::Gated {
            before: vec!["first".into()],
            after: vec!["never".into()],
        });
        let app = signed_in_app(db, &fake, |_| {}).await;
        let res = chat(&app, &hello()).await;
        let mut body = res.bytes_stream();
        let first = body.next().await.unwrap().unwrap();
        assert!(String::from_utf8_lossy(&first).contains("data: "));
        assert!(fake.wait_for_open_streams(1, HANG_GUARD).await);
        drop(body);
        assert!(
            fake.wait_for_cancel(HANG_GUARD).await,
            "the provider still streams to nobody"
        );
        assert_eq!(fake.cancels(), 1);
    }
}

#[tokio::test]
async fn stream_false_answers_one_chat_completion_object() {
    let Some(db) = TestDb::all().await.into_iter().next() else {
        return;
    };
    let fake = FakeLlm::start().await;
    fake.set(Scenario::reasoning_answer(["嗯"], ["Hi", " there"]));
    let app = signed_in_app(db, &fake, |_| {}).await;
    let mut body = hello();
    body["stream"] = json!(false);
    let r = reply(chat(&app, &body).await).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.body["object"], "chat.completion");
    assert_eq!(r.body["choices"][0]["message"]["content"], "Hi there");
    assert_eq!(r.body["choices"][0]["message"]["reasoning"], "嗯");
    assert_eq!(r.body["choices"][0]["finish_reason"], "stop");
}
