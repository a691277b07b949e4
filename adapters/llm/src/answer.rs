//! One streamed answer: server-sent events in, [`ChatEvent`]s out.
//!
//! Each `data:` event is a chunk `{"choices": [{"delta": {…}, "finish_reason": …}], "usage": …}`:
//!
//! - `delta.reasoning_content` (DeepSeek) or, when that is absent or empty, `delta.reasoning`
//!   (vLLM, OpenRouter; some vLLM versions send both with the same text) → [`ChatEvent::Reasoning`];
//! - `delta.content` → [`ChatEvent::Content`]; empty strings and nulls are skipped (DeepSeek
//!   opens with `{"role": "assistant", "content": ""}`);
//! - a non-empty `finish_reason` → [`ChatEvent::Finished`];
//! - a non-null `usage` → [`ChatEvent::Usage`], after the chunk's deltas. Usually once, in a
//!   last chunk with empty `choices`; a provider reporting running totals sends it more than
//!   once, and the last one counts.
//!
//! SSE comments (`: keep-alive`, sent by DeepSeek while a request is queued), `event:`, `id:`
//! and `retry:` fields, and chunks without any of the above are ignored. `data: [DONE]` ends
//! the stream. `{"error": {…}}` ends it with the error it names. Anything else that is not
//! such a chunk ends it with [`LlmError::Malformed`].
//!
//! The connection ending (or failing) before `[DONE]` is [`LlmError::Dropped`] — unless a
//! `finish_reason` came already: the answer is complete and some servers (older Ollama and
//! llama.cpp versions, some proxies) close without `[DONE]`, so the stream just ends.
//!
//! Dropping an [`Answer`] drops the response body, which closes the connection (HTTP/1.1) or
//! resets the stream (HTTP/2): the provider stops generating.

use crate::body::{BodyError, GuardedBody};
use crate::error_answer::{classify_status, error_details};
use anyhow::anyhow;
use chat::LlmError;
use chat::model::{ChatEvent, TokenUsage};
use eventsource_stream::{Event, EventStreamError, Eventsource as _};
use futures_util::Stream;
use serde::Deserialize;
use std::collections::VecDeque;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll, ready};
use std::time::Instant;

type Events =
    Pin<Box<dyn Stream<Item = Result<Event, EventStreamError<BodyError>>> + Send + 'static>>;

/// What is logged about a stream: never its text.
pub(crate) struct StreamLog {
    provider: Arc<str>,
    model: String,
    started: Instant,
    reasoning_deltas: u32,
    content_deltas: u32,
}

impl StreamLog {
    pub(crate) fn new(provider: Arc<str>, model: String, started: Instant) -> Self {
        Self {
            provider,
            model,
            started,
            reasoning_deltas: 0,
            content_deltas: 0,
        }
    }
}

/// The chunk of an OpenAI-compatible stream, the fields we read. No `Debug`: it holds text.
#[derive(Deserialize)]
struct Chunk {
    #[serde(default)]
    choices: Option<Vec<Choice>>,
    #[serde(default)]
    usage: Option<Usage>,
    #[serde(default)]
    error: Option<serde_json::Value>,
}

#[derive(Deserialize)]
struct Choice {
    #[serde(default)]
    delta: Option<Delta>,
    #[serde(default)]
    finish_reason: Option<String>,
}

#[derive(Deserialize)]
struct Delta {
    #[serde(default)]
    content: Option<String>,
    #[serde(default)]
    reasoning_content: Option<String>,
    #[serde(default)]
    reasoning: Option<String>,
}

#[derive(Deserialize)]
struct Usage {
    #[serde(default)]
    prompt_tokens: Option<u64>,
    #[serde(default)]
    completion_tokens: Option<u64>,
    #[serde(default)]
    total_tokens: Option<u64>,
}

enum Flow {
    Continue,
    Done,
}

/// The events of one answer; see the module docs.
pub(crate) struct Answer {
    /// `None` once the stream ended: the connection is released at that moment.
    events: Option<Events>,
    pending: VecDeque<ChatEvent>,
    finish_seen: bool,
    /// The HTTP status, for in-stream errors that name none.
    status: u16,
    log: StreamLog,
}

impl Answer {
    pub(crate) fn new(response: reqwest::Response, log: StreamLog) -> Self {
        let status = response.status().as_u16();
        let events = GuardedBody::new(Box::pin(response.bytes_stream())).eventsource();
        Self {
            events: Some(Box::pin(events)),
            pending: VecDeque::new(),
            finish_seen: false,
            status,
            log,
        }
    }

    fn on_event(&mut self, data: &str) -> Result<Flow, LlmError> {
        let data = data.trim();
        if data.is_empty() {
            return Ok(Flow::Continue);
        }
        if data == "[DONE]" {
            return Ok(Flow::Done);
        }
        let chunk: Chunk = serde_json::from_str(data).map_err(|e| {
            // Not `e` itself: serde's messages quote the values they disliked.
            LlmError::Malformed(format!(
                "unreadable data event ({} bytes; {:?} error at column {})",
                data.len(),
                e.classify(),
                e.column()
            ))
        })?;
        if let Some(error) = chunk.error.filter(|e| !e.is_null()) {
            let (code, message) = error_details(&serde_json::json!({ "error": error }));
            return Err(classify_status(code.unwrap_or(self.status), message, None));
        }
        let non_empty = |s: Option<String>| s.filter(|s| !s.is_empty());
        for choice in chunk.choices.unwrap_or_default() {
            if let Some(delta) = choice.delta {
                if let Some(text) =
                    non_empty(delta.reasoning_content).or_else(|| non_empty(delta.reasoning))
                {
                    self.log.reasoning_deltas += 1;
                    self.pending.push_back(ChatEvent::Reasoning(text));
                }
                if let Some(text) = non_empty(delta.content) {
                    self.log.content_deltas += 1;
                    self.pending.push_back(ChatEvent::Content(text));
                }
            }
            if let Some(reason) = non_empty(choice.finish_reason) {
                self.finish_seen = true;
                self.pending.push_back(ChatEvent::Finished { reason });
            }
        }
        if let Some(usage) = chunk.usage {
            let prompt_tokens = usage.prompt_tokens.unwrap_or(0);
            let completion_tokens = usage.completion_tokens.unwrap_or(0);
            self.pending.push_back(ChatEvent::Usage(TokenUsage {
                prompt_tokens,
                completion_tokens,
                total_tokens: usage
                    .total_tokens
                    .unwrap_or(prompt_tokens + completion_tokens),
            }));
        }
        Ok(Flow::Continue)
    }

    /// What a failure of the event stream means.
    fn on_error(&self, error: EventStreamError<BodyError>) -> Option<LlmError> {
        match error {
            EventStreamError::Transport(BodyError::Transport(e)) => {
                if e.is_timeout() {
                    Some(LlmError::Timeout)
                } else if self.finish_seen {
                    None
                } else {
                    Some(LlmError::Dropped(anyhow::Error::new(e.without_url())))
                }
            }
            EventStreamError::Transport(e) => Some(LlmError::Malformed(e.to_string())),
            EventStreamError::Utf8(_) => Some(LlmError::Malformed(
                "the stream ended inside a UTF-8 character".to_owned(),
            )),
            EventStreamError::Parser(_) => Some(LlmError::Malformed(
                "unreadable event-stream line".to_owned(),
            )),
        }
    }

    /// Ends the stream: releases the connection, logs how it ended, yields `error` if any.
    fn end(&mut self, error: Option<LlmError>) -> Poll<Option<Result<ChatEvent, LlmError>>> {
        self.events = None;
        let log = &self.log;
        match &error {
            None => tracing::info!(
                provider = %log.provider,
                model = %log.model,
                total_ms = log.started.elapsed().as_millis(),
                reasoning_deltas = log.reasoning_deltas,
                content_deltas = log.content_deltas,
                finished = self.finish_seen,
                "answer stream complete"
            ),
            Some(e) => tracing::warn!(
                provider = %log.provider,
                model = %log.model,
                total_ms = log.started.elapsed().as_millis(),
                reasoning_deltas = log.reasoning_deltas,
                content_deltas = log.content_deltas,
                error = %ErrorKind(e),
                "answer stream failed"
            ),
        }
        Poll::Ready(error.map(Err))
    }
}

/// An error for the log: its kind and status, never a provider's message.
struct ErrorKind<'a>(&'a LlmError);

impl std::fmt::Display for ErrorKind<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            LlmError::Rejected { status, .. } => write!(f, "rejected (HTTP {status})"),
            LlmError::Dropped(e) => write!(f, "dropped: {e:#}"),
            other => write!(f, "{other}"),
        }
    }
}

impl Stream for Answer {
    type Item = Result<ChatEvent, LlmError>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        loop {
            if let Some(event) = this.pending.pop_front() {
                return Poll::Ready(Some(Ok(event)));
            }
            let Some(events) = this.events.as_mut() else {
                return Poll::Ready(None);
            };
            match ready!(events.as_mut().poll_next(cx)) {
                None if this.finish_seen => return this.end(None),
                None => {
                    return this.end(Some(LlmError::Dropped(anyhow!(
                        "the connection closed before [DONE]"
                    ))));
                }
                Some(Err(e)) => {
                    let error = this.on_error(e);
                    return this.end(error);
                }
                Some(Ok(event)) => match this.on_event(&event.data) {
                    Ok(Flow::Continue) => {}
                    Ok(Flow::Done) => return this.end(None),
                    Err(e) => return this.end(Some(e)),
                },
            }
        }
    }
}

impl Drop for Answer {
    fn drop(&mut self) {
        if self.events.is_some() {
            tracing::info!(
                provider = %self.log.provider,
                model = %self.log.model,
                total_ms = self.log.started.elapsed().as_millis(),
                reasoning_deltas = self.log.reasoning_deltas,
                content_deltas = self.log.content_deltas,
                "answer stream dropped before its end; upstream request cancelled"
            );
        }
    }
}
