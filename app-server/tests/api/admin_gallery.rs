//! The admin gallery over HTTP, on SQLite and PostgreSQL: hiding and deleting take effect for
//! readers at once (the group gallery, the media URLs, the plaza post), the list filters and
//! pages, the storage used adds up, and only admins (or admin tokens within their scope) get in.

use crate::helpers::{Person, Reply, TestApp, reply, spawn_app_with};
use adapter_postgres::testing::TestDb;
use app_server::config::Config;
use image_fixtures::png;
use kernel::RateLimitRule;
use reqwest::Method;
use reqwest::header::{AUTHORIZATION, CONTENT_TYPE};
use serde_json::{Value, json};

fn generous(c: &mut Config) {
    let many = RateLimitRule {
        limit: 10_000,
        window_secs: 60,
    };
    c.areas.get_mut::<::plaza::PlazaPolicy>().post_rate = many;
    c.areas
        .get_mut::<::accounts::AccountsPolicy>()
        .register_per_ip = many;
    c.areas
        .get_mut::<app_server::http::media::settings::MediaSettings>()
        .policy
        .upload_rate = many;
}

impl TestApp {
    async fn admin(&self, username: &str) -> Person {
        let p = self.person(username).await;
        self.promote_to_admin(username).await;
        p
    }

    async fn status_of(&self, who: &reqwest::Client, path: &str) -> u16 {
        who.get(self.url(path))
            .send()
            .await
            .unwrap()
            .status()
            .as_u16()
    }

    async fn as_(&self, who: &Person, method: Method, path: &str) -> Reply {
        self.send(&who.client, method, path, None, "en").await
    }

    /// A plaza post of `who` with `n` images of theirs; the post as the API answers.
    async fn post_with_images(&self, who: &Person, n: u32) -> Value {
        let mut ids = Vec::new();
        for i in 0..n {
            let r = reply(
                who.client
                    .post(self.url("/api/plaza/images"))
                    .header(CONTENT_TYPE, "application/octet-stream")
                    .body(png(30 + i, 20))
                    .send()
                    .await
                    .unwrap(),
            )
            .await;
            assert_eq!(r.status, 201, "{:?}", r.body);
            ids.push(r.body["image"]["id"].clone());
        }
        let r = self
            .send(
                &who.client,
                Method::POST,
                "/api/plaza/posts",
                Some(json!({ "body": "看图", "imageIds": ids })),
                "en",
            )
            .await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        r.body["post"].clone()
    }
}

fn gallery_ids(r: &Reply) -> Vec<String> {
    r.body["images"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["id"].as_str().unwrap().to_owned())
        .collect()
}

fn item_ids(r: &Reply) -> Vec<String> {
    r.body["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["id"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn hiding_a_gallery_image_takes_it_from_readers_at_once_and_unhiding_brings_it_back() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, generous).await;
        let owner = app.person("olga").await;
        let member = app.person("mia").await;
        let boss = app.admin("boss").await;
        let g = app
            .create_group(&owner, "相册小组", "private", "invite_code")
            .await;
        let gid = g["id"].as_str().unwrap().to_owned();
        let r = app
            .send(
                &member.client,
                Method::POST,
                &format!("/api/groups/{gid}/join"),
                Some(json!({ "code": g["inviteCode"] })),
                "en",
            )
            .await;
        assert_eq!(r.body["outcome"], "joined", "{:?}", r.body);
        let kept = app.upload(&owner.client, &gid, png(64, 48)).await;
        let hidden = app.upload(&owner.client, &gid, png(80, 60)).await;
        let (kept, hidden) = (
            kept.body["image"]["id"].as_str().unwrap().to_owned(),
            hidden.body["image"]["id"].as_str().unwrap().to_owned(),
        );
        let gallery = format!("/api/groups/{gid}/gallery");
        assert_eq!(
            gallery_ids(&app.as_(&member, Method::GET, &gallery).await),
            vec![hidden.clone(), kept.clone()]
        );

        let r = app
            .as_(
                &boss,
                Method::POST,
                &format!("/api/admin/media/{hidden}/hide"),
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert!(r.body["hiddenAt"].is_string());
        assert_eq!(r.body["message"], "Image hidden");

        // At once, for the member and the owner alike: gone from the gallery and the URLs.
        assert_eq!(
            gallery_ids(&app.as_(&member, Method::GET, &gallery).await),
            vec![kept.clone()]
        );
        for who in [&member, &owner] {
            for path in [
                format!("/api/media/{hidden}"),
                format!("/api/media/{hidden}/thumbnail"),
            ] {
                assert_eq!(app.status_of(&who.client, &path).await, 404, "{path}");
            }
        }
        // The admin still sees it (the admin gallery's thumbnails), never cacheable.
        let res = boss
            .client
            .get(app.url(&format!("/api/media/{hidden}/thumbnail")))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
        assert_eq!(res.headers()["cache-control"], "private, no-store");
        let listed = app.as_(&boss, Method::GET, "/api/admin/media").await;
        let entry = listed.body["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["id"] == hidden.as_str())
            .unwrap()
            .clone();
        assert!(entry["hiddenAt"].is_string());
        assert_eq!(entry["kind"], "gallery");
        assert_eq!(entry["groupName"], "相册小组");
        assert_eq!(entry["owner"]["username"], "olga");
        assert_eq!(
            (entry["width"].as_u64(), entry["height"].as_u64()),
            (Some(80), Some(60))
        );

        let r = app
            .as_(
                &boss,
                Method::POST,
                &format!("/api/admin/media/{hidden}/unhide"),
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert!(r.body["hiddenAt"].is_null());
        assert_eq!(
            gallery_ids(&app.as_(&member, Method::GET, &gallery).await),
            vec![hidden.clone(), kept]
        );
        assert_eq!(
            app.status_of(&member.client, &format!("/api/media/{hidden}"))
                .await,
            200
        );

        let r = app
            .as_(
                &boss,
                Method::POST,
                "/api/admin/media/6f1c1b3e-0000-4000-8000-000000000000/hide",
            )
            .await;
        assert_eq!((r.status, r.code()), (404, "not_found"));
        let r = app
            .as_(&boss, Method::POST, "/api/admin/media/not-an-id/hide")
            .await;
        assert_eq!(r.status, 404);
    }
}

#[tokio::test]
async fn deleting_a_plaza_image_removes_its_files_and_the_post_says_an_image_was_removed() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, generous).await;
        let author = app.person("anna").await;
        let boss = app.admin("boss").await;
        let reader = app.person("rita").await;
        let post = app.post_with_images(&author, 2).await;
        let pid = post["id"].as_str().unwrap().to_owned();
        let first = post["images"][0]["id"].as_str().unwrap().to_owned();
        let second = post["images"][1]["id"].as_str().unwrap().to_owned();
        assert_eq!(post["removedImages"], 0);
        let before = app.as_(&boss, Method::GET, "/api/admin/media/usage").await;
        assert_eq!(before.status, 200, "{:?}", before.body);
        let listed = app
            .as_(&boss, Method::GET, "/api/admin/media?kind=plaza")
            .await;
        let entry = &listed.body["items"][0];
        assert_eq!(entry["postId"], pid.as_str());
        let size = listed.body["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["id"] == first.as_str())
            .unwrap()["bytes"]
            .as_u64()
            .unwrap();

        let r = app
            .send(
                &boss.client,
                Method::DELETE,
                &format!("/api/admin/media/{first}"),
                None,
                "zh",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["message"], "图片已删除");

        for path in [
            format!("/api/media/{first}"),
            format!("/api/media/{first}/thumbnail"),
        ] {
            assert_eq!(app.status_of(&reader.client, &path).await, 404);
            assert_eq!(
                app.status_of(&boss.client, &path).await,
                404,
                "gone for admins too"
            );
        }
        let seen = app
            .as_(&reader, Method::GET, &format!("/api/plaza/posts/{pid}"))
            .await;
        assert_eq!(seen.status, 200, "{:?}", seen.body);
        let seen = if seen.body["post"].is_object() {
            &seen.body["post"]
        } else {
            &seen.body
        };
        assert_eq!(seen["removedImages"], 1, "{seen:?}");
        assert_eq!(seen["images"].as_array().unwrap().len(), 1);
        assert_eq!(seen["images"][0]["id"], second.as_str());
        let feed = app.as_(&reader, Method::GET, "/api/plaza/posts").await;
        assert_eq!(feed.body["posts"][0]["removedImages"], 1);

        let after = app.as_(&boss, Method::GET, "/api/admin/media/usage").await;
        assert_eq!(
            after.body["usage"]["files"].as_u64().unwrap(),
            before.body["usage"]["files"].as_u64().unwrap() - 1
        );
        assert_eq!(
            after.body["usage"]["bytes"].as_u64().unwrap(),
            before.body["usage"]["bytes"].as_u64().unwrap() - size
        );
        let r = app
            .as_(&boss, Method::DELETE, &format!("/api/admin/media/{first}"))
            .await;
        assert_eq!((r.status, r.code()), (404, "not_found"));

        // Hiding the other one: the post shows no image and two removed.
        app.as_(
            &boss,
            Method::POST,
            &format!("/api/admin/media/{second}/hide"),
        )
        .await;
        let feed = app.as_(&reader, Method::GET, "/api/plaza/posts").await;
        assert_eq!(feed.body["posts"][0]["removedImages"], 2);
        assert!(
            feed.body["posts"][0]["images"]
                .as_array()
                .unwrap()
                .is_empty()
        );
        // The post itself can still be deleted (its remaining image with it).
        let r = app
            .as_(&author, Method::DELETE, &format!("/api/plaza/posts/{pid}"))
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
    }
}

#[tokio::test]
async fn the_list_filters_by_kind_owner_group_and_time_and_pages_by_cursor() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, generous).await;
        let olga = app.person("olga").await;
        let anna = app.person("anna").await;
        let boss = app.admin("boss").await;
        let g = app.create_group(&olga, "小组甲", "public", "open").await;
        let gid = g["id"].as_str().unwrap().to_owned();
        let mut olgas = Vec::new();
        for i in 0..5 {
            let r = app.upload(&olga.client, &gid, png(20 + i, 20)).await;
            olgas.push(r.body["image"]["id"].as_str().unwrap().to_owned());
        }
        let post = app.post_with_images(&anna, 1).await;
        let annas = post["images"][0]["id"].as_str().unwrap().to_owned();

        // Every file, newest first, in pages of 2.
        let mut seen = Vec::new();
        let mut cursor: Option<String> = None;
        let mut pages = 0;
        loop {
            let path = match &cursor {
                Some(c) => format!("/api/admin/media?limit=2&cursor={c}"),
                None => "/api/admin/media?limit=2".to_owned(),
            };
            let r = app.as_(&boss, Method::GET, &path).await;
            assert_eq!(r.status, 200, "{:?}", r.body);
            assert!(r.body["items"].as_array().unwrap().len() <= 2);
            assert_eq!(r.body["usage"]["files"], 6);
            seen.extend(item_ids(&r));
            pages += 1;
            match r.body["nextCursor"].as_str() {
                Some(c) => cursor = Some(c.to_owned()),
                None => break,
            }
        }
        let mut expected: Vec<String> = olgas.iter().rev().cloned().collect();
        expected.insert(0, annas.clone());
        assert_eq!(seen, expected);
        assert_eq!(pages, 3);

        let r = app
            .as_(
                &boss,
                Method::GET,
                &format!("/api/admin/media?owner={}", anna.id),
            )
            .await;
        assert_eq!(item_ids(&r), vec![annas.clone()]);
        let r = app
            .as_(
                &boss,
                Method::GET,
                &format!("/api/admin/media?group={gid}&kind=gallery"),
            )
            .await;
        assert_eq!(item_ids(&r).len(), 5);
        let r = app
            .as_(&boss, Method::GET, "/api/admin/media?kind=cover")
            .await;
        assert!(item_ids(&r).is_empty());
        let r = app
            .as_(&boss, Method::GET, "/api/admin/media?kind=avatar")
            .await;
        assert_eq!(r.status, 200);
        let r = app
            .as_(
                &boss,
                Method::GET,
                "/api/admin/media?from=2999-01-01T00:00:00Z",
            )
            .await;
        assert!(item_ids(&r).is_empty());
        let r = app
            .as_(
                &boss,
                Method::GET,
                "/api/admin/media?until=2999-01-01T00:00:00Z&from=2000-01-01T00:00:00Z",
            )
            .await;
        assert_eq!(item_ids(&r).len(), 6);

        // Bad input is a clear 400 in the asker's language.
        let r = app
            .send(
                &boss.client,
                Method::GET,
                "/api/admin/media?from=2026-02-01T00:00:00Z&until=2026-01-01T00:00:00Z",
                None,
                "zh",
            )
            .await;
        assert_eq!((r.status, r.code()), (400, "invalid_range"));
        assert!(r.message().contains("结束时间"), "{}", r.message());
        for bad in ["kind=video", "owner=nobody", "from=yesterday", "cursor=zzz"] {
            let r = app
                .as_(&boss, Method::GET, &format!("/api/admin/media?{bad}"))
                .await;
            assert_eq!(r.status, 400, "{bad}: {:?}", r.body);
        }
    }
}

#[tokio::test]
async fn only_admins_get_in_and_tokens_stay_within_admin_read_and_write() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, generous).await;
        let user = app.person("ursula").await;
        let g = app.create_group(&user, "小组乙", "public", "open").await;
        let img = app
            .upload(&user.client, g["id"].as_str().unwrap(), png(10, 10))
            .await;
        let id = img.body["image"]["id"].as_str().unwrap().to_owned();
        let anonymous = reqwest::Client::new();
        let endpoints = [
            (Method::GET, "/api/admin/media".to_owned()),
            (Method::GET, "/api/admin/media/usage".to_owned()),
            (Method::POST, format!("/api/admin/media/{id}/hide")),
            (Method::POST, format!("/api/admin/media/{id}/unhide")),
            (Method::DELETE, format!("/api/admin/media/{id}")),
        ];
        for (method, path) in &endpoints {
            let r = app.send(&anonymous, method.clone(), path, None, "en").await;
            assert_eq!(
                (r.status, r.code()),
                (401, "unauthorized"),
                "{method} {path}"
            );
            let r = app.as_(&user, method.clone(), path).await;
            assert_eq!((r.status, r.code()), (403, "forbidden"), "{method} {path}");
        }
        assert_eq!(
            app.status_of(&anonymous, &format!("/api/media/{id}")).await,
            200,
            "nothing was hidden or deleted"
        );

        let boss = app.admin("boss").await;
        let token = app
            .send(
                &boss.client,
                Method::POST,
                "/api/tokens",
                Some(json!({ "name": "audit", "scopes": ["admin:read"], "expiresInDays": 30 })),
                "en",
            )
            .await;
        assert_eq!(token.status, 201, "{:?}", token.body);
        let bearer = format!("Bearer {}", token.body["secret"].as_str().unwrap());
        let script = reqwest::Client::new();
        let r = reply(
            script
                .get(app.url("/api/admin/media"))
                .header(AUTHORIZATION, &bearer)
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let r = reply(
            script
                .post(app.url(&format!("/api/admin/media/{id}/hide")))
                .header(AUTHORIZATION, &bearer)
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!((r.status, r.code()), (403, "insufficient_scope"));
        assert_eq!(r.body["requiredScope"], "admin:write");
    }
}
