//! Helpers of the adapter tests: log capture, a provider, requests, draining a stream.
#![allow(dead_code)]

#[allow(unused_imports)] // not every test binary checks the log
pub use log_capture::capture_logs;

use adapter_llm::{LlmConfig, OpenAiCompatibleProvider};
use chat::LlmError;
use chat::model::{ChatEvent, ChatMessage, ChatRequest};
use chat::ports::{EventStream, LlmProvider};
use futures_util::StreamExt as _;
use secrecy::SecretString;
use std::time::Duration;

pub const KEY: &str = "sk-test-9f8e7d6c5b4a39281706f5e4d3c2b1a0";
pub const MODEL: &str = "deepseek-chat";

/// A provider for `base_url`, with [`KEY`] or without a key.
pub fn provider(base_url: &str, with_key: bool) -> OpenAiCompatibleProvider {
    let mut config = LlmConfig::new(
        "test-llm",
        base_url,
        with_key.then(|| SecretString::from(KEY)),
    );
    config.connect_timeout = Duration::from_secs(2);
    OpenAiCompatibleProvider::new(config).unwrap()
}

/// A valid request of these messages.
pub fn request(messages: Vec<ChatMessage>) -> ChatRequest {
    ChatRequest {
        model: MODEL.to_owned(),
        messages,
        temperature: 0.5,
        max_tokens: 1024,
    }
}

pub fn hello() -> ChatRequest {
    request(vec![ChatMessage::user("你好")])
}

/// Turns a hang into a failure: a bound for waiting on something that must happen, never an
/// assertion about how long it took (docs/testing.md).
pub const HANG_GUARD: Duration = Duration::from_secs(30);

/// Every event of the stream, and the error that ended it if one did. Fails the test if an
/// error is not the last item, or if the stream hangs ([`HANG_GUARD`]).
pub async fn drain(mut stream: EventStream) -> (Vec<ChatEvent>, Option<LlmError>) {
    let mut events = Vec::new();
    loop {
        let next = tokio::time::timeout(HANG_GUARD, stream.next())
            .await
            .expect("the stream hung");
        match next {
            None => return (events, None),
            Some(Ok(event)) => events.push(event),
            Some(Err(error)) => {
                assert!(
                    stream.next().await.is_none(),
                    "the stream went on after {error:?}"
                );
                return (events, Some(error));
            }
        }
    }
}

/// Sends `request` to `provider` and drains the answer.
pub async fn ask(
    provider: &OpenAiCompatibleProvider,
    request: &ChatRequest,
) -> (Vec<ChatEvent>, Option<LlmError>) {
    let stream = provider.stream_chat(request).await.expect("no stream");
    drain(stream).await
}

pub fn content(text: &str) -> ChatEvent {
    ChatEvent::Content(text.to_owned())
}

pub fn reasoning(text: &str) -> ChatEvent {
    ChatEvent::Reasoning(text.to_owned())
}

pub fn finished(reason: &str) -> ChatEvent {
    ChatEvent::Finished {
        reason: reason.to_owned(),
    }
}
