//! Response bodies of the weather map.

use super::rules;
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use weather::model::{DailyForecast, PlaceWeather};
use weather::{ProvinceWeather, WeatherMapView};

/// A province's square on the tile map: column west → east, row north → south, from 0.
#[derive(Debug, Serialize, ToSchema)]
pub struct TileDto {
    #[schema(example = 2)]
    pub col: u8,
    #[schema(example = 4)]
    pub row: u8,
}

/// One day of the forecast, in China's time zone.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DailyForecastDto {
    pub date: NaiveDate,
    #[schema(schema_with = rules::weather_condition)]
    pub condition: &'static str,
    /// The day's lowest temperature, °C.
    pub min_c: f64,
    /// The day's highest temperature, °C.
    pub max_c: f64,
    /// The chance of precipitation, 0–100 %, when the provider says.
    #[schema(required = true, minimum = 0, maximum = 100)]
    pub precipitation_chance: Option<u8>,
}

impl From<&DailyForecast> for DailyForecastDto {
    fn from(d: &DailyForecast) -> Self {
        Self {
            date: d.date,
            condition: d.condition.as_str(),
            min_c: d.min_c,
            max_c: d.max_c,
            precipitation_chance: d.precipitation_chance,
        }
    }
}

/// A province's current conditions and forecast.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WeatherDto {
    /// At the province's seat, °C.
    #[schema(example = 18.2)]
    pub temperature_c: f64,
    #[schema(schema_with = rules::weather_condition)]
    pub condition: &'static str,
    /// Wind speed at 10 m, km/h, when the provider says.
    #[schema(required = true)]
    pub wind_kmh: Option<f64>,
    /// Relative humidity, 0–100 %, when the provider says.
    #[schema(required = true, minimum = 0, maximum = 100)]
    pub humidity: Option<u8>,
    /// When the provider observed the current conditions.
    pub observed_at: DateTime<Utc>,
    /// Today and the next days (three when the provider gives them).
    pub daily: Vec<DailyForecastDto>,
}

impl From<&PlaceWeather> for WeatherDto {
    fn from(w: &PlaceWeather) -> Self {
        Self {
            temperature_c: w.temperature_c,
            condition: w.condition.as_str(),
            wind_kmh: w.wind_kmh,
            humidity: w.humidity,
            observed_at: w.observed_at,
            daily: w.daily.iter().map(DailyForecastDto::from).collect(),
        }
    }
}

/// A province on the map.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProvinceWeatherDto {
    /// Its GB/T 2260 code.
    #[schema(example = "510000")]
    pub code: String,
    #[schema(example = "四川省")]
    pub name_zh: String,
    #[schema(example = "Sichuan")]
    pub name_en: String,
    pub tile: TileDto,
    /// The seat's latitude and longitude, degrees.
    pub lat: f64,
    pub lon: f64,
    /// Its weather; `null` when there are no readings for it.
    #[schema(required = true)]
    pub weather: Option<WeatherDto>,
}

impl From<&ProvinceWeather> for ProvinceWeatherDto {
    fn from(p: &ProvinceWeather) -> Self {
        Self {
            code: p.district.code.as_str().to_owned(),
            name_zh: p.district.name_zh.clone(),
            name_en: p.district.name_en.clone(),
            tile: TileDto {
                col: p.tile.col,
                row: p.tile.row,
            },
            lat: p.district.lat,
            lon: p.district.lon,
            weather: p.weather.as_ref().map(WeatherDto::from),
        }
    }
}

/// The weather map.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WeatherMapResponse {
    pub success: bool,
    /// Whether there are readings at all; when not, every province's `weather` is `null` and the
    /// map says the weather is unavailable.
    pub available: bool,
    /// When the readings were fetched from the provider.
    #[schema(required = true)]
    pub as_of: Option<DateTime<Utc>>,
    /// The readings are older than 15 minutes (the provider failed or is turned off, or another
    /// server is refreshing them right now): show them with `asOf`.
    pub stale: bool,
    /// The provider's attribution, to show with its data (empty when no provider is configured).
    #[schema(example = "Weather data by Open-Meteo.com (CC BY 4.0)")]
    pub attribution: String,
    /// Every province with a place on the tile map, in code order.
    pub provinces: Vec<ProvinceWeatherDto>,
}

impl From<&WeatherMapView> for WeatherMapResponse {
    fn from(v: &WeatherMapView) -> Self {
        Self {
            success: true,
            available: v.available,
            as_of: v.as_of,
            stale: v.stale,
            attribution: v.attribution.to_owned(),
            provinces: v.provinces.iter().map(ProvinceWeatherDto::from).collect(),
        }
    }
}
