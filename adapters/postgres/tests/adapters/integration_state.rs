//! The integrations' shared state (`integration_state`), on SQLite and PostgreSQL: one row per
//! integration, the newest attempt wins, a failure keeps the last success's time.

use crate::support::{TestDb, t0};
use chrono::Duration;
use system::{Integration, IntegrationState, IntegrationStateStore};

async fn state_of(db: &adapter_postgres::Database, i: Integration) -> Option<IntegrationState> {
    db.states()
        .await
        .unwrap()
        .into_iter()
        .find(|s| s.integration == i)
}

#[tokio::test]
async fn the_newest_attempt_is_kept_and_a_failure_keeps_the_last_success() {
    for t in TestDb::all().await {
        let db = &t.db;
        assert!(db.states().await.unwrap().is_empty());

        db.record(Integration::Weather, t0(), None).await.unwrap();
        let later = t0() + Duration::minutes(15);
        db.record(Integration::Weather, later, Some("timeout"))
            .await
            .unwrap();
        assert_eq!(
            state_of(db, Integration::Weather).await,
            Some(IntegrationState {
                integration: Integration::Weather,
                attempted_at: later,
                error: Some("timeout".into()),
                succeeded_at: Some(t0()),
            })
        );

        // Another instance's older attempt, recorded late, changes nothing.
        db.record(Integration::Weather, t0() + Duration::minutes(1), None)
            .await
            .unwrap();
        let w = state_of(db, Integration::Weather).await.unwrap();
        assert_eq!(w.attempted_at, later);
        assert_eq!(w.error.as_deref(), Some("timeout"));

        // A success clears the failure.
        let latest = later + Duration::minutes(15);
        db.record(Integration::Weather, latest, None).await.unwrap();
        let w = state_of(db, Integration::Weather).await.unwrap();
        assert_eq!(
            (w.attempted_at, w.error, w.succeeded_at),
            (latest, None, Some(latest))
        );

        // Each integration has its own row.
        db.record(Integration::Sms, t0(), Some("unavailable"))
            .await
            .unwrap();
        let sms = state_of(db, Integration::Sms).await.unwrap();
        assert_eq!(sms.succeeded_at, None);
        assert_eq!(db.states().await.unwrap().len(), 2);
    }
}
