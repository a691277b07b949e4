//! The weather map's values as OpenAPI enums (`weather::Condition`); the builders are in
//! [`crate::http::rules`].

use crate::http::area::{NamedEnum, named};
use crate::http::rules::one_of;
use utoipa::openapi::schema::Schema;
use weather::Condition;

pub fn weather_condition() -> Schema {
    one_of(
        Condition::ALL.map(Condition::as_str),
        "The weather, from the provider's WMO code; `unknown` for a code the table does not know.",
    )
}

/// The area's string enums, named ([`Area::ENUMS`](crate::http::area::Area::ENUMS)).
pub const ENUMS: &[NamedEnum] = &[named(
    "WeatherCondition",
    &[
        "clear",
        "partly_cloudy",
        "overcast",
        "fog",
        "drizzle",
        "rain",
        "snow",
        "showers",
        "thunderstorm",
        "unknown",
    ],
    "天气状况",
    "A weather condition",
)];
