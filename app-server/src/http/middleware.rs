//! Cross-cutting HTTP rules: refuse cross-site writes, add security headers, log requests
//! (method, path without its query, status, time: never a body, cookie or token).

use super::error::ApiError;
use crate::startup::AppState;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, header};
use actix_web::middleware::Next;
use actix_web::web;
use std::time::Instant;

/// The Content-Security-Policy of every response: no inline script, fonts only from here.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
    img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; manifest-src 'self'; \
    worker-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

pub fn security_headers() -> actix_web::middleware::DefaultHeaders {
    actix_web::middleware::DefaultHeaders::new()
        .add((header::CONTENT_SECURITY_POLICY, CSP))
        .add((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .add((header::REFERRER_POLICY, "strict-origin-when-cross-origin"))
        .add((header::X_FRAME_OPTIONS, "DENY"))
        .add(("Cross-Origin-Opener-Policy", "same-origin"))
        .add((
            "Permissions-Policy",
            "camera=(), microphone=(), geolocation=(self)",
        ))
}

fn is_unsafe(method: &Method) -> bool {
    !matches!(
        *method,
        Method::GET | Method::HEAD | Method::OPTIONS | Method::TRACE
    )
}

/// Refuses a state-changing request that a browser sent from another site. Requests that
/// authenticate with a bearer token carry no ambient credentials and are exempt; so are
/// clients that send neither `Origin` nor `Sec-Fetch-Site` (curl, server-to-server).
pub async fn refuse_cross_site_writes(
    req: ServiceRequest,
    next: Next<BoxBody>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    if is_unsafe(req.method()) && !has_bearer(&req) {
        let headers = req.headers();
        let origin = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok());
        let fetch_site = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok());
        let refused = match origin {
            Some(origin) => !origin_allowed(&req, origin),
            None => fetch_site.is_some_and(|s| s == "cross-site" || s == "same-site"),
        };
        if refused {
            tracing::warn!(
                path = req.path(),
                origin,
                fetch_site,
                "refused a cross-site write"
            );
            return Ok(req.error_response(ApiError::cross_origin()));
        }
    }
    next.call(req).await
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
    let own_host = req
        .headers()
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let same_host = origin.split_once("://").is_some_and(|(scheme, host)| {
        (scheme == "http" || scheme == "https")
            && !own_host.is_empty()
            && host.eq_ignore_ascii_case(own_host)
    });
    same_host
        || req.app_data::<web::Data<AppState>>().is_some_and(|s| {
            s.config
                .allowed_origins
                .iter()
                .any(|o| o.eq_ignore_ascii_case(origin))
        })
}

pub async fn log_requests(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let method = req.method().clone();
    let path = req.path().to_owned();
    let res = next.call(req).await;
    let status = res.as_ref().map(|r| r.status().as_u16()).unwrap_or(500);
    let ms = started.elapsed().as_millis();
    if status >= 500 {
        tracing::error!(%method, path, status, ms, "request");
    } else if path.starts_with("/api/") {
        tracing::info!(%method, path, status, ms, "request");
    } else {
        tracing::debug!(%method, path, status, ms, "request");
    }
    res
}
