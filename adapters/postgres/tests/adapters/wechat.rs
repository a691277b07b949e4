//! The WeChat ports' contracts (the token cache and its lease, the menu versions), on SQLite
//! and PostgreSQL.

use crate::support::{TestDb, t0};
use chrono::Duration;
use wechat::access_token::{CachedAccessToken, IssuedAccessToken};
use wechat::menu::{Button, Menu};
use wechat::ports::{AccessTokenStore, MenuVersion, MenuVersionId, MenuVersionRepository};

const APP: &str = "wx1234567890abcdef";

fn issued(token: &str) -> IssuedAccessToken {
    IssuedAccessToken {
        token: token.into(),
        expires_in_secs: 7200,
    }
}

#[tokio::test]
async fn a_missing_row_loads_as_empty() {
    for t in TestDb::all().await {
        let store = t.db.wechat_tokens();
        assert_eq!(store.load(APP).await.unwrap(), CachedAccessToken::default());
        // A lease alone creates the row but no token.
        assert!(store.try_lock(APP, "a", t0(), t0()).await.unwrap());
        assert_eq!(store.load(APP).await.unwrap(), CachedAccessToken::default());
    }
}

#[tokio::test]
async fn tokens_round_trip_errors_keep_them_and_invalidate_drops_them() {
    for t in TestDb::all().await {
        let store = t.db.wechat_tokens();
        // Storing works without a lease (and without a row).
        let token = "81_AbCdEf-GhIjKl_MnOpQr.x9Z";
        store
            .store_token(APP, "a", &issued(token), t0())
            .await
            .unwrap();
        let expected = CachedAccessToken {
            token: Some(token.into()),
            obtained_at: Some(t0()),
            expires_at: Some(t0() + Duration::hours(2)),
            last_error: None,
            last_error_at: None,
        };
        assert_eq!(store.load(APP).await.unwrap(), expected, "on {}", t.url);
        assert_eq!(
            store.load("wx_other").await.unwrap(),
            CachedAccessToken::default(),
            "rows are per app id"
        );

        let failed_at = t0() + Duration::minutes(100) + Duration::milliseconds(250);
        store
            .store_error(APP, "a", "WeChat error 45009: 接口调用超过限制", failed_at)
            .await
            .unwrap();
        let after_error = store.load(APP).await.unwrap();
        assert_eq!(
            after_error,
            CachedAccessToken {
                last_error: Some("WeChat error 45009: 接口调用超过限制".into()),
                last_error_at: Some(failed_at),
                ..expected.clone()
            },
            "the old token stays on {}",
            t.url
        );

        store.invalidate(APP).await.unwrap();
        assert_eq!(
            store.load(APP).await.unwrap(),
            CachedAccessToken {
                token: None,
                expires_at: None,
                ..after_error.clone()
            },
            "on {}",
            t.url
        );
        // Invalidating a row that does not exist is fine.
        store.invalidate("wx_nobody").await.unwrap();

        // A new token replaces everything but the error history.
        let later = t0() + Duration::hours(3);
        store
            .store_token(APP, "b", &issued("81_Second_Token_Value"), later)
            .await
            .unwrap();
        let reloaded = store.load(APP).await.unwrap();
        assert_eq!(reloaded.token.as_deref(), Some("81_Second_Token_Value"));
        assert_eq!(reloaded.obtained_at, Some(later));
        assert_eq!(reloaded.expires_at, Some(later + Duration::hours(2)));
        assert_eq!(reloaded.last_error_at, Some(failed_at));

        // An error on a never-stored app id creates the row.
        store
            .store_error("wx_new", "a", "boom", t0())
            .await
            .unwrap();
        let fresh = store.load("wx_new").await.unwrap();
        assert_eq!(fresh.token, None);
        assert_eq!(fresh.last_error.as_deref(), Some("boom"));
    }
}

#[tokio::test]
async fn the_lease_refuses_others_until_it_ends_and_is_reentrant() {
    for t in TestDb::all().await {
        let store = t.db.wechat_tokens();
        let until = t0() + Duration::seconds(30);
        assert!(store.try_lock(APP, "a", until, t0()).await.unwrap());
        assert!(
            !store
                .try_lock(
                    APP,
                    "b",
                    t0() + Duration::seconds(60),
                    t0() + Duration::seconds(1)
                )
                .await
                .unwrap(),
            "second holder refused while the lease lives on {}",
            t.url
        );
        assert!(
            !store.try_lock(APP, "b", until, until).await.unwrap(),
            "the lease still holds at its last instant on {}",
            t.url
        );
        // The holder may extend its own lease.
        let extended = t0() + Duration::seconds(40) + Duration::milliseconds(500);
        assert!(
            store
                .try_lock(APP, "a", extended, t0() + Duration::seconds(10))
                .await
                .unwrap()
        );
        assert!(
            !store
                .try_lock(APP, "b", extended + Duration::seconds(30), extended)
                .await
                .unwrap()
        );
        // Once it has ended, anyone may take it (millisecond precision on both engines).
        let just_after = extended + Duration::milliseconds(1);
        assert!(
            store
                .try_lock(APP, "b", just_after + Duration::seconds(30), just_after)
                .await
                .unwrap(),
            "an ended lease is free on {}",
            t.url
        );
        assert!(
            !store
                .try_lock(APP, "a", just_after + Duration::seconds(30), just_after)
                .await
                .unwrap()
        );
        // Leases are per app id.
        assert!(store.try_lock("wx_other", "a", until, t0()).await.unwrap());
    }
}

#[tokio::test]
async fn storing_and_releasing_free_only_the_holders_own_lease() {
    for t in TestDb::all().await {
        let store = t.db.wechat_tokens();
        let until = t0() + Duration::seconds(30);
        let soon = t0() + Duration::seconds(1);

        assert!(store.try_lock(APP, "a", until, t0()).await.unwrap());
        store.release(APP, "b").await.unwrap();
        store
            .store_token(APP, "b", &issued("81_From_B_Token_Value"), t0())
            .await
            .unwrap();
        store.store_error(APP, "b", "x", t0()).await.unwrap();
        assert!(
            !store.try_lock(APP, "c", until, soon).await.unwrap(),
            "others' calls leave a's lease alone on {}",
            t.url
        );

        store
            .store_token(APP, "a", &issued("81_From_A_Token_Value"), t0())
            .await
            .unwrap();
        assert!(
            store.try_lock(APP, "c", until, soon).await.unwrap(),
            "store_token releases on {}",
            t.url
        );

        store.store_error(APP, "c", "failed", t0()).await.unwrap();
        assert!(
            store.try_lock(APP, "a", until, soon).await.unwrap(),
            "store_error releases on {}",
            t.url
        );

        store.release(APP, "a").await.unwrap();
        assert!(
            store.try_lock(APP, "b", until, soon).await.unwrap(),
            "release releases on {}",
            t.url
        );
        assert_eq!(
            store.load(APP).await.unwrap().token.as_deref(),
            Some("81_From_A_Token_Value")
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn of_twenty_concurrent_lockers_exactly_one_gets_the_lease() {
    for t in TestDb::all().await {
        let tries = (0..20).map(|i| {
            let store = t.db.wechat_tokens();
            tokio::spawn(async move {
                store
                    .try_lock(
                        APP,
                        &format!("instance-{i}"),
                        t0() + Duration::seconds(30),
                        t0(),
                    )
                    .await
                    .unwrap()
            })
        });
        let mut granted = 0;
        for h in tries.collect::<Vec<_>>() {
            if h.await.unwrap() {
                granted += 1;
            }
        }
        assert_eq!(granted, 1, "on {}", t.url);
    }
}

fn menu(top_name: &str, sub_name: &str) -> Menu {
    Menu {
        button: vec![
            Button {
                name: top_name.into(),
                kind: Some("click".into()),
                key: Some("V1001_TODAY_MUSIC".into()),
                ..Button::default()
            },
            Button {
                name: "菜单".into(),
                sub_button: vec![
                    Button {
                        name: sub_name.into(),
                        kind: Some("view".into()),
                        url: Some("https://courtyard.example/?q=庭院".into()),
                        ..Button::default()
                    },
                    Button {
                        name: "小程序".into(),
                        kind: Some("miniprogram".into()),
                        url: Some("http://mp.weixin.qq.com".into()),
                        appid: Some("wx286b93c14bbf93aa".into()),
                        pagepath: Some("pages/lunar/index".into()),
                        ..Button::default()
                    },
                ],
                ..Button::default()
            },
        ],
    }
}

#[tokio::test]
async fn menu_versions_are_kept_listed_newest_first_and_found() {
    for t in TestDb::all().await {
        let repo = t.db.menu_versions();
        assert!(repo.list(10).await.unwrap().is_empty());

        let first = MenuVersion {
            id: MenuVersionId::new_random(),
            menu: menu("今日歌曲", &"汉".repeat(20)),
            published_at: t0(),
            published_by: "alice".into(),
            rolled_back_from: None,
        };
        let second = MenuVersion {
            id: MenuVersionId::new_random(),
            menu: menu("五个汉字啊", "搜索"),
            published_at: t0() + Duration::minutes(5) + Duration::milliseconds(125),
            published_by: "bob".into(),
            rolled_back_from: None,
        };
        let third = MenuVersion {
            id: MenuVersionId::new_random(),
            published_at: t0() + Duration::hours(1),
            rolled_back_from: Some(first.id),
            ..first.clone()
        };
        // Inserted out of order: the list is ordered by publication time.
        for v in [&second, &third, &first] {
            repo.insert(v.clone()).await.unwrap();
        }

        assert_eq!(
            repo.list(10).await.unwrap(),
            vec![third.clone(), second.clone(), first.clone()],
            "on {}",
            t.url
        );
        assert_eq!(
            repo.list(2).await.unwrap(),
            vec![third.clone(), second.clone()]
        );
        let found = repo.find(second.id).await.unwrap().unwrap();
        assert_eq!(found, second, "Chinese names round-trip on {}", t.url);
        assert_eq!(found.menu.button[0].name, "五个汉字啊");
        assert_eq!(
            repo.find(third.id).await.unwrap().unwrap().rolled_back_from,
            Some(first.id)
        );
        assert_eq!(repo.find(MenuVersionId::new_random()).await.unwrap(), None);
    }
}
