//! The weather map against a local fake of Open-Meteo (its real answer shape), on SQLite and
//! PostgreSQL: fetched once and cached for 15 minutes, the last readings served stale when the
//! provider fails, "unavailable" (never a 500) with nothing cached, and one upstream call when
//! two instances refresh at once.

use crate::helpers::{TestApp, spawn_app_with, spawn_on};
use adapter_postgres::Database;
use adapter_postgres::testing::TestDb;
use adapter_weather::OpenMeteoConfig;
use app_server::config::Config;
use chrono::{DateTime, Duration, Utc};
use serde_json::{Value, json};
use weather::model::{Condition, PlaceWeather, Snapshot};
use weather::ports::WeatherCache;
use wiremock::matchers::{method, path, query_param};
use wiremock::{Mock, MockServer, Request, ResponseTemplate};

/// One place's block as Open-Meteo answers it (`timezone=Asia/Shanghai`), `temp` °C now.
fn block(temp: f64) -> Value {
    json!({
        "latitude": 30.5, "longitude": 104.0, "generationtime_ms": 0.1,
        "utc_offset_seconds": 28800, "timezone": "Asia/Shanghai", "timezone_abbreviation": "GMT+8",
        "elevation": 500.0,
        "current_units": { "time": "iso8601", "interval": "seconds", "temperature_2m": "°C" },
        "current": {
            "time": "2026-11-25T20:00", "interval": 900, "temperature_2m": temp,
            "weather_code": 61, "wind_speed_10m": 7.2, "relative_humidity_2m": 81
        },
        "daily_units": { "time": "iso8601" },
        "daily": {
            "time": ["2026-11-25", "2026-11-26", "2026-11-27"],
            "weather_code": [61, 3, 0],
            "temperature_2m_max": [19.1, 17.4, 20.0],
            "temperature_2m_min": [12.0, 11.5, 10.2],
            "precipitation_probability_max": [80, 20, 0]
        }
    })
}

/// Answers for as many places as were asked: the n-th place is `n` °C.
fn answer(req: &Request) -> ResponseTemplate {
    let n = req
        .url
        .query_pairs()
        .find(|(k, _)| k == "latitude")
        .map_or(0, |(_, v)| v.split(',').count());
    let blocks: Vec<Value> = (0..n).map(|i| block(i as f64)).collect();
    ResponseTemplate::new(200).set_body_json(blocks)
}

fn forecast() -> wiremock::MockBuilder {
    Mock::given(method("GET"))
        .and(path("/v1/forecast"))
        .and(query_param("forecast_days", "3"))
}

fn configure(c: &mut Config, server: &MockServer) {
    *c.areas
        .get_mut::<Option<adapter_weather::OpenMeteoConfig>>() = Some(OpenMeteoConfig {
        base_url: server.uri(),
        timeout: std::time::Duration::from_secs(2),
    });
}

async fn app(db: TestDb, server: &MockServer) -> (TestApp, Database) {
    let handle = db.db.clone();
    (spawn_app_with(db, |c| configure(c, server)).await, handle)
}

fn province<'a>(body: &'a Value, code: &str) -> &'a Value {
    body["provinces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["code"] == code)
        .unwrap_or_else(|| panic!("{code} is on the map"))
}

/// Readings fetched `ago`, Sichuan at `temp` °C.
async fn cached(db: &Database, ago: Duration, temp: f64) -> DateTime<Utc> {
    let at = Utc::now() - ago;
    let snapshot = Snapshot {
        fetched_at: at,
        places: vec![PlaceWeather {
            code: "510000".into(),
            observed_at: at,
            temperature_c: temp,
            condition: Condition::Drizzle,
            wind_kmh: None,
            humidity: None,
            daily: Vec::new(),
        }],
    };
    db.weather_cache()
        .store(snapshot, "an-earlier-instance".into())
        .await
        .unwrap();
    at
}

fn as_of(body: &Value) -> DateTime<Utc> {
    body["asOf"].as_str().unwrap().parse().unwrap()
}

#[tokio::test]
async fn the_map_is_fetched_once_and_served_from_the_cache_for_15_minutes() {
    for db in TestDb::all().await {
        let server = MockServer::start().await;
        forecast()
            .respond_with(answer)
            .expect(1)
            .mount(&server)
            .await;
        let (app, _) = app(db, &server).await;

        let first = app.get("/api/plaza/weather").await;
        assert_eq!(first.status, 200, "{:?}", first.body);
        let body = &first.body;
        assert_eq!(body["available"], true);
        assert_eq!(body["stale"], false);
        assert!(
            (Utc::now() - as_of(body)).num_seconds() < 60,
            "{}",
            body["asOf"]
        );
        assert!(
            body["attribution"].as_str().unwrap().contains("Open-Meteo"),
            "{body}"
        );
        let provinces = body["provinces"].as_array().unwrap();
        assert_eq!(provinces.len(), 34);
        // Places are asked in code order: Sichuan (510000) is the 23rd.
        let sichuan = province(body, "510000");
        assert_eq!(sichuan["nameZh"], "四川省");
        assert_eq!(sichuan["nameEn"], "Sichuan");
        assert_eq!(sichuan["tile"], json!({ "col": 2, "row": 4 }));
        assert_eq!(sichuan["weather"]["temperatureC"], 22.0);
        assert_eq!(sichuan["weather"]["condition"], "rain");
        assert_eq!(sichuan["weather"]["humidity"], 81);
        assert_eq!(sichuan["weather"]["observedAt"], "2026-11-25T12:00:00Z");
        let daily = sichuan["weather"]["daily"].as_array().unwrap();
        assert_eq!(daily.len(), 3);
        assert_eq!(
            daily[1],
            json!({ "date": "2026-11-26", "condition": "overcast", "minC": 11.5, "maxC": 17.4, "precipitationChance": 20 })
        );

        // Within 15 minutes: the same readings, nobody asked.
        let second = app.get("/api/plaza/weather").await;
        assert_eq!(second.status, 200);
        assert_eq!(second.body["provinces"], first.body["provinces"]);
        assert_eq!(second.body["stale"], false);
        // (The database keeps the time to the microsecond at least.)
        assert_eq!(
            as_of(&second.body).timestamp_millis(),
            as_of(&first.body).timestamp_millis()
        );
        server.verify().await;
    }
}

#[tokio::test]
async fn old_readings_are_refreshed() {
    for db in TestDb::all().await {
        let server = MockServer::start().await;
        forecast()
            .respond_with(answer)
            .expect(1)
            .mount(&server)
            .await;
        let (app, handle) = app(db, &server).await;
        cached(&handle, Duration::minutes(16), -40.0).await;
        let r = app.get("/api/plaza/weather").await;
        assert_eq!((r.status, &r.body["stale"]), (200, &json!(false)));
        assert_eq!(province(&r.body, "510000")["weather"]["temperatureC"], 22.0);
        server.verify().await;
    }
}

#[tokio::test]
async fn a_failing_provider_leaves_the_last_readings_marked_stale() {
    for db in TestDb::all().await {
        let server = MockServer::start().await;
        forecast()
            .respond_with(ResponseTemplate::new(500).set_body_string("<html>oops</html>"))
            .expect(1)
            .mount(&server)
            .await;
        let (app, handle) = app(db, &server).await;
        let fetched = cached(&handle, Duration::hours(2), 17.5).await;
        for _ in 0..2 {
            // A failure keeps the lease as a back-off: the next request within it serves the
            // same readings at once, without asking the provider again.
            let r = app.get("/api/plaza/weather").await;
            assert_eq!(r.status, 200, "{:?}", r.body);
            assert_eq!(r.body["available"], true);
            assert_eq!(r.body["stale"], true);
            assert_eq!(
                as_of(&r.body).timestamp_millis(),
                fetched.timestamp_millis()
            );
            let sichuan = province(&r.body, "510000");
            assert_eq!(sichuan["weather"]["temperatureC"], 17.5);
            assert_eq!(sichuan["weather"]["condition"], "drizzle");
            assert!(province(&r.body, "110000")["weather"].is_null());
        }
        server.verify().await;
    }
}

#[tokio::test]
async fn nothing_cached_and_a_failing_or_unreachable_provider_is_unavailable_not_an_error() {
    for db in TestDb::all().await {
        let server = MockServer::start().await;
        forecast()
            .respond_with(ResponseTemplate::new(200).set_body_string("not json"))
            .mount(&server)
            .await;
        let url = db.url.clone();
        let (app, handle) = app(db, &server).await;
        // And an instance whose provider does not answer at all.
        let unreachable = spawn_on(handle.clone(), &url, |c| {
            *c.areas
                .get_mut::<Option<adapter_weather::OpenMeteoConfig>>() = Some(OpenMeteoConfig {
                base_url: "http://127.0.0.1:9".into(),
                timeout: std::time::Duration::from_secs(2),
            });
        })
        .await;
        for r in [
            app.get("/api/plaza/weather").await,
            unreachable.get("/api/plaza/weather").await,
        ] {
            assert_eq!(r.status, 200, "{:?}", r.body);
            assert_eq!(r.body["available"], false);
            assert_eq!(r.body["stale"], false);
            assert!(r.body["asOf"].is_null());
            let provinces = r.body["provinces"].as_array().unwrap();
            assert_eq!(provinces.len(), 34);
            assert!(provinces.iter().all(|p| p["weather"].is_null()));
        }
    }
}

#[tokio::test]
async fn turned_off_the_map_is_unavailable_even_with_readings_cached() {
    for db in TestDb::all().await {
        let handle = db.db.clone();
        let app = spawn_app_with(db, |c| {
            *c.areas
                .get_mut::<Option<adapter_weather::OpenMeteoConfig>>() = None
        })
        .await;
        let r = app.get("/api/plaza/weather").await;
        assert_eq!((r.status, &r.body["available"]), (200, &json!(false)));
        assert_eq!(r.body["attribution"], "");
        // Old readings are not shown without the attribution their provider requires.
        cached(&handle, Duration::hours(1), 9.0).await;
        let r = app.get("/api/plaza/weather").await;
        assert_eq!(r.body["available"], false);
        assert!(province(&r.body, "510000")["weather"].is_null());
    }
}

#[tokio::test]
async fn two_instances_refreshing_at_once_make_one_upstream_call() {
    for db in TestDb::all().await {
        let server = MockServer::start().await;
        // Slow enough that both requests arrive while the first refresh is under way.
        forecast()
            .respond_with(move |req: &Request| {
                answer(req).set_delay(std::time::Duration::from_millis(700))
            })
            .expect(1)
            .mount(&server)
            .await;
        let url = db.url.clone();
        let (a, _) = app(db, &server).await;
        let b = spawn_on(Database::connect(&url, 5).await.unwrap(), &url, |c| {
            configure(c, &server);
        })
        .await;
        let (ra, rb) = tokio::join!(a.get("/api/plaza/weather"), b.get("/api/plaza/weather"));
        assert_eq!((ra.status, rb.status), (200, 200));
        // One of them refreshed; the other found nothing cached yet and said so.
        let mut available = [&ra.body["available"], &rb.body["available"]];
        available.sort_by_key(|v| v.to_string());
        assert_eq!(available, [&json!(false), &json!(true)]);
        // Afterwards both serve the one refresh.
        let (ra, rb) = tokio::join!(a.get("/api/plaza/weather"), b.get("/api/plaza/weather"));
        assert_eq!(ra.body["provinces"], rb.body["provinces"]);
        assert_eq!(
            (&ra.body["stale"], &rb.body["stale"]),
            (&json!(false), &json!(false))
        );
        server.verify().await;
    }
}
