//! The weather cache's contract (the last snapshot and its refresh lease), on SQLite and
//! PostgreSQL.

use crate::support::{TestDb, t0};
use adapter_postgres::Database;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use weather::model::{Condition, DailyForecast, PlaceWeather, Snapshot};
use weather::ports::WeatherCache;

pub(crate) fn snapshot(at: DateTime<Utc>, temp: f64) -> Snapshot {
    Snapshot {
        fetched_at: at,
        places: vec![
            PlaceWeather {
                code: "510000".into(),
                observed_at: at - Duration::minutes(5),
                temperature_c: temp,
                condition: Condition::Rain,
                wind_kmh: Some(7.2),
                humidity: Some(81),
                daily: vec![
                    DailyForecast {
                        date: NaiveDate::from_ymd_opt(2026, 11, 25).unwrap(),
                        condition: Condition::PartlyCloudy,
                        min_c: -1.5,
                        max_c: 19.1,
                        precipitation_chance: Some(80),
                    },
                    DailyForecast {
                        date: NaiveDate::from_ymd_opt(2026, 11, 26).unwrap(),
                        condition: Condition::Unknown,
                        min_c: 11.5,
                        max_c: 17.4,
                        precipitation_chance: None,
                    },
                ],
            },
            PlaceWeather {
                code: "110000".into(),
                observed_at: at,
                temperature_c: -3.25,
                condition: Condition::Snow,
                wind_kmh: None,
                humidity: None,
                daily: Vec::new(),
            },
        ],
    }
}

#[tokio::test]
async fn snapshots_round_trip_and_the_last_one_wins() {
    for t in TestDb::all().await {
        let cache = t.db.weather_cache();
        assert_eq!(cache.latest().await.unwrap(), None, "empty on {}", t.url);
        // A lease alone creates the row but no snapshot.
        assert!(
            cache
                .take_lease("a".into(), t0(), t0() + Duration::seconds(60))
                .await
                .unwrap()
        );
        assert_eq!(cache.latest().await.unwrap(), None);

        let first = snapshot(t0() + Duration::milliseconds(250), 18.5);
        cache.store(first.clone(), "a".into()).await.unwrap();
        assert_eq!(cache.latest().await.unwrap(), Some(first), "on {}", t.url);

        let second = snapshot(t0() + Duration::minutes(16), 21.0);
        cache.store(second.clone(), "b".into()).await.unwrap();
        assert_eq!(cache.latest().await.unwrap(), Some(second), "on {}", t.url);
    }
}

#[tokio::test]
async fn a_stored_snapshot_that_no_longer_reads_counts_as_none() {
    for t in TestDb::all().await {
        let cache = t.db.weather_cache();
        cache.store(snapshot(t0(), 1.0), "a".into()).await.unwrap();
        t.db.execute_for_tests("UPDATE weather_cache SET snapshot_json = '{\"old\": 1}'")
            .await
            .unwrap();
        assert_eq!(cache.latest().await.unwrap(), None, "on {}", t.url);
    }
}

#[tokio::test]
async fn the_lease_refuses_everyone_until_it_ends_even_its_holder() {
    for t in TestDb::all().await {
        let cache = t.db.weather_cache();
        let until = t0() + Duration::seconds(60);
        assert!(cache.take_lease("a".into(), t0(), until).await.unwrap());
        for (holder, now) in [
            ("b", t0() + Duration::seconds(1)),
            ("b", until),
            ("a", until),
        ] {
            assert!(
                !cache
                    .take_lease(holder.into(), now, now + Duration::seconds(60))
                    .await
                    .unwrap(),
                "{holder} at {now} refused on {}",
                t.url
            );
        }
        // Once it has ended (millisecond precision on both engines), anyone may take it.
        let after = until + Duration::milliseconds(1);
        assert!(
            cache
                .take_lease("b".into(), after, after + Duration::seconds(60))
                .await
                .unwrap(),
            "an ended lease is free on {}",
            t.url
        );
    }
}

#[tokio::test]
async fn storing_gives_the_lease_back_only_for_its_holder() {
    for t in TestDb::all().await {
        let cache = t.db.weather_cache();
        let until = t0() + Duration::seconds(60);
        let soon = t0() + Duration::seconds(1);
        assert!(cache.take_lease("a".into(), t0(), until).await.unwrap());

        cache.store(snapshot(t0(), 3.0), "b".into()).await.unwrap();
        assert!(
            !cache.take_lease("c".into(), soon, until).await.unwrap(),
            "others' calls leave a's lease alone on {}",
            t.url
        );
        assert_eq!(
            cache
                .latest()
                .await
                .unwrap()
                .map(|s| s.places[0].temperature_c),
            Some(3.0),
            "anyone may store"
        );

        cache.store(snapshot(t0(), 4.0), "a".into()).await.unwrap();
        assert!(
            cache.take_lease("c".into(), soon, until).await.unwrap(),
            "given back by its holder's store on {}",
            t.url
        );
        cache.store(snapshot(t0(), 4.0), "c".into()).await.unwrap();
        assert!(
            cache.take_lease("d".into(), soon, until).await.unwrap(),
            "storing gives it back on {}",
            t.url
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn instances_racing_for_the_lease_get_it_once() {
    for t in TestDb::all().await {
        // Eight instances, each with its own pool on the same database.
        let mut instances = Vec::new();
        for _ in 0..8 {
            instances.push(Database::connect(&t.url, 2).await.unwrap());
        }
        let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(instances.len()));
        let tasks: Vec<_> = instances
            .into_iter()
            .enumerate()
            .map(|(i, db)| {
                let barrier = barrier.clone();
                tokio::spawn(async move {
                    barrier.wait().await;
                    let taken = db
                        .weather_cache()
                        .take_lease(format!("instance-{i}"), t0(), t0() + Duration::seconds(60))
                        .await
                        .unwrap();
                    db.close().await.unwrap();
                    taken
                })
            })
            .collect();
        let mut winners = 0;
        for task in tasks {
            winners += usize::from(task.await.unwrap());
        }
        assert_eq!(winners, 1, "exactly one instance refreshes on {}", t.url);
    }
}
