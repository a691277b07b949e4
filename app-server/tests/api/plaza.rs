//! The plaza over HTTP, on SQLite and PostgreSQL: the feed's cursor under concurrent posting,
//! likes that add up under concurrency, images that are their owner's until posted and public
//! after, comments, moderation, and tokens within `plaza:*`.

use crate::helpers::{Person, TestApp, reply, spawn_app_with};
use adapter_postgres::testing::TestDb;
use app_server::config::Config;
use image_fixtures::png;
use kernel::RateLimitRule;
use reqwest::Method;
use reqwest::header::{AUTHORIZATION, CONTENT_TYPE};
use serde_json::{Value, json};
use std::collections::HashSet;

/// Rates high enough for the tests that write many posts, likes and accounts.
fn generous(c: &mut Config) {
    let many = RateLimitRule {
        limit: 10_000,
        window_secs: 60,
    };
    c.areas.get_mut::<::plaza::PlazaPolicy>().post_rate = many;
    c.areas.get_mut::<::plaza::PlazaPolicy>().like_rate = many;
    c.areas.get_mut::<::plaza::PlazaPolicy>().comment_rate = many;
    c.areas
        .get_mut::<::accounts::AccountsPolicy>()
        .register_per_ip = many;
    c.areas
        .get_mut::<app_server::http::media::settings::MediaSettings>()
        .policy
        .upload_rate = many;
}

impl TestApp {
    async fn post_text(&self, who: &Person, body: &str) -> Value {
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

    async fn plaza_image(&self, who: &reqwest::Client, bytes: Vec<u8>) -> crate::helpers::Reply {
        reply(
            who.post(self.url("/api/plaza/images"))
                .header(CONTENT_TYPE, "application/octet-stream")
                .body(bytes)
                .send()
                .await
                .unwrap(),
        )
        .await
    }
}

fn ids(page: &Value) -> Vec<String> {
    page["posts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn paging_while_others_post_shows_every_post_exactly_once() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, generous).await;
        let alice = app.person("alice").await;
        let mut before = Vec::new();
        for i in 0..23 {
            before.push(app.post_text(&alice, &format!("before {i}")).await["id"].clone());
        }
        let first = app.get("/api/plaza/posts?limit=5").await;
        assert_eq!(first.status, 200, "{:?}", first.body);
        let head = first.body["headCursor"].as_str().unwrap().to_owned();

        // A writer keeps posting while the reader pages through.
        let writer = {
            let app_url = app.address.clone();
            let client = alice.client.clone();
            tokio::spawn(async move {
                let mut n = 0;
                for i in 0..12 {
                    let r = client
                        .post(format!("{app_url}/api/plaza/posts"))
                        .json(&json!({ "body": format!("during {i}") }))
                        .send()
                        .await
                        .unwrap();
                    assert_eq!(r.status(), 201);
                    n += 1;
                }
                n
            })
        };
        let mut seen = ids(&first.body);
        let mut cursor = first.body["nextCursor"].as_str().map(str::to_owned);
        while let Some(c) = cursor {
            let page = app
                .get(&format!("/api/plaza/posts?limit=5&cursor={c}"))
                .await;
            assert_eq!(page.status, 200, "{:?}", page.body);
            seen.extend(ids(&page.body));
            cursor = page.body["nextCursor"].as_str().map(str::to_owned);
        }
        let written_during = writer.await.unwrap();

        let unique: HashSet<&String> = seen.iter().collect();
        assert_eq!(unique.len(), seen.len(), "a post came twice");
        let expected: Vec<String> = before
            .iter()
            .rev()
            .map(|v| v.as_str().unwrap().to_owned())
            .collect();
        assert_eq!(seen, expected, "every earlier post once, newest first");

        let fresh = app
            .get(&format!("/api/plaza/posts/new-count?since={head}"))
            .await;
        assert_eq!(fresh.body["count"], written_during, "{:?}", fresh.body);
        let top = app.get("/api/plaza/posts?limit=50").await;
        assert_eq!(top.body["posts"][0]["body"], "during 11");
    }
}

#[tokio::test]
async fn fifty_people_liking_at_once_count_fifty_and_a_repeat_counts_once() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, generous).await;
        let author = app.person("author").await;
        let post = app.post_text(&author, "like me").await;
        let id = post["id"].as_str().unwrap().to_owned();
        let mut people = Vec::new();
        for i in 0..50 {
            people.push(app.person(&format!("fan{i:02}")).await);
        }
        let likes = people.iter().map(|p| {
            let client = p.client.clone();
            let url = app.url(&format!("/api/plaza/posts/{id}/like"));
            async move { client.put(url).send().await.unwrap().status().as_u16() }
        });
        let statuses = futures_util::future::join_all(likes).await;
        assert!(statuses.iter().all(|s| *s == 200), "{statuses:?}");
        let r = app.get(&format!("/api/plaza/posts/{id}")).await;
        assert_eq!(r.body["post"]["likeCount"], 50);

        let again = app
            .send(
                &people[0].client,
                Method::PUT,
                &format!("/api/plaza/posts/{id}/like"),
                None,
                "en",
            )
            .await;
        assert_eq!(
            (again.body["liked"].clone(), again.body["likeCount"].clone()),
            (json!(true), json!(50))
        );
        let back = app
            .send(
                &people[0].client,
                Method::DELETE,
                &format!("/api/plaza/posts/{id}/like"),
                None,
                "en",
            )
            .await;
        assert_eq!(back.body["likeCount"], 49);
        let seen_by_fan = app
            .send(
                &people[1].client,
                Method::GET,
                &format!("/api/plaza/posts/{id}"),
                None,
                "en",
            )
            .await;
        assert_eq!(seen_by_fan.body["post"]["liked"], true);
        assert_eq!(
            app.get(&format!("/api/plaza/posts/{id}")).await.body["post"]["liked"],
            false
        );
    }
}

#[tokio::test]
async fn an_image_is_its_owners_until_posted_then_anyones_and_goes_with_the_post() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, generous).await;
        let alice = app.person("alice").await;
        let bob = app.person("bob").await;
        let a = app.plaza_image(&alice.client, png(40, 30)).await;
        assert_eq!(a.status, 201, "{:?}", a.body);
        let b = app.plaza_image(&alice.client, png(30, 40)).await;
        let (a, b) = (a.body["image"].clone(), b.body["image"].clone());
        let url = a["url"].as_str().unwrap().to_owned();
        let status = |c: &reqwest::Client, u: String| {
            let c = c.clone();
            let full = app.url(&u);
            async move { c.get(full).send().await.unwrap().status().as_u16() }
        };
        assert_eq!(status(&alice.client, url.clone()).await, 200);
        assert_eq!(
            status(&bob.client, url.clone()).await,
            404,
            "not posted yet"
        );
        assert_eq!(status(&app.client, url.clone()).await, 404);

        // Bob cannot post Alice's upload.
        let stolen = app
            .send(
                &bob.client,
                Method::POST,
                "/api/plaza/posts",
                Some(json!({ "body": "mine", "imageIds": [a["id"]] })),
                "zh",
            )
            .await;
        assert_eq!(stolen.status, 422);
        assert_eq!(stolen.code(), "image_not_usable");
        assert!(stolen.message().contains("图片"), "{:?}", stolen.body);

        let posted = app
            .send(
                &alice.client,
                Method::POST,
                "/api/plaza/posts",
                Some(json!({ "body": "", "imageIds": [b["id"], a["id"]], "district": "510000" })),
                "en",
            )
            .await;
        assert_eq!(posted.status, 201, "{:?}", posted.body);
        let post = &posted.body["post"];
        assert_eq!(post["images"][0]["id"], b["id"]);
        assert_eq!(post["images"][1]["width"], 40);
        assert_eq!(post["district"]["nameEn"], "Sichuan");
        assert_eq!(post["canDelete"], true);
        assert_eq!(
            status(&app.client, url.clone()).await,
            200,
            "public once posted"
        );
        let cached = app.client.get(app.url(&url)).send().await.unwrap();
        assert!(
            cached.headers()["cache-control"]
                .to_str()
                .unwrap()
                .contains("public"),
            "{:?}",
            cached.headers()
        );

        // Filtered by district: only this post.
        app.post_text(&bob, "elsewhere").await;
        let sichuan = app.get("/api/plaza/posts?district=510000").await;
        assert_eq!(ids(&sichuan.body), [post["id"].as_str().unwrap()]);
        let bad = app.get("/api/plaza/posts?district=51").await;
        assert_eq!(bad.status, 422, "{:?}", bad.body);

        // Bob may not delete it; Alice may, and the files go.
        let id = post["id"].as_str().unwrap();
        let refused = app
            .send(
                &bob.client,
                Method::DELETE,
                &format!("/api/plaza/posts/{id}"),
                None,
                "en",
            )
            .await;
        assert_eq!(refused.status, 403);
        let gone = app
            .send(
                &alice.client,
                Method::DELETE,
                &format!("/api/plaza/posts/{id}"),
                None,
                "en",
            )
            .await;
        assert_eq!(gone.status, 200, "{:?}", gone.body);
        assert_eq!(status(&alice.client, url).await, 404);
        assert_eq!(app.get(&format!("/api/plaza/posts/{id}")).await.status, 404);
    }
}

#[tokio::test]
async fn comments_come_oldest_first_by_cursor_and_an_admin_removes_any_post_audited() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, generous).await;
        let alice = app.person("alice").await;
        let bob = app.person("bob").await;
        let post = app.post_text(&alice, "今天天气不错").await;
        let id = post["id"].as_str().unwrap().to_owned();
        for i in 0..5 {
            let r = app
                .send(
                    &bob.client,
                    Method::POST,
                    &format!("/api/plaza/posts/{id}/comments"),
                    Some(json!({ "body": format!("c{i}") })),
                    "en",
                )
                .await;
            assert_eq!(r.status, 201, "{:?}", r.body);
        }
        let empty = app
            .send(
                &bob.client,
                Method::POST,
                &format!("/api/plaza/posts/{id}/comments"),
                Some(json!({ "body": "   " })),
                "zh",
            )
            .await;
        assert_eq!(empty.status, 422);
        assert_eq!(empty.code(), "invalid_comment");

        let first = app
            .get(&format!("/api/plaza/posts/{id}/comments?limit=3"))
            .await;
        let bodies: Vec<&str> = first.body["comments"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["body"].as_str().unwrap())
            .collect();
        assert_eq!(bodies, ["c0", "c1", "c2"]);
        let next = first.body["nextCursor"].as_str().unwrap();
        let rest = app
            .get(&format!(
                "/api/plaza/posts/{id}/comments?limit=3&cursor={next}"
            ))
            .await;
        assert_eq!(rest.body["comments"].as_array().unwrap().len(), 2);
        assert!(rest.body["nextCursor"].is_null());
        assert_eq!(
            app.get(&format!("/api/plaza/posts/{id}")).await.body["post"]["commentCount"],
            5
        );

        // An administrator removes Alice's post: audited with the admin as actor.
        let moderator = app.person("kim_mod").await;
        app.promote_to_admin("kim_mod").await;
        let r = app
            .send(
                &moderator.client,
                Method::DELETE,
                &format!("/api/plaza/posts/{id}"),
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
        assert_eq!(event.target.as_deref(), Some(id.as_str()));
        assert!(event.detail.as_deref().unwrap().contains(&alice.id));
        let comments = app.get(&format!("/api/plaza/posts/{id}/comments")).await;
        assert_eq!(comments.status, 404);
    }
}

#[tokio::test]
async fn reading_is_open_writing_needs_an_account_and_tokens_stay_within_plaza_scopes() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, generous).await;
        let r = app
            .post("/api/plaza/posts", json!({ "body": "anon" }))
            .await;
        assert_eq!(r.status, 401);
        assert_eq!(app.get("/api/plaza/posts").await.status, 200);

        assert_eq!(
            app.register("tokenuser", "correct horse battery")
                .await
                .status,
            201
        );
        let make = |scopes: &[&str]| json!({ "name": format!("t{}", scopes.len()), "scopes": scopes, "expiresInDays": 7 });
        let read = app.post("/api/tokens", make(&["plaza:read"])).await;
        assert_eq!(read.status, 201, "{:?}", read.body);
        let write = app
            .post("/api/tokens", make(&["plaza:write", "groups:read"]))
            .await;
        let bearer =
            |r: &crate::helpers::Reply| format!("Bearer {}", r.body["secret"].as_str().unwrap());
        let with = |auth: String, body: &str| {
            let c = reqwest::Client::new();
            let url = app.url("/api/plaza/posts");
            let body = body.to_owned();
            async move {
                reply(
                    c.post(url)
                        .header(AUTHORIZATION, auth)
                        .json(&json!({ "body": body }))
                        .send()
                        .await
                        .unwrap(),
                )
                .await
            }
        };
        let refused = with(bearer(&read), "read only").await;
        assert_eq!(refused.status, 403, "{:?}", refused.body);
        assert_eq!(refused.body["requiredScope"], "plaza:write");
        let ok = with(bearer(&write), "by token").await;
        assert_eq!(ok.status, 201, "{:?}", ok.body);
        let listed = reqwest::Client::new()
            .get(app.url("/api/plaza/posts"))
            .header(AUTHORIZATION, bearer(&read))
            .send()
            .await
            .unwrap();
        assert_eq!(listed.status(), 200);
    }
}

#[tokio::test]
async fn posting_past_the_rate_is_refused_with_retry_after_and_writes_nothing() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, |c| {
            c.areas.get_mut::<::plaza::PlazaPolicy>().post_rate = RateLimitRule {
                limit: 2,
                window_secs: 600,
            };
        })
        .await;
        let alice = app.person("alice").await;
        app.post_text(&alice, "one").await;
        app.post_text(&alice, "two").await;
        let r = alice
            .client
            .post(app.url("/api/plaza/posts"))
            .json(&json!({ "body": "three" }))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 429);
        assert!(r.headers().contains_key("retry-after"));
        let feed = app.get("/api/plaza/posts").await;
        assert_eq!(feed.body["posts"].as_array().unwrap().len(), 2);
    }
}
