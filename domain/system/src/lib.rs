//! The running system as an operator sees it: whether the database answers and which engine it
//! is (the health check, the admin overview), what each outside system (SMS, WeChat, the
//! language model, the weather) last did when called, and the housekeeping every instance does.
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

/// An outside system the product calls, whose last attempt the admin overview shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Integration {
    /// The SMS provider (verification codes).
    Sms,
    /// WeChat's API (OAuth code exchange, the access token).
    Wechat,
    /// The AI assistant's language model.
    Llm,
    /// The weather provider (the plaza's map).
    Weather,
}

impl Integration {
    pub const ALL: [Integration; 4] = [
        Integration::Sms,
        Integration::Wechat,
        Integration::Llm,
        Integration::Weather,
    ];

    /// The stored name: `sms`, `wechat`, `llm`, `weather`.
    pub fn as_str(self) -> &'static str {
        match self {
            Integration::Sms => "sms",
            Integration::Wechat => "wechat",
            Integration::Llm => "llm",
            Integration::Weather => "weather",
        }
    }

    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|i| i.as_str() == name)
    }
}

/// How one call to an outside system ended: `Ok`, or the failure's kind — a stable snake_case
/// word chosen by the code (`timeout`, `unreachable`, `refused` …), never the provider's text,
/// so no secret, phone number or message can reach the stored state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Ok,
    Failed(&'static str),
}

/// What the instances together last saw of one integration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IntegrationState {
    pub integration: Integration,
    /// When the last call was made (by any instance).
    pub attempted_at: DateTime<Utc>,
    /// `None` when the last call succeeded; else its failure's kind.
    pub error: Option<String>,
    /// When a call last succeeded, if ever.
    pub succeeded_at: Option<DateTime<Utc>>,
}

/// The integrations' last attempts, kept where every instance sees them (the database).
#[async_trait::async_trait]
pub trait IntegrationStateStore: Send + Sync {
    /// Records one attempt: one upsert of the integration's row. An attempt older than the one
    /// stored (another instance's, recorded first) changes nothing.
    ///
    /// # Errors
    /// MUST return an error only when the store cannot be reached.
    async fn record(
        &self,
        integration: Integration,
        at: DateTime<Utc>,
        error: Option<&'static str>,
    ) -> Result<(), anyhow::Error>;

    /// Every integration's state that was ever recorded.
    ///
    /// # Errors
    /// MUST return an error only when the store cannot be reached.
    async fn states(&self) -> Result<Vec<IntegrationState>, anyhow::Error>;
}

/// A user or a group as an administrator looks for one by name (the logs' and the gallery's
/// filters take its id).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirectoryEntry {
    pub id: uuid::Uuid,
    /// The username, or the group's name.
    pub name: String,
    /// The user's nickname; `None` for a group.
    pub detail: Option<String>,
}

/// Users and groups found by name, for the admin console.
#[async_trait::async_trait]
pub trait AdminDirectory: Send + Sync {
    /// Users whose username or nickname contains `text` (case-insensitive), exact usernames
    /// first, then by username; at most `limit`.
    ///
    /// # Errors
    /// MUST return an error only when the store cannot be reached.
    async fn find_users(
        &self,
        text: &str,
        limit: u64,
    ) -> Result<Vec<DirectoryEntry>, anyhow::Error>;

    /// Groups whose name contains `text` (case-insensitive), exact names first, then by name;
    /// at most `limit`.
    ///
    /// # Errors
    /// MUST return an error only when the store cannot be reached.
    async fn find_groups(
        &self,
        text: &str,
        limit: u64,
    ) -> Result<Vec<DirectoryEntry>, anyhow::Error>;
}

/// At most this many users or groups per name lookup.
pub const DIRECTORY_LIMIT: u64 = 10;

/// Records the outcome of each call to an outside system where it becomes known. Never fails
/// the call it records: a store that does not answer is logged and the attempt forgotten.
#[derive(Clone)]
pub struct IntegrationRecorder {
    store: Arc<dyn IntegrationStateStore>,
    clock: Arc<dyn Clock>,
}

impl IntegrationRecorder {
    pub fn new(store: Arc<dyn IntegrationStateStore>, clock: Arc<dyn Clock>) -> Self {
        Self { store, clock }
    }

    pub async fn record(&self, integration: Integration, outcome: Outcome) {
        let error = match outcome {
            Outcome::Ok => None,
            Outcome::Failed(kind) => Some(kind),
        };
        if let Err(e) = self
            .store
            .record(integration, self.clock.now(), error)
            .await
        {
            tracing::warn!(
                integration = integration.as_str(),
                error = format!("{e:#}"),
                "recording an integration's attempt failed"
            );
        }
    }
}

/// Rate-limit counters are kept this long after their window began (the default rules' windows
/// are a day at most: WeChat's daily forced refreshes).
pub const RATE_COUNTER_RETENTION: Duration = Duration::days(1);

/// Health, the database's kind, the integrations' state, housekeeping.
pub struct SystemService {
    store: Arc<dyn SystemStore>,
    integrations: Arc<dyn IntegrationStateStore>,
    directory: Option<Arc<dyn AdminDirectory>>,
    clock: Arc<dyn Clock>,
}

impl SystemService {
    pub fn new(
        store: Arc<dyn SystemStore>,
        integrations: Arc<dyn IntegrationStateStore>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            store,
            integrations,
            directory: None,
            clock,
        }
    }

    /// Where [`Self::find_users`] and [`Self::find_groups`] look.
    pub fn with_directory(mut self, directory: Arc<dyn AdminDirectory>) -> Self {
        self.directory = Some(directory);
        self
    }

    /// Users by username or nickname (trimmed; nothing for an empty text), for the admin
    /// console's filters.
    ///
    /// # Errors
    /// When the store cannot be reached.
    pub async fn find_users(&self, text: &str) -> Result<Vec<DirectoryEntry>, anyhow::Error> {
        match (&self.directory, text.trim()) {
            (Some(d), t) if !t.is_empty() => d.find_users(t, DIRECTORY_LIMIT).await,
            _ => Ok(Vec::new()),
        }
    }

    /// Groups by name (trimmed; nothing for an empty text), for the admin console's filters.
    ///
    /// # Errors
    /// When the store cannot be reached.
    pub async fn find_groups(&self, text: &str) -> Result<Vec<DirectoryEntry>, anyhow::Error> {
        match (&self.directory, text.trim()) {
            (Some(d), t) if !t.is_empty() => d.find_groups(t, DIRECTORY_LIMIT).await,
            _ => Ok(Vec::new()),
        }
    }

    /// What was last seen of each integration: its last attempt, how it ended and when a call
    /// last succeeded; an integration never called is missing.
    ///
    /// # Errors
    /// When the store cannot be reached.
    pub async fn integration_states(&self) -> Result<Vec<IntegrationState>, anyhow::Error> {
        self.integrations.states().await
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

    type Recorded = (Integration, DateTime<Utc>, Option<&'static str>);

    #[derive(Default)]
    struct FakeIntegrations {
        recorded: Mutex<Vec<Recorded>>,
        down: bool,
    }

    #[async_trait::async_trait]
    impl IntegrationStateStore for FakeIntegrations {
        async fn record(
            &self,
            integration: Integration,
            at: DateTime<Utc>,
            error: Option<&'static str>,
        ) -> Result<(), anyhow::Error> {
            if self.down {
                anyhow::bail!("connection refused")
            }
            self.recorded.lock().unwrap().push((integration, at, error));
            Ok(())
        }

        async fn states(&self) -> Result<Vec<IntegrationState>, anyhow::Error> {
            Ok(Vec::new())
        }
    }

    fn service(store: Arc<FakeStore>) -> SystemService {
        SystemService::new(
            store,
            Arc::new(FakeIntegrations::default()),
            Arc::new(FixedClock(noon())),
        )
    }

    #[tokio::test]
    async fn the_recorder_stores_each_outcome_at_the_clocks_time() {
        let store = Arc::new(FakeIntegrations::default());
        let recorder = IntegrationRecorder::new(store.clone(), Arc::new(FixedClock(noon())));
        recorder
            .record(Integration::Weather, Outcome::Failed("timeout"))
            .await;
        recorder.record(Integration::Sms, Outcome::Ok).await;
        assert_eq!(
            *store.recorded.lock().unwrap(),
            vec![
                (Integration::Weather, noon(), Some("timeout")),
                (Integration::Sms, noon(), None)
            ]
        );
    }

    #[tokio::test]
    async fn a_store_that_does_not_answer_never_fails_the_recorded_call() {
        let store = Arc::new(FakeIntegrations {
            down: true,
            ..FakeIntegrations::default()
        });
        let recorder = IntegrationRecorder::new(store, Arc::new(FixedClock(noon())));
        recorder.record(Integration::Llm, Outcome::Ok).await;
    }

    #[test]
    fn integration_names_read_back() {
        for i in Integration::ALL {
            assert_eq!(Integration::parse(i.as_str()), Some(i));
        }
        assert_eq!(Integration::parse("database"), None);
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
