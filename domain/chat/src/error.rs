//! The chat domain's errors. The server maps each to a status, a stable code and a message in
//! the user's language in `app-server/src/http/error.rs`.

use thiserror::Error;

/// A rule of [`crate::model::ChatRequest`] that a request broke.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ChatValidation {
    #[error("unknown model {model}")]
    UnknownModel { model: String },
    #[error("no messages")]
    NoMessages,
    #[error("more than {max} messages")]
    TooManyMessages { max: usize },
    #[error("message {index} is empty")]
    EmptyMessage { index: usize },
    #[error("message {index} is longer than {max} characters")]
    MessageTooLong { index: usize, max: usize },
    #[error("the conversation is longer than {max} characters")]
    ConversationTooLong { max: usize },
    #[error("the last message must be the user's")]
    LastMessageNotFromUser,
    #[error("temperature must be between 0 and {max}")]
    TemperatureOutOfRange { max: f32 },
    #[error("max_tokens must be between 1 and {max}")]
    MaxTokensOutOfRange { max: u32 },
}

/// What went wrong talking to the language model.
#[derive(Debug, Error)]
pub enum LlmError {
    /// The provider refused this server's credentials (401/403): an operator must fix the key.
    #[error("the provider refused the credentials (HTTP {status})")]
    Unauthorized { status: u16 },
    /// The provider's rate limit or capacity (429).
    #[error("the provider is rate limiting")]
    RateLimited { retry_after_secs: Option<u64> },
    /// The provider refused the request itself (400/404/413/422), e.g. the context is too long.
    #[error("the provider refused the request (HTTP {status}): {message}")]
    Rejected { status: u16, message: String },
    /// Any other non-success status (5xx, …).
    #[error("the provider failed (HTTP {status})")]
    Upstream { status: u16 },
    /// Connection refused, DNS, TLS: the provider cannot be reached at all.
    #[error("the provider cannot be reached")]
    Unreachable(#[source] anyhow::Error),
    /// No first token, or no end, within the deadline.
    #[error("the provider did not answer in time")]
    Timeout,
    /// The provider answered something that is not an OpenAI-compatible stream.
    #[error("the provider's answer is not a valid stream: {0}")]
    Malformed(String),
    /// The stream broke off before `[DONE]`.
    #[error("the stream broke off")]
    Dropped(#[source] anyhow::Error),
}

#[derive(Debug, Error)]
pub enum ChatError {
    /// No provider is configured on this server.
    #[error("no language model is configured")]
    Unavailable,
    #[error("sign-in required")]
    SignInRequired,
    #[error(transparent)]
    Invalid(#[from] ChatValidation),
    #[error("too many chat requests; retry after {retry_after_secs} s")]
    RateLimited { retry_after_secs: u64 },
    #[error("already {limit} answers streaming")]
    TooManyStreams { limit: u32 },
    #[error("today's token quota is used up; retry after {retry_after_secs} s")]
    QuotaExhausted { retry_after_secs: u64 },
    #[error(transparent)]
    Provider(#[from] LlmError),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}
