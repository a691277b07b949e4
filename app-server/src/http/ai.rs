//! The AI assistant: `POST /api/ai/chat` streams a model's answer as server-sent events in the
//! OpenAI chunk format (spec §7), and `GET /api/ai/models` tells the modal what it may pick.

use crate::http::error::{ApiError, ErrorBody, JsonBodyRefusal};
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
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::Schema;
use utoipa::{PartialSchema, ToSchema};

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
#[schema(example = json!({"messages": [{"role": "user", "content": "用一句话介绍庭院"}], "model": "deepseek-chat"}))]
pub struct ChatBody {
    pub messages: Vec<ChatMessageDto>,
    /// `true` (the default) streams server-sent events; `false` answers one JSON object.
    #[serde(default = "streaming_by_default")]
    pub stream: bool,
    /// One of `GET /api/ai/models`; the first of them when left out.
    #[schema(example = "deepseek-chat")]
    pub model: Option<String>,
    /// 0–2, default 0.7.
    #[schema(minimum = 0, maximum = 2)]
    pub temperature: Option<f32>,
    /// 1–8192, default 4096.
    #[schema(minimum = 1, maximum = 8192)]
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

/// Tokens the provider counted for one answer.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct ChatUsage {
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
    pub total_tokens: u64,
}

impl From<TokenUsage> for ChatUsage {
    fn from(u: TokenUsage) -> Self {
        Self {
            prompt_tokens: u.prompt_tokens,
            completion_tokens: u.completion_tokens,
            total_tokens: u.total_tokens,
        }
    }
}

/// One delta of the stream, in the OpenAI chunk shape so OpenAI-compatible clients read it too.
#[derive(Serialize, ToSchema)]
#[schema(as = ChatChunk)]
struct Chunk<'a> {
    #[schema(example = "chatcmpl-3f1c0d9e8b7a4c2d9e0f1a2b3c4d5e6f")]
    id: &'a str,
    /// Always `chat.completion.chunk`.
    #[schema(example = "chat.completion.chunk")]
    object: &'static str,
    #[schema(example = "deepseek-chat")]
    model: &'a str,
    /// Exactly one.
    #[schema(min_items = 1, max_items = 1)]
    choices: [ChunkChoice<'a>; 1],
    /// On the last chunk only.
    #[serde(skip_serializing_if = "Option::is_none")]
    usage: Option<ChatUsage>,
}

#[derive(Serialize, ToSchema)]
#[schema(as = ChatChunkChoice)]
struct ChunkChoice<'a> {
    index: u32,
    delta: Delta<'a>,
    /// On the last chunk only: why the model stopped (`stop`, `length`, …).
    #[serde(skip_serializing_if = "Option::is_none")]
    finish_reason: Option<&'a str>,
}

/// A piece of the reasoning or of the answer (neither on the last chunk).
#[derive(Serialize, Default, ToSchema)]
#[schema(as = ChatDelta)]
struct Delta<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    reasoning: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    content: Option<&'a str>,
}

/// A failure after the stream began; the stream ends after it, without `[DONE]`.
#[derive(Serialize, ToSchema)]
#[schema(as = ChatStreamError)]
struct StreamError<'a> {
    error: StreamErrorBody<'a>,
}

#[derive(Serialize, ToSchema)]
#[schema(as = ChatStreamErrorBody)]
struct StreamErrorBody<'a> {
    /// A stable code, as in `ErrorBody`: `ai_upstream_timeout`, `ai_stream_interrupted`, …
    code: &'a str,
    /// What went wrong, in the request's language.
    message: &'a str,
}

/// One server-sent event of `POST /api/ai/chat` (OpenAPI 3.2's `itemSchema` of
/// `text/event-stream`): its `data` is a `ChatChunk` or a `ChatStreamError` as JSON, or `[DONE]`.
/// Keep-alive comments (`:` lines) are not events.
pub struct ChatStreamEvent;

impl utoipa::PartialSchema for ChatStreamEvent {
    fn schema() -> RefOr<Schema> {
        use utoipa::openapi::schema::{AnyOfBuilder, ObjectBuilder, OneOfBuilder, Ref, Type};
        let json = ObjectBuilder::new()
            .schema_type(Type::String)
            .content_media_type("application/json")
            .content_schema(Some(
                OneOfBuilder::new()
                    .item(Ref::from_schema_name(Chunk::name()))
                    .item(Ref::from_schema_name(StreamError::name())),
            ));
        let done = ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(["[DONE]"]));
        ObjectBuilder::new()
            .description(Some(
                "One server-sent event: a chunk or an error as JSON, or `[DONE]` at the end.",
            ))
            // anyOf, not oneOf: to a validator that treats `contentMediaType` as an annotation
            // only, `[DONE]` is a string like any other.
            .property("data", AnyOfBuilder::new().item(done).item(json))
            .required("data")
            .into()
    }
}

/// Registered by hand in [`ApiDoc`](super::ApiDoc): utoipa collects the schemas of response
/// bodies, not of `item_schema`.
impl ToSchema for ChatStreamEvent {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((Chunk::name().into_owned(), Chunk::schema()));
        Chunk::schemas(schemas);
        schemas.push((StreamError::name().into_owned(), StreamError::schema()));
        StreamError::schemas(schemas);
    }
}

/// The whole answer of `stream: false`, in the OpenAI `chat.completion` shape.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChatCompletion {
    #[schema(example = "chatcmpl-3f1c0d9e8b7a4c2d9e0f1a2b3c4d5e6f")]
    pub id: String,
    /// Always `chat.completion`.
    #[schema(example = "chat.completion")]
    pub object: &'static str,
    #[schema(example = "deepseek-chat")]
    pub model: String,
    /// Exactly one.
    #[schema(min_items = 1, max_items = 1)]
    pub choices: Vec<CompletionChoice>,
    /// `null` when the provider sent no count.
    pub usage: Option<ChatUsage>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CompletionChoice {
    pub index: u32,
    pub message: CompletionMessage,
    /// Why the model stopped (`stop`, `length`, …); `null` when the provider did not say.
    pub finish_reason: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CompletionMessage {
    /// Always `assistant`.
    #[schema(example = "assistant")]
    pub role: &'static str,
    pub content: String,
    /// The model's reasoning; `null` for models that do not reason.
    pub reasoning: Option<String>,
}

#[utoipa::path(
    tag = "ai",
    summary = "Chat with the assistant (streamed)",
    description = "Streams the answer as server-sent events: `data: {\"choices\":[{\"delta\":{\"reasoning\":…}}]}` and `data: {\"choices\":[{\"delta\":{\"content\":…}}]}` lines, a last chunk with `finish_reason` and `usage`, then `data: [DONE]`. Lines starting with `:` are keep-alive comments. A failure after the stream began arrives as `data: {\"error\":{\"code\",\"message\"}}` and the stream ends without `[DONE]`. With `stream: false` the answer is one JSON object in the OpenAI `chat.completion` shape. Per user: at most 2 answers at once, a request rate and a daily token quota.",
    request_body = ChatBody,
    responses(
        (status = 200, description = "`text/event-stream`, one event per chunk; with `stream: false` one JSON object", content(
            ("text/event-stream", item_schema = ChatStreamEvent),
            (ChatCompletion = "application/json"),
        )),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 422, description = "`invalid_chat_request`, `unknown_model`", body = ErrorBody),
        (status = 429, description = "`ai_rate_limited`, `ai_too_many_streams`, `ai_quota_exhausted` (with `Retry-After`)", body = ErrorBody),
        (status = 502, description = "`ai_upstream_error`, `ai_upstream_unreachable`, `ai_upstream_invalid`", body = ErrorBody),
        (status = 503, description = "`ai_unavailable`, `ai_provider_busy`", body = ErrorBody),
        (status = 504, description = "`ai_upstream_timeout`", body = ErrorBody),
        JsonBodyRefusal,
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
        .json(ChatCompletion {
            id: id.to_owned(),
            object: "chat.completion",
            model: model.to_owned(),
            choices: vec![CompletionChoice {
                index: 0,
                message: CompletionMessage {
                    role: "assistant",
                    content,
                    reasoning: (!reasoning.is_empty()).then_some(reasoning),
                },
                finish_reason: finish,
            }],
            usage: usage.map(ChatUsage::from),
        }))
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
