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
use crate::i18n::Msg;
use crate::state::AppState;
use actix_web::http::StatusCode;
use actix_web::{HttpMessage, HttpRequest, web};
use futures_util::StreamExt;
use kernel::UserId;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

type Shares = Arc<Mutex<HashMap<UserId, Arc<Semaphore>>>>;

/// At most so many uploads per instance at once, and so many of them per person (a bound on
/// memory, not shared state).
#[derive(Debug, Clone)]
pub struct UploadGate {
    permits: Arc<Semaphore>,
    shares: Shares,
    per_user: usize,
    wait: Duration,
    body: BodyLimits,
}

/// One person's share of the places, dropped from the table when nobody uses or awaits it.
#[derive(Debug)]
struct Share {
    shares: Shares,
    user: UserId,
    places: Arc<Semaphore>,
}

impl Share {
    fn of(shares: &Shares, user: UserId, per_user: usize) -> Self {
        let places = shares
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entry(user)
            .or_insert_with(|| Arc::new(Semaphore::new(per_user)))
            .clone();
        Self {
            shares: shares.clone(),
            user,
            places,
        }
    }
}

impl Drop for Share {
    fn drop(&mut self) {
        let mut shares = self.shares.lock().unwrap_or_else(PoisonError::into_inner);
        // The table's handle and this one: nobody else holds or awaits a place of this person.
        if Arc::strong_count(&self.places) <= 2
            && shares
                .get(&self.user)
                .is_some_and(|s| Arc::ptr_eq(s, &self.places))
        {
            shares.remove(&self.user);
        }
    }
}

/// A place among the uploads in flight; given back when dropped.
#[derive(Debug)]
pub struct UploadPlace {
    // Dropped in this order: the permits before the share that counts its users.
    _instance: OwnedSemaphorePermit,
    _own: OwnedSemaphorePermit,
    _share: Share,
}

fn busy() -> ApiError {
    ApiError::server_busy(1)
}

impl UploadGate {
    /// `concurrency` places per instance, `per_user` of them for one person at most, each
    /// waited for at most `wait`; an upload's body read under `body`.
    pub fn new(concurrency: usize, per_user: usize, wait: Duration, body: BodyLimits) -> Self {
        Self {
            permits: Arc::new(Semaphore::new(concurrency.max(1))),
            shares: Arc::new(Mutex::new(HashMap::new())),
            per_user: per_user.max(1),
            wait,
            body,
        }
    }

    /// A place among the uploads in flight for `user` (first one of their own share, then one
    /// of the instance's), or 503 `server_busy` after the wait.
    pub async fn enter(&self, user: UserId) -> Result<UploadPlace, ApiError> {
        let until = tokio::time::Instant::now() + self.wait;
        let share = Share::of(&self.shares, user, self.per_user);
        let own = tokio::time::timeout_at(until, share.places.clone().acquire_owned())
            .await
            .map_err(|_| busy())?
            .map_err(|_| busy())?;
        let instance = tokio::time::timeout_at(until, self.permits.clone().acquire_owned())
            .await
            .map_err(|_| busy())?
            .map_err(|_| busy())?;
        Ok(UploadPlace {
            _instance: instance,
            _own: own,
            _share: share,
        })
    }

    /// People with an upload in flight or waiting (for tests of the table's clean-up).
    pub fn people_in_flight(&self) -> usize {
        self.shares
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }
}

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
    let limit = state.media.policy().max_upload_bytes;
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

/// Takes a place for `user` ([`UploadGate::enter`]) and reads the body: the place is held as
/// long as the caller keeps it (the decoding too). Call after the cheap checks.
pub async fn receive(
    req: &HttpRequest,
    payload: web::Payload,
    state: &AppState,
    user: UserId,
) -> Result<(UploadPlace, Vec<u8>), ApiError> {
    let place = state.uploads.enter(user).await?;
    let bytes = read_body(
        req,
        payload,
        state.media.policy().max_upload_bytes,
        state.uploads.body,
    )
    .await?;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn gate(concurrency: usize, per_user: usize) -> UploadGate {
        UploadGate::new(
            concurrency,
            per_user,
            Duration::from_millis(50),
            BodyLimits {
                timeout: Duration::from_secs(1),
                min_bytes_per_sec: 0,
                grace: Duration::from_secs(1),
            },
        )
    }

    #[tokio::test]
    async fn one_person_takes_only_their_share_and_the_table_empties() {
        let gate = gate(4, 1);
        let (a, b) = (UserId::new_random(), UserId::new_random());
        let first = gate.enter(a).await.expect("a place");
        let second = gate.enter(a).await;
        assert_eq!(second.err().map(|e| e.code), Some("server_busy"));
        let other = gate.enter(b).await.expect("another person's place");
        assert_eq!(gate.people_in_flight(), 2);
        drop(first);
        drop(other);
        assert_eq!(gate.people_in_flight(), 0);
        let again = gate.enter(a).await.expect("a's place again");
        drop(again);
        assert_eq!(gate.people_in_flight(), 0);
    }

    #[tokio::test]
    async fn the_instance_bound_holds_across_people() {
        let gate = gate(2, 2);
        let _a = gate.enter(UserId::new_random()).await.expect("1");
        let _b = gate.enter(UserId::new_random()).await.expect("2");
        assert!(gate.enter(UserId::new_random()).await.is_err());
        assert_eq!(gate.people_in_flight(), 2);
    }
}
