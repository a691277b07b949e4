//! The plaza's weather map (`/api/plaza/weather`): every province with its place on the tile map
//! and its cached weather. The rules (the 15-minute cache, one refresh at a time across
//! instances, stale and unavailable readings) are the domain's (`weather::WeatherMapService`).

pub mod dto;
pub mod handlers;
mod openapi_zh;
mod rules;
pub mod settings;

use crate::http::area::{Area, OpenApiZh, Routes};

/// The area's line in the route table (`http/mod.rs`).
pub struct Weather;

impl Area for Weather {
    const NAME: &'static str = "weather";
    const ENUMS: &'static [crate::http::area::NamedEnum] = rules::ENUMS;

    fn openapi_zh() -> OpenApiZh {
        openapi_zh::OPENAPI_ZH
    }

    fn routes<R: Routes>(routes: R) -> R {
        routes.service(handlers::weather_map)
    }
}
