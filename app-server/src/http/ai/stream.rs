//! The answer as server-sent events: one `data:` line per chunk in the OpenAI shape, an error
//! event when the stream fails after it began (or the server stops before it is over), `[DONE]`
//! at the end, and keep-alive comments while the provider is silent.

use super::dto::{ChatUsage, Chunk, ChunkChoice, Delta, StreamError, StreamErrorBody};
use super::errors::AiCode;
use crate::http::error::ApiError;
use crate::i18n::{Lang, Msg};
use actix_web::http::StatusCode;
use actix_web::web::Bytes;
use chat::{ChatError, ChatEvent};
use futures_util::stream::{self, BoxStream, StreamExt};
use serde::Serialize;
use std::convert::Infallible;
use std::time::Duration;
use tokio::time::Instant;

fn data_line(json: &impl Serialize) -> Bytes {
    let mut line = b"data: ".to_vec();
    // Serialising these plain structs cannot fail.
    let _ = serde_json::to_writer(&mut line, json);
    line.extend_from_slice(b"\n\n");
    Bytes::from(line)
}

fn chunk_bytes(id: &str, model: &str, event: &ChatEvent) -> Bytes {
    let mut delta = Delta::default();
    let (mut finish_reason, mut usage) = (None, None);
    match event {
        ChatEvent::Reasoning(t) => delta.reasoning = Some(t),
        ChatEvent::Content(t) => delta.content = Some(t),
        ChatEvent::Finished { reason } => finish_reason = Some(reason.as_str()),
        ChatEvent::Usage(u) => usage = Some(ChatUsage::from(*u)),
    }
    data_line(&Chunk {
        id,
        object: "chat.completion.chunk",
        model,
        choices: [ChunkChoice {
            index: 0,
            delta,
            finish_reason,
        }],
        usage,
    })
}

fn error_bytes(error: ChatError, lang: Lang) -> Bytes {
    api_error_bytes(ApiError::from(error), lang)
}

fn api_error_bytes(api: ApiError, lang: Lang) -> Bytes {
    data_line(&StreamError {
        error: StreamErrorBody {
            code: api.code,
            message: api.message(lang),
        },
    })
}

const DONE: &[u8] = b"data: [DONE]\n\n";
/// An SSE comment: ignored by every reader, but a write that fails once the browser has gone.
const PING: &[u8] = b":\n\n";

struct SseState {
    events: BoxStream<'static, Result<ChatEvent, ChatError>>,
    /// The server stopping: the answer must end before its grace is over
    /// ([`crate::lifecycle::Shutdown::last_call`]).
    last_call: std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>>,
    id: String,
    model: String,
    lang: Lang,
    idle_ping: Duration,
    last_write: Instant,
    over: bool,
}

/// The answer as SSE bytes, one write per event. While the provider is silent a comment goes
/// out every `idle_ping`: actix-web notices a closed connection only when a write fails, and
/// dropping this stream is what cancels the upstream request. An answer still going when
/// `last_call` comes (the server is stopping and its grace nearly over) ends with the error
/// event `ai_stream_interrupted`: the person sees that it broke off, and asks again.
pub(super) fn sse_events(
    events: BoxStream<'static, Result<ChatEvent, ChatError>>,
    id: String,
    model: String,
    lang: Lang,
    idle_ping: Duration,
    last_call: impl std::future::Future<Output = ()> + Send + 'static,
) -> impl futures_util::Stream<Item = Result<Bytes, Infallible>> {
    let state = SseState {
        events,
        last_call: Box::pin(last_call),
        id,
        model,
        lang,
        idle_ping,
        last_write: Instant::now(),
        over: false,
    };
    stream::unfold(state, |mut s| async move {
        if s.over {
            return None;
        }
        let ping_at = s.last_write + s.idle_ping;
        let bytes = tokio::select! {
            event = s.events.next() => match event {
                Some(Ok(event)) => chunk_bytes(&s.id, &s.model, &event),
                Some(Err(error)) => {
                    s.over = true;
                    tracing::warn!(error = %error, "a chat stream failed after it began");
                    error_bytes(error, s.lang)
                }
                None => {
                    s.over = true;
                    Bytes::from_static(DONE)
                }
            },
            () = tokio::time::sleep_until(ping_at) => Bytes::from_static(PING),
            () = s.last_call.as_mut() => {
                s.over = true;
                tracing::info!("a chat answer cut short: the server is stopping");
                api_error_bytes(
                    ApiError::new(
                        StatusCode::SERVICE_UNAVAILABLE,
                        AiCode::AiStreamInterrupted,
                        Msg::AiStreamInterrupted,
                    ),
                    s.lang,
                )
            }
        };
        s.last_write = Instant::now();
        Some((Ok(bytes), s))
    })
}
