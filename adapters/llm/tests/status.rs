#![allow(clippy::unwrap_used, clippy::expect_used)]
//! `OpenAiCompatibleProvider` against wiremock: every status of the `# Errors` list, answers
//! that are no event stream, and a whole event stream in one body.

mod common;

use chat::LlmError;
use chat::model::{ChatEvent, TokenUsage};
use chat::ports::{EventStream, LlmProvider};
use common::*;
use serde_json::json;
use wiremock::matchers::{body_partial_json, header, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

async fn server_answering(template: ResponseTemplate) -> MockServer {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/chat/completions"))
        .respond_with(template)
        .mount(&server)
        .await;
    server
}

async fn call(template: ResponseTemplate) -> Result<EventStream, LlmError> {
    let server = server_answering(template).await;
    provider(&format!("{}/v1", server.uri()), true)
        .stream_chat(&hello())
        .await
}

async fn error_for(template: ResponseTemplate) -> LlmError {
    match call(template).await {
        Ok(_) => panic!("a stream instead of an error"),
        Err(e) => e,
    }
}

fn error_json(message: &str) -> serde_json::Value {
    json!({ "error": { "message": message, "type": "invalid_request_error", "param": null, "code": null } })
}

#[tokio::test]
async fn refused_credentials_are_unauthorized() {
    for status in [401, 403] {
        let e = error_for(ResponseTemplate::new(status).set_body_json(error_json("bad key"))).await;
        assert!(
            matches!(e, LlmError::Unauthorized { status: s } if s == status),
            "{status}: {e:?}"
        );
    }
}

#[tokio::test]
async fn rate_limits_carry_retry_after_in_seconds() {
    let e = error_for(ResponseTemplate::new(429).insert_header("Retry-After", "17")).await;
    assert!(
        matches!(
            e,
            LlmError::RateLimited {
                retry_after_secs: Some(17)
            }
        ),
        "{e:?}"
    );
    let e = error_for(ResponseTemplate::new(429)).await;
    assert!(
        matches!(
            e,
            LlmError::RateLimited {
                retry_after_secs: None
            }
        ),
        "{e:?}"
    );
    // An HTTP-date is not understood, and not guessed at.
    let e = error_for(
        ResponseTemplate::new(429).insert_header("Retry-After", "Wed, 21 Oct 2015 07:28:00 GMT"),
    )
    .await;
    assert!(
        matches!(
            e,
            LlmError::RateLimited {
                retry_after_secs: None
            }
        ),
        "{e:?}"
    );
}

#[tokio::test]
async fn server_errors_and_other_statuses_are_upstream() {
    for status in [500, 502, 503, 504, 408, 302] {
        let mut template = ResponseTemplate::new(status).set_body_string("<h1>oops</h1>");
        if status == 302 {
            // Not followed: a POST must not silently become something else elsewhere.
            template = template.insert_header("Location", "http://127.0.0.1:9/elsewhere");
        }
        let e = error_for(template).await;
        assert!(
            matches!(e, LlmError::Upstream { status: s } if s == status),
            "{status}: {e:?}"
        );
    }
}

#[tokio::test]
async fn refused_requests_carry_the_providers_message() {
    let e = error_for(ResponseTemplate::new(400).set_body_json(error_json(
        "This model's maximum context length is 65536 tokens.",
    )))
    .await;
    assert!(
        matches!(&e, LlmError::Rejected { status: 400, message }
            if message == "This model's maximum context length is 65536 tokens."),
        "{e:?}"
    );

    let long = "错".repeat(1000);
    let e = error_for(ResponseTemplate::new(422).set_body_json(error_json(&long))).await;
    let LlmError::Rejected {
        status: 422,
        message,
    } = e
    else {
        panic!("{e:?}")
    };
    assert_eq!(message, "错".repeat(300));

    // Ollama: the model is not pulled.
    let e = error_for(
        ResponseTemplate::new(404).set_body_json(json!({ "error": { "message": "model \"qwen3\" not found, try pulling it first", "type": "api_error" } })),
    )
    .await;
    assert!(
        matches!(&e, LlmError::Rejected { status: 404, message } if message.starts_with("model \"qwen3\" not found")),
        "{e:?}"
    );

    // No JSON at all: the reason phrase.
    let e = error_for(ResponseTemplate::new(413).set_body_string("<html>too big</html>")).await;
    assert!(
        matches!(&e, LlmError::Rejected { status: 413, message } if message == "Payload Too Large"),
        "{e:?}"
    );
}

#[tokio::test]
async fn a_200_that_is_no_event_stream_is_malformed() {
    let html = ResponseTemplate::new(200)
        .set_body_raw("<html><body>Login to the proxy</body></html>", "text/html");
    let e = error_for(html).await;
    assert!(
        matches!(&e, LlmError::Malformed(why) if why.contains("text/html")),
        "{e:?}"
    );

    // A non-streaming completion: the server ignored `stream: true`.
    let e = error_for(ResponseTemplate::new(200).set_body_json(json!({
        "choices": [{ "message": { "role": "assistant", "content": "hi" } }]
    })))
    .await;
    assert!(matches!(e, LlmError::Malformed(_)), "{e:?}");
}

#[tokio::test]
async fn a_whole_event_stream_in_one_body_is_parsed_too() {
    let body = concat!(
        "data: {\"id\":\"1\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":null,\"reasoning_content\":\"\"},\"logprobs\":null,\"finish_reason\":null}],\"usage\":null}\r\n\r\n",
        ": keep-alive\r\n\r\n",
        "data: {\"id\":\"1\",\"choices\":[{\"index\":0,\"delta\":{\"content\":null,\"reasoning_content\":\"嗯\"},\"finish_reason\":null}],\"usage\":null}\r\n\r\n",
        "data: {\"id\":\"1\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"好\",\"reasoning_content\":null},\"finish_reason\":null}],\"usage\":null}\r\n\r\n",
        "data: {\"id\":\"1\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"\",\"reasoning_content\":null},\"finish_reason\":\"length\"}],\"usage\":{\"prompt_tokens\":9,\"completion_tokens\":2,\"total_tokens\":11,\"prompt_cache_hit_tokens\":0,\"completion_tokens_details\":{\"reasoning_tokens\":1}}}\r\n\r\n",
        "data: [DONE]\r\n\r\n",
    );
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/chat/completions"))
        .and(header("authorization", format!("Bearer {KEY}").as_str()))
        .and(body_partial_json(json!({ "model": MODEL, "stream": true })))
        .respond_with(ResponseTemplate::new(200).set_body_raw(body, "text/event-stream"))
        .expect(1)
        .mount(&server)
        .await;

    // DeepSeek's style of base URL: no `/v1`.
    let (events, error) = ask(&provider(&server.uri(), true), &hello()).await;
    assert!(error.is_none(), "{error:?}");
    assert_eq!(
        events,
        [
            reasoning("嗯"),
            content("好"),
            finished("length"),
            ChatEvent::Usage(TokenUsage {
                prompt_tokens: 9,
                completion_tokens: 2,
                total_tokens: 11,
            }),
        ]
    );
}
