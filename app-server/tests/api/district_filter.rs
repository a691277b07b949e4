//! A province's filter takes in its cities and counties, and a city's its counties, on SQLite
//! and PostgreSQL: the plaza feed, the new-posts count and the weather map's details (the
//! feed of a province, five posts) all find a post tagged with Chengdu (`510100`) or one of
//! its districts under Sichuan (`510000`).

use crate::helpers::{Person, TestApp, spawn_app_with};
use adapter_postgres::testing::TestDb;
use reqwest::Method;
use serde_json::{Value, json};

impl TestApp {
    async fn post_in(&self, who: &Person, body: &str, district: &str) -> String {
        let r = self
            .send(
                &who.client,
                Method::POST,
                "/api/plaza/posts",
                Some(json!({ "body": body, "district": district })),
                "en",
            )
            .await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        r.body["post"]["id"].as_str().unwrap().to_owned()
    }
}

fn bodies(page: &Value) -> Vec<&str> {
    page["posts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["body"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn a_provinces_feed_count_and_weather_details_include_its_cities_and_districts() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, |c| {
            c.areas.get_mut::<::plaza::PlazaPolicy>().post_rate.limit = 100
        })
        .await;
        let admin = app.person("keeper").await;
        app.promote_to_admin("keeper").await;
        for (code, zh, en) in [
            ("510100", "成都市", "Chengdu"),
            ("510104", "锦江区", "Jinjiang"),
        ] {
            let r = app
                .send(
                    &admin.client,
                    Method::POST,
                    "/api/admin/districts",
                    Some(json!({ "code": code, "nameZh": zh, "nameEn": en, "lat": 30.6, "lon": 104.1 })),
                    "en",
                )
                .await;
            assert_eq!(r.status, 201, "{:?}", r.body);
        }
        let alice = app.person("alice").await;
        app.post_in(&alice, "in Sichuan", "510000").await;
        let head = app.get("/api/plaza/posts?district=510000").await;
        let head = head.body["headCursor"].as_str().unwrap().to_owned();
        app.post_in(&alice, "in Chengdu", "510100").await;
        app.post_in(&alice, "in Jinjiang", "510104").await;
        app.post_in(&alice, "in Chongqing", "500000").await;

        let sichuan = app.get("/api/plaza/posts?district=510000").await;
        assert_eq!(sichuan.status, 200, "{:?}", sichuan.body);
        assert_eq!(
            bodies(&sichuan.body),
            ["in Jinjiang", "in Chengdu", "in Sichuan"]
        );
        let chengdu = app.get("/api/plaza/posts?district=510100").await;
        assert_eq!(bodies(&chengdu.body), ["in Jinjiang", "in Chengdu"]);
        let jinjiang = app.get("/api/plaza/posts?district=510104").await;
        assert_eq!(bodies(&jinjiang.body), ["in Jinjiang"]);

        let fresh = app
            .get(&format!(
                "/api/plaza/posts/new-count?since={head}&district=510000"
            ))
            .await;
        assert_eq!(fresh.body["count"], 2, "{:?}", fresh.body);
        let fresh = app
            .get(&format!(
                "/api/plaza/posts/new-count?since={head}&district=510100"
            ))
            .await;
        assert_eq!(fresh.body["count"], 2, "{:?}", fresh.body);

        // The weather map's details of a province: its latest five posts.
        let details = app.get("/api/plaza/posts?district=510000&limit=5").await;
        assert_eq!(bodies(&details.body).len(), 3, "{:?}", details.body);
        assert_eq!(details.body["posts"][0]["district"]["code"], "510104");
    }
}
