//! The schema goes down and up again with data in it, on SQLite and PostgreSQL: every migration
//! from the groups' on (groups and media, districts, the weather cache, the plaza, and every later
//! one) is undone, its tables are gone, and after `up` each area starts afresh and works.
//!
//! One round trip for the whole schema; it replaces the four each of those areas had, which went
//! down to their own migration and so ran the later ones' `down` too.

use crate::districts::{code, district};
use crate::groups::created;
use crate::plaza::{posted, whole_feed};
use crate::support::{TestDb, at, person, t0};
use crate::weather::snapshot;
use ::migrations::{Migrator, MigratorTrait};
use districts::ports::DistrictRepository;
use districts::provinces::provinces;
use groups::model::Visibility;
use groups::ports::GroupRepository;
use plaza::ports::PostRepository;
use weather::ports::WeatherCache;

/// The earliest migration the round trip undoes (and with it every later one).
const FROM: &str = "m20261125_000007_create_groups_and_media";

/// The tables of the migrations undone, each of which must be gone after `down`.
const TABLES: [&str; 11] = [
    "media",
    "articles",
    "group_join_requests",
    "group_memberships",
    "groups",
    "districts",
    "weather_cache",
    "plaza_comments",
    "plaza_likes",
    "plaza_post_images",
    "plaza_posts",
];

#[tokio::test]
async fn the_schema_goes_down_and_up_again() {
    for t in TestDb::all().await {
        let owner = person(&t, "owner").await;
        created(&t, &owner, "Club", Visibility::Public, at(0)).await;
        t.db.districts()
            .write_all(vec![district("510100", "成都市", "Chengdu")])
            .await
            .unwrap();
        t.db.weather_cache()
            .store(snapshot(t0(), 1.0), "a".into())
            .await
            .unwrap();
        let alice = person(&t, "alice").await;
        let p = posted(&t, &alice, "before", Some("510000"), at(0)).await;
        t.db.plaza_posts().like(p, alice.id, at(1)).await.unwrap();

        let conn = sea_orm::Database::connect(t.url.as_str()).await.unwrap();
        // Down to (and including) `FROM`, however many came after it.
        let steps = Migrator::migrations()
            .iter()
            .rev()
            .position(|m| m.name() == FROM)
            .unwrap()
            + 1;
        Migrator::down(&conn, Some(u32::try_from(steps).unwrap()))
            .await
            .unwrap();
        for table in TABLES {
            assert!(
                t.db.execute_for_tests(&format!("DELETE FROM {table}"))
                    .await
                    .is_err(),
                "{table} is gone on {}",
                t.url
            );
        }
        Migrator::up(&conn, None).await.unwrap();
        conn.close().await.unwrap();

        // Groups: none left, and a new one is made.
        assert_eq!(t.db.groups().count_owned(owner.id).await.unwrap(), 0);
        created(&t, &owner, "Club again", Visibility::Public, at(1)).await;
        assert_eq!(t.db.groups().count_owned(owner.id).await.unwrap(), 1);
        // Districts: the seeded provinces again, the city written before is gone.
        let repo = t.db.districts();
        assert_eq!(
            repo.children(None, None, 100).await.unwrap(),
            provinces().unwrap()
        );
        assert_eq!(repo.find(code("510100")).await.unwrap(), None);
        // The weather cache: empty.
        assert_eq!(t.db.weather_cache().latest().await.unwrap(), None);
        // The plaza: the old post is gone, a new one is in the feed alone.
        assert_eq!(t.db.plaza_posts().find(p, None).await.unwrap(), None);
        let again = posted(&t, &alice, "after", Some("510000"), at(2)).await;
        assert_eq!(whole_feed(&t, Some("510000"), 10).await, vec![again]);
    }
}

#[tokio::test]
async fn instances_starting_together_migrate_one_at_a_time() {
    // Two instances over one fresh PostgreSQL database, started at once: without the lock
    // both ran the same `CREATE TABLE`s and one failed to start.
    let Some(t) = TestDb::postgres().await else {
        return;
    };
    let conn = sea_orm::Database::connect(t.url.as_str()).await.unwrap();
    Migrator::reset(&conn).await.unwrap();
    conn.close().await.unwrap();
    let instances = [
        adapter_postgres::Database::connect(&t.url, 2)
            .await
            .unwrap(),
        adapter_postgres::Database::connect(&t.url, 2)
            .await
            .unwrap(),
        adapter_postgres::Database::connect(&t.url, 2)
            .await
            .unwrap(),
    ];
    let (a, b, c) = tokio::join!(
        instances[0].migrate(),
        instances[1].migrate(),
        instances[2].migrate()
    );
    for (i, result) in [a, b, c].into_iter().enumerate() {
        assert!(result.is_ok(), "instance {i}: {result:?}");
    }
    // Every migration ran once: the schema works.
    let owner = person(&t, "owner").await;
    created(&t, &owner, "Club", Visibility::Public, at(0)).await;
    assert_eq!(t.db.groups().count_owned(owner.id).await.unwrap(), 1);
}
