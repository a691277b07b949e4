//! Personal access tokens of the signed-in user (the developer portal's `/developers/pat`).
//! A browser session only: a token cannot make, list or revoke tokens.

use crate::http::error::{ApiError, ErrorBody, JsonBodyRefusal};
use crate::http::extract::{SignedIn, client_context};
use crate::i18n::{Lang, Msg};
use crate::startup::AppState;
use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use tokens::TokensService;
use tokens::model::{Access, Area, Owner, PersonalAccessToken, Scope, TokenId, TokenState};
use tokens::service::NewToken;
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
    #[schema(example = json!(["account:read", "ai:write"]))]
    pub scopes: Vec<String>,
    pub created_at: DateTime<Utc>,
    /// `null`: never expires.
    pub expires_at: Option<DateTime<Utc>>,
    pub last_used_at: Option<DateTime<Utc>>,
    pub revoked_at: Option<DateTime<Utc>>,
    /// `active`, `expired` or `revoked`.
    #[schema(value_type = String, example = "active")]
    pub state: TokenState,
}

impl PatDto {
    fn new(t: &PersonalAccessToken, now: DateTime<Utc>) -> Self {
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
    /// 1–50 characters (trimmed).
    #[schema(example = "CI deploy")]
    pub name: String,
    /// At least one of `GET /api/tokens/scopes`.
    #[schema(example = json!(["account:read", "ai:write"]))]
    pub scopes: Vec<String>,
    /// 7, 30, 90 or 365; `null` never expires.
    #[schema(example = 30)]
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
    #[schema(example = "account:read")]
    pub scope: String,
    #[schema(example = "account")]
    pub area: String,
    /// `read` or `write` (`write` includes `read`).
    #[schema(example = "read")]
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

fn describe(scope: Scope) -> Msg {
    match (scope.area, scope.access) {
        (Area::Account, Access::Read) => Msg::ScopeAccountRead,
        (Area::Account, Access::Write) => Msg::ScopeAccountWrite,
        (Area::Ai, Access::Read) => Msg::ScopeAiRead,
        (Area::Ai, Access::Write) => Msg::ScopeAiWrite,
        (Area::Admin, Access::Read) => Msg::ScopeAdminRead,
        (Area::Admin, Access::Write) => Msg::ScopeAdminWrite,
    }
}

#[utoipa::path(
    tag = "tokens",
    summary = "The scopes I may give a token",
    description = "Administrators also see the admin scopes.",
    responses(
        (status = 200, description = "The grantable scopes", body = ScopesResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`token_not_allowed`", body = ErrorBody),
    ),
    security(("session" = []))
)]
#[get("/tokens/scopes")]
pub async fn scopes(me: SignedIn, lang: Lang) -> Result<HttpResponse, ApiError> {
    me.session()?;
    Ok(HttpResponse::Ok().json(ScopesResponse {
        success: true,
        scopes: TokensService::grantable_scopes(me.user.role)
            .into_iter()
            .map(|s| ScopeDto {
                scope: s.to_string(),
                area: s.area.as_str().to_owned(),
                access: s.access.as_str().to_owned(),
                admin_only: s.admin_only(),
                description: describe(s).text(lang),
            })
            .collect(),
    }))
}

#[utoipa::path(
    tag = "tokens",
    summary = "My personal access tokens",
    responses(
        (status = 200, description = "Newest first, expired and revoked ones included", body = TokensResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`token_not_allowed`", body = ErrorBody),
    ),
    security(("session" = []))
)]
#[get("/tokens")]
pub async fn list(state: web::Data<AppState>, me: SignedIn) -> Result<HttpResponse, ApiError> {
    me.session()?;
    let now = state.tokens.now();
    let tokens = state.tokens.list(me.user.id).await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(TokensResponse {
            success: true,
            tokens: tokens.iter().map(|t| PatDto::new(t, now)).collect(),
        }))
}

#[utoipa::path(
    tag = "tokens",
    summary = "Create a personal access token",
    description = "Answers the secret once; only its SHA-256 is kept. Audited as `token.created`.",
    request_body = CreateTokenRequest,
    responses(
        (status = 201, description = "Created; the secret is in this answer only", body = CreatedTokenResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`token_not_allowed`, `scope_not_allowed`", body = ErrorBody),
        (status = 422, description = "`invalid_token_request` (with `fields`), `too_many_tokens`", body = ErrorBody),
        JsonBodyRefusal,
    ),
    security(("session" = []))
)]
#[post("/tokens")]
pub async fn create(
    req: HttpRequest,
    state: web::Data<AppState>,
    me: SignedIn,
    body: web::Json<CreateTokenRequest>,
) -> Result<HttpResponse, ApiError> {
    me.session()?;
    let body = body.into_inner();
    let ctx = client_context(&req, state.config.trust_proxy);
    let created = state
        .tokens
        .create(
            Owner {
                id: me.user.id,
                role: me.user.role,
            },
            ctx.ip,
            NewToken {
                name: body.name,
                scopes: body.scopes,
                expires_in_days: body.expires_in_days,
            },
        )
        .await?;
    let now = state.tokens.now();
    Ok(HttpResponse::Created()
        .insert_header(("Cache-Control", "no-store"))
        .json(CreatedTokenResponse {
            success: true,
            token: PatDto::new(&created.token, now),
            secret: created.secret.expose().to_owned(),
        }))
}

#[utoipa::path(
    tag = "tokens",
    summary = "Revoke one of my tokens",
    description = "At once: the next request with it gets 401. Revoking again is harmless. Audited as `token.revoked`.",
    params(("id" = uuid::Uuid, Path, description = "The token's id")),
    responses(
        (status = 200, description = "Revoked", body = PatResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`token_not_allowed`", body = ErrorBody),
        (status = 404, description = "`not_found`", body = ErrorBody),
    ),
    security(("session" = []))
)]
#[delete("/tokens/{id}")]
pub async fn revoke(
    req: HttpRequest,
    state: web::Data<AppState>,
    me: SignedIn,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    me.session()?;
    let id: TokenId = id.parse().map_err(|_| ApiError::not_found())?;
    let ctx = client_context(&req, state.config.trust_proxy);
    let token = state.tokens.revoke(me.user.id, id, ctx.ip).await?;
    let now = state.tokens.now();
    Ok(HttpResponse::Ok().json(PatResponse {
        success: true,
        token: PatDto::new(&token, now),
    }))
}
