//! The system's use cases: health, the database's kind, the integrations' state (recorded per
//! call), housekeeping.

use crate::model::*;
use crate::ports::{AdminDirectory, DIRECTORY_LIMIT, IntegrationStateStore, SystemStore};
use chrono::Duration;
use kernel::Clock;
use std::sync::Arc;

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
mod tests;
