//! Weather as the map shows it.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

/// A condition, from the WMO weather interpretation codes forecast APIs answer with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    Clear,
    PartlyCloudy,
    Overcast,
    Fog,
    Drizzle,
    Rain,
    Snow,
    Showers,
    Thunderstorm,
    /// A code the table does not know (shown as such, never guessed).
    Unknown,
}

impl Condition {
    pub const ALL: [Self; 10] = [
        Self::Clear,
        Self::PartlyCloudy,
        Self::Overcast,
        Self::Fog,
        Self::Drizzle,
        Self::Rain,
        Self::Snow,
        Self::Showers,
        Self::Thunderstorm,
        Self::Unknown,
    ];

    /// WMO 4677 as forecast APIs use it (Open-Meteo's `weather_code`).
    pub fn from_wmo(code: u16) -> Self {
        match code {
            0 => Self::Clear,
            1 | 2 => Self::PartlyCloudy,
            3 => Self::Overcast,
            45 | 48 => Self::Fog,
            51..=57 => Self::Drizzle,
            61..=67 => Self::Rain,
            71..=77 | 85 | 86 => Self::Snow,
            80..=82 => Self::Showers,
            95..=99 => Self::Thunderstorm,
            _ => Self::Unknown,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Clear => "clear",
            Self::PartlyCloudy => "partly_cloudy",
            Self::Overcast => "overcast",
            Self::Fog => "fog",
            Self::Drizzle => "drizzle",
            Self::Rain => "rain",
            Self::Snow => "snow",
            Self::Showers => "showers",
            Self::Thunderstorm => "thunderstorm",
            Self::Unknown => "unknown",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.as_str() == raw)
    }
}

/// Where to ask about: a district's code and its seat.
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    pub code: String,
    pub lat: f64,
    pub lon: f64,
}

/// One day of a forecast.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DailyForecast {
    pub date: NaiveDate,
    pub condition: Condition,
    pub min_c: f64,
    pub max_c: f64,
    /// Chance of precipitation, 0–100, when the provider says.
    pub precipitation_chance: Option<u8>,
}

/// The weather of one place.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlaceWeather {
    pub code: String,
    /// When the provider observed the current conditions.
    pub observed_at: DateTime<Utc>,
    pub temperature_c: f64,
    pub condition: Condition,
    pub wind_kmh: Option<f64>,
    pub humidity: Option<u8>,
    /// Today and the next days, as many as the provider gave (the map shows three).
    pub daily: Vec<DailyForecast>,
}

/// What one refresh brought: every place's weather, and when it was fetched.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    pub fetched_at: DateTime<Utc>,
    pub places: Vec<PlaceWeather>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wmo_codes_map_to_conditions_and_unknown_codes_stay_unknown() {
        for (code, c) in [
            (0, Condition::Clear),
            (2, Condition::PartlyCloudy),
            (3, Condition::Overcast),
            (48, Condition::Fog),
            (53, Condition::Drizzle),
            (63, Condition::Rain),
            (75, Condition::Snow),
            (86, Condition::Snow),
            (81, Condition::Showers),
            (95, Condition::Thunderstorm),
            (99, Condition::Thunderstorm),
            (4, Condition::Unknown),
            (100, Condition::Unknown),
        ] {
            assert_eq!(Condition::from_wmo(code), c, "{code}");
        }
        for c in Condition::ALL {
            assert_eq!(Condition::parse(c.as_str()), Some(c));
        }
    }
}
