//! WeChat sign-in (spec §2.3, §4.1; docs/api.md "WeChat"): the OAuth round trip, the cookie that
//! remembers the proven openid, logging in, making an account from the WeChat profile, binding
//! and unbinding.
//!
//! The proof cookie (`courtyard_wechat`) is single use: it carries a nonce that the first
//! login, registration or binding made with it spends in the database (every instance agrees),
//! and that logout spends too; the cookie is removed at the same time. A copied value is
//! refused afterwards.

use super::dto::{CallbackQuery, SignInState};
use super::errors::AuthCode;
use crate::http::dto::{AuthResponse, UserDto};
use crate::http::error::{ApiError, ErrorBody, ErrorCode, SharedCode};
use crate::http::extract::{
    MaybeSignedIn, SignedIn, client_context, named_cookie, request_is_https,
};
use crate::http::middleware::is_own_script_request;
use crate::http::signed::Signer;
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use accounts::model::{WechatIdentity, WechatProfile};
use accounts::{AccountsError, WECHAT_PROOF_MINUTES, WECHAT_STATE_MINUTES, WechatNonce};
use actix_web::cookie::Cookie;
use actix_web::cookie::time::Duration as CookieDuration;
use actix_web::http::StatusCode;
use actix_web::http::header::{HOST, LOCATION, REFERER, USER_AGENT};
use actix_web::{HttpRequest, HttpResponse, delete, get, post, web};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// Remembers the openid this browser proved through WeChat, until login.
pub const WECHAT_COOKIE: &str = "courtyard_wechat";
/// Binds an OAuth round trip to the browser that started it.
pub const WECHAT_STATE_COOKIE: &str = "courtyard_wechat_state";
const CALLBACK_PATH: &str = "/api/auth/wechat/callback";

/// What the signed WeChat cookie holds.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct WechatCookie {
    o: String,
    u: Option<String>,
    n: Option<String>,
    a: Option<String>,
    /// The nonce a use of this cookie spends (cookies without one are not accepted).
    j: String,
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

fn wechat_cookie(req: &HttpRequest, signer: &Signer, now: DateTime<Utc>) -> Option<WechatCookie> {
    let c = req.cookie(WECHAT_COOKIE)?;
    signer.verify("wechat", c.value(), now)
}

fn wechat_session_missing() -> ApiError {
    ApiError::new(
        StatusCode::UNAUTHORIZED,
        AuthCode::WechatSessionMissing,
        Msg::WechatSessionMissing,
    )
}

/// The proof cookie of this request, if it is genuine, unexpired and not yet spent.
async fn unspent_proof(
    req: &HttpRequest,
    state: &AppState,
) -> Result<Option<WechatCookie>, ApiError> {
    let Some(proof) = wechat_cookie(req, &state.signer, state.accounts.now()) else {
        return Ok(None);
    };
    let unspent = state
        .accounts
        .wechat_nonce_unspent(WechatNonce::Proof(&proof.j))
        .await?;
    Ok(unspent.then_some(proof))
}

/// The proof cookie's nonce (to spend with [`spend_proof`]) and the WeChat profile it proves:
/// 401 `wechat_session_missing` without a genuine, unexpired, unspent proof cookie.
async fn proof(req: &HttpRequest, state: &AppState) -> Result<(String, WechatProfile), ApiError> {
    let proof = unspent_proof(req, state)
        .await?
        .ok_or_else(wechat_session_missing)?;
    Ok((proof.j.clone(), proof.profile()))
}

/// Spends the proof cookie's nonce after it was used; `false` when another request spent it
/// first (a replayed copy racing the original), and what that request made must be undone.
async fn spend_proof(state: &AppState, nonce: &str) -> Result<bool, ApiError> {
    Ok(state
        .accounts
        .spend_wechat_nonce(WechatNonce::Proof(nonce))
        .await?)
}

/// The cookie that makes the browser forget its WeChat proof.
pub fn wechat_cookie_removal(req: &HttpRequest, state: &AppState) -> Cookie<'static> {
    let mut c = named_cookie(req, state, WECHAT_COOKIE, String::new());
    c.make_removal();
    c
}

/// At logout: spends the proof cookie's nonce, if the request has one, so that a copy of the
/// cookie cannot sign anyone in later. A failure is logged, not turned into a failed logout.
pub async fn forget_proof(req: &HttpRequest, state: &AppState) {
    if let Some(proof) = wechat_cookie(req, &state.signer, state.accounts.now())
        && let Err(e) = spend_proof(state, &proof.j).await
    {
        tracing::warn!(code = e.code, "could not spend the WeChat proof at logout");
    }
}

fn in_wechat(req: &HttpRequest) -> bool {
    req.headers()
        .get(USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|ua| ua.contains("MicroMessenger"))
}

/// Where browsers reach this server: `PUBLIC_URL` (required in production), else the request's
/// own scheme (as [`request_is_https`] decides) and `Host` — never `X-Forwarded-Host` or
/// `Forwarded`, which a client could set.
fn public_base(req: &HttpRequest, state: &AppState) -> String {
    state.config.public_url.clone().unwrap_or_else(|| {
        let scheme = if request_is_https(req, &state.config.trusted_proxies) {
            "https"
        } else {
            "http"
        };
        let host = req
            .headers()
            .get(HOST)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("localhost");
        format!("{scheme}://{host}")
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
    operation_id = "get_sign_in_state",
    tag = "auth",
    summary = "Sign-in state of this browser",
    description = "Whether the browser is signed in, and as whom. In WeChat's in-app browser, when WeChat is configured, nobody is signed in and no openid is known, `authUrl` is where the browser must go (WeChat OAuth). `wechatOpenId` is the openid this browser proved and has not used yet (a proof serves one login, registration or binding, and ends at logout); `hasUser` says whether an account is linked to it. `signedOutReason` is `account_disabled` when the browser still holds a session that ended because an administrator disabled the account (so it can say why it is signed out). Called with an access token, it answers the token's user.",
    responses((status = 200, description = "The state", body = SignInState)),
    security((), ("session" = []), ("bearer" = []))
)]
#[get("/auth/token")]
pub async fn sign_in_state(
    req: HttpRequest,
    state: web::Data<AppState>,
    me: MaybeSignedIn,
) -> Result<HttpResponse, ApiError> {
    let user = me.0.as_ref().map(|s| UserDto::from(&s.user));
    let proven = unspent_proof(&req, &state).await?;
    let has_user = match &proven {
        Some(c) => state.accounts.find_by_wechat(&c.o).await?.is_some(),
        None => false,
    };
    let mut res = HttpResponse::Ok();
    res.insert_header(("Cache-Control", "no-store"));
    if proven.is_none() && req.cookie(WECHAT_COOKIE).is_some() {
        // Spent, expired or forged: let the browser forget it.
        res.cookie(wechat_cookie_removal(&req, &state));
    }
    let mut auth_url = None;
    if let Some(oauth) = &state.wechat_oauth
        && user.is_none()
        && proven.is_none()
        && in_wechat(&req)
    {
        let base = public_base(&req, &state);
        let trip = state
            .accounts
            .begin_wechat_sign_in(oauth.as_ref(), &format!("{base}{CALLBACK_PATH}"));
        let signed_state = state
            .signer
            .sign(
                "wechat_state",
                &OAuthState {
                    n: trip.state,
                    next: return_path(&req, &base),
                },
                trip.expires_at,
            )
            .map_err(|e| ApiError::internal(&e))?;
        let mut cookie = named_cookie(&req, &state, WECHAT_STATE_COOKIE, signed_state);
        cookie.set_max_age(CookieDuration::minutes(WECHAT_STATE_MINUTES));
        res.cookie(cookie);
        auth_url = Some(trip.authorize_url);
    }
    // A browser back with a session its account's disabling ended is told why it is signed out.
    let signed_out_reason = match crate::http::extract::session_token(&req) {
        Some(token) if user.is_none() && state.accounts.ended_by_disabling(&token).await? => {
            Some(AuthCode::AccountDisabled.as_str())
        }
        _ => None,
    };
    Ok(res.json(SignInState {
        signed_out_reason,
        success: true,
        is_authenticated: user.is_some(),
        has_user,
        user,
        wechat_open_id: proven.map(|c| c.o),
        auth_url,
    }))
}

fn back_to_spa(next: &str) -> HttpResponse {
    HttpResponse::Found()
        .insert_header((LOCATION, next.to_owned()))
        .insert_header(("Cache-Control", "no-store"))
        .finish()
}

fn failed(req: &HttpRequest, state: &AppState, code: impl ErrorCode) -> HttpResponse {
    let mut removal = named_cookie(req, state, WECHAT_STATE_COOKIE, String::new());
    removal.make_removal();
    let mut res = back_to_spa(&format!("/?wechatError={}", code.as_str()));
    let _ = res.add_cookie(&removal);
    res
}

#[utoipa::path(
    operation_id = "wechat_callback",
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
        return failed(&req, &state, SharedCode::WechatNotConfigured);
    };
    let expected: Option<OAuthState> = req.cookie(WECHAT_STATE_COOKIE).and_then(|c| {
        state
            .signer
            .verify("wechat_state", c.value(), state.accounts.now())
    });
    let proof = match state
        .accounts
        .finish_wechat_sign_in(
            oauth.as_ref(),
            expected.as_ref().map(|s| s.n.as_str()),
            query.state.as_deref(),
            query.code.as_deref(),
        )
        .await
    {
        Ok(proof) => proof,
        Err(AccountsError::WechatStateInvalid) => {
            return failed(&req, &state, AuthCode::InvalidState);
        }
        Err(AccountsError::WechatDenied) => return failed(&req, &state, AuthCode::WechatDenied),
        Err(AccountsError::WechatCodeRejected) => {
            return failed(&req, &state, AuthCode::WechatCodeRejected);
        }
        Err(AccountsError::WechatUnavailable(e)) => {
            tracing::error!(error = format!("{e:#}"), "WeChat OAuth exchange failed");
            return failed(&req, &state, SharedCode::WechatError);
        }
        Err(_) => return failed(&req, &state, SharedCode::InternalError),
    };
    // Only a matching state gets here, so the cookie held one.
    let next = expected.map_or_else(|| "/".to_owned(), |s| s.next);
    let profile = proof.profile;
    let payload = WechatCookie {
        o: profile.identity.openid,
        u: profile.identity.unionid,
        n: profile.nickname,
        a: profile.avatar_url,
        j: proof.nonce,
    };
    let signed = match state.signer.sign("wechat", &payload, proof.expires_at) {
        Ok(s) => s,
        Err(e) => {
            tracing::error!(error = format!("{e:#}"), "signing the WeChat cookie failed");
            return failed(&req, &state, SharedCode::InternalError);
        }
    };
    let mut cookie = named_cookie(&req, &state, WECHAT_COOKIE, signed);
    cookie.set_max_age(CookieDuration::minutes(WECHAT_PROOF_MINUTES));
    let mut removal = named_cookie(&req, &state, WECHAT_STATE_COOKIE, String::new());
    removal.make_removal();
    let mut res = back_to_spa(&next);
    let _ = res.add_cookie(&cookie);
    let _ = res.add_cookie(&removal);
    res
}

/// Answers a sign-in made with the proof cookie: spends the proof and removes the cookie. When
/// another request spent it first (a replayed copy racing the original), the session just made
/// is ended again and the answer is 401 `wechat_session_missing`.
async fn signed_in_with_proof(
    req: &HttpRequest,
    state: &AppState,
    nonce: &str,
    status: StatusCode,
    user: &accounts::model::User,
    issued: &accounts::IssuedSession,
    message: &'static str,
) -> Result<HttpResponse, ApiError> {
    if !spend_proof(state, nonce).await? {
        state.accounts.logout(&issued.token).await?;
        return Err(wechat_session_missing());
    }
    let mut res = AuthResponse::signed_in(req, state, status, user, issued, message);
    res.add_cookie(&wechat_cookie_removal(req, state))
        .map_err(|e| ApiError::internal(&anyhow::anyhow!("{e}")))?;
    Ok(res)
}

#[utoipa::path(
    tag = "auth",
    summary = "Log in with the WeChat account this browser proved",
    description = "Kept a `GET` as the spec says, so it refuses requests that are not the app's own: a browser must send `Sec-Fetch-Site: same-origin` (and, when it sends them, `Sec-Fetch-Dest: empty` and `Sec-Fetch-Mode: cors` or `same-origin`, i.e. the page's own `fetch`); a client that sends no fetch metadata must send a `Referer` from this site. A link or an image on another site never signs anyone in. The proof is spent and its cookie removed.",
    responses(
        (status = 200, description = "Signed in", body = AuthResponse),
        (status = 401, description = "`wechat_session_missing` (no proof, or one already used)", body = ErrorBody),
        (status = 403, description = "`cross_origin_request` (not the app's own request), `account_disabled`", body = ErrorBody),
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
    if !is_own_script_request(&req, state.config.public_url.as_deref()) {
        tracing::warn!("refused a WeChat login that was not the app's own request");
        return Err(ApiError::cross_origin());
    }
    let (nonce, profile) = proof(&req, &state).await?;
    let ctx = client_context(&req, &state.config.trusted_proxies);
    let (user, issued) = state
        .accounts
        .login_with_wechat(&profile.identity.openid, &ctx)
        .await?;
    tracing::info!(user = %user.id, "logged in with WeChat");
    signed_in_with_proof(
        &req,
        &state,
        &nonce,
        StatusCode::OK,
        &user,
        &issued,
        Msg::LoggedIn.text(lang),
    )
    .await
}

#[utoipa::path(
    tag = "auth",
    summary = "Create an account from the WeChat profile",
    description = "Makes a new account (nickname and avatar from WeChat, no password) linked to the proven openid, and signs it in. The proof is spent and its cookie removed.",
    responses(
        (status = 201, description = "Registered and signed in", body = AuthResponse),
        (status = 401, description = "`wechat_session_missing` (no proof, or one already used)", body = ErrorBody),
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
    let (nonce, profile) = proof(&req, &state).await?;
    let ctx = client_context(&req, &state.config.trusted_proxies);
    let (user, issued) = state.accounts.register_with_wechat(&profile, &ctx).await?;
    tracing::info!(user = %user.id, "registered with WeChat");
    signed_in_with_proof(
        &req,
        &state,
        &nonce,
        StatusCode::CREATED,
        &user,
        &issued,
        Msg::Registered.text(lang),
    )
    .await
}

#[utoipa::path(
    operation_id = "bind_wechat",
    tag = "auth",
    summary = "Link the proven WeChat account to me",
    description = "A browser session only, with recent proof of the account (signed in, or re-authenticated with `POST /api/auth/reauthenticate`, within `REAUTH_WINDOW_MINUTES`, 10 minutes by default).",
    responses(
        (status = 200, description = "Linked", body = AuthResponse),
        (status = 401, description = "`unauthorized`, `wechat_session_missing`", body = ErrorBody),
        (status = 403, description = "`reauthentication_required`, `token_not_allowed`", body = ErrorBody),
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
    let session = me.session()?;
    let (nonce, profile) = proof(&req, &state).await?;
    let user = state
        .accounts
        .bind_wechat(session, profile.identity)
        .await?;
    tracing::info!(user = %user.id, "WeChat linked");
    // The proof is used up (an openid binds to one account, so a racing copy cannot have
    // bound it elsewhere): spend it and let the browser forget it.
    spend_proof(&state, &nonce).await?;
    Ok(HttpResponse::Ok()
        .cookie(wechat_cookie_removal(&req, &state))
        .json(AuthResponse::new(&user, Msg::WechatBound.text(lang))))
}

#[utoipa::path(
    operation_id = "unbind_wechat",
    tag = "auth",
    summary = "Unlink WeChat from me",
    description = "Refused when WeChat is the account's only way to sign in. A browser session only, with recent proof of the account (as for linking).",
    responses(
        (status = 200, description = "Unlinked", body = AuthResponse),
        (status = 401, description = "`unauthorized`", body = ErrorBody),
        (status = 403, description = "`reauthentication_required`, `token_not_allowed`", body = ErrorBody),
        (status = 409, description = "`last_sign_in_method`", body = ErrorBody),
    ),
    security(("session" = []))
)]
#[delete("/auth/wechat/binding")]
pub async fn unbind(
    state: web::Data<AppState>,
    me: SignedIn,
    lang: Lang,
) -> Result<HttpResponse, ApiError> {
    let user = state.accounts.unbind_wechat(me.session()?).await?;
    tracing::info!(user = %user.id, "WeChat unlinked");
    Ok(HttpResponse::Ok().json(AuthResponse::new(&user, Msg::WechatUnbound.text(lang))))
}
