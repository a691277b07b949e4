//! The chat usage store's contract (stream slots, daily tokens), on SQLite and PostgreSQL.

use crate::support::{TestDb, t0};
use chat::ports::ChatUsageStore;
use chrono::{Duration, NaiveDate};

fn today() -> NaiveDate {
    t0().date_naive()
}

#[tokio::test]
async fn slots_are_limited_per_owner_and_come_back_when_released() {
    for t in TestDb::all().await {
        let store = t.db.chat_usage();
        let until = t0() + Duration::minutes(10);
        let a = store.acquire_slot("user:a", 2, t0(), until).await.unwrap();
        let b = store.acquire_slot("user:a", 2, t0(), until).await.unwrap();
        assert!(a.is_some() && b.is_some(), "on {}", t.url);
        assert_eq!(
            store.acquire_slot("user:a", 2, t0(), until).await.unwrap(),
            None
        );
        // Another owner has slots of their own.
        assert!(
            store
                .acquire_slot("user:b", 2, t0(), until)
                .await
                .unwrap()
                .is_some()
        );
        store.release_slot(a.unwrap()).await.unwrap();
        // Releasing twice is harmless.
        store.release_slot(a.unwrap()).await.unwrap();
        assert!(
            store
                .acquire_slot("user:a", 2, t0(), until)
                .await
                .unwrap()
                .is_some()
        );
        assert_eq!(
            store.acquire_slot("user:a", 2, t0(), until).await.unwrap(),
            None
        );
    }
}

#[tokio::test]
async fn expired_slots_do_not_count_and_are_purged() {
    for t in TestDb::all().await {
        let store = t.db.chat_usage();
        let soon = t0() + Duration::seconds(30);
        assert!(
            store
                .acquire_slot("ip:1.2.3.4", 1, t0(), soon)
                .await
                .unwrap()
                .is_some()
        );
        assert_eq!(
            store
                .acquire_slot("ip:1.2.3.4", 1, t0(), soon)
                .await
                .unwrap(),
            None
        );
        // Thirty seconds later the leaked slot of a crashed instance no longer blocks.
        let later = soon + Duration::seconds(1);
        let fresh = store
            .acquire_slot("ip:1.2.3.4", 1, later, later + Duration::minutes(5))
            .await
            .unwrap();
        assert!(fresh.is_some(), "on {}", t.url);
        store.purge(later, today()).await.unwrap();
        // The live slot survived the purge: it still blocks a second one.
        let until = later + Duration::minutes(1);
        assert_eq!(
            store
                .acquire_slot("ip:1.2.3.4", 1, later, until)
                .await
                .unwrap(),
            None
        );
    }
}

#[tokio::test]
async fn racing_takers_never_exceed_the_limit() {
    for t in TestDb::all().await {
        let until = t0() + Duration::minutes(10);
        let takers = (0..12).map(|_| {
            let store = t.db.chat_usage();
            tokio::spawn(async move {
                store
                    .acquire_slot("user:race", 2, t0(), until)
                    .await
                    .unwrap()
            })
        });
        let mut won = 0;
        for taker in takers {
            if taker.await.unwrap().is_some() {
                won += 1;
            }
        }
        assert!((1..=2).contains(&won), "{won} slots on {}", t.url);
        // Losers left nothing behind: whatever is free can still be taken up to the limit.
        let store = t.db.chat_usage();
        let mut extra = 0;
        while store
            .acquire_slot("user:race", 2, t0(), until)
            .await
            .unwrap()
            .is_some()
        {
            extra += 1;
        }
        assert_eq!(won + extra, 2, "on {}", t.url);
    }
}

#[tokio::test]
async fn usage_adds_up_per_owner_and_day_and_old_days_are_purged() {
    for t in TestDb::all().await {
        let store = t.db.chat_usage();
        let yesterday = today().pred_opt().unwrap();
        assert_eq!(store.tokens_used("user:a", today()).await.unwrap(), 0);
        store.record_usage("user:a", today(), 120).await.unwrap();
        store.record_usage("user:a", today(), 30).await.unwrap();
        store.record_usage("user:a", yesterday, 999).await.unwrap();
        store.record_usage("user:b", today(), 7).await.unwrap();
        assert_eq!(
            store.tokens_used("user:a", today()).await.unwrap(),
            150,
            "on {}",
            t.url
        );
        assert_eq!(store.tokens_used("user:a", yesterday).await.unwrap(), 999);
        assert_eq!(store.tokens_used("user:b", today()).await.unwrap(), 7);
        store.purge(t0(), today()).await.unwrap();
        assert_eq!(store.tokens_used("user:a", yesterday).await.unwrap(), 0);
        assert_eq!(store.tokens_used("user:a", today()).await.unwrap(), 150);
    }
}

#[tokio::test]
async fn concurrent_usage_records_are_all_counted() {
    for t in TestDb::all().await {
        let writers = (0..20).map(|_| {
            let store = t.db.chat_usage();
            tokio::spawn(async move { store.record_usage("user:c", today(), 10).await.unwrap() })
        });
        for w in writers {
            w.await.unwrap();
        }
        let store = t.db.chat_usage();
        assert_eq!(
            store.tokens_used("user:c", today()).await.unwrap(),
            200,
            "on {}",
            t.url
        );
    }
}
