//! The AI assistant: `POST /api/ai/chat` streams a model's answer as server-sent events in the
//! OpenAI chunk format (spec §7), and `GET /api/ai/models` tells the modal what it may pick.

use super::dto::{
    ChatBody, ChatCompletion, ChatStreamEvent, ChatUsage, CompletionChoice, CompletionMessage,
    ModelsResponse,
};
use super::errors::AiCode;
use super::settings::AiSettings;
use super::stream;
use crate::http::error::{ApiError, ErrorBody, JsonBodyRefusal};
use crate::http::extract::{MaybeSignedIn, client_context};
use crate::i18n::{Lang, Msg};
use crate::lifecycle::Shutdown;
use crate::state::AppState;
use actix_web::http::header::{self, ContentEncoding};
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use chat::ChatService;
use chat::model::{DEFAULT_MAX_TOKENS, DEFAULT_TEMPERATURE};
use chat::{ChatError, ChatEvent, ChatMessage};
use futures_util::stream::{BoxStream, StreamExt};

#[utoipa::path(
    operation_id = "list_ai_models",
    tag = "ai",
    summary = "The assistant's models and whether it is available",
    responses((status = 200, description = "The configured models", body = ModelsResponse)),
    security((), ("session" = []), ("bearer" = ["ai:read"]))
)]
#[get("/ai/models")]
pub async fn models(chat: web::Data<ChatService>) -> HttpResponse {
    let service = &chat;
    HttpResponse::Ok().json(ModelsResponse {
        success: true,
        available: service.provider_name().is_some(),
        sign_in_required: service.sign_in_required(),
        models: service.catalog().models().to_vec(),
        default_model: service.catalog().default_model().to_owned(),
    })
}

#[utoipa::path(
    operation_id = "send_ai_chat",
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
        (status = 422, description = "`invalid_chat_request`, `unknown_model`, `ai_request_rejected` (the provider refused the conversation)", body = ErrorBody),
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
    chat: web::Data<ChatService>,
    shutdown: web::Data<Shutdown>,
    me: MaybeSignedIn,
    body: web::Json<ChatBody>,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let service = &chat;
    // Who may chat is the chat domain's decision; this only says who is asking.
    let who = service.admit(
        me.0.map(|signed_in| signed_in.user.id),
        client_context(&req, &state.config.trusted_proxies).rate_key(),
    )?;
    let body = body.into_inner();
    let messages = body
        .messages
        .into_iter()
        .enumerate()
        .map(|(i, m)| match m.role.as_str() {
            "user" => Ok(ChatMessage::user(m.content)),
            "assistant" => Ok(ChatMessage::assistant(m.content)),
            _ => Err(
                ApiError::unprocessable(AiCode::InvalidChatRequest, Msg::AiInvalidRole)
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
    let events = stream::sse_events(
        turn.events,
        id,
        model,
        lang,
        state.config.areas.get::<AiSettings>().idle_ping,
        shutdown.last_call(),
    );
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
