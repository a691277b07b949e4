//! Request extractors: who is asking ([`SignedIn`], [`MaybeSignedIn`]), from where
//! ([`client_context`]), and the session cookie.

use super::access::{TokenPrincipal, bearer_secret};
use super::error::ApiError;
use crate::config::{CookieSecure, TrustedProxies, canonical_ip};
use crate::i18n::Lang;
use crate::state::AppState;
use accounts::ClientContext;
use accounts::model::{Session, SessionToken, User};
use actix_web::cookie::{Cookie, SameSite, time::Duration as CookieDuration};
use actix_web::dev::Payload;
use actix_web::http::header::USER_AGENT;
use actix_web::{FromRequest, HttpMessage, HttpRequest, web};
use futures_util::future::{LocalBoxFuture, Ready, ready};
use kernel::Role;
use std::net::IpAddr;
use tokens::model::{Access, Area, Scope, TokenGrant};

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

/// Which of the administrator's powers a request carries, decided once where the caller is
/// identified: all of them for an administrator's session; for an administrator's token only
/// what its `admin:read` / `admin:write` scope grants (`admin:write` includes reading); none
/// for everyone else. Handlers ask [`SignedIn::role`], never `user.role`, whether the caller
/// acts as an administrator (docs/architecture.md, "Administrators and tokens").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum AdminPowers {
    None,
    Read,
    Full,
}

impl AdminPowers {
    /// The powers `user` holds through `credential`.
    pub fn of(user: &User, credential: &Credential) -> Self {
        if user.role != Role::Admin {
            return Self::None;
        }
        match credential {
            Credential::Session(_) => Self::Full,
            Credential::Token(grant) => {
                if grant.scopes.allow(Scope::new(Area::Admin, Access::Write)) {
                    Self::Full
                } else if grant.scopes.allow(Scope::new(Area::Admin, Access::Read)) {
                    Self::Read
                } else {
                    Self::None
                }
            }
        }
    }

    /// Whether they include seeing (`Read`) or doing (`Write`) what only administrators may.
    pub fn allow(self, access: Access) -> bool {
        match access {
            Access::Read => self >= Self::Read,
            Access::Write => self == Self::Full,
        }
    }
}

/// A signed-in user and how they signed in. Extracting it from a request without a live
/// session or a valid token fails with 401 `unauthorized`.
#[derive(Debug, Clone)]
pub struct SignedIn {
    /// The account. Its `role` is who they are (shown on their account and profile); whether
    /// this request acts with an administrator's powers is [`SignedIn::role`].
    pub user: User,
    pub credential: Credential,
    /// Decided from `user` and `credential` when the request was identified.
    pub powers: AdminPowers,
}

impl SignedIn {
    fn new(user: User, credential: Credential) -> Self {
        let powers = AdminPowers::of(&user, &credential);
        Self {
            user,
            credential,
            powers,
        }
    }

    /// The role in force for an action of this kind: `Admin` only when the caller is an
    /// administrator and this credential carries that power (a session always, a token within
    /// its admin scopes); `User` otherwise. Every check of "is an administrator" goes here.
    pub fn role(&self, access: Access) -> Role {
        if self.powers.allow(access) {
            Role::Admin
        } else {
            Role::User
        }
    }

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

impl MaybeSignedIn {
    /// Who is asking, if anyone.
    pub fn user_id(&self) -> Option<kernel::UserId> {
        self.0.as_ref().map(|s| s.user.id)
    }

    /// [`SignedIn::role`] of the asker; `None` signed out.
    pub fn role(&self, access: Access) -> Option<Role> {
        self.0.as_ref().map(|s| s.role(access))
    }
}

/// An id from the path; a malformed one is 404 `not_found` (as an unknown one is).
pub fn path_id<T: std::str::FromStr>(raw: &str) -> Result<T, ApiError> {
    raw.parse().map_err(|_| ApiError::not_found())
}

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
        return Ok(req
            .extensions()
            .get::<TokenPrincipal>()
            .map(|p| SignedIn::new(p.user.clone(), Credential::Token(p.grant.clone()))));
    }
    let Some(token) = session_token(&req) else {
        return Ok(None);
    };
    let state = state(&req)?;
    Ok(state
        .accounts
        .authenticate(&token)
        .await?
        .map(|(user, session)| SignedIn::new(user, Credential::Session(session))))
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

/// A signed-in administrator acting as one: 401 when signed out, 403 for everyone else. A
/// token needs `admin:read` for a safe method and `admin:write` for any other (the access table
/// asks the same of each admin operation first; this is the second lock).
#[derive(Debug, Clone)]
pub struct AdminUser(pub SignedIn);

impl FromRequest for AdminUser {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let access = if req.method().is_safe() {
                Access::Read
            } else {
                Access::Write
            };
            let signed_in = resolve(req).await?.ok_or_else(ApiError::unauthorized)?;
            if signed_in.role(access) == Role::Admin {
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

/// The client's address and agent. The address is the TCP peer's, unless the peer is one of
/// `TRUSTED_PROXIES`: then `X-Forwarded-For` is walked from the right (see [`client_ip`]).
/// `Forwarded` is never read.
pub fn client_context(req: &HttpRequest, proxies: &TrustedProxies) -> ClientContext {
    let forwarded_for: Vec<&str> = req
        .headers()
        .get_all("x-forwarded-for")
        .filter_map(|v| v.to_str().ok())
        .collect();
    let peer = req.peer_addr().map(|a| a.ip());
    ClientContext {
        ip: client_ip(peer, &forwarded_for, proxies).map(|ip| ip.to_string()),
        user_agent: req
            .headers()
            .get(USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned),
    }
}

/// Who the client is, given the TCP peer and the `X-Forwarded-For` header lines in order.
///
/// An untrusted peer is the client, whatever it claims. A trusted peer (a proxy of ours) appended
/// the address it saw to `X-Forwarded-For`, so the list is read from the right: entries in trusted
/// ranges are our own proxies and are skipped, and the first one that is not is the client; what
/// lies to its left was written by the client and is never believed. A value that is not an IP
/// address (`unknown`, an obfuscated name, garbage) stops the walk and is **not** skipped: the
/// trusted hop that wrote it could not name its client, so that hop is taken as the client —
/// skipping it would reach the client-written entries. When every entry is trusted, the leftmost
/// (the request began inside our network) is the client.
pub fn client_ip(
    peer: Option<IpAddr>,
    forwarded_for: &[&str],
    proxies: &TrustedProxies,
) -> Option<IpAddr> {
    let mut nearest = canonical_ip(peer?);
    if !proxies.contains(nearest) {
        return Some(nearest);
    }
    let hops = forwarded_for.iter().flat_map(|line| line.split(','));
    let hops: Vec<&str> = hops.collect();
    for hop in hops.iter().rev() {
        let Some(ip) = parse_hop(hop) else {
            return Some(nearest);
        };
        if !proxies.contains(ip) {
            return Some(ip);
        }
        nearest = ip;
    }
    Some(nearest)
}

/// One `X-Forwarded-For` entry: `192.0.2.1`, `192.0.2.1:5678`, `2001:db8::1`, `[2001:db8::1]:80`.
fn parse_hop(hop: &str) -> Option<IpAddr> {
    let hop = hop.trim();
    hop.parse::<IpAddr>()
        .or_else(|_| strip_port(hop).parse::<IpAddr>())
        .ok()
        .map(canonical_ip)
}

/// Whether the request reached us over https: TLS on our own listener, or a trusted proxy's
/// `X-Forwarded-Proto: https` (its last value, the one the nearest proxy wrote). A client
/// connecting directly cannot claim https with a header.
pub fn request_is_https(req: &HttpRequest, proxies: &TrustedProxies) -> bool {
    if req.app_config().secure() {
        return true;
    }
    let from_proxy = req.peer_addr().is_some_and(|a| proxies.contains(a.ip()));
    from_proxy
        && req
            .headers()
            .get_all("x-forwarded-proto")
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .last()
            .is_some_and(|p| p.trim().eq_ignore_ascii_case("https"))
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

fn cookie_is_secure(req: &HttpRequest, mode: CookieSecure, proxies: &TrustedProxies) -> bool {
    match mode {
        CookieSecure::Always => true,
        CookieSecure::Never => false,
        CookieSecure::Auto => request_is_https(req, proxies),
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
            &state.config.trusted_proxies,
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
        state
            .config
            .areas
            .get::<accounts::AccountsPolicy>()
            .session_idle_days,
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
    use super::{client_ip, strip_port};
    use crate::config::TrustedProxies;
    use std::net::IpAddr;

    fn walk(peer: &str, xff: &[&str], trusted: &str) -> String {
        let proxies: TrustedProxies = trusted.parse().unwrap();
        client_ip(Some(peer.parse().unwrap()), xff, &proxies)
            .unwrap()
            .to_string()
    }

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_it_forwards() {
        assert_eq!(walk("198.51.100.9", &["203.0.113.7"], ""), "198.51.100.9");
        assert_eq!(
            walk("198.51.100.9", &["203.0.113.7"], "10.0.0.0/8,127.0.0.1"),
            "198.51.100.9"
        );
        assert_eq!(walk("127.0.0.1", &[], ""), "127.0.0.1");
        assert_eq!(
            client_ip(None, &["203.0.113.7"], &"127.0.0.1".parse().unwrap()),
            None::<IpAddr>
        );
    }

    #[test]
    fn a_trusted_peer_names_the_client_and_spoofed_leftmost_entries_are_ignored() {
        let t = "127.0.0.1/32";
        assert_eq!(walk("127.0.0.1", &["203.0.113.7"], t), "203.0.113.7");
        // The client sent "X-Forwarded-For: 1.1.1.1"; our proxy appended what it saw.
        assert_eq!(
            walk("127.0.0.1", &["1.1.1.1, 203.0.113.7"], t),
            "203.0.113.7"
        );
        assert_eq!(
            walk("127.0.0.1", &["1.1.1.1", "2.2.2.2, 203.0.113.7"], t),
            "203.0.113.7",
            "several header lines are one list"
        );
        // Nothing forwarded: the proxy itself is the client.
        assert_eq!(walk("127.0.0.1", &[], t), "127.0.0.1");
        assert_eq!(walk("127.0.0.1", &[""], t), "127.0.0.1");
    }

    #[test]
    fn chains_of_trusted_hops_are_skipped_from_the_right() {
        let t = "127.0.0.1/32,10.0.0.0/8";
        assert_eq!(
            walk(
                "127.0.0.1",
                &["6.6.6.6, 203.0.113.7, 10.0.0.2, 10.1.0.9"],
                t
            ),
            "203.0.113.7"
        );
        // A client claiming to be one of our proxies is skipped over only if it sits where
        // proxies sit; the first untrusted entry from the right still wins.
        assert_eq!(
            walk("127.0.0.1", &["10.0.0.5, 203.0.113.7, 10.0.0.2"], t),
            "203.0.113.7"
        );
        // Every hop trusted: the request began inside our network.
        assert_eq!(walk("127.0.0.1", &["10.0.0.5, 10.0.0.2"], t), "10.0.0.5");
    }

    #[test]
    fn ipv6_clients_and_proxies_and_ports() {
        let t = "::1,2001:db8:ffff::/48";
        assert_eq!(
            walk("::1", &["2001:db8:1::7, 2001:db8:ffff::2"], t),
            "2001:db8:1::7"
        );
        assert_eq!(walk("::1", &["[2001:db8:1::7]:4711"], t), "2001:db8:1::7");
        assert_eq!(walk("::1", &["192.0.2.7:5678"], t), "192.0.2.7");
        // A dual-stack listener reports an IPv4 proxy as a mapped address.
        assert_eq!(
            walk("::ffff:127.0.0.1", &["203.0.113.7"], "127.0.0.1"),
            "203.0.113.7"
        );
        assert_eq!(walk("::ffff:192.0.2.1", &[], ""), "192.0.2.1");
    }

    #[test]
    fn garbage_stops_the_walk_at_the_hop_that_wrote_it() {
        let t = "127.0.0.1/32,10.0.0.0/8";
        // Skipping "unknown" would reach the client-written 1.1.1.1.
        assert_eq!(walk("127.0.0.1", &["1.1.1.1, unknown"], t), "127.0.0.1");
        assert_eq!(
            walk("127.0.0.1", &["1.1.1.1, _hidden, 10.0.0.2"], t),
            "10.0.0.2"
        );
        assert_eq!(walk("127.0.0.1", &["1.1.1.1,,10.0.0.2"], t), "10.0.0.2");
        assert_eq!(walk("127.0.0.1", &["300.1.1.1"], t), "127.0.0.1");
        // Garbage to the left of the client does not matter.
        assert_eq!(
            walk("127.0.0.1", &["garbage, 203.0.113.7"], t),
            "203.0.113.7"
        );
    }

    #[test]
    fn strips_ports_from_v4_and_v6() {
        assert_eq!(strip_port("192.0.2.1:5678"), "192.0.2.1");
        assert_eq!(strip_port("[::1]:80"), "::1");
        assert_eq!(strip_port("::1"), "::1");
        assert_eq!(strip_port("192.0.2.1"), "192.0.2.1");
    }
}
