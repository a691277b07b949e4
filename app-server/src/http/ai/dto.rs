//! Request and response bodies of the AI assistant, and the events of its stream.

use super::rules;
use chat::TokenUsage;
use serde::{Deserialize, Serialize};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::Schema;
use utoipa::{PartialSchema, ToSchema};

#[derive(Debug, Deserialize, ToSchema)]
pub struct ChatMessageDto {
    #[schema(schema_with = rules::chat_role)]
    pub role: String,
    #[schema(schema_with = rules::chat_content)]
    pub content: String,
}

/// The body of spec §7's chat call. Reasoning is never sent back: a message is a role and its
/// text only.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"messages": [{"role": "user", "content": "用一句话介绍庭院"}], "model": "deepseek-chat"}))]
pub struct ChatBody {
    /// The conversation, oldest first: 1–100 messages by default (`AI_MAX_MESSAGES`).
    #[schema(min_items = 1, max_items = 100)]
    pub messages: Vec<ChatMessageDto>,
    /// `true` (the default) streams server-sent events; `false` answers one JSON object.
    #[serde(default = "streaming_by_default")]
    pub stream: bool,
    /// One of `GET /api/ai/models`; the first of them when left out.
    #[schema(example = "deepseek-chat")]
    pub model: Option<String>,
    #[schema(schema_with = rules::chat_temperature)]
    pub temperature: Option<f32>,
    #[schema(schema_with = rules::chat_max_tokens)]
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
pub struct Chunk<'a> {
    #[schema(example = "chatcmpl-3f1c0d9e8b7a4c2d9e0f1a2b3c4d5e6f")]
    pub id: &'a str,
    /// Always `chat.completion.chunk`.
    #[schema(example = "chat.completion.chunk")]
    pub object: &'static str,
    #[schema(example = "deepseek-chat")]
    pub model: &'a str,
    /// Exactly one.
    #[schema(min_items = 1, max_items = 1)]
    pub choices: [ChunkChoice<'a>; 1],
    /// On the last chunk only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub usage: Option<ChatUsage>,
}

#[derive(Serialize, ToSchema)]
#[schema(as = ChatChunkChoice)]
pub struct ChunkChoice<'a> {
    pub index: u32,
    pub delta: Delta<'a>,
    /// On the last chunk only: why the model stopped (`stop`, `length`, …).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub finish_reason: Option<&'a str>,
}

/// A piece of the reasoning or of the answer (neither on the last chunk).
#[derive(Serialize, Default, ToSchema)]
#[schema(as = ChatDelta)]
pub struct Delta<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reasoning: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content: Option<&'a str>,
}

/// A failure after the stream began; the stream ends after it, without `[DONE]`.
#[derive(Serialize, ToSchema)]
#[schema(as = ChatStreamError)]
pub struct StreamError<'a> {
    pub error: StreamErrorBody<'a>,
}

#[derive(Serialize, ToSchema)]
#[schema(as = ChatStreamErrorBody)]
pub struct StreamErrorBody<'a> {
    /// A stable code, as in `ErrorBody`: `ai_upstream_timeout`, `ai_stream_interrupted`, …
    pub code: &'a str,
    /// What went wrong, in the request's language.
    pub message: &'a str,
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

/// Registered by hand in [`ApiDoc`](crate::http::ApiDoc): utoipa collects the schemas of response
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
