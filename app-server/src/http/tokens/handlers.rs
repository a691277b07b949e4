//! Personal access tokens of the signed-in user (the developer portal's `/developers/pat`).
//! A browser session only: a token cannot make, list or revoke tokens.

use super::dto::{
    CreateTokenRequest, CreatedTokenResponse, PatDto, PatResponse, ScopeDto, ScopesResponse,
    TokensResponse,
};
use crate::http::error::{ApiError, ErrorBody, JsonBodyRefusal};
use crate::http::extract::{SignedIn, client_context};
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};
use tokens::TokensService;
use tokens::model::{Access, Area, Owner, Scope, TokenId};
use tokens::service::NewToken;

fn describe(scope: Scope) -> Msg {
    match (scope.area, scope.access) {
        (Area::Account, Access::Read) => Msg::ScopeAccountRead,
        (Area::Account, Access::Write) => Msg::ScopeAccountWrite,
        (Area::Ai, Access::Read) => Msg::ScopeAiRead,
        (Area::Ai, Access::Write) => Msg::ScopeAiWrite,
        (Area::Groups, Access::Read) => Msg::ScopeGroupsRead,
        (Area::Groups, Access::Write) => Msg::ScopeGroupsWrite,
        (Area::Plaza, Access::Read) => Msg::ScopePlazaRead,
        (Area::Plaza, Access::Write) => Msg::ScopePlazaWrite,
        (Area::Notifications, Access::Read) => Msg::ScopeNotificationsRead,
        (Area::Notifications, Access::Write) => Msg::ScopeNotificationsWrite,
        (Area::Admin, Access::Read) => Msg::ScopeAdminRead,
        (Area::Admin, Access::Write) => Msg::ScopeAdminWrite,
    }
}

#[utoipa::path(
    operation_id = "list_token_scopes",
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
    operation_id = "list_tokens",
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
    operation_id = "create_token",
    tag = "tokens",
    summary = "Create a personal access token",
    description = "Answers the secret once; only its SHA-256 is kept. Audited as `token.created`.",
    request_body = CreateTokenRequest,
    responses(
        (status = 201, description = "Created; the secret is in this answer only", body = CreatedTokenResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`token_not_allowed`, `scope_not_allowed`", body = ErrorBody),
        (status = 422, description = "`invalid_token_request` (with `fields`), `admin_token_needs_expiry` (admin scopes need an expiry), `too_many_tokens`", body = ErrorBody),
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
    let ctx = client_context(&req, &state.config.trusted_proxies);
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
    operation_id = "revoke_token",
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
    let ctx = client_context(&req, &state.config.trusted_proxies);
    let token = state.tokens.revoke(me.user.id, id, ctx.ip).await?;
    let now = state.tokens.now();
    Ok(HttpResponse::Ok().json(PatResponse {
        success: true,
        token: PatDto::new(&token, now),
    }))
}

#[utoipa::path(
    operation_id = "current_token",
    tag = "tokens",
    summary = "The token making this request",
    description = "Its name, scopes and expiry, everything but the secret: so a client can tell what it may do before it tries. Called with a personal access token only (any scope); a browser session gets 403 `token_required`.",
    responses(
        (status = 200, description = "The token that made the request", body = PatResponse),
        (status = 403, description = "`token_required`: not called with a personal access token", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[get("/tokens/current")]
pub async fn current_token(
    state: web::Data<AppState>,
    me: SignedIn,
) -> Result<HttpResponse, ApiError> {
    let crate::http::extract::Credential::Token(grant) = &me.credential else {
        return Err(ApiError::new(
            actix_web::http::StatusCode::FORBIDDEN,
            super::errors::TokensCode::TokenRequired,
            Msg::TokenRequired,
        ));
    };
    let now = state.tokens.now();
    let token = state
        .tokens
        .list(me.user.id)
        .await?
        .into_iter()
        .find(|t| t.id == grant.token_id)
        .ok_or_else(ApiError::invalid_token)?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(PatResponse {
            success: true,
            token: PatDto::new(&token, now),
        }))
}
