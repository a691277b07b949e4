//! Configuration from environment variables, each with a safe default. Every variable is listed
//! in `docs/configuration.md` and `.env.example`; a malformed value stops the server at start
//! with a message naming the variable.
//!
//! One loader ([`env::Env`]: numbers, flags, rate rules, URLs, required values and their
//! messages), the server's own settings ([`server`] and [`Config::from_lookup`] below), and each
//! area's settings beside the area (`http/<area>/settings.rs`, a [`settings::Settings`] each),
//! kept by type in [`Config::areas`]: the areas' wiring names the types it reads and
//! `startup::configuration` reads them all at start. An area's settings import the loader; the
//! loader imports no area, and [`Config`] names none.

pub mod env;
pub mod server;
pub mod settings;

use anyhow::bail;
use env::Env;
use std::path::PathBuf;
use std::time::Duration;

pub use server::{
    BodyLimits, CookieSecure, Environment, IpRange, LogFormat, TrustedProxies, canonical_ip,
};
pub use settings::{AreaSettings, Settings};

#[derive(Debug, Clone)]
pub struct Config {
    pub environment: Environment,
    pub host: String,
    pub port: u16,
    pub workers: Option<usize>,
    pub database_url: String,
    /// `None`: [`Database::default_pool_size`](adapter_postgres::Database::default_pool_size).
    pub database_max_connections: Option<u32>,
    /// Log every SQL statement at `info` (`DATABASE_LOG_STATEMENTS`; for `just bench`).
    pub database_log_statements: bool,
    /// How long a request waits for a database connection before it is answered 503
    /// `database_unavailable` (`DATABASE_ACQUIRE_TIMEOUT_MS`). `None`:
    /// [`Database::default_acquire_timeout`](adapter_postgres::Database::default_acquire_timeout).
    pub database_acquire_timeout: Option<Duration>,
    pub static_dir: PathBuf,
    pub cookie_secure: CookieSecure,
    /// Whose forwarding headers are believed (see `http::extract::client_context`).
    pub trusted_proxies: TrustedProxies,
    /// `Strict-Transport-Security: max-age` on https responses.
    pub hsts_max_age_secs: u64,
    /// Origins besides the request's own that may send cookie-authenticated writes.
    pub allowed_origins: Vec<String>,
    pub json_body_limit: usize,
    /// How slowly any other request's body may arrive (`REQUEST_BODY_TIMEOUT_SECS`,
    /// `REQUEST_BODY_MIN_BYTES_PER_SEC`, `BODY_MIN_RATE_GRACE_SECS`).
    pub request_body: BodyLimits,
    /// How long a client may take to send a request's head (`REQUEST_HEAD_TIMEOUT_MS`).
    pub request_head_timeout: Duration,
    /// How long an idle connection is kept open for the client's next request
    /// (`HTTP_KEEP_ALIVE_SECS`).
    pub keep_alive: Duration,
    /// How long requests in flight may take to finish once SIGTERM or SIGINT arrives; event
    /// streams are ended sooner (`SHUTDOWN_GRACE_SECS`, `crate::lifecycle`).
    pub shutdown_grace: Duration,
    /// How the log is written: text for a person, or JSON lines for a collector (`LOG_FORMAT`).
    pub log_format: LogFormat,
    /// The address browsers reach this server at (`https://courtyard.example`), for WeChat's
    /// OAuth callback; without it the request's own scheme and host are used.
    pub public_url: Option<String>,
    /// Every area's settings, by type (`config.areas.get::<PlazaPolicy>()`).
    pub areas: AreaSettings,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            environment: Environment::Development,
            host: "127.0.0.1".into(),
            port: 8080,
            workers: None,
            database_url: "sqlite://data/courtyard.db?mode=rwc".into(),
            database_max_connections: None,
            database_log_statements: false,
            database_acquire_timeout: None,
            static_dir: PathBuf::from("frontend/dist"),
            cookie_secure: CookieSecure::Auto,
            trusted_proxies: TrustedProxies::default(),
            hsts_max_age_secs: 365 * 24 * 60 * 60,
            allowed_origins: Vec::new(),
            json_body_limit: 64 * 1024,
            request_body: BodyLimits {
                timeout: Duration::from_secs(30),
                min_bytes_per_sec: 1024,
                grace: Duration::from_secs(5),
            },
            request_head_timeout: Duration::from_secs(5),
            // Longer than the idle timeout of what usually stands in front (nginx's and cloud
            // load balancers' 60 s), so the client side closes an idle connection first: a
            // server closing it as the client sends on it resets that request (ECONNRESET).
            keep_alive: Duration::from_secs(75),
            // Under the 30 s a container platform waits after SIGTERM before it kills.
            shutdown_grace: Duration::from_secs(10),
            log_format: LogFormat::Text,
            public_url: None,
            areas: AreaSettings::default(),
        }
    }
}

impl Config {
    /// Reads the server's own settings through `get` (the environment in production, a map in
    /// tests); `startup::configuration` adds the areas'.
    ///
    /// # Errors
    /// When a variable is set to something that does not parse, or production lacks what it
    /// needs (`PUBLIC_URL`; a way to know that a request came over https).
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        let env = Env::new(&get);
        let d = Self::default();
        let environment = match env.get("COURTYARD_ENV").as_deref() {
            None | Some("development") => Environment::Development,
            Some("production") => Environment::Production,
            Some(other) => {
                bail!("COURTYARD_ENV must be 'development' or 'production', not {other:?}")
            }
        };
        if env.get("RATE_LOGIN_FAILURES_PER_ACCOUNT").is_some() {
            bail!(
                "RATE_LOGIN_FAILURES_PER_ACCOUNT is gone (it let anyone lock an account): set \
                 RATE_LOGIN_FAILURES_PER_ACCOUNT_CLIENT (per account and client) and \
                 LOGIN_ACCOUNT_FAILURE_CEILING (per account, then growing delays) instead"
            );
        }
        if env.get("TRUST_PROXY").is_some() {
            bail!(
                "TRUST_PROXY is gone: set TRUSTED_PROXIES to the addresses or CIDR ranges of your \
                 reverse proxies instead (e.g. TRUSTED_PROXIES=127.0.0.1/32), and remove TRUST_PROXY"
            );
        }
        let trusted_proxies: TrustedProxies = env
            .get("TRUSTED_PROXIES")
            .unwrap_or_default()
            .parse()
            .map_err(|e| anyhow::anyhow!("TRUSTED_PROXIES: {e}"))?;
        let production = environment == Environment::Production;
        let cookie_secure = match env.get("COOKIE_SECURE").as_deref() {
            None if production => CookieSecure::Always,
            None | Some("auto") => CookieSecure::Auto,
            Some("always") => CookieSecure::Always,
            Some("never") => CookieSecure::Never,
            Some(other) => bail!("COOKIE_SECURE must be auto, always or never, not {other:?}"),
        };
        if production && cookie_secure == CookieSecure::Auto && trusted_proxies.is_empty() {
            bail!(
                "COOKIE_SECURE=auto in production cannot see https (this server does not terminate \
                 TLS): set TRUSTED_PROXIES to the proxy that does, or COOKIE_SECURE=always"
            );
        }
        let public_url = env.http_url("PUBLIC_URL")?;
        if production && public_url.is_none() {
            bail!(
                "PUBLIC_URL is required in production: the address browsers reach this server at, \
                 e.g. PUBLIC_URL=https://courtyard.example"
            );
        }
        Ok(Self {
            environment,
            host: env.get("HOST").unwrap_or(d.host),
            port: env.num("PORT", d.port)?,
            workers: env.optional_num("WORKERS")?,
            database_url: env.get("DATABASE_URL").unwrap_or(d.database_url),
            database_max_connections: env.optional_num("DATABASE_MAX_CONNECTIONS")?,
            database_log_statements: env.flag("DATABASE_LOG_STATEMENTS", false)?,
            database_acquire_timeout: env
                .get("DATABASE_ACQUIRE_TIMEOUT_MS")
                .map(|v| match v.trim().parse::<u64>() {
                    Ok(ms) if ms > 0 => Ok(Duration::from_millis(ms)),
                    _ => Err(anyhow::anyhow!(
                        "DATABASE_ACQUIRE_TIMEOUT_MS must be a positive number of milliseconds, not {v:?}"
                    )),
                })
                .transpose()?,
            static_dir: env.get("STATIC_DIR").map_or(d.static_dir, PathBuf::from),
            cookie_secure,
            trusted_proxies,
            hsts_max_age_secs: env.num("HSTS_MAX_AGE_SECONDS", d.hsts_max_age_secs)?,
            allowed_origins: env
                .list("ALLOWED_ORIGINS")
                .unwrap_or_default()
                .into_iter()
                .map(|o| o.trim_end_matches('/').to_owned())
                .filter(|o| !o.is_empty())
                .collect(),
            json_body_limit: env.num("JSON_BODY_LIMIT_BYTES", d.json_body_limit)?,
            request_body: BodyLimits::read(
                env,
                ("REQUEST_BODY_TIMEOUT_SECS", "REQUEST_BODY_MIN_BYTES_PER_SEC"),
                d.request_body,
            )?,
            request_head_timeout: env.millis("REQUEST_HEAD_TIMEOUT_MS", d.request_head_timeout)?,
            keep_alive: Duration::from_secs(env.num("HTTP_KEEP_ALIVE_SECS", d.keep_alive.as_secs())?),
            shutdown_grace: Duration::from_secs(env.num_in(
                "SHUTDOWN_GRACE_SECS",
                d.shutdown_grace.as_secs(),
                1..=3600,
            )?),
            log_format: LogFormat::read(env)?,
            public_url,
            areas: AreaSettings::default(),
        })
    }

    pub fn is_production(&self) -> bool {
        self.environment == Environment::Production
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn from(pairs: &[(&str, &str)]) -> anyhow::Result<Config> {
        let lookup = |k: &str| {
            pairs
                .iter()
                .find(|(key, _)| *key == k)
                .map(|(_, v)| (*v).to_owned())
        };
        Config::from_lookup(lookup)
    }

    #[test]
    fn the_shutdown_grace_is_ten_seconds_unless_set_within_an_hour() {
        assert_eq!(from(&[]).unwrap().shutdown_grace, Duration::from_secs(10));
        assert_eq!(
            from(&[("SHUTDOWN_GRACE_SECS", "25")])
                .unwrap()
                .shutdown_grace,
            Duration::from_secs(25)
        );
        for (bad, message) in [
            ("0", "SHUTDOWN_GRACE_SECS must be 1 to 3600, not 0"),
            ("3601", "SHUTDOWN_GRACE_SECS must be 1 to 3600, not 3601"),
            (
                "soon",
                r#"SHUTDOWN_GRACE_SECS must be a number, not "soon""#,
            ),
        ] {
            let err = from(&[("SHUTDOWN_GRACE_SECS", bad)]).unwrap_err();
            assert_eq!(err.to_string(), message);
        }
        assert_eq!(
            from(&[("LOG_FORMAT", "json")]).unwrap().log_format,
            LogFormat::Json
        );
    }
}
