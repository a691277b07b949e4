//! [`OpenMeteo`]: the weather provider port over Open-Meteo's forecast endpoint
//! (`GET {base}/v1/forecast`, no key; attribution required). One request carries every place
//! (comma-separated latitudes and longitudes; the answer is then an array in the same order):
//! current temperature, WMO weather code, wind and humidity, and three days of weather code,
//! minimum, maximum and precipitation chance, in China's time zone. Its errors (`{"error": true,
//! "reason": …}`), time-outs, unreachable hosts and garbage become the port's `ProviderError`s;
//! a place whose block lacks what is needed is left out of the snapshot, not an error.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use serde::Deserialize;
use std::time::Duration;
use weather::model::{Condition, DailyForecast, Place, PlaceWeather, Snapshot};
use weather::ports::{ProviderError, WeatherProvider};

/// Open-Meteo's public endpoint.
pub const DEFAULT_BASE_URL: &str = "https://api.open-meteo.com";
/// Open-Meteo's terms ask for this attribution (CC BY 4.0).
pub const ATTRIBUTION: &str = "Weather data by Open-Meteo.com (CC BY 4.0)";

/// Where Open-Meteo is and how long to wait for it.
#[derive(Debug, Clone)]
pub struct OpenMeteoConfig {
    pub base_url: String,
    pub timeout: Duration,
}

impl Default for OpenMeteoConfig {
    fn default() -> Self {
        Self {
            base_url: DEFAULT_BASE_URL.to_owned(),
            timeout: Duration::from_secs(10),
        }
    }
}

pub struct OpenMeteo {
    http: reqwest::Client,
    base_url: String,
}

impl OpenMeteo {
    /// # Errors
    /// When the HTTP client cannot be built.
    pub fn new(config: OpenMeteoConfig) -> Result<Self, reqwest::Error> {
        let http = reqwest::Client::builder()
            .timeout(config.timeout)
            .redirect(reqwest::redirect::Policy::none())
            .build()?;
        Ok(Self {
            http,
            base_url: config.base_url.trim_end_matches('/').to_owned(),
        })
    }

    fn url(&self, places: &[Place]) -> String {
        let join = |f: fn(&Place) -> f64| {
            places
                .iter()
                .map(|p| format!("{:.4}", f(p)))
                .collect::<Vec<_>>()
                .join(",")
        };
        format!(
            "{}/v1/forecast?latitude={}&longitude={}\
             &current=temperature_2m,weather_code,wind_speed_10m,relative_humidity_2m\
             &daily=weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max\
             &forecast_days=3&timezone=Asia%2FShanghai",
            self.base_url,
            join(|p| p.lat),
            join(|p| p.lon)
        )
    }
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Answer {
    Many(Vec<Block>),
    One(Box<Block>),
}

#[derive(Deserialize)]
struct Block {
    #[serde(default)]
    utc_offset_seconds: i32,
    current: Option<Current>,
    daily: Option<Daily>,
}

#[derive(Deserialize)]
struct Current {
    time: String,
    temperature_2m: Option<f64>,
    weather_code: Option<u16>,
    wind_speed_10m: Option<f64>,
    relative_humidity_2m: Option<f64>,
}

#[derive(Deserialize)]
struct Daily {
    time: Vec<String>,
    #[serde(default)]
    weather_code: Vec<Option<u16>>,
    #[serde(default)]
    temperature_2m_max: Vec<Option<f64>>,
    #[serde(default)]
    temperature_2m_min: Vec<Option<f64>>,
    #[serde(default)]
    precipitation_probability_max: Vec<Option<f64>>,
}

#[derive(Deserialize)]
struct ErrorAnswer {
    reason: Option<String>,
}

/// A place's weather from its block, or `None` when the block lacks what the map needs.
fn place_weather(code: &str, block: Block) -> Option<PlaceWeather> {
    let current = block.current?;
    let local = NaiveDateTime::parse_from_str(&current.time, "%Y-%m-%dT%H:%M").ok()?;
    let observed_at: DateTime<Utc> =
        (local - chrono::Duration::seconds(i64::from(block.utc_offset_seconds))).and_utc();
    let temperature_c = current.temperature_2m.filter(|t| t.is_finite())?;
    let daily = block
        .daily
        .map(|d| {
            d.time
                .iter()
                .enumerate()
                .filter_map(|(i, day)| {
                    Some(DailyForecast {
                        date: NaiveDate::parse_from_str(day, "%Y-%m-%d").ok()?,
                        condition: Condition::from_wmo(d.weather_code.get(i).copied().flatten()?),
                        min_c: d.temperature_2m_min.get(i).copied().flatten()?,
                        max_c: d.temperature_2m_max.get(i).copied().flatten()?,
                        precipitation_chance: d
                            .precipitation_probability_max
                            .get(i)
                            .copied()
                            .flatten()
                            .map(|p| p.clamp(0.0, 100.0).round() as u8),
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    Some(PlaceWeather {
        code: code.to_owned(),
        observed_at,
        temperature_c,
        condition: current
            .weather_code
            .map_or(Condition::Unknown, Condition::from_wmo),
        wind_kmh: current.wind_speed_10m.filter(|w| w.is_finite()),
        humidity: current
            .relative_humidity_2m
            .filter(|h| h.is_finite())
            .map(|h| h.clamp(0.0, 100.0).round() as u8),
        daily,
    })
}

#[async_trait]
impl WeatherProvider for OpenMeteo {
    #[tracing::instrument(skip_all, fields(places = places.len()))]
    async fn fetch(
        &self,
        places: Vec<Place>,
        now: DateTime<Utc>,
    ) -> Result<Snapshot, ProviderError> {
        if places.is_empty() {
            return Ok(Snapshot {
                fetched_at: now,
                places: Vec::new(),
            });
        }
        let res = self.http.get(self.url(&places)).send().await.map_err(|e| {
            if e.is_timeout() {
                ProviderError::Timeout
            } else {
                ProviderError::Unreachable(e.to_string())
            }
        })?;
        let status = res.status();
        let body = res.bytes().await.map_err(|e| {
            if e.is_timeout() {
                ProviderError::Timeout
            } else {
                ProviderError::Unreachable(e.to_string())
            }
        })?;
        if !status.is_success() {
            let reason = serde_json::from_slice::<ErrorAnswer>(&body)
                .ok()
                .and_then(|e| e.reason)
                .unwrap_or_else(|| format!("status {}", status.as_u16()));
            return Err(ProviderError::Refused(format!(
                "{} {reason}",
                status.as_u16()
            )));
        }
        let blocks = match serde_json::from_slice::<Answer>(&body) {
            Ok(Answer::Many(blocks)) => blocks,
            Ok(Answer::One(block)) => vec![*block],
            Err(e) => return Err(ProviderError::Malformed(e.to_string())),
        };
        if blocks.len() != places.len() {
            return Err(ProviderError::Malformed(format!(
                "{} places asked, {} answered",
                places.len(),
                blocks.len()
            )));
        }
        let weather = places
            .iter()
            .zip(blocks)
            .filter_map(|(place, block)| place_weather(&place.code, block))
            .collect();
        Ok(Snapshot {
            fetched_at: now,
            places: weather,
        })
    }

    fn attribution(&self) -> &'static str {
        ATTRIBUTION
    }
}
