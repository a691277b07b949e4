//! Request and response bodies of the personal-access-token endpoints.

use super::rules;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use tokens::model::{PersonalAccessToken, TokenState};
use utoipa::ToSchema;

/// A token as listed: everything but the secret.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PatDto {
    pub id: uuid::Uuid,
    #[schema(example = "CI deploy")]
    pub name: String,
    /// `cyp_…` and the secret's last four characters.
    #[schema(example = "cyp_…a1B2")]
    pub hint: String,
    #[schema(schema_with = rules::listed_scopes)]
    pub scopes: Vec<String>,
    pub created_at: DateTime<Utc>,
    /// `null`: never expires.
    #[schema(required = true)]
    pub expires_at: Option<DateTime<Utc>>,
    #[schema(required = true)]
    pub last_used_at: Option<DateTime<Utc>>,
    #[schema(required = true)]
    pub revoked_at: Option<DateTime<Utc>>,
    #[schema(schema_with = rules::token_state)]
    pub state: TokenState,
}

impl PatDto {
    pub fn new(t: &PersonalAccessToken, now: DateTime<Utc>) -> Self {
        Self {
            id: t.id.0,
            name: t.name.clone(),
            hint: t.hint.clone(),
            scopes: t.scopes.iter().map(|s| s.to_string()).collect(),
            created_at: t.created_at,
            expires_at: t.expires_at,
            last_used_at: t.last_used_at,
            revoked_at: t.revoked_at,
            state: t.state(now),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TokensResponse {
    #[schema(example = true)]
    pub success: bool,
    /// Newest first, expired and revoked ones included.
    pub tokens: Vec<PatDto>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PatResponse {
    #[schema(example = true)]
    pub success: bool,
    pub token: PatDto,
}

/// What a new token may do and for how long.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CreateTokenRequest {
    #[schema(schema_with = rules::token_name)]
    pub name: String,
    #[schema(schema_with = rules::token_scopes)]
    pub scopes: Vec<String>,
    #[schema(schema_with = rules::token_expiry)]
    pub expires_in_days: Option<u16>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedTokenResponse {
    #[schema(example = true)]
    pub success: bool,
    pub token: PatDto,
    /// The secret, shown this once: `cyp_` + 30 base62 characters + a 6-character checksum.
    #[schema(example = "cyp_AbCdEfGhIjKlMnOpQrStUvWxYz01230v8XkQ")]
    pub secret: String,
}

/// One scope a token may be given.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScopeDto {
    #[schema(schema_with = rules::scope)]
    pub scope: String,
    #[schema(schema_with = rules::scope_area)]
    pub area: String,
    #[schema(schema_with = rules::scope_access)]
    pub access: String,
    pub admin_only: bool,
    /// What it allows, in the request's language.
    pub description: &'static str,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ScopesResponse {
    #[schema(example = true)]
    pub success: bool,
    pub scopes: Vec<ScopeDto>,
}
