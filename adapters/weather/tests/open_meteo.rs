#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The Open-Meteo adapter against a local fake answering with the provider's real response
//! shape: success for many places, a single-place object, its error body, a time-out, garbage
//! and partial data.

use adapter_weather::{ATTRIBUTION, OpenMeteo, OpenMeteoConfig};
use chrono::{NaiveDate, TimeZone, Utc};
use serde_json::json;
use std::time::Duration;
use weather::model::{Condition, Place};
use weather::ports::{ProviderError, WeatherProvider};
use wiremock::matchers::{method, path, query_param};
use wiremock::{Mock, MockServer, ResponseTemplate};

fn places() -> Vec<Place> {
    vec![
        Place {
            code: "510000".into(),
            lat: 30.5728,
            lon: 104.0668,
        },
        Place {
            code: "110000".into(),
            lat: 39.9042,
            lon: 116.4074,
        },
    ]
}

/// One place's block as Open-Meteo answers it (`timezone=Asia/Shanghai`).
fn block(temp: f64, code: u16) -> serde_json::Value {
    json!({
        "latitude": 30.5, "longitude": 104.0, "generationtime_ms": 0.1,
        "utc_offset_seconds": 28800, "timezone": "Asia/Shanghai", "timezone_abbreviation": "GMT+8",
        "elevation": 500.0,
        "current_units": { "time": "iso8601", "interval": "seconds", "temperature_2m": "°C" },
        "current": {
            "time": "2026-11-25T20:00", "interval": 900, "temperature_2m": temp,
            "weather_code": code, "wind_speed_10m": 7.2, "relative_humidity_2m": 81
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

fn provider(server: &MockServer, timeout: Duration) -> OpenMeteo {
    OpenMeteo::new(OpenMeteoConfig {
        base_url: server.uri(),
        timeout,
    })
    .unwrap()
}

fn now() -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 25, 12, 5, 0).unwrap()
}

#[tokio::test]
async fn many_places_in_one_request_in_their_order() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/v1/forecast"))
        .and(query_param("latitude", "30.5728,39.9042"))
        .and(query_param("longitude", "104.0668,116.4074"))
        .and(query_param("forecast_days", "3"))
        .and(query_param("timezone", "Asia/Shanghai"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!([block(18.2, 61), block(3.5, 0)])),
        )
        .expect(1)
        .mount(&server)
        .await;
    let snapshot = provider(&server, Duration::from_secs(5))
        .fetch(places(), now())
        .await
        .unwrap();
    assert_eq!(snapshot.fetched_at, now());
    let sichuan = &snapshot.places[0];
    assert_eq!(sichuan.code, "510000");
    assert_eq!(
        (sichuan.temperature_c, sichuan.condition),
        (18.2, Condition::Rain)
    );
    assert_eq!(
        sichuan.observed_at,
        Utc.with_ymd_and_hms(2026, 11, 25, 12, 0, 0).unwrap(),
        "20:00 in China is 12:00 UTC"
    );
    assert_eq!((sichuan.wind_kmh, sichuan.humidity), (Some(7.2), Some(81)));
    assert_eq!(sichuan.daily.len(), 3);
    assert_eq!(
        sichuan.daily[1].date,
        NaiveDate::from_ymd_opt(2026, 11, 26).unwrap()
    );
    assert_eq!(
        (
            sichuan.daily[1].condition,
            sichuan.daily[1].min_c,
            sichuan.daily[1].max_c
        ),
        (Condition::Overcast, 11.5, 17.4)
    );
    assert_eq!(sichuan.daily[0].precipitation_chance, Some(80));
    assert_eq!(snapshot.places[1].code, "110000");
    assert_eq!(snapshot.places[1].condition, Condition::Clear);
}

#[tokio::test]
async fn a_single_place_is_answered_as_an_object() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(200).set_body_json(block(9.0, 71)))
        .mount(&server)
        .await;
    let one = vec![places().remove(0)];
    let snapshot = provider(&server, Duration::from_secs(5))
        .fetch(one, now())
        .await
        .unwrap();
    assert_eq!(snapshot.places.len(), 1);
    assert_eq!(snapshot.places[0].condition, Condition::Snow);
}

#[tokio::test]
async fn the_providers_error_is_refused_with_its_reason() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(400).set_body_json(
            json!({ "error": true, "reason": "Latitude must be in range of -90 to 90°." }),
        ))
        .mount(&server)
        .await;
    let err = provider(&server, Duration::from_secs(5))
        .fetch(places(), now())
        .await
        .unwrap_err();
    let ProviderError::Refused(why) = err else {
        panic!("{err:?}")
    };
    assert!(
        why.contains("400") && why.contains("Latitude must be"),
        "{why}"
    );
}

#[tokio::test]
async fn a_slow_provider_times_out() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!([block(1.0, 0), block(2.0, 0)]))
                .set_delay(Duration::from_secs(5)),
        )
        .mount(&server)
        .await;
    let err = provider(&server, Duration::from_millis(200))
        .fetch(places(), now())
        .await
        .unwrap_err();
    assert!(matches!(err, ProviderError::Timeout), "{err:?}");
}

#[tokio::test]
async fn garbage_is_malformed_and_an_unreachable_host_unreachable() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(200).set_body_string("<html>maintenance</html>"))
        .mount(&server)
        .await;
    let err = provider(&server, Duration::from_secs(5))
        .fetch(places(), now())
        .await
        .unwrap_err();
    assert!(matches!(err, ProviderError::Malformed(_)), "{err:?}");

    let short = MockServer::start().await;
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!([block(1.0, 0)])))
        .mount(&short)
        .await;
    let err = provider(&short, Duration::from_secs(5))
        .fetch(places(), now())
        .await
        .unwrap_err();
    assert!(
        matches!(err, ProviderError::Malformed(_)),
        "one block for two places: {err:?}"
    );

    let gone = OpenMeteo::new(OpenMeteoConfig {
        base_url: "http://127.0.0.1:9".into(),
        timeout: Duration::from_secs(2),
    })
    .unwrap();
    let err = gone.fetch(places(), now()).await.unwrap_err();
    assert!(
        matches!(err, ProviderError::Unreachable(_) | ProviderError::Timeout),
        "{err:?}"
    );
}

#[tokio::test]
async fn a_place_without_current_readings_is_left_out_and_missing_days_skipped() {
    let server = MockServer::start().await;
    let mut partial = block(5.0, 3);
    partial["current"] = serde_json::Value::Null;
    let mut holes = block(7.0, 45);
    holes["daily"]["temperature_2m_max"] = json!([null, 17.4, 20.0]);
    Mock::given(method("GET"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!([partial, holes])))
        .mount(&server)
        .await;
    let p = provider(&server, Duration::from_secs(5));
    let snapshot = p.fetch(places(), now()).await.unwrap();
    assert_eq!(snapshot.places.len(), 1);
    assert_eq!(snapshot.places[0].code, "110000");
    assert_eq!(snapshot.places[0].condition, Condition::Fog);
    assert_eq!(
        snapshot.places[0].daily.len(),
        2,
        "the day without a maximum is skipped"
    );
    assert_eq!(p.attribution(), ATTRIBUTION);
}
