//! Articles are bounded per person, on SQLite and PostgreSQL: starting and saving are
//! rate-limited (429 `rate_limited` with `Retry-After`), and all of one person's articles hold
//! at most `GROUPS_ARTICLE_CHARS_PER_USER` characters (422 `article_quota_exceeded`, in the
//! asker's language), while shortening still works.

use crate::helpers::{spawn_app, spawn_app_with};
use adapter_postgres::testing::TestDb;
use reqwest::Method;
use serde_json::json;

#[tokio::test]
async fn starting_articles_is_rate_limited_per_person() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let owner = app.person("olga").await;
        let g = app.create_group(&owner, "写作小组", "public", "open").await;
        let path = format!("/api/groups/{}/articles", g["id"].as_str().unwrap());
        let limit = groups::GroupsPolicy::default().article_create_rate.limit;
        for i in 0..limit {
            let r = app
                .send(
                    &owner.client,
                    Method::POST,
                    &path,
                    Some(json!({ "title": format!("第 {i} 篇"), "body": "正文" })),
                    "en",
                )
                .await;
            assert_eq!(r.status, 201, "article {i}: {:?}", r.body);
        }
        let r = app
            .send(
                &owner.client,
                Method::POST,
                &path,
                Some(json!({ "title": "再来一篇", "body": "正文" })),
                "zh",
            )
            .await;
        assert_eq!((r.status, r.code()), (429, "rate_limited"), "{:?}", r.body);
        let retry: u64 = r.headers["retry-after"].to_str().unwrap().parse().unwrap();
        assert!((1..=3600).contains(&retry), "Retry-After {retry}");
        assert!(
            r.message()
                .chars()
                .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "in the asker's language: {}",
            r.message()
        );

        // The counter is the person's: someone else still writes.
        let other = app.person("pavel").await;
        app.send(
            &other.client,
            Method::POST,
            &format!("/api/groups/{}/join", g["id"].as_str().unwrap()),
            Some(json!({})),
            "en",
        )
        .await;
        let r = app
            .send(
                &other.client,
                Method::POST,
                &path,
                Some(json!({ "title": "我的", "body": "正文" })),
                "en",
            )
            .await;
        assert_eq!(r.status, 201, "{:?}", r.body);
    }
}

#[tokio::test]
async fn saving_articles_is_rate_limited_per_person() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, |c| {
            c.areas
                .get_mut::<::groups::GroupsPolicy>()
                .article_save_rate = kernel::RateLimitRule {
                limit: 3,
                window_secs: 600,
            };
        })
        .await;
        let owner = app.person("olga").await;
        let g = app.create_group(&owner, "写作小组", "public", "open").await;
        let gid = g["id"].as_str().unwrap();
        let a = app
            .send(
                &owner.client,
                Method::POST,
                &format!("/api/groups/{gid}/articles"),
                Some(json!({ "title": "草稿", "body": "" })),
                "en",
            )
            .await;
        assert_eq!(a.status, 201, "{:?}", a.body);
        let path = format!(
            "/api/groups/{gid}/articles/{}",
            a.body["article"]["id"].as_str().unwrap()
        );
        for version in 1..=3 {
            let r = app
                .send(
                    &owner.client,
                    Method::PUT,
                    &path,
                    Some(json!({ "title": "草稿", "body": format!("第 {version} 次"), "version": version })),
                    "en",
                )
                .await;
            assert_eq!(r.status, 200, "{:?}", r.body);
        }
        let r = app
            .send(
                &owner.client,
                Method::PUT,
                &path,
                Some(json!({ "title": "草稿", "body": "第 4 次", "version": 4 })),
                "en",
            )
            .await;
        assert_eq!((r.status, r.code()), (429, "rate_limited"), "{:?}", r.body);
        assert!(r.headers.contains_key("retry-after"));
    }
}

#[tokio::test]
async fn one_persons_articles_are_bounded_in_characters_and_may_still_shrink() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, |c| {
            c.areas
                .get_mut::<::groups::GroupsPolicy>()
                .article_chars_per_user = 1000
        })
        .await;
        let owner = app.person("olga").await;
        let g = app.create_group(&owner, "写作小组", "public", "open").await;
        let gid = g["id"].as_str().unwrap();
        let create = |body: String| {
            let app = &app;
            let owner = &owner;
            async move {
                app.send(
                    &owner.client,
                    Method::POST,
                    &format!("/api/groups/{gid}/articles"),
                    Some(json!({ "title": "字", "body": body })),
                    "en",
                )
                .await
            }
        };
        // 600 Chinese characters are 1800 bytes but 600 characters.
        let first = create("汉".repeat(600)).await;
        assert_eq!(first.status, 201, "{:?}", first.body);
        let refused = create("汉".repeat(400)).await;
        assert_eq!(
            (refused.status, refused.code()),
            (422, "article_quota_exceeded"),
            "{:?}",
            refused.body
        );
        assert!(
            refused.message().contains("characters"),
            "{}",
            refused.message()
        );

        let path = format!(
            "/api/groups/{gid}/articles/{}",
            first.body["article"]["id"].as_str().unwrap()
        );
        let grow = app
            .send(
                &owner.client,
                Method::PUT,
                &path,
                Some(json!({ "title": "字", "body": "汉".repeat(1000), "version": 1 })),
                "zh",
            )
            .await;
        assert_eq!((grow.status, grow.code()), (422, "article_quota_exceeded"));
        assert!(!grow.message().is_ascii(), "in Chinese: {}", grow.message());
        let shrink = app
            .send(
                &owner.client,
                Method::PUT,
                &path,
                Some(json!({ "title": "字", "body": "汉".repeat(100), "version": 1 })),
                "en",
            )
            .await;
        assert_eq!(shrink.status, 200, "{:?}", shrink.body);
        let now_fits = create("汉".repeat(400)).await;
        assert_eq!(now_fits.status, 201, "{:?}", now_fits.body);
    }
}
