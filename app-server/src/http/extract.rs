//! Request extractors: who is asking ([`SignedIn`], [`MaybeSignedIn`]), from where
//! ([`client_context`]), and the session cookie.

use super::access::{TokenPrincipal, bearer_secret};
use super::error::ApiError;
use crate::config::CookieSecure;
use crate::i18n::Lang;
use crate::startup::AppState;
use accounts::ClientContext;
use accounts::model::{Session, SessionToken, User};
use actix_web::cookie::{Cookie, SameSite, time::Duration as CookieDuration};
use actix_web::dev::Payload;
use actix_web::http::header::USER_AGENT;
use actix_web::{FromRequest, HttpMessage, HttpRequest, web};
use futures_util::future::{LocalBoxFuture, Ready, ready};
use tokens::model::TokenGrant;

pub const SESSION_COOKIE: &str = "courtyard_session";

/// How a request proved who it is.
#[derive(Debug, Clone)]
pub enum Credential {
    /// The browser's session cookie.
    Session(Session),
    /// A personal access token (`Authorization: Bearer`), checked by
    /// [`authenticate_bearer`](super::access::authenticate_bearer).
    Token(TokenGrant),
}

/// A signed-in user and how they signed in. Extracting it from a request without a live
/// session or a valid token fails with 401 `unauthorized`.
#[derive(Debug, Clone)]
pub struct SignedIn {
    pub user: User,
    pub credential: Credential,
}

impl SignedIn {
    /// The browser session; 403 `token_not_allowed` for a token (the access table already
    /// keeps tokens away from session-only endpoints: this is the second lock).
    pub fn session(&self) -> Result<&Session, ApiError> {
        match &self.credential {
            Credential::Session(s) => Ok(s),
            Credential::Token(_) => Err(ApiError::token_not_allowed()),
        }
    }
}

/// The signed-in user, if any.
#[derive(Debug, Clone)]
pub struct MaybeSignedIn(pub Option<SignedIn>);

fn state(req: &HttpRequest) -> Result<web::Data<AppState>, ApiError> {
    req.app_data::<web::Data<AppState>>()
        .cloned()
        .ok_or_else(|| ApiError::internal(&anyhow::anyhow!("AppState is not registered")))
}

/// The session token of the request's cookie, if it has one.
pub fn session_token(req: &HttpRequest) -> Option<SessionToken> {
    req.cookie(SESSION_COOKIE)
        .map(|c| c.value().to_owned())
        .filter(|v| !v.is_empty() && v.len() <= 128)
        .map(SessionToken::new)
}

async fn resolve(req: HttpRequest) -> Result<Option<SignedIn>, ApiError> {
    if bearer_secret(&req).is_some() {
        // Judged by the token alone; the middleware has put its user here, or refused.
        return Ok(req.extensions().get::<TokenPrincipal>().map(|p| SignedIn {
            user: p.user.clone(),
            credential: Credential::Token(p.grant.clone()),
        }));
    }
    let Some(token) = session_token(&req) else {
        return Ok(None);
    };
    let state = state(&req)?;
    Ok(state
        .accounts
        .authenticate(&token)
        .await?
        .map(|(user, session)| SignedIn {
            user,
            credential: Credential::Session(session),
        }))
}

impl FromRequest for MaybeSignedIn {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { resolve(req).await.map(MaybeSignedIn) })
    }
}

impl FromRequest for SignedIn {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { resolve(req).await?.ok_or_else(ApiError::unauthorized) })
    }
}

/// A signed-in administrator: 401 when signed out, 403 for everyone else.
#[derive(Debug, Clone)]
pub struct AdminUser(pub SignedIn);

impl FromRequest for AdminUser {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let signed_in = resolve(req).await?.ok_or_else(ApiError::unauthorized)?;
            if signed_in.user.role == kernel::Role::Admin {
                Ok(AdminUser(signed_in))
            } else {
                Err(ApiError::forbidden())
            }
        })
    }
}

impl FromRequest for Lang {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(Ok(Lang::of(req)))
    }
}

/// The client's address (the proxy's `X-Forwarded-For` only with `TRUST_PROXY`) and agent.
pub fn client_context(req: &HttpRequest, trust_proxy: bool) -> ClientContext {
    let info = req.connection_info();
    let ip = if trust_proxy {
        info.realip_remote_addr().map(strip_port)
    } else {
        info.peer_addr().map(strip_port)
    };
    ClientContext {
        ip: ip.map(str::to_owned),
        user_agent: req
            .headers()
            .get(USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned),
    }
}

fn strip_port(addr: &str) -> &str {
    // "1.2.3.4:5678" → "1.2.3.4"; "[::1]:80" → "::1"; a bare IPv6 address stays whole.
    if let Some(rest) = addr.strip_prefix('[') {
        return rest.split(']').next().unwrap_or(rest);
    }
    match addr.rsplit_once(':') {
        Some((host, _)) if !host.contains(':') => host,
        _ => addr,
    }
}

fn cookie_is_secure(req: &HttpRequest, mode: CookieSecure, trust_proxy: bool) -> bool {
    match mode {
        CookieSecure::Always => true,
        CookieSecure::Never => false,
        CookieSecure::Auto if trust_proxy => req.connection_info().scheme() == "https",
        CookieSecure::Auto => req.app_config().secure(),
    }
}

/// The session cookie's fixed attributes: whole site, no script access, Lax, Secure per config.
fn base_cookie(req: &HttpRequest, state: &AppState, value: String) -> Cookie<'static> {
    named_cookie(req, state, SESSION_COOKIE, value)
}

/// An HttpOnly, SameSite=Lax cookie on `/`, Secure per `COOKIE_SECURE`.
pub fn named_cookie(
    req: &HttpRequest,
    state: &AppState,
    name: &'static str,
    value: String,
) -> Cookie<'static> {
    Cookie::build(name, value)
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(cookie_is_secure(
            req,
            state.config.cookie_secure,
            state.config.trust_proxy,
        ))
        .finish()
}

/// The cookie that carries a new session's token.
pub fn session_cookie(
    req: &HttpRequest,
    state: &AppState,
    token: &SessionToken,
) -> Cookie<'static> {
    let mut c = base_cookie(req, state, token.expose().to_owned());
    c.set_max_age(CookieDuration::days(
        state.config.accounts.session_idle_days,
    ));
    c
}

/// A cookie that makes the browser forget its session token.
pub fn removal_cookie(req: &HttpRequest, state: &AppState) -> Cookie<'static> {
    let mut c = base_cookie(req, state, String::new());
    c.make_removal();
    c
}

#[cfg(test)]
mod tests {
    use super::strip_port;

    #[test]
    fn strips_ports_from_v4_and_v6() {
        assert_eq!(strip_port("192.0.2.1:5678"), "192.0.2.1");
        assert_eq!(strip_port("[::1]:80"), "::1");
        assert_eq!(strip_port("::1"), "::1");
        assert_eq!(strip_port("192.0.2.1"), "192.0.2.1");
    }
}
