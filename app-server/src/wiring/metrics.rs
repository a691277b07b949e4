//! The metrics ([`crate::metrics`]): the registry, wired first so that every area's decorators
//! count into it ([`Wiring::recorder`]); the password hasher's decorator; and, wired last, what
//! is read when the metrics are scraped — the database pool, the notification streams, the
//! upload gate. Domain and adapters know nothing of it.

use super::Wiring;
use crate::config::AreaSettings;
use crate::config::env::Env;
use crate::http::upload_gate::UploadGate;
use crate::metrics::{EventStream, Metrics, MetricsSettings, PoolGauges};
use accounts::AccountsError;
use accounts::model::{Password, PasswordHash};
use accounts::ports::PasswordHasher;
use async_trait::async_trait;
use notifications::NotificationsService;
use std::sync::Arc;

/// `METRICS_ADDR`.
///
/// # Errors
/// A malformed address.
pub fn settings(env: Env<'_>, areas: &mut AreaSettings) -> anyhow::Result<()> {
    areas.read::<MetricsSettings>(env)
}

/// Provides the registry (`web::Data<Metrics>` for the scrape and the request counter).
///
/// # Errors
/// When a metric cannot be registered (a mistake in `metrics.rs`).
pub fn wire(w: &mut Wiring<'_>) -> anyhow::Result<()> {
    w.provide(Arc::new(Metrics::new()?));
    Ok(())
}

/// What the scrape reads from its owners: the pool's connections (sqlx's counters), the
/// notification streams the hub holds, the upload gate's places. (The pool's waits are not
/// read here: sqlx reports each as it happens, to [`crate::metrics::PoolWaits`].)
///
/// # Errors
/// When an area these come from is not wired ([`super::AREAS`] is in the wrong order).
pub fn sample(w: &mut Wiring<'_>) -> anyhow::Result<()> {
    let metrics = w.service::<Metrics>()?;
    let db = w.db.clone();
    let notifications = w.service::<NotificationsService>()?;
    let uploads = w.service::<UploadGate>()?;
    metrics.sample(move |s| {
        let pool = db.pool_use();
        s.db_pool(PoolGauges {
            in_use: u64::from(pool.open.saturating_sub(pool.idle)),
            idle: u64::from(pool.idle),
            max: u64::from(pool.max),
        });
        s.open_streams(
            EventStream::Notifications,
            notifications.hub().open_streams() as u64,
        );
        s.upload_gate(uploads.usage());
    });
    Ok(())
}

/// Password hashing, counted: the hashes and checks waiting for a worker or running
/// (`courtyard_password_hashing_in_flight`; beyond the workers, the queue) and how each ended
/// (`ok`, `busy` when no worker freed up in time, `error`).
pub struct CountedHasher<H> {
    inner: H,
    metrics: Arc<Metrics>,
}

impl<H> CountedHasher<H> {
    /// `inner`, which runs `workers` hashes at once.
    pub fn new(inner: H, workers: usize, metrics: Arc<Metrics>) -> Self {
        metrics.set_hash_workers(workers.max(1));
        Self { inner, metrics }
    }

    fn ended<T>(&self, result: &Result<T, AccountsError>) {
        self.metrics.hashed(match result {
            Ok(_) => "ok",
            Err(AccountsError::Busy { .. }) => "busy",
            Err(_) => "error",
        });
    }
}

#[async_trait]
impl<H: PasswordHasher> PasswordHasher for CountedHasher<H> {
    async fn hash(&self, password: &Password) -> Result<PasswordHash, AccountsError> {
        let _waiting_or_running = self.metrics.hashing();
        let result = self.inner.hash(password).await;
        self.ended(&result);
        result
    }

    async fn verify(
        &self,
        password: &Password,
        hash: &PasswordHash,
    ) -> Result<bool, AccountsError> {
        let _waiting_or_running = self.metrics.hashing();
        let result = self.inner.verify(password, hash).await;
        self.ended(&result);
        result
    }

    fn needs_rehash(&self, hash: &PasswordHash) -> bool {
        self.inner.needs_rehash(hash)
    }
}
