//! The weather map: Open-Meteo (unless turned off) behind the database's cache, whose refresh
//! lease this instance takes under a name of its own; the provinces from the districts.

use super::{Wiring, instance_name};
use crate::recorded::RecordedWeather;
use adapter_weather::OpenMeteo;
use anyhow::Context;
use std::sync::Arc;
use weather::{WeatherMapService, WeatherPolicy, WeatherService};

/// # Errors
/// When the provider's HTTP client cannot be built.
pub fn wire(w: &Wiring<'_>) -> anyhow::Result<Arc<WeatherMapService>> {
    let provider: Option<Arc<dyn weather::ports::WeatherProvider>> = match &w.config.weather {
        None => None,
        Some(c) => Some(Arc::new(RecordedWeather {
            inner: Arc::new(
                OpenMeteo::new(c.clone()).context("building the weather provider's HTTP client")?,
            ),
            recorder: w.recorder.clone(),
        })),
    };
    let service = WeatherService::new(
        provider,
        Arc::new(w.db.weather_cache()),
        w.clock.clone(),
        WeatherPolicy::default(),
        instance_name(),
    );
    Ok(Arc::new(WeatherMapService::new(
        Arc::new(w.db.districts()),
        Arc::new(service),
    )))
}
