//! The AI assistant: `POST /api/ai/chat` streams a model's answer as server-sent events in the
//! OpenAI chunk format (spec §7), and `GET /api/ai/models` tells the modal what it may pick.

use crate::http::error::{ApiError, ErrorBody};
use crate::http::extract::{MaybeSignedIn, client_context};
use crate::i18n::{Lang, Msg};
use crate::startup::AppState;
use actix_web::http::header::{self, ContentEncoding};
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use chat::{ChatError, ChatEvent, ChatMessage, Requester, TokenUsage};
use futures_util::stream::{self, BoxStream, StreamExt};
use serde::{Deserialize, Serialize};
use std::convert::Infallible;
use std::time::Duration;
use tokio::time::Instant;
use utoipa::ToSchema;

/// Spec §9: temperature 0.7, max_tokens 4096 unless the request says otherwise.
const DEFAULT_TEMPERATURE: f32 = 0.7;
const DEFAULT_MAX_TOKENS: u32 = 4096;

#[derive(Debug, Deserialize, ToSchema)]
pub struct ChatMessageDto {
    /// `user` or `assistant`.
    #[schema(example = "user")]
    pub role: String,
    #[schema(example = "用一句话介绍庭院")]
    pub content: String,
}

/// The body of spec §7's chat call. Reasoning is never sent back: a message is a role and its
/// text only.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ChatBody {
    pub messages: Vec<ChatMessageDto>,
    /// `true` (the default) streams server-sent events; `false` answers one JSON object.
    #[serde(default = "streaming_by_default")]
    pub stream: bool,
    /// One of `GET /api/ai/models`; the first of them when left out.
    #[schema(example = "deepseek-chat")]
    pub model: Option<String>,
    /// 0–2, default 0.7.
    pub temperature: Option<f32>,
    /// 1–8192, default 4096.
    pub max_tokens: Option<u32>,
}

fn streaming_by_default() -> bool {
    true
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModelsResponse {
    pub success: bool,
    /// Whether a provider is configured; without one every chat answers 503 `ai_unavailable`.
    pub available: bool,
    /// Whether chatting needs a signed-in user.
    pub sign_in_required: bool,
    #[schema(example = json!(["deepseek-chat", "deepseek-reasoner"]))]
    pub models: Vec<String>,
    #[schema(example = "deepseek-chat")]
    pub default_model: String,
}

#[utoipa::path(
    tag = "ai",
    summary = "The assistant's models and whether it is available",
    responses((status = 200, description = "The configured models", body = ModelsResponse)),
    security((), ("session" = []), ("bearer" = ["ai:read"]))
)]
#[get("/ai/models")]
pub async fn models(state: web::Data<AppState>) -> HttpResponse {
    let service = &state.chat;
    HttpResponse::Ok().json(ModelsResponse {
        success: true,
        available: service.provider_name().is_some(),
        sign_in_required: !state.config.ai.allow_anonymous,
        models: service.catalog().models().to_vec(),
        default_model: service.catalog().default_model().to_owned(),
    })
}

/// One delta of the stream, in the OpenAI chunk shape so OpenAI-compatible clients read it too.
#[derive(Serialize)]
struct Chunk<'a> {
    id: &'a str,
    object: &'static str,
    model: &'a str,
    choices: [ChunkChoice<'a>; 1],
    #[serde(skip_serializing_if = "Option::is_none")]
    usage: Option<TokenUsage>,
}

#[derive(Serialize)]
struct ChunkChoice<'a> {
    index: u32,
    delta: Delta<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    finish_reason: Option<&'a str>,
}

#[derive(Serialize, Default)]
struct Delta<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    reasoning: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    content: Option<&'a str>,
}

#[derive(Serialize)]
struct StreamError<'a> {
    error: StreamErrorBody<'a>,
}

#[derive(Serialize)]
struct StreamErrorBody<'a> {
    code: &'a str,
    message: &'a str,
}

#[utoipa::path(
    tag = "ai",
    summary = "Chat with the assistant (streamed)",
    description = "Streams the answer as server-sent events: `data: {\"choices\":[{\"delta\":{\"reasoning\":…}}]}` and `data: {\"choices\":[{\"delta\":{\"content\":…}}]}` lines, a last chunk with `finish_reason` and `usage`, then `data: [DONE]`. Lines starting with `:` are keep-alive comments. A failure after the stream began arrives as `data: {\"error\":{\"code\",\"message\"}}` and the stream ends without `[DONE]`. With `stream: false` the answer is one JSON object in the OpenAI `chat.completion` shape. Per user: at most 2 answers at once, a request rate and a daily token quota.",
    request_body = ChatBody,
    responses(
        (status = 200, description = "`text/event-stream` (or JSON with `stream: false`)", content_type = "text/event-stream", body = String),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 422, description = "`invalid_chat_request`, `unknown_model`", body = ErrorBody),
        (status = 429, description = "`ai_rate_limited`, `ai_too_many_streams`, `ai_quota_exhausted` (with `Retry-After`)", body = ErrorBody),
        (status = 502, description = "`ai_upstream_error`, `ai_upstream_unreachable`, `ai_upstream_invalid`", body = ErrorBody),
        (status = 503, description = "`ai_unavailable`, `ai_provider_busy`", body = ErrorBody),
        (status = 504, description = "`ai_upstream_timeout`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["ai:write"]))
)]
#[post("/ai/chat")]
pub async fn send_chat(
    req: HttpRequest,
    state: web::Data<AppState>,
    me: MaybeSignedIn,
    body: web::Json<ChatBody>,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let service = &state.chat;
    if service.provider_name().is_none() {
        return Err(ChatError::Unavailable.into());
    }
    let who = match me.0 {
        Some(signed_in) => Requester::User(signed_in.user.id),
        None if state.config.ai.allow_anonymous => Requester::Anonymous {
            ip: client_context(&req, state.config.trust_proxy)
                .ip
                .unwrap_or_else(|| "unknown".into()),
        },
        None => return Err(ChatError::SignInRequired.into()),
    };
    let body = body.into_inner();
    let messages = body
        .messages
        .into_iter()
        .enumerate()
        .map(|(i, m)| match m.role.as_str() {
            "user" => Ok(ChatMessage::user(m.content)),
            "assistant" => Ok(ChatMessage::assistant(m.content)),
            _ => Err(
                ApiError::unprocessable("invalid_chat_request", Msg::AiInvalidRole)
                    .with_field(&format!("messages[{i}].role"), Msg::AiInvalidRole),
            ),
        })
        .collect::<Result<Vec<_>, _>>()?;
    let model = body
        .model
        .unwrap_or_else(|| service.catalog().default_model().to_owned());
    let request = service.request(
        model,
        messages,
        body.temperature.unwrap_or(DEFAULT_TEMPERATURE),
        body.max_tokens.unwrap_or(DEFAULT_MAX_TOKENS),
    )?;
    let model = request.model.clone();
    let turn = service.start(&who, request).await?;
    let id = format!("chatcmpl-{}", uuid::Uuid::new_v4().simple());
    if !body.stream {
        return complete(turn.events, &id, &model, lang).await;
    }
    let events = sse_events(turn.events, id, model, lang, state.config.ai.idle_ping);
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-cache, no-transform"))
        // nginx and similar proxies pass each event on at once instead of buffering.
        .insert_header(("X-Accel-Buffering", "no"))
        // Compression would hold events back until a block fills.
        .insert_header(ContentEncoding::Identity)
        .streaming(events))
}

/// Collects a whole answer for `stream: false`.
async fn complete(
    mut events: BoxStream<'static, Result<ChatEvent, ChatError>>,
    id: &str,
    model: &str,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let (mut content, mut reasoning) = (String::new(), String::new());
    let (mut finish, mut usage) = (None, None);
    while let Some(event) = events.next().await {
        match event? {
            ChatEvent::Content(t) => content.push_str(&t),
            ChatEvent::Reasoning(t) => reasoning.push_str(&t),
            ChatEvent::Finished { reason } => finish = Some(reason),
            ChatEvent::Usage(u) => usage = Some(u),
        }
    }
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_LANGUAGE, lang.as_str()))
        .json(serde_json::json!({
            "id": id,
            "object": "chat.completion",
            "model": model,
            "choices": [{
                "index": 0,
                "message": {
                    "role": "assistant",
                    "content": content,
                    "reasoning": (!reasoning.is_empty()).then_some(reasoning),
                },
                "finish_reason": finish,
            }],
            "usage": usage,
        })))
}

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
        ChatEvent::Usage(u) => usage = Some(*u),
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
    let api = ApiError::from(error);
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
    id: String,
    model: String,
    lang: Lang,
    idle_ping: Duration,
    last_write: Instant,
    over: bool,
}

/// The answer as SSE bytes, one write per event. While the provider is silent a comment goes
/// out every `idle_ping`: actix-web notices a closed connection only when a write fails, and
/// dropping this stream is what cancels the upstream request.
fn sse_events(
    events: BoxStream<'static, Result<ChatEvent, ChatError>>,
    id: String,
    model: String,
    lang: Lang,
    idle_ping: Duration,
) -> impl futures_util::Stream<Item = Result<Bytes, Infallible>> {
    let state = SseState {
        events,
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
        };
        s.last_write = Instant::now();
        Some((Ok(bytes), s))
    })
}
