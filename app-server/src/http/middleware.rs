//! Cross-cutting HTTP rules, as two layers: [`observe`] (a request's id, its count in the
//! metrics, its log line — method, path without its query, status, time: never a body, cookie
//! or token — and the security headers, HSTS on https, on its answer) and [`admit`] (a read
//! deadline for its body, the refusal of cross-site writes, then the access table's checks);
//! and telling the app's own requests from others (fetch metadata).

use super::error::ApiError;
use super::extract::request_is_https;
pub use crate::config::BodyLimits;
use crate::metrics::Metrics;
use crate::state::AppState;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::error::PayloadError;
use actix_web::http::header::HeaderValue;
use actix_web::http::{Method, header};
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use actix_web::{HttpMessage, HttpRequest, web};
use futures_util::Stream;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Instant;
use tracing::Instrument;

/// The Content-Security-Policy of every response: no inline script, fonts only from here.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
    img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; manifest-src 'self'; \
    worker-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// Requests this process has begun serving, since it started ([`requests_started`]).
static STARTED: AtomicU64 = AtomicU64::new(0);

/// How many requests this process has begun serving since it started: what tells the
/// allocator's give-back a burst is over (`crate::wiring::system`).
pub fn requests_started() -> u64 {
    STARTED.load(Ordering::Relaxed)
}

/// The Content-Security-Policy of an API answer: it is data, never a document to run or frame
/// (OWASP's REST Security Cheat Sheet, "Security Headers").
pub const API_CSP: &str = "default-src 'none'; frame-ancestors 'none'";

/// The headers an API answer (`/api/…`) carries unless its handler set its own: the page-only
/// ones (referrer, opener and permissions policies) mean nothing to JSON, and the page's
/// policy was most of a small answer's bytes.
const API_SECURITY_HEADERS: [(header::HeaderName, &str); 3] = [
    (header::CONTENT_SECURITY_POLICY, API_CSP),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::X_FRAME_OPTIONS, "DENY"),
];

/// The headers every other response (the pages, their files) carries unless its handler set
/// its own, in this order.
const SECURITY_HEADERS: [(header::HeaderName, &str); 6] = [
    (header::CONTENT_SECURITY_POLICY, CSP),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
    (header::X_FRAME_OPTIONS, "DENY"),
    (
        header::HeaderName::from_static("cross-origin-opener-policy"),
        "same-origin",
    ),
    (
        header::HeaderName::from_static("permissions-policy"),
        "camera=(), microphone=(), geolocation=(self)",
    ),
];

/// What every request gets around it, as one layer (four before, and every request paid for
/// each one's boxed future; docs/benchmarks.md): its id and the span it is served in
/// ([`crate::telemetry::identify`]); a count in the metrics ([`crate::metrics::count_request`]);
/// a line in the log ([`log_request`]); and on its answer the security headers it does not
/// carry yet ([`API_SECURITY_HEADERS`] or [`SECURITY_HEADERS`]), HSTS over https ([`hsts`]) and
/// `X-Request-Id`.
pub async fn observe(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    STARTED.fetch_add(1, Ordering::Relaxed);
    let (id, span) = crate::telemetry::identify(&req);
    let started = Instant::now();
    let method = req.method().clone();
    let path = req.path().to_owned();
    let metrics = req.app_data::<web::Data<Metrics>>().cloned();
    let hsts = hsts(&req);
    let res = next.call(req).instrument(span.clone()).await;
    let api = path.starts_with("/api/");
    if let Some(metrics) = metrics {
        crate::metrics::count_request(&metrics, &method, api, started, &res);
    }
    let status = res.as_ref().map_or(500, |r| r.status().as_u16());
    span.in_scope(|| log_request(&method, &path, status, started));
    // The layers inside answer their refusals as responses; an `Err` (none of ours makes one)
    // is answered by actix-web itself, without these headers.
    let mut res = res?;
    let headers = res.headers_mut();
    let security: &[_] = if api {
        &API_SECURITY_HEADERS
    } else {
        &SECURITY_HEADERS
    };
    for (name, value) in security {
        if !headers.contains_key(name) {
            headers.insert(name.clone(), HeaderValue::from_static(value));
        }
    }
    if let Some(value) = hsts.and_then(|v| HeaderValue::from_str(&v).ok()) {
        headers.insert(header::STRICT_TRANSPORT_SECURITY, value);
    }
    if let Ok(value) = HeaderValue::from_str(&id) {
        headers.insert(crate::telemetry::REQUEST_ID, value);
    }
    Ok(res)
}

/// `Strict-Transport-Security: max-age=…; includeSubDomains` for a request that came over https
/// (TLS here, or `X-Forwarded-Proto: https` from a trusted proxy). Never over plain http:
/// browsers ignore it there, and a development server must not pin `localhost` to https.
fn hsts(req: &ServiceRequest) -> Option<String> {
    req.app_data::<web::Data<AppState>>()
        .filter(|s| request_is_https(req.request(), &s.config.trusted_proxies))
        .map(|s| format!("max-age={}; includeSubDomains", s.config.hsts_max_age_secs))
}

/// Whether a request is the app's own script calling (`fetch` from one of our pages), for the
/// few `GET`s that change who is signed in (`GET /api/auth/wechat/login`, kept by the spec).
///
/// A browser that sends fetch metadata must say `Sec-Fetch-Site: same-origin`, and — when it
/// sends them — `Sec-Fetch-Dest: empty` and `Sec-Fetch-Mode: cors` or `same-origin`: a link,
/// a form, an `<img>` or an `<iframe>` (even one on our own pages) is refused. A client that
/// sends no fetch metadata (a browser older than 2023, or not a browser) must send a `Referer`
/// from this site (its `Host`, or `PUBLIC_URL`): another site's page cannot forge one, and one
/// that suppresses it is refused.
pub fn is_own_script_request(req: &HttpRequest, public_url: Option<&str>) -> bool {
    let get = |name: &str| req.headers().get(name).and_then(|v| v.to_str().ok());
    match get("sec-fetch-site") {
        Some(site) => {
            site == "same-origin"
                && get("sec-fetch-dest").is_none_or(|d| d == "empty")
                && get("sec-fetch-mode").is_none_or(|m| m == "cors" || m == "same-origin")
        }
        None => get(header::REFERER.as_str())
            .and_then(origin_of)
            .is_some_and(|origin| {
                public_url.is_some_and(|p| p.eq_ignore_ascii_case(origin))
                    || same_host(req.headers(), origin)
            }),
    }
}

/// `scheme://host[:port]` of an absolute http(s) URL.
fn origin_of(url: &str) -> Option<&str> {
    let (scheme, rest) = url.split_once("://")?;
    if !(scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https")) {
        return None;
    }
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    (end > 0).then(|| &url[..scheme.len() + 3 + end])
}

/// Whether `origin` (`scheme://host[:port]`) names the host the request was sent to.
fn same_host(headers: &actix_web::http::header::HeaderMap, origin: &str) -> bool {
    let own_host = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    origin.split_once("://").is_some_and(|(scheme, host)| {
        (scheme == "http" || scheme == "https")
            && !own_host.is_empty()
            && host.eq_ignore_ascii_case(own_host)
    })
}

fn is_unsafe(method: &Method) -> bool {
    !matches!(
        *method,
        Method::GET | Method::HEAD | Method::OPTIONS | Method::TRACE
    )
}

/// The checks every request passes before its handler, in this order, as one layer (they were
/// four, and every request paid for each one's boxed future; docs/benchmarks.md):
/// its body gets a read deadline ([`time_the_body`]), a browser's write from another site is
/// refused ([`cross_site_write`]), a method the document does not declare for a path it knows
/// gets 405 ([`super::access::undeclared_method`]), and a bearer token is authenticated
/// ([`super::access::authenticate_bearer`]).
pub async fn admit(
    mut req: ServiceRequest,
    next: Next<BoxBody>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    time_the_body(&mut req);
    if let Some(refusal) = cross_site_write(&req) {
        return Ok(req.error_response(refusal));
    }
    if let Some(refusal) = super::access::undeclared_method(&req) {
        return Ok(req.into_response(refusal));
    }
    match super::access::authenticate_bearer(req).await {
        Ok(req) => next.call(req).await,
        Err(refused) => Ok(refused),
    }
}

/// Why a state-changing request that a browser sent from another site is refused, if it is.
/// Requests that authenticate with a bearer token carry no ambient credentials and are exempt;
/// so are clients that send neither `Origin` nor `Sec-Fetch-Site` (curl, server-to-server).
fn cross_site_write(req: &ServiceRequest) -> Option<ApiError> {
    if !is_unsafe(req.method()) || has_bearer(req) {
        return None;
    }
    let headers = req.headers();
    let origin = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok());
    let fetch_site = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok());
    let refused = match origin {
        Some(origin) => !origin_allowed(req, origin),
        None => fetch_site.is_some_and(|s| s == "cross-site" || s == "same-site"),
    };
    refused.then(|| {
        tracing::warn!(
            path = req.path(),
            origin,
            fetch_site,
            "refused a cross-site write"
        );
        ApiError::cross_origin()
    })
}

fn has_bearer(req: &ServiceRequest) -> bool {
    req.headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.len() > 7 && v[..7].eq_ignore_ascii_case("bearer "))
}

fn origin_allowed(req: &ServiceRequest, origin: &str) -> bool {
    let origin = origin.trim_end_matches('/');
    // The request's own host (what the browser shows in the address bar).
    same_host(req.headers(), origin)
        || req.app_data::<web::Data<AppState>>().is_some_and(|s| {
            s.config
                .allowed_origins
                .iter()
                .any(|o| o.eq_ignore_ascii_case(origin))
        })
}

#[derive(Debug)]
struct DeadlineState {
    limits: BodyLimits,
    start: tokio::time::Instant,
    received: u64,
}

/// The read deadline of one request's body, in its extensions: a handler that reads a larger
/// body (an upload) gives it its own limits, measured from when it starts reading
/// ([`BodyDeadline::restart`]).
#[derive(Debug, Clone)]
pub struct BodyDeadline(Arc<Mutex<DeadlineState>>);

impl BodyDeadline {
    fn new(limits: BodyLimits) -> Self {
        Self(Arc::new(Mutex::new(DeadlineState {
            limits,
            start: tokio::time::Instant::now(),
            received: 0,
        })))
    }

    /// From now on, the body is read under `limits`, its clock starting now.
    pub fn restart(&self, limits: BodyLimits) {
        let mut s = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        s.limits = limits;
        s.start = tokio::time::Instant::now();
        s.received = 0;
    }

    fn received(&self, n: usize) {
        let mut s = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        s.received = s.received.saturating_add(n as u64);
    }

    fn deadline(&self) -> tokio::time::Instant {
        let s = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        s.limits.deadline(s.start, s.received)
    }
}

/// A request body that fails with `TimedOut` once its [`BodyDeadline`] passes.
struct DeadlinePayload {
    inner: actix_web::dev::Payload,
    deadline: BodyDeadline,
    sleep: Pin<Box<tokio::time::Sleep>>,
    cut: bool,
}

impl Stream for DeadlinePayload {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        if this.cut {
            return Poll::Ready(None);
        }
        match Pin::new(&mut this.inner).poll_next(cx) {
            Poll::Ready(Some(Ok(bytes))) => {
                this.deadline.received(bytes.len());
                Poll::Ready(Some(Ok(bytes)))
            }
            Poll::Ready(other) => Poll::Ready(other),
            Poll::Pending => {
                let at = this.deadline.deadline();
                if this.sleep.deadline() != at {
                    this.sleep.as_mut().reset(at);
                }
                match this.sleep.as_mut().poll(cx) {
                    Poll::Ready(()) => {
                        this.cut = true;
                        Poll::Ready(Some(Err(PayloadError::Io(std::io::Error::new(
                            std::io::ErrorKind::TimedOut,
                            "the request body arrived too slowly",
                        )))))
                    }
                    Poll::Pending => Poll::Pending,
                }
            }
        }
    }
}

/// Gives a request's body a read deadline (`REQUEST_BODY_*`; uploads set their own,
/// `MEDIA_UPLOAD_*`), so a client that sends its body a byte at a time cannot hold a request
/// open for ever. The request's head has its own deadline (`REQUEST_HEAD_TIMEOUT_MS`, actix-web's
/// `client_request_timeout`).
fn time_the_body(req: &mut ServiceRequest) {
    let Some(limits) = req
        .app_data::<web::Data<AppState>>()
        .map(|s| s.config.request_body)
    else {
        return;
    };
    let inner = req.take_payload();
    if matches!(inner, actix_web::dev::Payload::None) {
        // No body at all (most GETs): nothing to read, so nothing to time.
        return;
    }
    let deadline = BodyDeadline::new(limits);
    let sleep = Box::pin(tokio::time::sleep_until(deadline.deadline()));
    let wrapped: Pin<Box<dyn Stream<Item = Result<Bytes, PayloadError>>>> =
        Box::pin(DeadlinePayload {
            inner,
            deadline: deadline.clone(),
            sleep,
            cut: false,
        });
    req.set_payload(actix_web::dev::Payload::from(wrapped));
    req.extensions_mut().insert(deadline);
}

/// One line for an answered request: method, path without its query, status, time; never a
/// body, cookie or token.
fn log_request(method: &Method, path: &str, status: u16, started: Instant) {
    let ms = started.elapsed().as_millis();
    if status == 503 {
        // Load shed on purpose (server_busy, an unavailable provider): a warning, not a fault.
        tracing::warn!(%method, path, status, ms, "request");
    } else if status >= 500 {
        tracing::error!(%method, path, status, ms, "request");
    } else if path.starts_with("/api/") {
        tracing::info!(%method, path, status, ms, "request");
    } else {
        tracing::debug!(%method, path, status, ms, "request");
    }
}

#[cfg(test)]
mod tests {
    use super::{is_own_script_request, origin_of};
    use actix_web::test::TestRequest;

    fn own(headers: &[(&str, &str)], public_url: Option<&str>) -> bool {
        let mut req = TestRequest::get()
            .uri("/api/auth/wechat/login")
            .insert_header(("Host", "courtyard.example"));
        for (k, v) in headers {
            req = req.insert_header((*k, *v));
        }
        is_own_script_request(&req.to_http_request(), public_url)
    }

    #[test]
    fn only_the_pages_own_fetch_passes_by_fetch_metadata() {
        let fetch = [
            ("Sec-Fetch-Site", "same-origin"),
            ("Sec-Fetch-Mode", "cors"),
            ("Sec-Fetch-Dest", "empty"),
        ];
        assert!(own(&fetch, None));
        assert!(own(&[("Sec-Fetch-Site", "same-origin")], None));
        for refused in [
            // Another site's <img>, link, or fetch.
            &[
                ("Sec-Fetch-Site", "cross-site"),
                ("Sec-Fetch-Dest", "image"),
            ][..],
            &[
                ("Sec-Fetch-Site", "cross-site"),
                ("Sec-Fetch-Mode", "navigate"),
            ],
            &[("Sec-Fetch-Site", "same-site"), ("Sec-Fetch-Dest", "empty")],
            // Typed into the address bar.
            &[("Sec-Fetch-Site", "none"), ("Sec-Fetch-Dest", "document")],
            // An <img> or a link on our own pages (user content, later).
            &[
                ("Sec-Fetch-Site", "same-origin"),
                ("Sec-Fetch-Dest", "image"),
            ],
            &[
                ("Sec-Fetch-Site", "same-origin"),
                ("Sec-Fetch-Mode", "navigate"),
                ("Sec-Fetch-Dest", "document"),
            ],
            &[
                ("Sec-Fetch-Site", "same-origin"),
                ("Sec-Fetch-Mode", "no-cors"),
            ],
            // Fetch metadata wins over a Referer that looks right.
            &[
                ("Sec-Fetch-Site", "cross-site"),
                ("Referer", "https://courtyard.example/"),
            ],
        ] {
            assert!(!own(refused, None), "{refused:?}");
        }
    }

    #[test]
    fn without_fetch_metadata_the_referer_must_be_this_site() {
        assert!(own(
            &[("Referer", "https://courtyard.example/groups?x=1")],
            None
        ));
        assert!(own(&[("Referer", "http://courtyard.example")], None));
        assert!(!own(&[], None), "no metadata, no referer");
        assert!(!own(
            &[("Referer", "https://evil.example/courtyard.example")],
            None
        ));
        assert!(!own(
            &[("Referer", "https://courtyard.example.evil.example/")],
            None
        ));
        assert!(!own(&[("Referer", "https://sub.courtyard.example/")], None));
        // Behind a proxy that rewrites Host, PUBLIC_URL names the site.
        assert!(own(
            &[("Referer", "https://cy.example/settings")],
            Some("https://cy.example")
        ));
    }

    #[test]
    fn origins_of_urls() {
        assert_eq!(
            origin_of("https://a.example/x?y#z"),
            Some("https://a.example")
        );
        assert_eq!(
            origin_of("http://a.example:8080?q"),
            Some("http://a.example:8080")
        );
        assert_eq!(origin_of("https://a.example"), Some("https://a.example"));
        assert_eq!(origin_of("ftp://a.example/"), None);
        assert_eq!(origin_of("https:///x"), None);
        assert_eq!(origin_of("/relative"), None);
    }
}
