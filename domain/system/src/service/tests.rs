#![allow(clippy::unwrap_used)]

use super::*;
use chrono::{DateTime, Utc};
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
