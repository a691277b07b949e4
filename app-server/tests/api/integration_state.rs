//! The admin overview tells each integration's real state, not its configuration: the last
//! call any instance made, how it ended and when (on SQLite and PostgreSQL). Here the weather,
//! against a local fake of Open-Meteo that fails, then answers.

use crate::helpers::{TestApp, spawn_app_with};
use adapter_postgres::testing::TestDb;
use adapter_weather::OpenMeteoConfig;
use chrono::{DateTime, Utc};
use reqwest::Method;
use serde_json::Value;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, Request, ResponseTemplate};

/// Open-Meteo's answer for as many places as were asked (their shape, one temperature).
fn answer(req: &Request) -> ResponseTemplate {
    let n = req
        .url
        .query_pairs()
        .find(|(k, _)| k == "latitude")
        .map_or(0, |(_, v)| v.split(',').count());
    let block = serde_json::json!({
        "latitude": 30.5, "longitude": 104.0, "generationtime_ms": 0.1,
        "utc_offset_seconds": 28800, "timezone": "Asia/Shanghai", "timezone_abbreviation": "GMT+8",
        "elevation": 500.0,
        "current_units": { "time": "iso8601", "interval": "seconds", "temperature_2m": "°C" },
        "current": {
            "time": "2026-11-25T20:00", "interval": 900, "temperature_2m": 12.0,
            "weather_code": 61, "wind_speed_10m": 7.2, "relative_humidity_2m": 81
        },
        "daily_units": { "time": "iso8601" },
        "daily": {
            "time": ["2026-11-25"], "weather_code": [61], "temperature_2m_max": [19.1],
            "temperature_2m_min": [12.0], "precipitation_probability_max": [80]
        }
    });
    ResponseTemplate::new(200).set_body_json(vec![block; n])
}

async fn app_with_weather(db: TestDb, server: &MockServer) -> TestApp {
    let base_url = server.uri();
    spawn_app_with(db, move |c| {
        *c.areas
            .get_mut::<Option<adapter_weather::OpenMeteoConfig>>() = Some(OpenMeteoConfig {
            base_url,
            timeout: std::time::Duration::from_secs(2),
        });
    })
    .await
}

async fn overview(app: &TestApp) -> Value {
    let admin = app.person("root-admin").await;
    app.promote_to_admin("root-admin").await;
    let r = app
        .send(
            &admin.client,
            Method::GET,
            "/api/admin/overview",
            None,
            "en",
        )
        .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    r.body["integrations"].clone()
}

fn at(v: &Value) -> DateTime<Utc> {
    v.as_str().unwrap().parse().unwrap()
}

#[tokio::test]
async fn a_failing_weather_refresh_shows_as_failed_with_its_time_not_as_on() {
    for db in TestDb::all().await {
        let server = MockServer::start().await;
        Mock::given(method("GET"))
            .and(path("/v1/forecast"))
            .respond_with(ResponseTemplate::new(500).set_body_string("<html>oops</html>"))
            .mount(&server)
            .await;
        let app = app_with_weather(db, &server).await;
        let before = Utc::now();
        let r = app.get("/api/plaza/weather").await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["available"], false);

        let i = overview(&app).await;
        assert_eq!(i["weather"], true, "configured");
        let w = &i["lastAttempts"]["weather"];
        assert_eq!(w["ok"], false, "{i}");
        assert_eq!(w["error"], "refused");
        assert!(at(&w["at"]) >= before - chrono::Duration::seconds(1));
        assert!(at(&w["at"]) <= Utc::now());
        assert_eq!(w["lastSuccessAt"], Value::Null);
        // Nothing else was called: no attempt to tell.
        for other in ["sms", "wechat", "llm"] {
            assert_eq!(i["lastAttempts"][other], Value::Null, "{other}");
        }
    }
}

#[tokio::test]
async fn a_weather_refresh_that_succeeds_shows_as_ok() {
    for db in TestDb::all().await {
        let server = MockServer::start().await;
        Mock::given(method("GET"))
            .and(path("/v1/forecast"))
            .respond_with(answer)
            .mount(&server)
            .await;
        let app = app_with_weather(db, &server).await;
        let r = app.get("/api/plaza/weather").await;
        assert_eq!(r.status, 200, "{:?}", r.body);

        let i = overview(&app).await;
        let w = &i["lastAttempts"]["weather"];
        assert_eq!(w["ok"], true, "{i}");
        assert_eq!(w["error"], Value::Null);
        assert_eq!(w["lastSuccessAt"], w["at"]);
    }
}

#[tokio::test]
async fn an_integration_that_is_not_configured_has_no_attempt() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, |_| {}).await;
        let r = app.get("/api/plaza/weather").await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let i = overview(&app).await;
        assert_eq!(i["weather"], false);
        assert_eq!(i["lastAttempts"]["weather"], Value::Null, "{i}");
    }
}
