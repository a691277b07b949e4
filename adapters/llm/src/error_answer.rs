//! What a provider's error answer means: its status as an [`LlmError`], and its message and code
//! found in whichever JSON dialect it speaks. Both the first answer (`provider`) and an error
//! event inside a stream (`answer`) read errors this way.

use chat::LlmError;
use reqwest::StatusCode;

/// The longest provider message kept in [`LlmError::Rejected`], in characters.
pub(crate) const MAX_MESSAGE_CHARS: usize = 300;

/// What a non-success status means. `message` is only used for [`LlmError::Rejected`].
pub(crate) fn classify_status(
    status: u16,
    message: Option<String>,
    retry_after_secs: Option<u64>,
) -> LlmError {
    match status {
        401 | 403 => LlmError::Unauthorized { status },
        429 => LlmError::RateLimited { retry_after_secs },
        400 | 404 | 413 | 422 => LlmError::Rejected {
            status,
            message: message
                .map(|m| truncate(m.trim()))
                .filter(|m| !m.is_empty())
                .unwrap_or_else(|| reason_phrase(status)),
        },
        _ => LlmError::Upstream { status },
    }
}

fn reason_phrase(status: u16) -> String {
    StatusCode::from_u16(status)
        .ok()
        .and_then(|s| s.canonical_reason())
        .unwrap_or("")
        .to_owned()
}

fn truncate(message: &str) -> String {
    message.chars().take(MAX_MESSAGE_CHARS).collect()
}

/// The message and numeric code of a provider's error JSON, whichever of the dialects it
/// speaks: OpenAI/DeepSeek/Ollama `{"error": {"message", "type", "code"}}`, older vLLM
/// `{"object": "error", "message", "code"}`, `{"error": "text"}`, FastAPI `{"detail": "text"}`.
pub(crate) fn error_details(value: &serde_json::Value) -> (Option<u16>, Option<String>) {
    let text = |v: Option<&serde_json::Value>| v.and_then(|v| v.as_str()).map(str::to_owned);
    let code = |v: Option<&serde_json::Value>| {
        v.and_then(|v| {
            v.as_u64()
                .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
        })
        .and_then(|c| u16::try_from(c).ok())
        .filter(|c| (100..=599).contains(c))
    };
    match value.get("error") {
        Some(error) if error.is_object() => (
            code(error.get("code")).or_else(|| code(error.get("status"))),
            text(error.get("message")),
        ),
        Some(error) => (code(value.get("code")), text(Some(error))),
        None => (
            code(value.get("code")),
            text(value.get("message")).or_else(|| text(value.get("detail"))),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn error_messages_are_found_in_every_dialect() {
        let openai = json!({"error": {"message": "context too long", "type": "invalid_request_error", "code": null}});
        assert_eq!(
            error_details(&openai),
            (None, Some("context too long".into()))
        );
        let vllm_old =
            json!({"object": "error", "message": "bad", "type": "BadRequestError", "code": 400});
        assert_eq!(error_details(&vllm_old), (Some(400), Some("bad".into())));
        let openrouter = json!({"error": {"message": "overloaded", "code": 502}});
        assert_eq!(
            error_details(&openrouter),
            (Some(502), Some("overloaded".into()))
        );
        let plain = json!({"error": "model 'x' not found"});
        assert_eq!(
            error_details(&plain),
            (None, Some("model 'x' not found".into()))
        );
        let fastapi = json!({"detail": "Not Found"});
        assert_eq!(error_details(&fastapi), (None, Some("Not Found".into())));
        let string_code = json!({"error": {"message": "m", "code": "429"}});
        assert_eq!(error_details(&string_code).0, Some(429));
        let silly_code = json!({"error": {"message": "m", "code": 99999}});
        assert_eq!(error_details(&silly_code).0, None);
    }

    #[test]
    fn statuses_map_to_the_port_errors() {
        assert!(matches!(
            classify_status(403, None, None),
            LlmError::Unauthorized { status: 403 }
        ));
        assert!(matches!(
            classify_status(429, None, Some(7)),
            LlmError::RateLimited {
                retry_after_secs: Some(7)
            }
        ));
        assert!(matches!(
            classify_status(413, None, None),
            LlmError::Rejected { status: 413, ref message } if message == "Payload Too Large"
        ));
        assert!(matches!(
            classify_status(503, Some("x".into()), None),
            LlmError::Upstream { status: 503 }
        ));
        let long = "长".repeat(400);
        let LlmError::Rejected { message, .. } = classify_status(400, Some(long), None) else {
            panic!("not rejected");
        };
        assert_eq!(message.chars().count(), MAX_MESSAGE_CHARS);
    }
}
