//! WeChat sign-in (spec §2.3, §4.1; docs/api.md "WeChat"): the OAuth round trip, the cookie that
//! remembers the proven openid, logging in, making an account from the WeChat profile, binding
//! and unbinding.

use super::dto::{AuthResponse, TokenStatus, UserDto};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extract::{MaybeSignedIn, SignedIn, client_context, named_cookie};
use crate::http::signed::Signer;
use crate::i18n::{Lang, Msg};
use crate::startup::AppState;
use accounts::AccountsError;
use accounts::model::{WechatIdentity, WechatProfile};
use actix_web::cookie::time::Duration as CookieDuration;
use actix_web::http::StatusCode;
use actix_web::http::header::{LOCATION, REFERER, USER_AGENT};
use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};
use chrono::{Duration, Utc};
use kernel::{RateDecision, RateLimitRule, RateLimiter};
use serde::{Deserialize, Serialize};
use utoipa::IntoParams;

/// Remembers the openid this browser proved through WeChat, until login.
pub const WECHAT_COOKIE: &str = "courtyard_wechat";
/// Binds an OAuth round trip to the browser that started it.
pub const WECHAT_STATE_COOKIE: &str = "courtyard_wechat_state";
const WECHAT_COOKIE_MINUTES: i64 = 30;
const STATE_MINUTES: i64 = 10;
const CALLBACK_PATH: &str = "/api/auth/wechat/callback";

/// What the signed WeChat cookie holds.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct WechatCookie {
    o: String,
    u: Option<String>,
    n: Option<String>,
    a: Option<String>,
}

impl WechatCookie {
    fn profile(self) -> WechatProfile {
        WechatProfile {
            identity: WechatIdentity {
                openid: self.o,
                unionid: self.u,
            },
            nickname: self.n,
            avatar_url: self.a,
        }
    }
}

#[derive(Debug, Serialize, Deserialize)]
struct OAuthState {
    /// The `state` sent to WeChat.
    n: String,
    /// Where the SPA was.
    next: String,
}

fn wechat_cookie(req: &HttpRequest, signer: &Signer) -> Option<WechatCookie> {
    let c = req.cookie(WECHAT_COOKIE)?;
    signer.verify("wechat", c.value(), Utc::now())
}

fn proven_profile(req: &HttpRequest, state: &AppState) -> Result<WechatProfile, ApiError> {
    wechat_cookie(req, &state.signer)
        .map(WechatCookie::profile)
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::UNAUTHORIZED,
                "wechat_session_missing",
                Msg::WechatSessionMissing,
            )
        })
}

fn in_wechat(req: &HttpRequest) -> bool {
    req.headers()
        .get(USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|ua| ua.contains("MicroMessenger"))
}

/// Where browsers reach this server: `PUBLIC_URL`, else the request's scheme and host.
fn public_base(req: &HttpRequest, state: &AppState) -> String {
    state.config.public_url.clone().unwrap_or_else(|| {
        let info = req.connection_info();
        format!("{}://{}", info.scheme(), info.host())
    })
}

/// The SPA path the browser came from (same origin only), to return to after WeChat.
fn return_path(req: &HttpRequest, base: &str) -> String {
    req.headers()
        .get(REFERER)
        .and_then(|v| v.to_str().ok())
        .and_then(|r| r.strip_prefix(base))
        .filter(|p| p.starts_with('/') && !p.starts_with("//") && !p.starts_with("/api/"))
        .map_or_else(|| "/".to_owned(), |p| p.chars().take(512).collect())
}

#[utoipa::path(
    tag = "auth",
    summary = "Sign-in state of this browser",
    description = "Whether the browser is signed in, and as whom. In WeChat's in-app browser, when WeChat is configured, nobody is signed in and no openid is known, `authUrl` is where the browser must go (WeChat OAuth). `wechatOpenId` is the openid this browser proved; `hasUser` says whether an account is linked to it. Called with an access token, it answers the token's user.",
    responses((status = 200, description = "The state", body = TokenStatus)),
    security((), ("session" = []), ("bearer" = []))
)]
#[get("/auth/token")]
pub async fn token_status(
    req: HttpRequest,
    state: web::Data<AppState>,
    me: MaybeSignedIn,
) -> Result<HttpResponse, ApiError> {
    let user = me.0.as_ref().map(|s| UserDto::from(&s.user));
    let proven = wechat_cookie(&req, &state.signer);
    let has_user = match &proven {
        Some(c) => state.accounts.find_by_wechat(&c.o).await?.is_some(),
        None => false,
    };
    let mut res = HttpResponse::Ok();
    res.insert_header(("Cache-Control", "no-store"));
    let mut auth_url = None;
    if let Some(oauth) = &state.wechat_oauth
        && user.is_none()
        && proven.is_none()
        && in_wechat(&req)
    {
        let base = public_base(&req, &state);
        let nonce = hex_nonce();
        let signed_state = state
            .signer
            .sign(
                "wechat_state",
                &OAuthState {
                    n: nonce.clone(),
                    next: return_path(&req, &base),
                },
                Utc::now() + Duration::minutes(STATE_MINUTES),
            )
            .map_err(|e| ApiError::internal(&e))?;
        let mut cookie = named_cookie(&req, &state, WECHAT_STATE_COOKIE, signed_state);
        cookie.set_max_age(CookieDuration::minutes(STATE_MINUTES));
        res.cookie(cookie);
        auth_url = Some(oauth.authorize_url(&format!("{base}{CALLBACK_PATH}"), &nonce));
    }
    Ok(res.json(TokenStatus {
        success: true,
        is_authenticated: user.is_some(),
        has_user,
        user,
        wechat_open_id: proven.map(|c| c.o),
        auth_url,
    }))
}

/// 32 hex digits: WeChat allows only `[a-zA-Z0-9]{1,128}` in `state`.
fn hex_nonce() -> String {
    // A v4 UUID carries 122 bits from the OS random source.
    uuid::Uuid::new_v4().simple().to_string()
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct CallbackQuery {
    /// WeChat's OAuth code (absent when the person declined).
    code: Option<String>,
    /// The `state` this server sent.
    state: Option<String>,
}

fn back_to_spa(next: &str) -> HttpResponse {
    HttpResponse::Found()
        .insert_header((LOCATION, next.to_owned()))
        .insert_header(("Cache-Control", "no-store"))
        .finish()
}

fn failed(req: &HttpRequest, state: &AppState, code: &str) -> HttpResponse {
    let mut removal = named_cookie(req, state, WECHAT_STATE_COOKIE, String::new());
    removal.make_removal();
    let mut res = back_to_spa(&format!("/?wechatError={code}"));
    let _ = res.add_cookie(&removal);
    res
}

#[utoipa::path(
    tag = "auth",
    summary = "WeChat OAuth callback",
    description = "WeChat sends the browser here with `code` and `state`. The server checks the state against the browser's state cookie (single use), exchanges the code for the openid, unionid, nickname and avatar, keeps them in a signed cookie for 30 minutes and redirects to the SPA. Failures redirect to `/?wechatError=<code>`.",
    params(CallbackQuery),
    responses((status = 302, description = "Back to the SPA")),
    security(())
)]
#[get("/auth/wechat/callback")]
pub async fn callback(
    req: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<CallbackQuery>,
) -> HttpResponse {
    let Some(oauth) = &state.wechat_oauth else {
        return failed(&req, &state, "wechat_not_configured");
    };
    let expected: Option<OAuthState> = req
        .cookie(WECHAT_STATE_COOKIE)
        .and_then(|c| state.signer.verify("wechat_state", c.value(), Utc::now()));
    let Some(expected) = expected.filter(|s| Some(&s.n) == query.state.as_ref()) else {
        return failed(&req, &state, "invalid_state");
    };
    // Single use, across every instance.
    let once = RateLimitRule {
        limit: 1,
        window_secs: 60 * 60,
    };
    let limiter = state.db.rate_limiter();
    match limiter
        .hit(&format!("wechat:state:{}", expected.n), once, Utc::now())
        .await
    {
        Ok(RateDecision::Allowed) => {}
        Ok(RateDecision::Limited { .. }) => return failed(&req, &state, "invalid_state"),
        Err(e) => {
            tracing::error!(
                error = format!("{e:#}"),
                "WeChat callback: state check failed"
            );
            return failed(&req, &state, "internal_error");
        }
    }
    let Some(code) = query
        .code
        .as_deref()
        .filter(|c| !c.is_empty() && c.len() <= 256)
    else {
        return failed(&req, &state, "wechat_denied");
    };
    let profile = match oauth.exchange_code(code).await {
        Ok(p) => p,
        Err(AccountsError::WechatCodeRejected) => {
            return failed(&req, &state, "wechat_code_rejected");
        }
        Err(e) => {
            tracing::error!(error = format!("{e:#}"), "WeChat OAuth exchange failed");
            return failed(&req, &state, "wechat_error");
        }
    };
    let payload = WechatCookie {
        o: profile.identity.openid,
        u: profile.identity.unionid,
        n: profile.nickname,
        a: profile.avatar_url,
    };
    let signed = match state.signer.sign(
        "wechat",
        &payload,
        Utc::now() + Duration::minutes(WECHAT_COOKIE_MINUTES),
    ) {
        Ok(s) => s,
        Err(e) => {
            tracing::error!(error = format!("{e:#}"), "signing the WeChat cookie failed");
            return failed(&req, &state, "internal_error");
        }
    };
    let mut cookie = named_cookie(&req, &state, WECHAT_COOKIE, signed);
    cookie.set_max_age(CookieDuration::minutes(WECHAT_COOKIE_MINUTES));
    let mut removal = named_cookie(&req, &state, WECHAT_STATE_COOKIE, String::new());
    removal.make_removal();
    let mut res = back_to_spa(&expected.next);
    let _ = res.add_cookie(&cookie);
    let _ = res.add_cookie(&removal);
    res
}

#[utoipa::path(
    tag = "auth",
    summary = "Log in with the WeChat account this browser proved",
    responses(
        (status = 200, description = "Signed in", body = AuthResponse),
        (status = 401, description = "`wechat_session_missing`", body = ErrorBody),
        (status = 403, description = "`account_disabled`", body = ErrorBody),
        (status = 404, description = "`wechat_not_linked`", body = ErrorBody),
    ),
    security(())
)]
#[get("/auth/wechat/login")]
pub async fn login(
    req: HttpRequest,
    state: web::Data<AppState>,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let profile = proven_profile(&req, &state)?;
    let ctx = client_context(&req, state.config.trust_proxy);
    let (user, issued) = state
        .accounts
        .login_with_wechat(&profile.identity.openid, &ctx)
        .await?;
    tracing::info!(user = %user.id, "logged in with WeChat");
    Ok(AuthResponse::signed_in(
        &req,
        &state,
        StatusCode::OK,
        &user,
        &issued,
        Msg::LoggedIn.text(lang),
    ))
}

#[utoipa::path(
    tag = "auth",
    summary = "Create an account from the WeChat profile",
    description = "Makes a new account (nickname and avatar from WeChat, no password) linked to the proven openid, and signs it in.",
    responses(
        (status = 201, description = "Registered and signed in", body = AuthResponse),
        (status = 401, description = "`wechat_session_missing`", body = ErrorBody),
        (status = 409, description = "`wechat_already_linked`", body = ErrorBody),
        (status = 429, description = "`rate_limited`", body = ErrorBody),
    ),
    security(())
)]
#[post("/auth/wechat/register")]
pub async fn register(
    req: HttpRequest,
    state: web::Data<AppState>,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let profile = proven_profile(&req, &state)?;
    let ctx = client_context(&req, state.config.trust_proxy);
    let (user, issued) = state.accounts.register_with_wechat(&profile, &ctx).await?;
    tracing::info!(user = %user.id, "registered with WeChat");
    Ok(AuthResponse::signed_in(
        &req,
        &state,
        StatusCode::CREATED,
        &user,
        &issued,
        Msg::Registered.text(lang),
    ))
}

#[utoipa::path(
    tag = "auth",
    summary = "Link the proven WeChat account to me",
    responses(
        (status = 200, description = "Linked", body = AuthResponse),
        (status = 401, description = "`unauthorized`, `wechat_session_missing`", body = ErrorBody),
        (status = 403, description = "`token_not_allowed`", body = ErrorBody),
        (status = 409, description = "`wechat_already_linked`, `wechat_already_bound`", body = ErrorBody),
    ),
    security(("session" = []))
)]
#[post("/auth/wechat/binding")]
pub async fn bind(
    req: HttpRequest,
    state: web::Data<AppState>,
    me: SignedIn,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let profile = proven_profile(&req, &state)?;
    let user = state
        .accounts
        .bind_wechat(me.user.id, profile.identity)
        .await?;
    tracing::info!(user = %user.id, "WeChat linked");
    Ok(HttpResponse::Ok().json(AuthResponse::new(&user, Msg::WechatBound.text(lang))))
}

#[utoipa::path(
    tag = "auth",
    summary = "Unlink WeChat from me",
    description = "Refused when WeChat is the account's only way to sign in.",
    responses(
        (status = 200, description = "Unlinked", body = AuthResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 409, description = "`last_sign_in_method`", body = ErrorBody),
    ),
    security(("session" = []), ("bearer" = ["account:write"]))
)]
#[delete("/auth/wechat/binding")]
pub async fn unbind(
    state: web::Data<AppState>,
    me: SignedIn,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let user = state.accounts.unbind_wechat(me.user.id).await?;
    tracing::info!(user = %user.id, "WeChat unlinked");
    Ok(HttpResponse::Ok().json(AuthResponse::new(&user, Msg::WechatUnbound.text(lang))))
}
