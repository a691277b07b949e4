//! Edits of plaza posts and comments over HTTP, on SQLite and PostgreSQL (issue 24, item 2):
//! the author edits from the version they loaded, an edit from an older version is 409
//! `plaza_edit_conflict` with the item as it is, earlier texts are kept for the author and
//! administrators, edits are limited per person, tokens need `plaza:write`; and an
//! administrator's removal carries a reason.

use crate::helpers::{Person, Reply, TestApp, reply, spawn_app_with};
use adapter_postgres::testing::TestDb;
use app_server::config::Config;
use kernel::RateLimitRule;
use reqwest::Method;
use reqwest::header::AUTHORIZATION;
use serde_json::{Value, json};

fn generous(c: &mut Config) {
    let many = RateLimitRule {
        limit: 10_000,
        window_secs: 60,
    };
    let plaza = c.areas.get_mut::<::plaza::PlazaPolicy>();
    plaza.post_rate = many;
    plaza.comment_rate = many;
    plaza.edit_rate = many;
}

impl TestApp {
    /// A text post `who` wrote; the post.
    async fn edits_post(&self, who: &Person, body: &str) -> Value {
        let r = self
            .send(
                &who.client,
                Method::POST,
                "/api/plaza/posts",
                Some(json!({ "body": body })),
                "en",
            )
            .await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        r.body["post"].clone()
    }

    async fn edits_patch(&self, who: &Person, path: &str, body: Value, lang: &str) -> Reply {
        self.send(&who.client, Method::PATCH, path, Some(body), lang)
            .await
    }
}

fn id(v: &Value) -> String {
    v["id"].as_str().unwrap().to_owned()
}

fn bodies(versions: &Reply) -> Vec<(u64, String)> {
    versions.body["versions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            (
                v["version"].as_u64().unwrap(),
                v["body"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[tokio::test]
async fn an_author_edits_a_post_keeping_its_versions_and_an_edit_from_an_older_one_is_a_409() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, generous).await;
        let alice = app.person("alice").await;
        let bob = app.person("bob").await;
        let post = app.edits_post(&alice, "first text").await;
        assert_eq!(post["version"], 1);
        assert!(post["editedAt"].is_null());
        assert_eq!(post["canEdit"], true);
        let pid = id(&post);
        let path = format!("/api/plaza/posts/{pid}");

        let saved = app
            .edits_patch(
                &alice,
                &path,
                json!({ "body": " second text ", "version": 1 }),
                "en",
            )
            .await;
        assert_eq!(saved.status, 200, "{:?}", saved.body);
        assert_eq!(saved.body["post"]["body"], "second text");
        assert_eq!(saved.body["post"]["version"], 2);
        assert!(saved.body["post"]["editedAt"].is_string());

        // Everyone sees "edited"; only the author may edit.
        let seen = app.get_as(&bob.client, &path).await;
        assert!(seen.body["post"]["editedAt"].is_string());
        assert_eq!(seen.body["post"]["canEdit"], false);
        assert_eq!(seen.body["post"]["canSeeVersions"], false);
        let feed = app.get("/api/plaza/posts").await;
        assert_eq!(feed.body["posts"][0]["version"], 2);

        // A second tab still at version 1: nothing written, the post as it is, in Chinese.
        let stale = app
            .edits_patch(
                &alice,
                &path,
                json!({ "body": "third", "version": 1 }),
                "zh",
            )
            .await;
        assert_eq!(stale.status, 409, "{:?}", stale.body);
        assert_eq!(stale.code(), "plaza_edit_conflict");
        assert!(stale.message().contains("编辑"), "{}", stale.message());
        assert_eq!(stale.body["current"]["body"], "second text");
        assert_eq!(stale.body["current"]["version"], 2);
        assert_eq!(app.get(&path).await.body["post"]["body"], "second text");

        // Someone else's post, a bad text, an unknown field.
        let theirs = app
            .edits_patch(&bob, &path, json!({ "body": "mine", "version": 2 }), "en")
            .await;
        assert_eq!(theirs.status, 403);
        assert_eq!(theirs.code(), "forbidden");
        assert_eq!(theirs.message(), "Only its author can edit it");
        let empty = app
            .edits_patch(&alice, &path, json!({ "body": "  ", "version": 2 }), "zh")
            .await;
        assert_eq!(empty.status, 422);
        assert_eq!(empty.code(), "invalid_post_body");
        let extra = app
            .edits_patch(
                &alice,
                &path,
                json!({ "body": "x", "version": 2, "imageIds": [] }),
                "en",
            )
            .await;
        assert_eq!(extra.status, 400, "{:?}", extra.body);
        let missing = app
            .edits_patch(
                &alice,
                "/api/plaza/posts/00000000-0000-0000-0000-000000000000",
                json!({ "body": "x", "version": 1 }),
                "en",
            )
            .await;
        assert_eq!(missing.status, 404);

        // The versions: the author's and an administrator's, newest first; nobody else's.
        let versions_path = format!("{path}/versions");
        let mine = app.get_as(&alice.client, &versions_path).await;
        assert_eq!(mine.status, 200, "{:?}", mine.body);
        assert_eq!(
            bodies(&mine),
            [(2, "second text".to_owned()), (1, "first text".to_owned())]
        );
        assert!(mine.body["versions"][1]["writtenAt"].is_string());
        assert_eq!(app.get_as(&bob.client, &versions_path).await.status, 403);
        assert_eq!(app.get(&versions_path).await.status, 401);
        let kim = app.person("kim_mod").await;
        app.promote_to_admin("kim_mod").await;
        let theirs = app.get_as(&kim.client, &versions_path).await;
        assert_eq!(theirs.status, 200);
        assert_eq!(bodies(&theirs).len(), 2);
    }
}

#[tokio::test]
async fn an_author_edits_a_comment_and_its_versions_are_theirs_and_the_admins() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, generous).await;
        let alice = app.person("alice").await;
        let bob = app.person("bob").await;
        let pid = id(&app.edits_post(&alice, "a post").await);
        let c = app
            .send(
                &bob.client,
                Method::POST,
                &format!("/api/plaza/posts/{pid}/comments"),
                Some(json!({ "body": "nice" })),
                "en",
            )
            .await;
        assert_eq!(c.status, 201, "{:?}", c.body);
        assert_eq!(c.body["comment"]["version"], 1);
        assert_eq!(c.body["comment"]["canEdit"], true);
        let path = format!("/api/plaza/comments/{}", id(&c.body["comment"]));

        let saved = app
            .edits_patch(
                &bob,
                &path,
                json!({ "body": "very nice", "version": 1 }),
                "en",
            )
            .await;
        assert_eq!(saved.status, 200, "{:?}", saved.body);
        assert_eq!(saved.body["comment"]["version"], 2);
        assert!(saved.body["comment"]["editedAt"].is_string());
        let listed = app.get(&format!("/api/plaza/posts/{pid}/comments")).await;
        assert_eq!(listed.body["comments"][0]["body"], "very nice");
        assert!(listed.body["comments"][0]["editedAt"].is_string());

        let stale = app
            .edits_patch(&bob, &path, json!({ "body": "late", "version": 1 }), "en")
            .await;
        assert_eq!(stale.status, 409);
        assert_eq!(stale.code(), "plaza_edit_conflict");
        assert_eq!(stale.body["current"]["body"], "very nice");
        // The post's author may not edit a comment under it.
        let hers = app
            .edits_patch(&alice, &path, json!({ "body": "hmm", "version": 2 }), "en")
            .await;
        assert_eq!(hers.status, 403);
        let long = app
            .edits_patch(
                &bob,
                &path,
                json!({ "body": "x".repeat(501), "version": 2 }),
                "en",
            )
            .await;
        assert_eq!(long.status, 422);
        assert_eq!(long.code(), "invalid_comment");

        let versions_path = format!("{path}/versions");
        let his = app.get_as(&bob.client, &versions_path).await;
        assert_eq!(
            bodies(&his),
            [(2, "very nice".to_owned()), (1, "nice".to_owned())]
        );
        assert_eq!(app.get_as(&alice.client, &versions_path).await.status, 403);
    }
}

#[tokio::test]
async fn edits_are_limited_per_person_and_tokens_need_plaza_write() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, |c| {
            generous(c);
            c.areas.get_mut::<::plaza::PlazaPolicy>().edit_rate = RateLimitRule {
                limit: 2,
                window_secs: 600,
            };
        })
        .await;
        let alice = app.person("alice").await;
        let path = format!(
            "/api/plaza/posts/{}",
            id(&app.edits_post(&alice, "v1").await)
        );
        for version in 1..=2 {
            let r = app
                .edits_patch(
                    &alice,
                    &path,
                    json!({ "body": format!("v{}", version + 1), "version": version }),
                    "en",
                )
                .await;
            assert_eq!(r.status, 200, "{:?}", r.body);
        }
        let r = alice
            .client
            .patch(app.url(&path))
            .json(&json!({ "body": "v4", "version": 3 }))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 429);
        assert!(r.headers().contains_key("retry-after"));
        assert_eq!(app.get(&path).await.body["post"]["body"], "v3");

        // Tokens: `plaza:read` reads one's versions but does not edit.
        assert_eq!(
            app.register("tokenuser", "correct horse battery")
                .await
                .status,
            201
        );
        let mine = app
            .post("/api/plaza/posts", json!({ "body": "token's own" }))
            .await;
        let own_path = format!("/api/plaza/posts/{}", id(&mine.body["post"]));
        let token = app
            .post(
                "/api/tokens",
                json!({ "name": "reader", "scopes": ["plaza:read"], "expiresInDays": 7 }),
            )
            .await;
        assert_eq!(token.status, 201, "{:?}", token.body);
        let bearer = format!("Bearer {}", token.body["secret"].as_str().unwrap());
        let c = reqwest::Client::new();
        let refused = reply(
            c.patch(app.url(&own_path))
                .header(AUTHORIZATION, &bearer)
                .json(&json!({ "body": "by token", "version": 1 }))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(refused.status, 403, "{:?}", refused.body);
        assert_eq!(refused.body["requiredScope"], "plaza:write");
        let read = reply(
            c.get(app.url(&format!("{own_path}/versions")))
                .header(AUTHORIZATION, &bearer)
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(read.status, 200, "{:?}", read.body);
    }
}

#[tokio::test]
async fn an_administrator_removes_with_a_reason_of_at_most_200_characters() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, generous).await;
        let alice = app.person("alice").await;
        let kim = app.person("kim_mod").await;
        app.promote_to_admin("kim_mod").await;
        let pid = id(&app.edits_post(&alice, "buy cheap watches").await);
        let path = format!("/api/plaza/posts/{pid}");
        let long = "x".repeat(201);
        let r = app
            .send(
                &kim.client,
                Method::DELETE,
                &format!("{path}?reason={long}"),
                None,
                "zh",
            )
            .await;
        assert_eq!(r.status, 422, "{:?}", r.body);
        assert_eq!(r.code(), "invalid_reason");
        assert_eq!(app.get(&path).await.status, 200, "nothing was deleted");
        let r = app
            .send(
                &kim.client,
                Method::DELETE,
                &format!("{path}?reason=advertising"),
                None,
                "en",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let db = adapter_postgres::Database::connect(&app.db_url, 1)
            .await
            .unwrap();
        let events = db.audit_log().recent(5).await.unwrap();
        let event = events
            .iter()
            .find(|e| e.action == "plaza.post.deleted")
            .expect("audited");
        assert!(
            event.detail.as_deref().unwrap().contains("advertising"),
            "{event:?}"
        );
    }
}
