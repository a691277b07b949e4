//! Uploads a draft still holds (issue 21), on SQLite and PostgreSQL: `POST /api/media/keep`
//! moves the start of an upload's grace period to now, so the sweep takes an upload nobody
//! kept and spares one its owner's draft kept; another person's ids are answered as missing,
//! exactly as ids that do not exist; a keep is bounded and needs a session.

use crate::helpers::{Person, TestApp, reply, spawn_app_with};
use adapter_postgres::testing::TestDb;
use image_fixtures::png;
use reqwest::header::CONTENT_TYPE;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// The sweep's grace period in these tests, and how often it runs.
const SWEEP_AFTER_SECS: i64 = 4;
const SWEEP_EVERY: Duration = Duration::from_millis(200);

impl TestApp {
    async fn draft_image(&self, who: &Person) -> String {
        let r = reply(
            who.client
                .post(self.url("/api/plaza/images"))
                .header(CONTENT_TYPE, "application/octet-stream")
                .body(png(32, 24))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        r.body["image"]["id"].as_str().unwrap().to_owned()
    }

    async fn keep(&self, who: &reqwest::Client, ids: &[&str], lang: &str) -> (u16, Value) {
        let r = self
            .post_as(who, "/api/media/keep", json!({ "ids": ids }), lang)
            .await;
        (r.status, r.body)
    }

    /// How the owner's read of the upload answers (an unattached upload is theirs to see): 200,
    /// 404 once the sweep has taken it (marked pending before its objects go, so never a 500).
    async fn read_status(&self, who: &Person, id: &str) -> u16 {
        who.client
            .get(self.url(&format!("/api/media/{id}")))
            .send()
            .await
            .unwrap()
            .status()
            .as_u16()
    }

    async fn still_there(&self, who: &Person, id: &str) -> bool {
        self.read_status(who, id).await == 200
    }
}

#[tokio::test]
async fn media_keep_spares_a_drafts_upload_from_the_sweep_and_not_one_nobody_kept() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, |c| {
            c.areas
                .get_mut::<app_server::http::media::settings::MediaSettings>()
                .policy
                .sweep_after_secs = SWEEP_AFTER_SECS;
            c.areas
                .get_mut::<app_server::http::media::settings::MediaSettings>()
                .sweep_interval = SWEEP_EVERY;
        })
        .await;
        let alice = app.person("alice").await;
        let bob = app.person("bob").await;
        let uploaded = Instant::now();
        let kept = app.draft_image(&alice).await;
        let left = app.draft_image(&alice).await;

        // 2.5 s on, within the grace period, Alice's draft keeps one of them. Bob naming
        // them keeps nothing and learns nothing: his answer is the one for ids that are gone.
        tokio::time::sleep(Duration::from_millis(2500).saturating_sub(uploaded.elapsed())).await;
        let (status, body) = app.keep(&bob.client, &[&kept, &left], "en").await;
        assert_eq!(status, 200, "{body:?}");
        assert_eq!(body["kept"], json!([]));
        assert_eq!(body["missing"], json!([kept, left]));
        let (status, body) = app.keep(&alice.client, &[&kept, &kept], "en").await;
        assert_eq!(status, 200, "{body:?}");
        assert_eq!(body["kept"], json!([kept]), "{body:?}");
        assert_eq!(body["missing"], json!([]), "{body:?}");
        assert!(body["keepUntil"].is_string(), "{body:?}");
        assert!(app.still_there(&alice, &left).await, "swept too early");

        // Past the grace period from the upload, the sweep takes the one nobody kept …
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let status = app.read_status(&alice, &left).await;
            if status == 404 {
                break;
            }
            assert_eq!(status, 200, "a read while the sweep removes the upload");
            assert!(
                Instant::now() < deadline,
                "the upload nobody kept was never swept"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        // … and spares the kept one, which a post can still use.
        assert!(
            app.still_there(&alice, &kept).await,
            "the kept upload was swept"
        );
        let (status, body) = app.keep(&alice.client, &[&kept, &left], "en").await;
        assert_eq!(status, 200, "{body:?}");
        assert_eq!(body["kept"], json!([kept]));
        assert_eq!(body["missing"], json!([left]), "a swept upload is missing");
        let r = app
            .post_as(
                &alice.client,
                "/api/plaza/posts",
                json!({ "body": "kept", "imageIds": [kept] }),
                "en",
            )
            .await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        // Once posted it is in use: no longer a draft's to keep.
        let (_, body) = app.keep(&alice.client, &[&kept], "en").await;
        assert_eq!(body["missing"], json!([kept]), "{body:?}");
    }
}

#[tokio::test]
async fn media_keep_is_bounded_and_needs_a_session() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, |_| {}).await;
        let alice = app.person("alice").await;
        let ten: Vec<String> = (0..10).map(|_| uuid::Uuid::new_v4().to_string()).collect();
        let ten: Vec<&str> = ten.iter().map(String::as_str).collect();
        for (lang, message) in [
            ("en", "At most 9 draft images may be kept at once"),
            ("zh", "一次最多保留 9 张草稿图片"),
        ] {
            let (status, body) = app.keep(&alice.client, &ten, lang).await;
            assert_eq!(status, 422, "{body:?}");
            assert_eq!(body["code"], "too_many_images", "{body:?}");
            assert_eq!(body["message"], message, "{body:?}");
        }
        let (status, body) = app.keep(&app.client, &ten[..1], "en").await;
        assert_eq!(status, 401, "{body:?}");
    }
}
