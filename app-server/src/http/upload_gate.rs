//! The places for uploads in flight: each instance reads at most `MEDIA_UPLOAD_CONCURRENCY`
//! uploads at once, and one person at most `MEDIA_UPLOAD_PER_USER` of those; the rest wait up to
//! `MEDIA_UPLOAD_QUEUE_MS`, then get 503 `server_busy` ([`super::upload`] reads the bodies).
//! A leaf of its own, so the wiring (`state.rs`) holds it without reaching the request code.

use super::error::ApiError;
use crate::config::BodyLimits;
use crate::metrics::GateUse;
use kernel::UserId;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

type Shares = Arc<Mutex<HashMap<UserId, Arc<Semaphore>>>>;

/// At most so many uploads per instance at once, and so many of them per person (a bound on
/// memory, not shared state).
#[derive(Debug, Clone)]
pub struct UploadGate {
    permits: Arc<Semaphore>,
    capacity: usize,
    /// Uploads waiting for a place now, and refused since the start (for the metrics).
    waiting: Arc<AtomicU64>,
    refused: Arc<AtomicU64>,
    shares: Shares,
    per_user: usize,
    wait: Duration,
    pub(super) body: BodyLimits,
    /// The largest upload read (`MEDIA_MAX_UPLOAD_BYTES`).
    pub(super) max_bytes: u64,
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

/// One upload waiting for its place, counted while it waits (a request given up is dropped
/// and so uncounted).
struct Waiting<'a>(&'a AtomicU64);

impl<'a> Waiting<'a> {
    fn new(count: &'a AtomicU64) -> Self {
        count.fetch_add(1, Ordering::Relaxed);
        Self(count)
    }
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

fn busy() -> ApiError {
    ApiError::server_busy(1)
}

impl UploadGate {
    /// `concurrency` places per instance, `per_user` of them for one person at most, each
    /// waited for at most `wait`; an upload's body read under `body`.
    pub fn new(
        concurrency: usize,
        per_user: usize,
        wait: Duration,
        body: BodyLimits,
        max_bytes: u64,
    ) -> Self {
        Self {
            permits: Arc::new(Semaphore::new(concurrency.max(1))),
            capacity: concurrency.max(1),
            waiting: Arc::new(AtomicU64::new(0)),
            refused: Arc::new(AtomicU64::new(0)),
            shares: Arc::new(Mutex::new(HashMap::new())),
            per_user: per_user.max(1),
            wait,
            body,
            max_bytes,
        }
    }

    /// A place among the uploads in flight for `user` (first one of their own share, then one
    /// of the instance's), or 503 `server_busy` after the wait.
    pub async fn enter(&self, user: UserId) -> Result<UploadPlace, ApiError> {
        let waiting = Waiting::new(&self.waiting);
        let place = self.take(user).await;
        drop(waiting);
        if place.is_err() {
            self.refused.fetch_add(1, Ordering::Relaxed);
        }
        place
    }

    async fn take(&self, user: UserId) -> Result<UploadPlace, ApiError> {
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

    /// The places at this moment: how many, taken, awaited, and the uploads refused so far
    /// (the metrics read it when scraped).
    pub fn usage(&self) -> GateUse {
        let free = self.permits.available_permits().min(self.capacity);
        GateUse {
            capacity: self.capacity as u64,
            in_use: (self.capacity - free) as u64,
            waiting: self.waiting.load(Ordering::Relaxed),
            refused: self.refused.load(Ordering::Relaxed),
        }
    }

    /// People with an upload in flight or waiting (for tests of the table's clean-up).
    pub fn people_in_flight(&self) -> usize {
        self.shares
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }
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
            1024,
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
    async fn its_use_counts_places_taken_waiters_and_refusals() {
        let gate = gate(2, 1);
        assert_eq!(
            gate.usage(),
            GateUse {
                capacity: 2,
                in_use: 0,
                waiting: 0,
                refused: 0
            }
        );
        let a = UserId::new_random();
        let held = gate.enter(a).await.expect("a place");
        // Waits for its own share (its 50 ms), then is refused.
        let second = gate.enter(a);
        tokio::pin!(second);
        assert!(
            futures_util::poll!(second.as_mut()).is_pending(),
            "it waits for a place"
        );
        assert_eq!((gate.usage().in_use, gate.usage().waiting), (1, 1));
        assert!(second.await.is_err());
        assert_eq!(
            gate.usage(),
            GateUse {
                capacity: 2,
                in_use: 1,
                waiting: 0,
                refused: 1
            }
        );
        drop(held);
        assert_eq!(gate.usage().in_use, 0);
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
