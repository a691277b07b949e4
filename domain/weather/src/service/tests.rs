#![allow(clippy::unwrap_used)]
use super::*;
use crate::model::{Condition, PlaceWeather};
use crate::ports::{MockWeatherCache, MockWeatherProvider, ProviderError};
use chrono::{DateTime, TimeZone, Utc};
use kernel::FixedClock;

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 25, 12, 0, 0).unwrap()
}

fn snapshot(at: DateTime<Utc>, temp: f64) -> Snapshot {
    Snapshot {
        fetched_at: at,
        places: vec![PlaceWeather {
            code: "510000".into(),
            observed_at: at,
            temperature_c: temp,
            condition: Condition::Rain,
            wind_kmh: None,
            humidity: None,
            daily: Vec::new(),
        }],
    }
}

fn places() -> Vec<Place> {
    vec![Place {
        code: "510000".into(),
        lat: 30.57,
        lon: 104.07,
    }]
}

fn service(provider: Option<MockWeatherProvider>, cache: MockWeatherCache) -> WeatherService {
    WeatherService::new(
        provider.map(|p| Arc::new(p) as Arc<dyn WeatherProvider>),
        Arc::new(cache),
        Arc::new(FixedClock(t0())),
        WeatherPolicy::default(),
        "instance-a".into(),
    )
}

fn provider_answering(result: fn() -> Result<Snapshot, ProviderError>) -> MockWeatherProvider {
    let mut p = MockWeatherProvider::new();
    p.expect_fetch().times(1).returning(move |_, _| result());
    p.expect_attribution()
        .return_const("Weather data by Open-Meteo.com");
    p
}

#[tokio::test]
async fn fresh_readings_are_served_without_asking_anyone() {
    let mut cache = MockWeatherCache::new();
    cache
        .expect_latest()
        .returning(|| Ok(Some(snapshot(t0() - Duration::minutes(14), 18.0))));
    cache.expect_take_lease().never();
    let mut provider = MockWeatherProvider::new();
    provider.expect_fetch().never();
    provider.expect_attribution().return_const("Open-Meteo");
    let view = service(Some(provider), cache)
        .current(places())
        .await
        .unwrap();
    assert!(!view.stale);
    assert_eq!(view.snapshot.unwrap().places[0].temperature_c, 18.0);
    assert_eq!(view.attribution, "Open-Meteo");
}

#[tokio::test]
async fn old_readings_are_refreshed_once_under_the_lease_and_stored() {
    let mut cache = MockWeatherCache::new();
    cache
        .expect_latest()
        .returning(|| Ok(Some(snapshot(t0() - Duration::minutes(16), 18.0))));
    cache
        .expect_take_lease()
        .withf(|holder, now, until| {
            holder == "instance-a" && *now == t0() && *until == t0() + Duration::seconds(60)
        })
        .times(1)
        .returning(|_, _, _| Ok(true));
    cache
        .expect_store()
        .withf(|s, holder| s.places[0].temperature_c == 21.0 && holder == "instance-a")
        .times(1)
        .returning(|_, _| Ok(()));
    let provider = provider_answering(|| Ok(snapshot(t0(), 21.0)));
    let view = service(Some(provider), cache)
        .current(places())
        .await
        .unwrap();
    assert!(!view.stale);
    assert_eq!(view.snapshot.unwrap().fetched_at, t0());
}

#[tokio::test]
async fn while_another_instance_refreshes_the_old_readings_are_served_stale() {
    let mut cache = MockWeatherCache::new();
    cache
        .expect_latest()
        .returning(|| Ok(Some(snapshot(t0() - Duration::hours(1), 18.0))));
    cache.expect_take_lease().returning(|_, _, _| Ok(false));
    let mut provider = MockWeatherProvider::new();
    provider.expect_fetch().never();
    provider.expect_attribution().return_const("Open-Meteo");
    let view = service(Some(provider), cache)
        .current(places())
        .await
        .unwrap();
    assert!(view.stale);
    assert_eq!(view.snapshot.unwrap().places[0].temperature_c, 18.0);
}

#[tokio::test]
async fn a_failing_provider_keeps_the_lease_as_a_back_off_and_the_last_readings_stale() {
    let mut cache = MockWeatherCache::new();
    cache
        .expect_latest()
        .returning(|| Ok(Some(snapshot(t0() - Duration::hours(2), 18.0))));
    cache.expect_take_lease().returning(|_, _, _| Ok(true));
    cache.expect_store().never();
    let provider = provider_answering(|| Err(ProviderError::Timeout));
    let view = service(Some(provider), cache)
        .current(places())
        .await
        .unwrap();
    assert!(view.stale);
    assert_eq!(view.snapshot.unwrap().fetched_at, t0() - Duration::hours(2));
}

#[tokio::test]
async fn with_nothing_cached_a_failure_is_unavailable_not_an_error() {
    let mut cache = MockWeatherCache::new();
    cache.expect_latest().returning(|| Ok(None));
    cache.expect_take_lease().returning(|_, _, _| Ok(true));
    let provider = provider_answering(|| Err(ProviderError::Malformed("<html>".into())));
    let view = service(Some(provider), cache)
        .current(places())
        .await
        .unwrap();
    assert_eq!((view.snapshot, view.stale), (None, false));
}

#[tokio::test]
async fn turned_off_there_are_no_readings_and_nothing_is_fetched() {
    let mut cache = MockWeatherCache::new();
    cache
        .expect_latest()
        .returning(|| Ok(Some(snapshot(t0() - Duration::hours(1), 18.0))));
    cache.expect_take_lease().never();
    let view = service(None, cache).current(places()).await.unwrap();
    assert_eq!((view.snapshot, view.stale), (None, false));
    assert_eq!(view.attribution, "");
}

#[test]
fn the_weather_is_enabled_exactly_when_a_provider_is_configured() {
    let on = service(Some(MockWeatherProvider::new()), MockWeatherCache::new());
    let off = service(None, MockWeatherCache::new());
    assert!(on.is_enabled());
    assert!(!off.is_enabled());
}
