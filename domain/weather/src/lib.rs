//! Weather for the plaza's map (docs/plaza.md; issue 13): current conditions and a
//! three-day forecast per district, from a [`ports::WeatherProvider`] (a keyless forecast API,
//! many places per request), kept in a shared [`ports::WeatherCache`] for 15 minutes.
//!
//! **One upstream call per refresh across all instances**: a refresh needs the cache's lease
//! (one conditional write), as the WeChat access token does; the others serve what is cached.
//! When the provider fails, the last known readings are served with their time, marked stale;
//! with nothing cached the answer is "unavailable", never a failure of the page.
//!
//! Pure domain: no adapter, web framework or database library.

pub mod error;
pub mod model;
pub mod ports;
pub mod service;

pub use error::WeatherError;
pub use model::{Condition, DailyForecast, Place, PlaceWeather, Snapshot};
pub use service::map::{ProvinceWeather, WeatherMapService, WeatherMapView};
pub use service::{WeatherPolicy, WeatherService, WeatherView};
