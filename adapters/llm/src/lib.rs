//! Language models behind an OpenAI-compatible streaming API, for the chat domain's
//! [`chat::ports::LlmProvider`] port.
//!
//! [`OpenAiCompatibleProvider`] POSTs `{base_url}/chat/completions` with `stream: true` and
//! turns the server-sent events into [`chat::ChatEvent`]s. The same client serves DeepSeek
//! (`https://api.deepseek.com`, the default), Ollama (`http://localhost:11434/v1`), vLLM,
//! llama.cpp's server, OpenRouter and any other server speaking that dialect: see
//! [`LlmConfig`].
//!
//! # What the client does not do
//!
//! It sets no overall request time-out: an answer may stream for minutes, and a provider may
//! queue a request for a long time while sending only `: keep-alive` comments. Only connecting
//! is bounded ([`LlmConfig::connect_timeout`]); the chat service enforces the time to the
//! first token and the total duration by dropping the future or the stream, which closes the
//! connection and so cancels the request upstream. Nothing is spawned that outlives them. It
//! does not retry and does not follow redirects (a 3xx is [`chat::LlmError::Upstream`]).
//!
//! # Errors
//!
//! How each failure becomes a [`chat::LlmError`] is listed on
//! [`OpenAiCompatibleProvider`]'s `stream_chat`; the tests in `tests/` check every line.
//!
//! # What is never logged
//!
//! The API key and the text of messages, answers and reasoning, nor the provider's error
//! messages (they may quote the request). Logged: the provider's name, the model, HTTP status,
//! durations, counts of deltas and how a stream ended.
//!
//! # The fake server
//!
//! With the `fake` feature, [`fake::FakeLlm`] is a scriptable OpenAI-compatible server on
//! 127.0.0.1 for this crate's tests, the application's API tests and the chat benchmark.
//!
//! This crate implements a port and nothing else: it must not depend on the application
//! server, on actix-web, on storage adapters or on other adapters.

mod answer;
mod body;
mod error_answer;
mod provider;

#[cfg(feature = "fake")]
pub mod fake;

pub use provider::{LlmConfig, OpenAiCompatibleProvider};
