//! The admin overview's body: counts, the latest audit events and each integration's state.

use super::rules;
use crate::http::dto::AuditEventDto;
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Integrations {
    #[schema(schema_with = rules::database_kind)]
    pub database: &'static str,
    #[schema(schema_with = rules::sms_provider)]
    pub sms: &'static str,
    /// Whether WeChat's app id and secret are configured.
    pub wechat: bool,
    /// The AI assistant's provider (`deepseek`, `openai-compatible`), or `null` when none is
    /// configured.
    #[schema(required = true)]
    pub llm: Option<String>,
    /// Whether the weather provider (Open-Meteo) is turned on.
    pub weather: bool,
    /// Where media files are kept.
    #[schema(schema_with = rules::media_store_kind)]
    pub media_store: &'static str,
    /// What each outside system did when last called, by any instance: `null` for one never
    /// called (not configured, or not used yet).
    pub last_attempts: IntegrationAttempts,
}

/// The last call to each outside system.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntegrationAttempts {
    /// The last verification code sent.
    #[schema(required = true)]
    pub sms: Option<IntegrationAttempt>,
    /// The last OAuth code exchange or access-token request.
    #[schema(required = true)]
    pub wechat: Option<IntegrationAttempt>,
    /// The last question to the language model.
    #[schema(required = true)]
    pub llm: Option<IntegrationAttempt>,
    /// The last weather refresh.
    #[schema(required = true)]
    pub weather: Option<IntegrationAttempt>,
}

/// How a call to an outside system failed. A refusal of the user's own input (a number that is
/// not a mobile, a stale WeChat code) shows the provider answered: it counts as a success.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum IntegrationFailure {
    /// No answer in time.
    Timeout,
    /// It could not be reached (connection, DNS, TLS).
    Unreachable,
    /// Unreachable or unreadable (SMS, WeChat: the adapters do not tell these apart).
    Unavailable,
    /// It answered an error of its own (an HTTP error status, an error code).
    Refused,
    /// It refused the configured credentials (key, app secret, IP allow-list).
    InvalidCredential,
    /// The SMS provider refused to send (signature, template, balance).
    Rejected,
    /// The SMS provider's flow control for a number.
    Throttled,
    /// Its rate limit or capacity.
    RateLimited,
    /// Its answer was not what its documentation promises.
    Malformed,
    /// Anything else.
    Unexpected,
}

impl IntegrationFailure {
    /// The stored kind (`recorded.rs` writes these words), `Unexpected` for any other.
    pub fn from_kind(kind: &str) -> Self {
        match kind {
            "timeout" => Self::Timeout,
            "unreachable" => Self::Unreachable,
            "unavailable" => Self::Unavailable,
            "refused" => Self::Refused,
            "invalid_credential" => Self::InvalidCredential,
            "rejected" => Self::Rejected,
            "throttled" => Self::Throttled,
            "rate_limited" => Self::RateLimited,
            "malformed" => Self::Malformed,
            _ => Self::Unexpected,
        }
    }
}

/// One integration's last call.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntegrationAttempt {
    /// When the call was made.
    pub at: DateTime<Utc>,
    /// Whether it succeeded.
    pub ok: bool,
    /// Why it failed; `null` when it succeeded.
    #[schema(required = true)]
    pub error: Option<IntegrationFailure>,
    /// When a call last succeeded; `null` if none ever did.
    #[schema(required = true)]
    pub last_success_at: Option<DateTime<Utc>>,
}

impl From<&system::IntegrationState> for IntegrationAttempt {
    fn from(s: &system::IntegrationState) -> Self {
        Self {
            at: s.attempted_at,
            ok: s.error.is_none(),
            error: s.error.as_deref().map(IntegrationFailure::from_kind),
            last_success_at: s.succeeded_at,
        }
    }
}

impl IntegrationAttempts {
    pub fn new(states: &[system::IntegrationState]) -> Self {
        let of = |i: system::Integration| {
            states
                .iter()
                .find(|s| s.integration == i)
                .map(IntegrationAttempt::from)
        };
        Self {
            sms: of(system::Integration::Sms),
            wechat: of(system::Integration::Wechat),
            llm: of(system::Integration::Llm),
            weather: of(system::Integration::Weather),
        }
    }
}

/// How much the community holds.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OverviewCounts {
    pub users: u64,
    pub groups: u64,
    pub plaza_posts: u64,
    /// Articles of every group, drafts included.
    pub articles: u64,
    /// Stored media files (every kind).
    pub media_files: u64,
    /// Bytes the media files take (originals and thumbnails).
    pub storage_bytes: u64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OverviewResponse {
    pub success: bool,
    /// How many accounts exist (also in `counts`).
    pub users: u64,
    pub counts: OverviewCounts,
    /// The newest audit events (at most 10).
    pub latest_events: Vec<AuditEventDto>,
    pub integrations: Integrations,
}
