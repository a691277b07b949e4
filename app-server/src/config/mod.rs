//! Configuration from environment variables, each with a safe default. Every variable is listed
//! in `docs/configuration.md` and `.env.example`; a malformed value stops the server at start
//! with a message naming the variable.
//!
//! One loader ([`env::Env`]: numbers, flags, rate rules, URLs, required values and their
//! messages), the server's own settings ([`server`] and [`Config::from_lookup`] below), and each
//! area's settings beside the area (`http/<area>/settings.rs`), which [`Config`] gathers. An
//! area's settings import the loader; the loader imports no area.

pub mod env;
pub mod server;

use ::groups::GroupsPolicy;
use ::plaza::PlazaPolicy;
use accounts::{AccountsPolicy, ProfilePolicy};
use adapter_crypto::{Argon2Cost, HashLimits};
use adapter_weather::OpenMeteoConfig;
use adapter_wechat::WechatConfig;
use anyhow::bail;
use env::Env;
use std::path::PathBuf;
use std::time::Duration;

// The types a deployment (and a test) sets, where `Config`'s fields are declared.
pub use crate::http::ai::settings::{
    AiSettings, DEFAULT_LLM_BASE_URL, DEFAULT_LLM_MODELS, LlmSettings,
};
pub use crate::http::auth::settings::SmsSettings;
pub use crate::http::media::settings::{MediaSettings, MediaStoreSettings};
pub use server::{BodyLimits, CookieSecure, Environment, IpRange, TrustedProxies, canonical_ip};

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
    pub argon2: Argon2Cost,
    /// Password hashes in flight and how long the rest wait before a 503 `server_busy`.
    pub hash_limits: HashLimits,
    pub accounts: AccountsPolicy,
    pub sms: SmsSettings,
    /// `None` when WeChat is not configured (no app id and secret).
    pub wechat: Option<WechatConfig>,
    /// The address browsers reach this server at (`https://courtyard.example`), for WeChat's
    /// OAuth callback; without it the request's own scheme and host are used.
    pub public_url: Option<String>,
    pub ai: AiSettings,
    pub media: MediaSettings,
    pub groups: GroupsPolicy,
    /// The plaza's per-person rates (`RATE_PLAZA_*`).
    pub plaza: PlazaPolicy,
    /// The profile rules (`USERNAME_HOLD_DAYS`).
    pub profiles: ProfilePolicy,
    /// The plaza's weather map: its provider (`None`: turned off, `WEATHER_ENABLED=false`;
    /// cached readings are still served, nothing is fetched).
    pub weather: Option<OpenMeteoConfig>,
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
            argon2: Argon2Cost::default(),
            hash_limits: HashLimits::default(),
            accounts: AccountsPolicy::default(),
            sms: SmsSettings::Log,
            wechat: None,
            public_url: None,
            ai: AiSettings::default(),
            media: MediaSettings::default(),
            groups: GroupsPolicy::default(),
            plaza: PlazaPolicy::default(),
            profiles: ProfilePolicy::default(),
            weather: Some(OpenMeteoConfig::default()),
        }
    }
}

impl Config {
    /// Reads the process environment.
    ///
    /// # Errors
    /// When a variable is set to something that does not parse.
    pub fn from_env() -> anyhow::Result<Self> {
        Self::from_lookup(|k| std::env::var(k).ok().filter(|v| !v.trim().is_empty()))
    }

    /// Reads configuration through `get` (the environment in production, a map in tests).
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
            // Each area's settings, read beside the area.
            argon2: crate::http::auth::settings::argon2(env)?,
            hash_limits: crate::http::auth::settings::hash_limits(env)?,
            accounts: crate::http::auth::settings::account_policy(env)?,
            sms: SmsSettings::read(env, environment)?,
            wechat: crate::http::wechat::settings::read(env)?,
            public_url,
            ai: AiSettings::read(env)?,
            media: MediaSettings::read(env, production)?,
            groups: crate::http::groups::settings::read(env)?,
            plaza: crate::http::plaza::settings::read(env)?,
            profiles: crate::http::account::settings::read(env)?,
            weather: crate::http::weather::settings::read(env)?,
        })
    }

    pub fn is_production(&self) -> bool {
        self.environment == Environment::Production
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kernel::RateLimitRule;
    use std::collections::HashMap;

    fn from(pairs: &[(&str, &str)]) -> anyhow::Result<Config> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| ((*k).into(), (*v).into()))
            .collect();
        Config::from_lookup(|k| map.get(k).cloned())
    }

    const PRODUCTION: [(&str, &str); 2] = [
        ("COURTYARD_ENV", "production"),
        ("PUBLIC_URL", "https://courtyard.example/"),
    ];

    fn production(more: &[(&str, &str)]) -> anyhow::Result<Config> {
        let mut pairs = PRODUCTION.to_vec();
        pairs.extend_from_slice(more);
        from(&pairs)
    }

    #[test]
    fn the_log_sms_provider_is_refused_in_production() {
        let err = production(&[("SMS_PROVIDER", "log")]).unwrap_err();
        assert!(err.to_string().contains("refused in production"), "{err}");
        assert_eq!(production(&[]).unwrap().sms.name(), "none");
        assert_eq!(from(&[]).unwrap().sms.name(), "log");
    }

    #[test]
    fn aliyun_and_wechat_need_their_credentials() {
        let err = from(&[("SMS_PROVIDER", "aliyun")]).unwrap_err();
        assert!(
            err.to_string().contains("ALIYUN_SMS_ACCESS_KEY_ID"),
            "{err}"
        );
        let c = from(&[
            ("SMS_PROVIDER", "aliyun"),
            ("ALIYUN_SMS_ACCESS_KEY_ID", "id"),
            ("ALIYUN_SMS_ACCESS_KEY_SECRET", "s3cret"),
            ("ALIYUN_SMS_SIGN_NAME", "庭院"),
            ("ALIYUN_SMS_TEMPLATE_CODE", "SMS_1"),
            ("ALIYUN_SMS_ENDPOINT", "http://127.0.0.1:9/"),
            ("WECHAT_APP_ID", "wx1"),
            ("WECHAT_APP_SECRET", "ws3cret"),
            ("WECHAT_API_BASE", "http://127.0.0.1:9"),
        ])
        .unwrap();
        let SmsSettings::Aliyun(a) = &c.sms else {
            panic!("aliyun expected")
        };
        assert_eq!(a.endpoint, "http://127.0.0.1:9");
        assert!(!format!("{c:?}").contains("s3cret"), "secrets never print");
        assert_eq!(c.wechat.as_ref().unwrap().api_base, "http://127.0.0.1:9");
        assert!(from(&[("WECHAT_APP_ID", "wx1")]).is_err());
    }

    #[test]
    fn the_database_acquire_timeout_is_read_in_milliseconds() {
        assert_eq!(from(&[]).unwrap().database_acquire_timeout, None);
        let c = from(&[("DATABASE_ACQUIRE_TIMEOUT_MS", "1500")]).unwrap();
        assert_eq!(
            c.database_acquire_timeout,
            Some(Duration::from_millis(1500))
        );
        assert!(from(&[("DATABASE_ACQUIRE_TIMEOUT_MS", "0")]).is_err());
        assert!(from(&[("DATABASE_ACQUIRE_TIMEOUT_MS", "soon")]).is_err());
    }

    #[test]
    fn defaults_need_no_database_server() {
        let c = from(&[]).unwrap();
        assert!(c.database_url.starts_with("sqlite://"));
        assert_eq!((c.host.as_str(), c.port), ("127.0.0.1", 8080));
        assert_eq!(c.environment, Environment::Development);
    }

    #[test]
    fn reads_rules_origins_and_flags() {
        let c = from(&[
            ("RATE_LOGIN_FAILURES_PER_ACCOUNT_CLIENT", "3/60"),
            ("LOGIN_ACCOUNT_FAILURE_CEILING", "50/3600"),
            ("LOGIN_DELAY_MAX_SECONDS", "120"),
            ("PASSWORD_HASH_CONCURRENCY", "3"),
            ("PASSWORD_HASH_QUEUE_MS", "0"),
            ("ALLOWED_ORIGINS", "https://a.example/, https://b.example"),
            ("TRUSTED_PROXIES", "127.0.0.1/32, 10.0.0.0/8,::1"),
            ("COURTYARD_ENV", "production"),
            ("PUBLIC_URL", "https://courtyard.example/"),
        ])
        .unwrap();
        assert_eq!(
            c.accounts.login_failures_per_account_client,
            RateLimitRule {
                limit: 3,
                window_secs: 60
            }
        );
        assert_eq!(
            c.accounts.login_account_ceiling,
            RateLimitRule {
                limit: 50,
                window_secs: 3600
            }
        );
        assert_eq!(c.accounts.login_delay_max_secs, 120);
        assert_eq!(
            c.hash_limits,
            HashLimits {
                concurrency: 3,
                queue_wait: Duration::ZERO
            }
        );
        assert_eq!(
            c.allowed_origins,
            vec!["https://a.example", "https://b.example"]
        );
        assert!(c.is_production());
        assert_eq!(c.public_url.as_deref(), Some("https://courtyard.example"));
        let proxies = &c.trusted_proxies;
        assert!(proxies.contains("10.1.2.3".parse().unwrap()));
        assert!(proxies.contains("::1".parse().unwrap()));
        assert!(!proxies.contains("192.0.2.1".parse().unwrap()));
        assert!(
            from(&[]).unwrap().trusted_proxies.is_empty(),
            "trust no one by default"
        );
    }

    #[test]
    fn malformed_values_name_the_variable() {
        for (k, v) in [
            ("PORT", "eighty"),
            ("RATE_LOGIN_PER_IP", "5"),
            ("RATE_LOGIN_PER_IP", "0/60"),
            ("PASSWORD_HASH_CONCURRENCY", "0"),
            ("PASSWORD_HASH_QUEUE_MS", "soon"),
            ("LOGIN_ACCOUNT_FAILURE_CEILING", "20"),
            // Gone: it let anyone lock an account; the message names what replaces it.
            ("RATE_LOGIN_FAILURES_PER_ACCOUNT", "5/900"),
            ("TRUSTED_PROXIES", "10.0.0.0/33"),
            ("TRUSTED_PROXIES", "127.0.0.1, proxy.internal"),
            ("HSTS_MAX_AGE_SECONDS", "a year"),
            ("PUBLIC_URL", "courtyard.example"),
            ("COURTYARD_ENV", "prod"),
        ] {
            let err = from(&[(k, v)]).unwrap_err().to_string();
            assert!(err.contains(k), "{err}");
        }
    }

    #[test]
    fn trust_proxy_is_refused_with_what_replaces_it() {
        let err = from(&[("TRUST_PROXY", "true")]).unwrap_err().to_string();
        assert!(err.contains("TRUSTED_PROXIES"), "{err}");
    }

    #[test]
    fn production_needs_its_public_url() {
        let err = from(&[("COURTYARD_ENV", "production")])
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("PUBLIC_URL is required in production"),
            "{err}"
        );
        assert!(
            from(&[]).unwrap().public_url.is_none(),
            "optional in development"
        );
    }

    #[test]
    fn production_cookies_are_secure_unless_told_otherwise() {
        assert_eq!(production(&[]).unwrap().cookie_secure, CookieSecure::Always);
        assert_eq!(from(&[]).unwrap().cookie_secure, CookieSecure::Auto);
        // `auto` cannot see https without a proxy to believe: refused, naming both ways out.
        let err = production(&[("COOKIE_SECURE", "auto")])
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("TRUSTED_PROXIES") && err.contains("COOKIE_SECURE=always"),
            "{err}"
        );
        let behind_proxy =
            production(&[("COOKIE_SECURE", "auto"), ("TRUSTED_PROXIES", "10.0.0.0/8")]).unwrap();
        assert_eq!(behind_proxy.cookie_secure, CookieSecure::Auto);
        // Explicitly told otherwise.
        let never = production(&[("COOKIE_SECURE", "never")]).unwrap();
        assert_eq!(never.cookie_secure, CookieSecure::Never);
    }

    #[test]
    fn hsts_lasts_a_year_unless_configured() {
        assert_eq!(from(&[]).unwrap().hsts_max_age_secs, 31_536_000);
        let c = from(&[("HSTS_MAX_AGE_SECONDS", "600")]).unwrap();
        assert_eq!(c.hsts_max_age_secs, 600);
    }
}
