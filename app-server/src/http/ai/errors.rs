//! The chat domain's errors as HTTP: status, typed code and sentence (the request's rules, the
//! limits, and the language model provider's failures).

use crate::http::error::{ApiError, error_codes};
use crate::i18n::Msg;
use actix_web::http::StatusCode;
use chat::error::ChatValidation;
use chat::{ChatError, LlmError};

error_codes! {
    /// The AI assistant's codes.
    pub enum AiCode {
        AiUnavailable = "ai_unavailable" => AiUnavailable,
        AiRateLimited = "ai_rate_limited" => AiRateLimited,
        AiTooManyStreams = "ai_too_many_streams" => AiTooManyStreams,
        AiQuotaExhausted = "ai_quota_exhausted" => AiQuotaExhausted,
        UnknownModel = "unknown_model" => AiUnknownModel,
        InvalidChatRequest = "invalid_chat_request" => AiNoMessages,
        AiUpstreamError = "ai_upstream_error" => AiUpstreamError,
        AiProviderBusy = "ai_provider_busy" => AiProviderBusy,
        AiRequestRejected = "ai_request_rejected" => AiUpstreamRejected,
        AiUpstreamUnreachable = "ai_upstream_unreachable" => AiUpstreamUnreachable,
        AiUpstreamTimeout = "ai_upstream_timeout" => AiUpstreamTimeout,
        AiUpstreamInvalid = "ai_upstream_invalid" => AiUpstreamInvalid,
        AiStreamInterrupted = "ai_stream_interrupted" => AiStreamInterrupted,
    }
}

impl From<ChatError> for ApiError {
    fn from(e: ChatError) -> Self {
        use StatusCode as S;
        match e {
            ChatError::Unavailable => ApiError::new(
                S::SERVICE_UNAVAILABLE,
                AiCode::AiUnavailable,
                Msg::AiUnavailable,
            ),
            ChatError::SignInRequired => ApiError::unauthorized().with_msg(Msg::AiSignInRequired),
            ChatError::Invalid(v) => v.into(),
            ChatError::RateLimited { retry_after_secs } => ApiError::new(
                S::TOO_MANY_REQUESTS,
                AiCode::AiRateLimited,
                Msg::AiRateLimited,
            )
            .with_retry_after(retry_after_secs),
            ChatError::TooManyStreams { .. } => ApiError::new(
                S::TOO_MANY_REQUESTS,
                AiCode::AiTooManyStreams,
                Msg::AiTooManyStreams,
            )
            .with_retry_after(1),
            ChatError::QuotaExhausted { retry_after_secs } => ApiError::new(
                S::TOO_MANY_REQUESTS,
                AiCode::AiQuotaExhausted,
                Msg::AiQuotaExhausted,
            )
            .with_retry_after(retry_after_secs),
            ChatError::Provider(e) => e.into(),
            ChatError::Unexpected(cause) => ApiError::internal(&cause),
        }
    }
}

impl From<ChatValidation> for ApiError {
    fn from(v: ChatValidation) -> Self {
        let (code, msg, field) = match &v {
            ChatValidation::UnknownModel { .. } => (
                AiCode::UnknownModel,
                Msg::AiUnknownModel,
                "model".to_owned(),
            ),
            ChatValidation::NoMessages => (
                AiCode::InvalidChatRequest,
                Msg::AiNoMessages,
                "messages".to_owned(),
            ),
            ChatValidation::TooManyMessages { .. } => (
                AiCode::InvalidChatRequest,
                Msg::AiTooManyMessages,
                "messages".to_owned(),
            ),
            ChatValidation::EmptyMessage { index } => (
                AiCode::InvalidChatRequest,
                Msg::AiEmptyMessage,
                format!("messages[{index}].content"),
            ),
            ChatValidation::MessageTooLong { index, .. } => (
                AiCode::InvalidChatRequest,
                Msg::AiMessageTooLong,
                format!("messages[{index}].content"),
            ),
            ChatValidation::ConversationTooLong { .. } => (
                AiCode::InvalidChatRequest,
                Msg::AiConversationTooLong,
                "messages".to_owned(),
            ),
            ChatValidation::LastMessageNotFromUser => (
                AiCode::InvalidChatRequest,
                Msg::AiLastMessageNotFromUser,
                "messages".to_owned(),
            ),
            ChatValidation::TemperatureOutOfRange { .. } => (
                AiCode::InvalidChatRequest,
                Msg::AiTemperatureOutOfRange,
                "temperature".to_owned(),
            ),
            ChatValidation::MaxTokensOutOfRange { .. } => (
                AiCode::InvalidChatRequest,
                Msg::AiMaxTokensOutOfRange,
                "max_tokens".to_owned(),
            ),
        };
        // The rule with its bound, for integrators (English, like the OpenAPI document).
        ApiError::unprocessable(code, msg)
            .with_field(&field, msg)
            .with_detail(v.to_string())
    }
}

impl From<LlmError> for ApiError {
    fn from(e: LlmError) -> Self {
        use StatusCode as S;
        match e {
            LlmError::Unauthorized { status } => {
                tracing::error!(
                    status,
                    "the AI provider refused our credentials: check LLM_API_KEY"
                );
                ApiError::new(S::BAD_GATEWAY, AiCode::AiUpstreamError, Msg::AiUpstreamAuth)
            }
            LlmError::RateLimited { retry_after_secs } => {
                tracing::warn!("the AI provider is rate limiting");
                let err = ApiError::new(
                    S::SERVICE_UNAVAILABLE,
                    AiCode::AiProviderBusy,
                    Msg::AiProviderBusy,
                );
                err.with_retry_after(retry_after_secs.unwrap_or(10))
            }
            LlmError::Rejected { status, message } => {
                // The provider's text may quote the conversation: it goes to the user, not the log.
                tracing::warn!(status, "the AI provider refused a request");
                ApiError::unprocessable(AiCode::AiRequestRejected, Msg::AiUpstreamRejected)
                    .with_detail(message)
            }
            LlmError::Upstream { status } => {
                tracing::warn!(status, "the AI provider failed");
                ApiError::new(
                    S::BAD_GATEWAY,
                    AiCode::AiUpstreamError,
                    Msg::AiUpstreamError,
                )
                .with_detail(format!("HTTP {status}"))
            }
            LlmError::Unreachable(cause) => {
                tracing::error!(
                    error = format!("{cause:#}"),
                    "the AI provider cannot be reached"
                );
                ApiError::new(
                    S::BAD_GATEWAY,
                    AiCode::AiUpstreamUnreachable,
                    Msg::AiUpstreamUnreachable,
                )
            }
            LlmError::Timeout => {
                tracing::warn!("the AI provider did not answer in time");
                ApiError::new(
                    S::GATEWAY_TIMEOUT,
                    AiCode::AiUpstreamTimeout,
                    Msg::AiUpstreamTimeout,
                )
            }
            LlmError::Malformed(what) => {
                tracing::warn!(what, "the AI provider sent something that is not a stream");
                ApiError::new(
                    S::BAD_GATEWAY,
                    AiCode::AiUpstreamInvalid,
                    Msg::AiUpstreamInvalid,
                )
            }
            LlmError::Dropped(cause) => {
                tracing::warn!(
                    error = format!("{cause:#}"),
                    "the AI provider's stream broke off"
                );
                ApiError::new(
                    S::BAD_GATEWAY,
                    AiCode::AiStreamInterrupted,
                    Msg::AiStreamInterrupted,
                )
            }
        }
    }
}
