//! Reading an uploaded file. An upload holds memory for its bytes and an image worker for its
//! decoding, so each instance reads at most `MEDIA_UPLOAD_CONCURRENCY` at once, and one person
//! at most `MEDIA_UPLOAD_PER_USER` of those; the rest wait up to `MEDIA_UPLOAD_QUEUE_MS` and
//! then get 503 `server_busy` with `Retry-After` (docs/api.md, "Uploads"). The checks that need
//! no bytes (signed in, the group role, the rate, the quota, the declared size) run before a
//! place is taken ([`declared_size`], then the service's `admit`), and the body must arrive
//! within `MEDIA_UPLOAD_TIMEOUT_SECS` at `MEDIA_UPLOAD_MIN_BYTES_PER_SEC` or is cut off with
//! 408 `upload_too_slow`, so slow clients cannot keep the places. A body over the size cap is
//! refused by its `Content-Length` before it is read, and cut off as soon as it passes the cap
//! when it has none.
//!
//! The gate is a per-process resource (a bound on this instance's memory), not shared state:
//! with several instances each has its own places, as each has its own memory. Rates and quotas
//! live in the database, as every other limit does (docs/architecture.md, "Scaling out").

use super::error::{ApiError, SharedCode, is_body_timeout};
use super::middleware::{BodyDeadline, BodyLimits};
use super::upload_gate::UploadPlace;
use crate::i18n::Msg;
use crate::state::AppState;
use actix_web::http::StatusCode;
use actix_web::{HttpMessage, HttpRequest, web};
use futures_util::StreamExt;
use kernel::UserId;

fn too_large(limit: u64) -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        SharedCode::ImageTooLarge,
        Msg::ImageTooLarge,
    )
    .with_detail(format!("{limit}"))
}

/// The upload's declared size (`Content-Length`), refused with 413 `image_too_large` past
/// `MEDIA_MAX_UPLOAD_BYTES` before anything else is done.
pub fn declared_size(req: &HttpRequest, state: &AppState) -> Result<Option<u64>, ApiError> {
    let limit = state.uploads.max_bytes;
    let declared = req
        .headers()
        .get(actix_web::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit) {
        return Err(too_large(limit));
    }
    Ok(declared)
}

/// Takes a place for `user` ([`super::upload_gate::UploadGate::enter`]) and reads the body: the place is held as
/// long as the caller keeps it (the decoding too). Call after the cheap checks.
pub async fn receive(
    req: &HttpRequest,
    payload: web::Payload,
    state: &AppState,
    user: UserId,
) -> Result<(UploadPlace, Vec<u8>), ApiError> {
    let place = state.uploads.enter(user).await?;
    let bytes = read_body(req, payload, state.uploads.max_bytes, state.uploads.body).await?;
    Ok((place, bytes))
}

/// The request body, at most `limit` bytes, read under `body` (from now): 413
/// `image_too_large` past the limit (by `Content-Length` before reading), 408
/// `upload_too_slow` when it arrives too slowly, 415 `unsupported_image_type` when empty.
pub async fn read_body(
    req: &HttpRequest,
    mut payload: web::Payload,
    limit: u64,
    body_limits: BodyLimits,
) -> Result<Vec<u8>, ApiError> {
    let declared = req
        .headers()
        .get(actix_web::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit) {
        return Err(too_large(limit));
    }
    if let Some(deadline) = req.extensions().get::<BodyDeadline>() {
        deadline.restart(body_limits);
    }
    let capacity = usize::try_from(declared.unwrap_or(0).min(limit)).unwrap_or(0);
    let mut body = Vec::with_capacity(capacity);
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|e| {
            if is_body_timeout(&e) {
                ApiError::new(
                    StatusCode::REQUEST_TIMEOUT,
                    SharedCode::UploadTooSlow,
                    Msg::UploadTooSlow,
                )
            } else {
                ApiError::new(
                    StatusCode::BAD_REQUEST,
                    SharedCode::InvalidBody,
                    Msg::UploadInterrupted,
                )
            }
        })?;
        if (body.len() + chunk.len()) as u64 > limit {
            return Err(too_large(limit));
        }
        body.extend_from_slice(&chunk);
    }
    if body.is_empty() {
        return Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            SharedCode::UnsupportedImageType,
            Msg::UnsupportedImageType,
        ));
    }
    Ok(body)
}
