//! The running system as an operator sees it: whether the database answers and which engine it
//! is (the health check, the admin overview), and the housekeeping every instance does.
//!
//! Handlers never hold the database: what they need to know about it comes from
//! [`SystemService`], over the [`SystemStore`] port the relational adapter implements. This
//! crate must never depend on an adapter, on actix-web or on sea-orm.

use chrono::{DateTime, Duration, Utc};
use kernel::Clock;
use std::sync::Arc;

/// Which engine the product's database is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DatabaseKind {
    Postgres,
    Sqlite,
}

impl DatabaseKind {
    pub fn as_str(self) -> &'static str {
        match self {
            DatabaseKind::Postgres => "postgres",
            DatabaseKind::Sqlite => "sqlite",
        }
    }
}

/// What the health check reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Health {
    pub database: DatabaseKind,
    /// Whether the database answered a round trip just now.
    pub database_reachable: bool,
}

/// How much the community holds, for the admin overview. Media and storage come from the media
/// domain; these are the rows of the other domains, counted where they are kept.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ContentCounts {
    pub users: u64,
    pub groups: u64,
    pub plaza_posts: u64,
    /// Articles of every group, drafts included.
    pub articles: u64,
}

/// The store every instance shares, as the operator sees it (the database).
#[async_trait::async_trait]
pub trait SystemStore: Send + Sync {
    fn database_kind(&self) -> DatabaseKind;

    /// A cheap round trip.
    ///
    /// # Errors
    /// When the store does not answer.
    async fn ping(&self) -> Result<(), anyhow::Error>;

    /// Deletes the rate-limit counters whose window began before `before`; says how many.
    ///
    /// # Errors
    /// MUST return an error only when the store cannot be reached.
    async fn purge_rate_counters(&self, before: DateTime<Utc>) -> Result<u64, anyhow::Error>;

    /// The community's row counts.
    ///
    /// # Errors
    /// MUST return an error only when the store cannot be reached.
    async fn content_counts(&self) -> Result<ContentCounts, anyhow::Error>;
}

/// Rate-limit counters are kept this long after their window began (the default rules' windows
/// are a day at most: WeChat's daily forced refreshes).
pub const RATE_COUNTER_RETENTION: Duration = Duration::days(1);

/// Health, the database's kind, housekeeping.
pub struct SystemService {
    store: Arc<dyn SystemStore>,
    clock: Arc<dyn Clock>,
}

impl SystemService {
    pub fn new(store: Arc<dyn SystemStore>, clock: Arc<dyn Clock>) -> Self {
        Self { store, clock }
    }

    pub fn database_kind(&self) -> DatabaseKind {
        self.store.database_kind()
    }

    /// Whether the database answers, and which engine it is. Never fails: an unreachable
    /// database is the answer, not an error.
    pub async fn health(&self) -> Health {
        let database_reachable = match self.store.ping().await {
            Ok(()) => true,
            Err(e) => {
                tracing::warn!(error = format!("{e:#}"), "the database did not answer");
                false
            }
        };
        Health {
            database: self.store.database_kind(),
            database_reachable,
        }
    }

    /// Users, groups, plaza posts and articles, for the admin overview.
    ///
    /// # Errors
    /// When the store cannot be reached.
    pub async fn content_counts(&self) -> Result<ContentCounts, anyhow::Error> {
        self.store.content_counts().await
    }

    /// Forgets rate-limit counters older than [`RATE_COUNTER_RETENTION`]. Idempotent, so every
    /// instance may run it at once.
    ///
    /// # Errors
    /// When the store cannot be reached.
    pub async fn purge_stale_rate_counters(&self) -> Result<u64, anyhow::Error> {
        self.store
            .purge_rate_counters(self.clock.now() - RATE_COUNTER_RETENTION)
            .await
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use kernel::FixedClock;
    use std::sync::Mutex;

    #[derive(Default)]
    struct FakeStore {
        down: bool,
        purged_before: Mutex<Option<DateTime<Utc>>>,
    }

    #[async_trait::async_trait]
    impl SystemStore for FakeStore {
        fn database_kind(&self) -> DatabaseKind {
            DatabaseKind::Sqlite
        }

        async fn ping(&self) -> Result<(), anyhow::Error> {
            if self.down {
                anyhow::bail!("connection refused")
            }
            Ok(())
        }

        async fn purge_rate_counters(&self, before: DateTime<Utc>) -> Result<u64, anyhow::Error> {
            *self.purged_before.lock().unwrap() = Some(before);
            Ok(3)
        }

        async fn content_counts(&self) -> Result<ContentCounts, anyhow::Error> {
            Ok(ContentCounts::default())
        }
    }

    fn noon() -> DateTime<Utc> {
        "2026-11-23T12:00:00Z".parse().unwrap()
    }

    fn service(store: Arc<FakeStore>) -> SystemService {
        SystemService::new(store, Arc::new(FixedClock(noon())))
    }

    #[tokio::test]
    async fn health_reports_an_unreachable_database_instead_of_failing() {
        let up = service(Arc::new(FakeStore::default())).health().await;
        assert_eq!(
            up,
            Health {
                database: DatabaseKind::Sqlite,
                database_reachable: true
            }
        );
        let down = service(Arc::new(FakeStore {
            down: true,
            ..FakeStore::default()
        }))
        .health()
        .await;
        assert!(!down.database_reachable);
        assert_eq!(down.database.as_str(), "sqlite");
    }

    #[tokio::test]
    async fn housekeeping_purges_counters_older_than_a_day() {
        let store = Arc::new(FakeStore::default());
        let purged = service(store.clone())
            .purge_stale_rate_counters()
            .await
            .unwrap();
        assert_eq!(purged, 3);
        assert_eq!(
            *store.purged_before.lock().unwrap(),
            Some(noon() - Duration::days(1))
        );
    }
}
