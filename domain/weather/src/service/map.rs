//! The weather map's use case: the provinces (from the districts' repository, with their places
//! on the tile map) and each one's weather from the shared cache.

use super::WeatherService;
use crate::error::WeatherError;
use crate::model::{Place, PlaceWeather};
use chrono::{DateTime, Utc};
use districts::model::{District, Level, TilePosition};
use districts::ports::DistrictRepository;
use std::collections::HashMap;
use std::sync::Arc;

/// One tile of the map: a province, where it sits, and its weather if the provider gave it.
#[derive(Debug, Clone, PartialEq)]
pub struct ProvinceWeather {
    pub district: District,
    pub tile: TilePosition,
    pub weather: Option<PlaceWeather>,
}

/// The whole map.
#[derive(Debug, Clone, PartialEq)]
pub struct WeatherMapView {
    /// Whether any readings exist at all (when not, the map says the weather is unavailable).
    pub available: bool,
    /// When the readings shown were fetched.
    pub as_of: Option<DateTime<Utc>>,
    /// The readings are older than the cache's age (the provider failed, is not configured, or
    /// another instance is refreshing right now).
    pub stale: bool,
    /// The provider's required attribution (empty when no provider is configured).
    pub attribution: &'static str,
    /// Every province with a place on the tile map, in code order.
    pub provinces: Vec<ProvinceWeather>,
}

/// The provinces of the map and their weather.
pub struct WeatherMapService {
    districts: Arc<dyn DistrictRepository>,
    weather: Arc<WeatherService>,
}

impl WeatherMapService {
    /// At most this many provinces are read (China has 34; the tile map has room for 256).
    pub const MAX_PROVINCES: u64 = 256;

    pub fn new(districts: Arc<dyn DistrictRepository>, weather: Arc<WeatherService>) -> Self {
        Self { districts, weather }
    }

    /// Whether the weather is fetched at all ([`WeatherService::is_enabled`]).
    pub fn is_enabled(&self) -> bool {
        self.weather.is_enabled()
    }

    /// The map: every province that has a tile, with its weather.
    ///
    /// # Errors
    /// Only when the districts or the cache cannot be read; a failing provider gives a stale
    /// or unavailable map.
    pub async fn provinces(&self) -> Result<WeatherMapView, WeatherError> {
        let provinces: Vec<(District, TilePosition)> = self
            .districts
            .children(None, None, Self::MAX_PROVINCES)
            .await?
            .into_iter()
            .filter(|d| d.level() == Level::Province)
            .filter_map(|d| d.tile.map(|t| (d, t)))
            .collect();
        let places = provinces
            .iter()
            .map(|(d, _)| Place {
                code: d.code.as_str().to_owned(),
                lat: d.lat,
                lon: d.lon,
            })
            .collect();
        let view = self.weather.current(places).await?;
        let as_of = view.snapshot.as_ref().map(|s| s.fetched_at);
        let mut by_code: HashMap<String, PlaceWeather> = view
            .snapshot
            .map(|s| s.places)
            .unwrap_or_default()
            .into_iter()
            .map(|p| (p.code.clone(), p))
            .collect();
        Ok(WeatherMapView {
            available: as_of.is_some(),
            as_of,
            stale: view.stale,
            attribution: view.attribution,
            provinces: provinces
                .into_iter()
                .map(|(district, tile)| ProvinceWeather {
                    weather: by_code.remove(district.code.as_str()),
                    district,
                    tile,
                })
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::model::{Condition, Snapshot};
    use crate::ports::{MockWeatherCache, MockWeatherProvider, ProviderError};
    use crate::service::WeatherPolicy;
    use chrono::{Duration, TimeZone};
    use districts::model::DistrictCode;
    use districts::ports::MockDistrictRepository;
    use kernel::FixedClock;

    fn t0() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 25, 12, 0, 0).unwrap()
    }

    fn district(code: &str, en: &str, tile: Option<(u8, u8)>) -> District {
        District::new(
            DistrictCode::parse(code).unwrap(),
            en,
            en,
            30.0,
            104.0,
            tile.map(|(c, r)| TilePosition::new(c, r).unwrap()),
        )
        .unwrap()
    }

    fn reading(code: &str, temp: f64) -> PlaceWeather {
        PlaceWeather {
            code: code.into(),
            observed_at: t0(),
            temperature_c: temp,
            condition: Condition::Rain,
            wind_kmh: None,
            humidity: None,
            daily: Vec::new(),
        }
    }

    fn districts() -> MockDistrictRepository {
        let mut repo = MockDistrictRepository::new();
        repo.expect_children()
            .withf(|parent, after, _| parent.is_none() && after.is_none())
            .returning(|_, _, _| {
                Ok(vec![
                    district("110000", "Beijing", Some((5, 2))),
                    district("510000", "Sichuan", Some((2, 4))),
                    // A province an import left without a tile is not on the map.
                    district("820000", "Macao", None),
                ])
            });
        repo
    }

    fn map(provider: MockWeatherProvider, cache: MockWeatherCache) -> WeatherMapService {
        let service = WeatherService::new(
            Some(Arc::new(provider)),
            Arc::new(cache),
            Arc::new(FixedClock(t0())),
            WeatherPolicy::default(),
            "instance-a".into(),
        );
        WeatherMapService::new(Arc::new(districts()), Arc::new(service))
    }

    #[tokio::test]
    async fn provinces_with_tiles_get_their_readings_by_code() {
        let mut cache = MockWeatherCache::new();
        cache.expect_latest().returning(|| Ok(None));
        cache.expect_take_lease().returning(|_, _, _| Ok(true));
        cache.expect_store().times(1).returning(|_, _| Ok(()));
        let mut provider = MockWeatherProvider::new();
        provider
            .expect_fetch()
            .withf(|places, _| {
                places.iter().map(|p| p.code.as_str()).collect::<Vec<_>>() == ["110000", "510000"]
            })
            .times(1)
            .returning(|_, now| {
                Ok(Snapshot {
                    fetched_at: now,
                    // Sichuan only: Beijing's block lacked readings.
                    places: vec![reading("510000", 18.0)],
                })
            });
        provider.expect_attribution().return_const("Open-Meteo");
        let view = map(provider, cache).provinces().await.unwrap();
        assert!(view.available && !view.stale);
        assert_eq!(view.as_of, Some(t0()));
        assert_eq!(view.attribution, "Open-Meteo");
        let got: Vec<(&str, (u8, u8), Option<f64>)> = view
            .provinces
            .iter()
            .map(|p| {
                (
                    p.district.name_en.as_str(),
                    (p.tile.col, p.tile.row),
                    p.weather.as_ref().map(|w| w.temperature_c),
                )
            })
            .collect();
        assert_eq!(
            got,
            [("Beijing", (5, 2), None), ("Sichuan", (2, 4), Some(18.0))]
        );
    }

    #[tokio::test]
    async fn nothing_cached_and_a_failing_provider_is_an_unavailable_map() {
        let mut cache = MockWeatherCache::new();
        cache.expect_latest().returning(|| Ok(None));
        cache.expect_take_lease().returning(|_, _, _| Ok(true));
        let mut provider = MockWeatherProvider::new();
        provider
            .expect_fetch()
            .returning(|_, _| Err(ProviderError::Timeout));
        provider.expect_attribution().return_const("Open-Meteo");
        let view = map(provider, cache).provinces().await.unwrap();
        assert!(!view.available && !view.stale);
        assert_eq!(view.as_of, None);
        assert_eq!(view.provinces.len(), 2);
        assert!(view.provinces.iter().all(|p| p.weather.is_none()));
    }

    #[tokio::test]
    async fn old_readings_while_another_instance_refreshes_carry_their_time() {
        let mut cache = MockWeatherCache::new();
        let fetched = t0() - Duration::hours(1);
        cache.expect_latest().returning(move || {
            Ok(Some(Snapshot {
                fetched_at: fetched,
                places: vec![reading("510000", 18.0), reading("110000", 2.0)],
            }))
        });
        cache.expect_take_lease().returning(|_, _, _| Ok(false));
        let mut provider = MockWeatherProvider::new();
        provider.expect_fetch().never();
        provider.expect_attribution().return_const("Open-Meteo");
        let view = map(provider, cache).provinces().await.unwrap();
        assert!(view.stale && view.available);
        assert_eq!(view.as_of, Some(fetched));
        let temps: Vec<Option<f64>> = view
            .provinces
            .iter()
            .map(|p| p.weather.as_ref().map(|w| w.temperature_c))
            .collect();
        assert_eq!(temps, [Some(2.0), Some(18.0)]);
    }
}
