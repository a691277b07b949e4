//! The weather map's provider (`WEATHER_*`). Read at start by its wiring ([`crate::config::Settings`]) through the
//! loader; every variable is in `docs/configuration.md`.

use crate::config::env::{Env, check_http_url};
use crate::config::settings::Settings;
use adapter_weather::OpenMeteoConfig;
use std::time::Duration;

/// Open-Meteo (keyless) unless `WEATHER_ENABLED=false` (`None`: cached readings are still
/// served, nothing is fetched); `WEATHER_BASE_URL` points it elsewhere (a mirror, a
/// self-hosted instance, a test's fake).
///
/// # Errors
/// A malformed flag, a base URL that is not http(s), or a timeout outside 100–60000 ms.
pub fn read(env: Env<'_>) -> anyhow::Result<Option<OpenMeteoConfig>> {
    if !env.flag("WEATHER_ENABLED", true)? {
        return Ok(None);
    }
    let d = OpenMeteoConfig::default();
    let base_url = check_http_url(
        "WEATHER_BASE_URL",
        env.url("WEATHER_BASE_URL").unwrap_or(d.base_url),
    )?;
    let timeout_ms: u64 = env.num_in("WEATHER_TIMEOUT_MS", 8_000, 100..=60_000)?;
    Ok(Some(OpenMeteoConfig {
        base_url,
        timeout: Duration::from_millis(timeout_ms),
    }))
}

impl Settings for Option<OpenMeteoConfig> {
    fn read(env: Env<'_>) -> anyhow::Result<Self> {
        read(env)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::env::read_pairs;

    fn from(pairs: &[(&str, &str)]) -> anyhow::Result<Option<OpenMeteoConfig>> {
        read_pairs(pairs, read)
    }

    #[test]
    fn weather_is_open_meteo_unless_turned_off_or_pointed_elsewhere() {
        let c = from(&[]).unwrap().unwrap();
        assert_eq!(c.base_url, adapter_weather::DEFAULT_BASE_URL);
        assert_eq!(c.timeout, Duration::from_secs(8));
        let c = from(&[
            ("WEATHER_BASE_URL", " http://127.0.0.1:9/ "),
            ("WEATHER_TIMEOUT_MS", "1500"),
        ])
        .unwrap()
        .unwrap();
        assert_eq!(c.base_url, "http://127.0.0.1:9");
        assert_eq!(c.timeout, Duration::from_millis(1500));
        assert!(from(&[("WEATHER_ENABLED", "false")]).unwrap().is_none());
        for (key, bad) in [
            ("WEATHER_BASE_URL", "ftp://x"),
            ("WEATHER_TIMEOUT_MS", "0"),
            ("WEATHER_ENABLED", "maybe"),
        ] {
            let err = from(&[(key, bad)]).unwrap_err();
            assert!(err.to_string().contains(key), "{err}");
        }
    }
}
