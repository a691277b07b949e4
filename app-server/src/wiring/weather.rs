//! The weather map: Open-Meteo (unless turned off) behind the database's cache, whose refresh
//! lease this instance takes under a name of its own; the provinces from the districts.

use super::{Wiring, instance_name};
use crate::config::AreaSettings;
use crate::config::env::Env;
use crate::recorded::RecordedWeather;
use adapter_weather::{OpenMeteo, OpenMeteoConfig};
use anyhow::Context;
use std::sync::Arc;
use weather::{WeatherMapService, WeatherPolicy, WeatherService};

/// Open-Meteo's address and timeout, or `None` (turned off).
///
/// # Errors
/// A malformed value.
pub fn settings(env: Env<'_>, areas: &mut AreaSettings) -> anyhow::Result<()> {
    areas.read::<Option<OpenMeteoConfig>>(env)
}

/// # Errors
/// When the provider's HTTP client cannot be built.
pub fn wire(w: &mut Wiring<'_>) -> anyhow::Result<()> {
    let config = w.config;
    let provider: Option<Arc<dyn weather::ports::WeatherProvider>> =
        match config.areas.get::<Option<OpenMeteoConfig>>() {
            None => None,
            Some(c) => Some(Arc::new(RecordedWeather {
                inner: Arc::new(
                    OpenMeteo::new(c.clone())
                        .context("building the weather provider's HTTP client")?,
                ),
                recorder: w.recorder()?,
            })),
        };
    let service = WeatherService::new(
        provider,
        Arc::new(w.db.weather_cache()),
        w.clock.clone(),
        WeatherPolicy::default(),
        instance_name(),
    );
    w.provide(Arc::new(WeatherMapService::new(
        Arc::new(w.db.districts()),
        Arc::new(service),
    )));
    Ok(())
}
