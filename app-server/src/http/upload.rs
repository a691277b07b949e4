//! Reading an uploaded file. An upload holds memory for its bytes and an image worker for its
//! decoding, so each instance reads at most `MEDIA_UPLOAD_CONCURRENCY` at once; the rest wait
//! up to `MEDIA_UPLOAD_QUEUE_MS` and then get 503 `server_busy` with `Retry-After` (docs/api.md,
//! "Uploads"). A body over the size cap is refused by its `Content-Length` before it is read,
//! and cut off as soon as it passes the cap when it has none.

use super::error::ApiError;
use crate::i18n::Msg;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, web};
use futures_util::StreamExt;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// At most so many uploads per instance at once (a bound on memory, not shared state).
#[derive(Debug, Clone)]
pub struct UploadGate {
    permits: Arc<Semaphore>,
    wait: Duration,
}

impl UploadGate {
    pub fn new(concurrency: usize, wait: Duration) -> Self {
        Self {
            permits: Arc::new(Semaphore::new(concurrency.max(1))),
            wait,
        }
    }

    /// A place among the uploads in flight, or 503 `server_busy` after the wait.
    pub async fn enter(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        match tokio::time::timeout(self.wait, self.permits.clone().acquire_owned()).await {
            Ok(Ok(permit)) => Ok(permit),
            _ => Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "server_busy",
                Msg::ServerBusy,
            )
            .with_retry_after(1)),
        }
    }
}

fn too_large(limit: u64) -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        "image_too_large",
        Msg::ImageTooLarge,
    )
    .with_detail(format!("{limit}"))
}

/// The request body, at most `limit` bytes: 413 `image_too_large` past it (by
/// `Content-Length` before reading), 415 `unsupported_image_type` when empty.
pub async fn read_body(
    req: &HttpRequest,
    mut payload: web::Payload,
    limit: u64,
) -> Result<Vec<u8>, ApiError> {
    let declared = req
        .headers()
        .get(actix_web::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit) {
        return Err(too_large(limit));
    }
    let capacity = usize::try_from(declared.unwrap_or(0).min(limit)).unwrap_or(0);
    let mut body = Vec::with_capacity(capacity);
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|_| {
            ApiError::new(
                StatusCode::BAD_REQUEST,
                "invalid_body",
                Msg::UploadInterrupted,
            )
        })?;
        if (body.len() + chunk.len()) as u64 > limit {
            return Err(too_large(limit));
        }
        body.extend_from_slice(&chunk);
    }
    if body.is_empty() {
        return Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_image_type",
            Msg::UnsupportedImageType,
        ));
    }
    Ok(body)
}
