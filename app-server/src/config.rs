//! Configuration from environment variables, each with a safe default. Every variable is listed
//! in `docs/configuration.md` and `.env.example`; a malformed value stops the server at start
//! with a message naming the variable.

use accounts::AccountPolicy;
use adapter_crypto::{Argon2Cost, HashLimits};
use adapter_media::{ImageWorkerSettings, S3Settings};
use adapter_sms::AliyunSmsConfig;
use adapter_weather::OpenMeteoConfig;
use adapter_wechat::WechatConfig;
use anyhow::{Context, bail};
use chat::ChatPolicy;
use chat::model::ChatLimits;
use kernel::RateLimitRule;
use secrecy::SecretString;
use std::net::IpAddr;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Environment {
    Development,
    Production,
}

/// When the session cookie gets the `Secure` flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CookieSecure {
    /// When the request came over https: directly, or as `X-Forwarded-Proto` says when the
    /// connection comes from one of [`Config::trusted_proxies`].
    Auto,
    Always,
    Never,
}

/// An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) as the IPv4 address it stands for, so a
/// dual-stack listener and an IPv4 range agree.
pub fn canonical_ip(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        IpAddr::V4(_) => ip,
    }
}

/// One range of addresses: `10.0.0.0/8`, `2001:db8::/32`, or a single address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IpRange {
    addr: IpAddr,
    prefix: u8,
}

impl IpRange {
    pub fn contains(&self, ip: IpAddr) -> bool {
        match (self.addr, canonical_ip(ip)) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                let mask = u32::MAX
                    .checked_shl(32 - u32::from(self.prefix))
                    .unwrap_or(0);
                u32::from(net) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                let mask = u128::MAX
                    .checked_shl(128 - u32::from(self.prefix))
                    .unwrap_or(0);
                u128::from(net) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

impl FromStr for IpRange {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let s = s.trim();
        let (addr, prefix) = match s.split_once('/') {
            Some((addr, prefix)) => (addr, Some(prefix)),
            None => (s, None),
        };
        let addr: IpAddr = addr
            .parse()
            .map_err(|_| format!("{s:?} is not an IP address or CIDR range"))?;
        let max: u8 = if addr.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => max,
            Some(p) => p
                .parse::<u8>()
                .ok()
                .filter(|p| *p <= max)
                .ok_or_else(|| format!("{s:?} needs a prefix length in 0..={max}"))?,
        };
        // `::ffff:10.0.0.0/104` is `10.0.0.0/8`.
        Ok(match (addr, canonical_ip(addr)) {
            (IpAddr::V6(_), v4 @ IpAddr::V4(_)) if prefix >= 96 => Self {
                addr: v4,
                prefix: prefix - 96,
            },
            _ => Self { addr, prefix },
        })
    }
}

/// The proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed (`TRUSTED_PROXIES`).
/// Empty: nobody's; the TCP peer is the client.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpRange>);

impl TrustedProxies {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn contains(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|r| r.contains(ip))
    }
}

impl FromStr for TrustedProxies {
    type Err = String;

    /// Comma-separated addresses and CIDR ranges: `127.0.0.1/32,10.0.0.0/8,::1`.
    fn from_str(s: &str) -> Result<Self, String> {
        s.split(',')
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .map(str::parse)
            .collect::<Result<Vec<_>, _>>()
            .map(Self)
    }
}

/// Who delivers SMS verification codes.
#[derive(Debug, Clone)]
pub enum SmsSettings {
    /// No provider: phone login answers 503 `sms_unavailable`.
    Disabled,
    /// Development only: codes are written to the server log, nothing is sent.
    Log,
    Aliyun(AliyunSmsConfig),
}

impl SmsSettings {
    pub fn name(&self) -> &'static str {
        match self {
            Self::Disabled => "none",
            Self::Log => "log",
            Self::Aliyun(_) => "aliyun",
        }
    }
}

/// The language model behind the AI assistant.
#[derive(Debug, Clone)]
pub struct LlmSettings {
    /// An OpenAI-compatible API root; `/chat/completions` is appended.
    pub base_url: String,
    pub api_key: Option<SecretString>,
    /// The models offered, the first being the default.
    pub models: Vec<String>,
    pub connect_timeout: Duration,
}

/// The AI assistant (`POST /api/ai/chat`).
#[derive(Debug, Clone)]
pub struct AiSettings {
    /// `None` when no provider is configured: the chat endpoint answers 503 `ai_unavailable`.
    pub llm: Option<LlmSettings>,
    /// Every limit of the assistant, and whether visitors who are not signed in may chat
    /// (`allow_anonymous`, limited per address).
    pub policy: ChatPolicy,
    /// How long a stream may stay silent before the server sends a `:` comment. actix-web only
    /// notices a browser that went away when a write fails, so this bounds how long an upstream
    /// request outlives its reader.
    pub idle_ping: Duration,
}

impl Default for AiSettings {
    fn default() -> Self {
        Self {
            llm: None,
            policy: ChatPolicy::default(),
            idle_ping: Duration::from_millis(300),
        }
    }
}

/// DeepSeek, the default provider (`LLM_BASE_URL` replaces it).
pub const DEFAULT_LLM_BASE_URL: &str = "https://api.deepseek.com";
pub const DEFAULT_LLM_MODELS: &str = "deepseek-chat,deepseek-reasoner";

/// Where uploaded images are kept.
#[derive(Debug, Clone)]
pub enum MediaStoreSettings {
    /// A folder (`MEDIA_DIR`, default `data/media`): one instance, or a shared volume.
    Filesystem(PathBuf),
    /// An S3-compatible bucket (`MEDIA_STORE=s3`): shared by every instance.
    S3(S3Settings),
}

/// How slowly a request's body may arrive: all of it within `timeout`, and, after `grace`, on
/// average at least `min_bytes_per_sec` (a body that has `n` bytes so far must send more by
/// `grace + n / min_bytes_per_sec` after it began). A slower body is cut off: 408.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BodyLimits {
    pub timeout: Duration,
    pub min_bytes_per_sec: u64,
    pub grace: Duration,
}

impl BodyLimits {
    /// When the bytes after the first `received` must have arrived, for a body begun at `start`.
    pub(crate) fn deadline(
        &self,
        start: tokio::time::Instant,
        received: u64,
    ) -> tokio::time::Instant {
        let whole = start + self.timeout;
        if self.min_bytes_per_sec == 0 {
            return whole;
        }
        let by_rate = start
            + self.grace
            + Duration::from_secs_f64(received as f64 / self.min_bytes_per_sec as f64);
        by_rate.min(whole)
    }
}

/// Uploads: the store, the limits, and how many are decoded and read at once.
#[derive(Debug, Clone)]
pub struct MediaSettings {
    pub store: MediaStoreSettings,
    pub policy: media::MediaPolicy,
    pub workers: ImageWorkerSettings,
    /// Uploads one instance reads at once; the rest wait `upload_queue_wait`, then 503.
    pub upload_concurrency: usize,
    /// Of those, at most this many for one person (`MEDIA_UPLOAD_PER_USER`).
    pub upload_per_user: usize,
    pub upload_queue_wait: Duration,
    /// How slowly an upload's body may arrive (`MEDIA_UPLOAD_TIMEOUT_SECS`,
    /// `MEDIA_UPLOAD_MIN_BYTES_PER_SEC`, `BODY_MIN_RATE_GRACE_SECS`).
    pub upload_body: BodyLimits,
    /// How often the sweep of abandoned files runs.
    pub sweep_interval: Duration,
}

impl Default for MediaSettings {
    fn default() -> Self {
        Self {
            store: MediaStoreSettings::Filesystem(PathBuf::from("data/media")),
            policy: media::MediaPolicy::default(),
            workers: ImageWorkerSettings {
                concurrency: std::thread::available_parallelism().map_or(2, usize::from),
                queue_wait: Duration::from_secs(5),
            },
            upload_concurrency: 4,
            upload_per_user: 1,
            upload_queue_wait: Duration::from_secs(5),
            upload_body: BodyLimits {
                timeout: Duration::from_secs(120),
                min_bytes_per_sec: 16 * 1024,
                grace: Duration::from_secs(5),
            },
            sweep_interval: Duration::from_secs(3600),
        }
    }
}

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
    pub accounts: AccountPolicy,
    pub sms: SmsSettings,
    /// `None` when WeChat is not configured (no app id and secret).
    pub wechat: Option<WechatConfig>,
    /// The address browsers reach this server at (`https://courtyard.example`), for WeChat's
    /// OAuth callback; without it the request's own scheme and host are used.
    pub public_url: Option<String>,
    pub ai: AiSettings,
    pub media: MediaSettings,
    pub groups: groups::GroupPolicy,
    /// The plaza's per-person rates (`RATE_PLAZA_*`).
    pub plaza: plaza::PlazaPolicy,
    /// The profile rules (`USERNAME_HOLD_DAYS`).
    pub profiles: accounts::ProfilePolicy,
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
            accounts: AccountPolicy::default(),
            sms: SmsSettings::Log,
            wechat: None,
            public_url: None,
            ai: AiSettings::default(),
            media: MediaSettings::default(),
            groups: groups::GroupPolicy::default(),
            plaza: plaza::PlazaPolicy::default(),
            profiles: accounts::ProfilePolicy::default(),
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
        let d = Self::default();
        let environment = match get("COURTYARD_ENV").as_deref() {
            None | Some("development") => Environment::Development,
            Some("production") => Environment::Production,
            Some(other) => {
                bail!("COURTYARD_ENV must be 'development' or 'production', not {other:?}")
            }
        };
        if get("RATE_LOGIN_FAILURES_PER_ACCOUNT").is_some() {
            bail!(
                "RATE_LOGIN_FAILURES_PER_ACCOUNT is gone (it let anyone lock an account): set \
                 RATE_LOGIN_FAILURES_PER_ACCOUNT_CLIENT (per account and client) and \
                 LOGIN_ACCOUNT_FAILURE_CEILING (per account, then growing delays) instead"
            );
        }
        if get("TRUST_PROXY").is_some() {
            bail!(
                "TRUST_PROXY is gone: set TRUSTED_PROXIES to the addresses or CIDR ranges of your \
                 reverse proxies instead (e.g. TRUSTED_PROXIES=127.0.0.1/32), and remove TRUST_PROXY"
            );
        }
        let trusted_proxies: TrustedProxies = get("TRUSTED_PROXIES")
            .unwrap_or_default()
            .parse()
            .map_err(|e| anyhow::anyhow!("TRUSTED_PROXIES: {e}"))?;
        let production = environment == Environment::Production;
        let cookie_secure = match get("COOKIE_SECURE").as_deref() {
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
        let public_url = get("PUBLIC_URL").map(|u| u.trim().trim_end_matches('/').to_owned());
        if let Some(url) = &public_url
            && !(url.starts_with("https://") || url.starts_with("http://"))
        {
            bail!("PUBLIC_URL must be an http:// or https:// URL, not {url:?}");
        }
        if production && public_url.is_none() {
            bail!(
                "PUBLIC_URL is required in production: the address browsers reach this server at, \
                 e.g. PUBLIC_URL=https://courtyard.example"
            );
        }
        let p = AccountPolicy::default();
        let session_absolute_days: i64 =
            num(&get, "SESSION_ABSOLUTE_DAYS", p.session_absolute_days)?;
        if !(1..=3650).contains(&session_absolute_days) {
            bail!("SESSION_ABSOLUTE_DAYS must be 1 to 3650, not {session_absolute_days}");
        }
        let reauth_window_minutes: i64 =
            num(&get, "REAUTH_WINDOW_MINUTES", p.reauth_window_secs / 60)?;
        if !(1..=24 * 60).contains(&reauth_window_minutes) {
            bail!("REAUTH_WINDOW_MINUTES must be 1 to 1440, not {reauth_window_minutes}");
        }
        let sms = sms_settings(&get, environment)?;
        let wechat = wechat_settings(&get)?;
        let ai = ai_settings(&get)?;
        let media = media_settings(&get, production)?;
        let weather = weather_settings(&get)?;
        let g = groups::GroupPolicy::default();
        let groups = groups::GroupPolicy {
            max_owned_per_user: num(&get, "GROUPS_MAX_OWNED_PER_USER", g.max_owned_per_user)?,
            create_rate: rule(&get, "RATE_GROUPS_CREATE", g.create_rate)?,
            invite_attempts: rule(&get, "RATE_GROUP_INVITE_ATTEMPTS", g.invite_attempts)?,
            article_create_rate: rule(&get, "RATE_GROUP_ARTICLES_CREATE", g.article_create_rate)?,
            article_save_rate: rule(&get, "RATE_GROUP_ARTICLE_SAVES", g.article_save_rate)?,
            article_chars_per_user: num(
                &get,
                "GROUPS_ARTICLE_CHARS_PER_USER",
                g.article_chars_per_user,
            )?,
        };
        let username_hold_days: i64 = num(
            &get,
            "USERNAME_HOLD_DAYS",
            accounts::ProfilePolicy::default().username_hold_days,
        )?;
        if !(0..=3650).contains(&username_hold_days) {
            bail!("USERNAME_HOLD_DAYS must be 0 to 3650, not {username_hold_days}");
        }
        let pz = plaza::PlazaPolicy::default();
        let plaza = plaza::PlazaPolicy {
            post_rate: rule(&get, "RATE_PLAZA_POSTS", pz.post_rate)?,
            comment_rate: rule(&get, "RATE_PLAZA_COMMENTS", pz.comment_rate)?,
            like_rate: rule(&get, "RATE_PLAZA_LIKES", pz.like_rate)?,
        };
        Ok(Self {
            environment,
            host: get("HOST").unwrap_or(d.host),
            port: num(&get, "PORT", d.port)?,
            workers: get("WORKERS")
                .map(|w| w.parse().context("WORKERS must be a number"))
                .transpose()?,
            database_url: get("DATABASE_URL").unwrap_or(d.database_url),
            database_max_connections: get("DATABASE_MAX_CONNECTIONS")
                .map(|v| {
                    v.trim().parse().map_err(|_| {
                        anyhow::anyhow!("DATABASE_MAX_CONNECTIONS must be a number, not {v:?}")
                    })
                })
                .transpose()?,
            database_log_statements: flag(&get, "DATABASE_LOG_STATEMENTS", false)?,
            database_acquire_timeout: get("DATABASE_ACQUIRE_TIMEOUT_MS")
                .map(|v| match v.trim().parse::<u64>() {
                    Ok(ms) if ms > 0 => Ok(Duration::from_millis(ms)),
                    _ => Err(anyhow::anyhow!(
                        "DATABASE_ACQUIRE_TIMEOUT_MS must be a positive number of milliseconds, not {v:?}"
                    )),
                })
                .transpose()?,
            static_dir: get("STATIC_DIR").map(PathBuf::from).unwrap_or(d.static_dir),
            cookie_secure,
            trusted_proxies,
            hsts_max_age_secs: num(&get, "HSTS_MAX_AGE_SECONDS", d.hsts_max_age_secs)?,
            allowed_origins: get("ALLOWED_ORIGINS")
                .map(|v| {
                    v.split(',')
                        .map(|o| o.trim().trim_end_matches('/').to_owned())
                        .filter(|o| !o.is_empty())
                        .collect()
                })
                .unwrap_or_default(),
            json_body_limit: num(&get, "JSON_BODY_LIMIT_BYTES", d.json_body_limit)?,
            request_body: body_limits(
                &get,
                ("REQUEST_BODY_TIMEOUT_SECS", "REQUEST_BODY_MIN_BYTES_PER_SEC"),
                d.request_body,
            )?,
            request_head_timeout: Duration::from_millis(num(
                &get,
                "REQUEST_HEAD_TIMEOUT_MS",
                u64::try_from(d.request_head_timeout.as_millis()).unwrap_or(5000),
            )?),
            argon2: Argon2Cost {
                memory_kib: num(&get, "ARGON2_MEMORY_KIB", d.argon2.memory_kib)?,
                iterations: num(&get, "ARGON2_ITERATIONS", d.argon2.iterations)?,
                parallelism: num(&get, "ARGON2_PARALLELISM", d.argon2.parallelism)?,
            },
            hash_limits: hash_limits(&get, d.hash_limits)?,
            accounts: AccountPolicy {
                session_idle_days: num(&get, "SESSION_IDLE_DAYS", p.session_idle_days)?,
                session_touch_secs: p.session_touch_secs,
                session_absolute_days,
                reauth_window_secs: reauth_window_minutes * 60,
                reauth_failures_per_account: rule(
                    &get,
                    "RATE_REAUTH_FAILURES_PER_ACCOUNT",
                    p.reauth_failures_per_account,
                )?,
                bind_codes_per_user: rule(&get, "RATE_BIND_CODES_PER_USER", p.bind_codes_per_user)?,
                login_per_ip: rule(&get, "RATE_LOGIN_PER_IP", p.login_per_ip)?,
                login_failures_per_account_client: rule(
                    &get,
                    "RATE_LOGIN_FAILURES_PER_ACCOUNT_CLIENT",
                    p.login_failures_per_account_client,
                )?,
                login_account_ceiling: rule(
                    &get,
                    "LOGIN_ACCOUNT_FAILURE_CEILING",
                    p.login_account_ceiling,
                )?,
                login_delay_base_secs: p.login_delay_base_secs,
                login_delay_max_secs: num(&get, "LOGIN_DELAY_MAX_SECONDS", p.login_delay_max_secs)?,
                register_per_ip: rule(&get, "RATE_REGISTER_PER_IP", p.register_per_ip)?,
                code_ttl_secs: num(&get, "SMS_CODE_TTL_SECONDS", p.code_ttl_secs)?,
                code_max_attempts: num(&get, "SMS_CODE_MAX_ATTEMPTS", p.code_max_attempts)?,
                code_resend: rule(&get, "RATE_SMS_RESEND", p.code_resend)?,
                sms_per_phone: rule(&get, "RATE_SMS_PER_PHONE", p.sms_per_phone)?,
                sms_per_ip: rule(&get, "RATE_SMS_PER_IP", p.sms_per_ip)?,
            },
            sms,
            wechat,
            public_url,
            ai,
            media,
            groups,
            plaza,
            profiles: accounts::ProfilePolicy { username_hold_days },
            weather,
        })
    }

    pub fn is_production(&self) -> bool {
        self.environment == Environment::Production
    }
}

fn required(get: &impl Fn(&str) -> Option<String>, key: &str, why: &str) -> anyhow::Result<String> {
    get(key).with_context(|| format!("{key} is required {why}"))
}

fn sms_settings(
    get: &impl Fn(&str) -> Option<String>,
    environment: Environment,
) -> anyhow::Result<SmsSettings> {
    let default = match environment {
        Environment::Development => "log",
        Environment::Production => "none",
    };
    match get("SMS_PROVIDER").as_deref().unwrap_or(default) {
        "none" => Ok(SmsSettings::Disabled),
        "log" if environment == Environment::Production => bail!(
            "SMS_PROVIDER=log writes codes to the log and is refused in production; use aliyun or none"
        ),
        "log" => Ok(SmsSettings::Log),
        "aliyun" => {
            let why = "when SMS_PROVIDER=aliyun";
            let mut c = AliyunSmsConfig::new(
                required(get, "ALIYUN_SMS_ACCESS_KEY_ID", why)?,
                SecretString::from(required(get, "ALIYUN_SMS_ACCESS_KEY_SECRET", why)?),
                required(get, "ALIYUN_SMS_SIGN_NAME", why)?,
                required(get, "ALIYUN_SMS_TEMPLATE_CODE", why)?,
            );
            if let Some(endpoint) = get("ALIYUN_SMS_ENDPOINT") {
                c.endpoint = endpoint.trim().trim_end_matches('/').to_owned();
            }
            if let Some(region) = get("ALIYUN_SMS_REGION_ID") {
                c.region_id = region;
            }
            c.timeout = Duration::from_millis(num(get, "SMS_TIMEOUT_MS", 10_000)?);
            Ok(SmsSettings::Aliyun(c))
        }
        other => bail!("SMS_PROVIDER must be log, aliyun or none, not {other:?}"),
    }
}

fn wechat_settings(get: &impl Fn(&str) -> Option<String>) -> anyhow::Result<Option<WechatConfig>> {
    let (id, secret) = match (get("WECHAT_APP_ID"), get("WECHAT_APP_SECRET")) {
        (None, None) => return Ok(None),
        (Some(id), Some(secret)) => (id, secret),
        _ => bail!("WECHAT_APP_ID and WECHAT_APP_SECRET are set together or not at all"),
    };
    let mut c = WechatConfig::new(id.trim(), SecretString::from(secret));
    if let Some(base) = get("WECHAT_API_BASE") {
        c.api_base = base.trim().trim_end_matches('/').to_owned();
    }
    if let Some(base) = get("WECHAT_OAUTH_BASE") {
        c.oauth_base = base.trim().trim_end_matches('/').to_owned();
    }
    c.timeout = Duration::from_millis(num(get, "WECHAT_TIMEOUT_MS", 10_000)?);
    Ok(Some(c))
}

/// Open-Meteo (keyless) unless `WEATHER_ENABLED=false`; `WEATHER_BASE_URL` points it elsewhere
/// (a mirror, a self-hosted instance, a test's fake).
fn weather_settings(
    get: &impl Fn(&str) -> Option<String>,
) -> anyhow::Result<Option<OpenMeteoConfig>> {
    if !flag(get, "WEATHER_ENABLED", true)? {
        return Ok(None);
    }
    let d = OpenMeteoConfig::default();
    let base_url =
        get("WEATHER_BASE_URL").map_or(d.base_url, |u| u.trim().trim_end_matches('/').to_owned());
    if !(base_url.starts_with("http://") || base_url.starts_with("https://")) {
        bail!("WEATHER_BASE_URL must be an http:// or https:// URL, not {base_url:?}");
    }
    let timeout_ms: u64 = num(get, "WEATHER_TIMEOUT_MS", 8_000)?;
    if !(100..=60_000).contains(&timeout_ms) {
        bail!("WEATHER_TIMEOUT_MS must be 100 to 60000, not {timeout_ms}");
    }
    Ok(Some(OpenMeteoConfig {
        base_url,
        timeout: Duration::from_millis(timeout_ms),
    }))
}

/// A provider is configured by a key (DeepSeek or any hosted API) or by a base URL alone (a
/// keyless local server such as Ollama or vLLM).
fn ai_settings(get: &impl Fn(&str) -> Option<String>) -> anyhow::Result<AiSettings> {
    let d = AiSettings::default();
    let base_url = get("LLM_BASE_URL").map(|u| u.trim().trim_end_matches('/').to_owned());
    let api_key = get("LLM_API_KEY").map(SecretString::from);
    let llm = if base_url.is_none() && api_key.is_none() {
        None
    } else {
        let models: Vec<String> = get("LLM_MODELS")
            .unwrap_or_else(|| DEFAULT_LLM_MODELS.to_owned())
            .split(',')
            .map(|m| m.trim().to_owned())
            .filter(|m| !m.is_empty())
            .collect();
        if models.is_empty() {
            bail!("LLM_MODELS must name at least one model");
        }
        let base_url = base_url.unwrap_or_else(|| DEFAULT_LLM_BASE_URL.to_owned());
        if !(base_url.starts_with("http://") || base_url.starts_with("https://")) {
            bail!("LLM_BASE_URL must be an http:// or https:// URL, not {base_url:?}");
        }
        Some(LlmSettings {
            base_url,
            api_key,
            models,
            connect_timeout: Duration::from_millis(num(get, "LLM_CONNECT_TIMEOUT_MS", 10_000)?),
        })
    };
    let p = &d.policy;
    let millis = |key: &str, default: Duration| -> anyhow::Result<Duration> {
        let ms = num(
            get,
            key,
            u64::try_from(default.as_millis()).unwrap_or(u64::MAX),
        )?;
        if ms == 0 {
            bail!("{key} must be above zero");
        }
        Ok(Duration::from_millis(ms))
    };
    let policy = ChatPolicy {
        allow_anonymous: flag(get, "AI_ALLOW_ANONYMOUS", p.allow_anonymous)?,
        limits: ChatLimits {
            max_messages: num(get, "AI_MAX_MESSAGES", p.limits.max_messages)?,
            max_message_chars: num(get, "AI_MAX_MESSAGE_CHARS", p.limits.max_message_chars)?,
            max_total_chars: num(get, "AI_MAX_TOTAL_CHARS", p.limits.max_total_chars)?,
            ..p.limits
        },
        max_concurrent_streams: num(get, "AI_MAX_CONCURRENT_STREAMS", p.max_concurrent_streams)?,
        rate: rule(get, "RATE_AI_CHAT", p.rate)?,
        daily_token_quota: num(get, "AI_DAILY_TOKEN_QUOTA", p.daily_token_quota)?,
        first_token_timeout: millis("AI_FIRST_TOKEN_TIMEOUT_MS", p.first_token_timeout)?,
        total_timeout: millis("AI_TOTAL_TIMEOUT_MS", p.total_timeout)?,
    };
    if policy.max_concurrent_streams == 0 {
        bail!("AI_MAX_CONCURRENT_STREAMS must be above zero");
    }
    Ok(AiSettings {
        llm,
        policy,
        idle_ping: millis("AI_IDLE_PING_MS", d.idle_ping)?,
    })
}

fn hash_limits(get: &impl Fn(&str) -> Option<String>, d: HashLimits) -> anyhow::Result<HashLimits> {
    let concurrency = num(get, "PASSWORD_HASH_CONCURRENCY", d.concurrency)?;
    if concurrency == 0 {
        bail!("PASSWORD_HASH_CONCURRENCY must be above zero");
    }
    let queue_ms = num(
        get,
        "PASSWORD_HASH_QUEUE_MS",
        u64::try_from(d.queue_wait.as_millis()).unwrap_or(u64::MAX),
    )?;
    Ok(HashLimits {
        concurrency,
        queue_wait: Duration::from_millis(queue_ms),
    })
}

fn media_settings(
    get: &impl Fn(&str) -> Option<String>,
    production: bool,
) -> anyhow::Result<MediaSettings> {
    let d = MediaSettings::default();
    let store = match get("MEDIA_STORE").as_deref().unwrap_or("filesystem") {
        "filesystem" => MediaStoreSettings::Filesystem(
            get("MEDIA_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from("data/media")),
        ),
        "s3" => {
            let why = "when MEDIA_STORE=s3";
            let endpoint = get("S3_ENDPOINT").map(|e| e.trim().trim_end_matches('/').to_owned());
            let allow_http = endpoint
                .as_deref()
                .is_some_and(|e| e.starts_with("http://"));
            if allow_http && production {
                bail!("S3_ENDPOINT must be https:// in production");
            }
            MediaStoreSettings::S3(S3Settings {
                endpoint,
                bucket: required(get, "S3_BUCKET", why)?,
                region: get("S3_REGION").unwrap_or_else(|| "us-east-1".to_owned()),
                access_key_id: required(get, "S3_ACCESS_KEY_ID", why)?,
                secret_access_key: SecretString::from(required(get, "S3_SECRET_ACCESS_KEY", why)?),
                allow_http,
            })
        }
        other => bail!("MEDIA_STORE must be filesystem or s3, not {other:?}"),
    };
    let p = d.policy;
    let policy = media::MediaPolicy {
        max_upload_bytes: num(get, "MEDIA_MAX_UPLOAD_BYTES", p.max_upload_bytes)?,
        max_pixels: num(get, "MEDIA_MAX_PIXELS", p.max_pixels)?,
        max_animation_pixels: num(get, "MEDIA_MAX_ANIMATION_PIXELS", p.max_animation_pixels)?,
        thumb_max_edge: num(get, "MEDIA_THUMB_MAX_EDGE", p.thumb_max_edge)?,
        user_quota_bytes: num(get, "MEDIA_USER_QUOTA_BYTES", p.user_quota_bytes)?,
        upload_rate: rule(get, "RATE_MEDIA_UPLOADS_PER_USER", p.upload_rate)?,
        sweep_after_secs: num(get, "MEDIA_SWEEP_AFTER_SECONDS", p.sweep_after_secs)?,
        keep_rate: rule(get, "RATE_MEDIA_KEEPS_PER_USER", p.keep_rate)?,
    };
    if !(16..=4096).contains(&policy.thumb_max_edge) {
        bail!(
            "MEDIA_THUMB_MAX_EDGE must be 16 to 4096, not {}",
            policy.thumb_max_edge
        );
    }
    let workers = ImageWorkerSettings {
        concurrency: num(get, "IMAGE_WORKERS", d.workers.concurrency)?.max(1),
        queue_wait: Duration::from_millis(num(
            get,
            "IMAGE_QUEUE_MS",
            u64::try_from(d.workers.queue_wait.as_millis()).unwrap_or(5000),
        )?),
    };
    Ok(MediaSettings {
        store,
        policy,
        workers,
        upload_concurrency: num(get, "MEDIA_UPLOAD_CONCURRENCY", d.upload_concurrency)?.max(1),
        upload_per_user: num(get, "MEDIA_UPLOAD_PER_USER", d.upload_per_user)?.max(1),
        upload_body: body_limits(
            get,
            (
                "MEDIA_UPLOAD_TIMEOUT_SECS",
                "MEDIA_UPLOAD_MIN_BYTES_PER_SEC",
            ),
            d.upload_body,
        )?,
        upload_queue_wait: Duration::from_millis(num(
            get,
            "MEDIA_UPLOAD_QUEUE_MS",
            u64::try_from(d.upload_queue_wait.as_millis()).unwrap_or(5000),
        )?),
        sweep_interval: d.sweep_interval,
    })
}

/// A [`BodyLimits`] from its timeout (seconds, 1 or more) and minimum rate (bytes per second,
/// `0`: none) settings, with the grace shared by both (`BODY_MIN_RATE_GRACE_SECS`).
fn body_limits(
    get: &impl Fn(&str) -> Option<String>,
    (timeout, rate): (&str, &str),
    d: BodyLimits,
) -> anyhow::Result<BodyLimits> {
    let secs: u64 = num(get, timeout, d.timeout.as_secs())?;
    if secs == 0 {
        bail!("{timeout} must be 1 or more");
    }
    Ok(BodyLimits {
        timeout: Duration::from_secs(secs),
        min_bytes_per_sec: num(get, rate, d.min_bytes_per_sec)?,
        grace: Duration::from_secs(num(get, "BODY_MIN_RATE_GRACE_SECS", d.grace.as_secs())?),
    })
}

fn num<T: std::str::FromStr>(
    get: &impl Fn(&str) -> Option<String>,
    key: &str,
    default: T,
) -> anyhow::Result<T> {
    match get(key) {
        None => Ok(default),
        Some(v) => v
            .trim()
            .parse()
            .map_err(|_| anyhow::anyhow!("{key} must be a number, not {v:?}")),
    }
}

fn flag(get: &impl Fn(&str) -> Option<String>, key: &str, default: bool) -> anyhow::Result<bool> {
    match get(key).as_deref().map(str::trim) {
        None => Ok(default),
        Some("1" | "true" | "yes") => Ok(true),
        Some("0" | "false" | "no") => Ok(false),
        Some(v) => bail!("{key} must be true or false, not {v:?}"),
    }
}

/// A rule written `LIMIT/SECONDS`, e.g. `5/900`.
fn rule(
    get: &impl Fn(&str) -> Option<String>,
    key: &str,
    default: RateLimitRule,
) -> anyhow::Result<RateLimitRule> {
    let Some(v) = get(key) else {
        return Ok(default);
    };
    let parsed = v.split_once('/').and_then(|(l, w)| {
        Some(RateLimitRule {
            limit: l.trim().parse().ok()?,
            window_secs: w.trim().parse().ok()?,
        })
    });
    match parsed {
        Some(r) if r.limit > 0 && r.window_secs > 0 => Ok(r),
        _ => bail!("{key} must be LIMIT/SECONDS with both above zero, e.g. 5/900, not {v:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
    fn weather_is_open_meteo_unless_turned_off_or_pointed_elsewhere() {
        let c = from(&[]).unwrap().weather.unwrap();
        assert_eq!(c.base_url, adapter_weather::DEFAULT_BASE_URL);
        assert_eq!(c.timeout, Duration::from_secs(8));
        let c = from(&[
            ("WEATHER_BASE_URL", " http://127.0.0.1:9/ "),
            ("WEATHER_TIMEOUT_MS", "1500"),
        ])
        .unwrap()
        .weather
        .unwrap();
        assert_eq!(c.base_url, "http://127.0.0.1:9");
        assert_eq!(c.timeout, Duration::from_millis(1500));
        assert!(
            from(&[("WEATHER_ENABLED", "false")])
                .unwrap()
                .weather
                .is_none()
        );
        for (key, bad) in [
            ("WEATHER_BASE_URL", "ftp://x"),
            ("WEATHER_TIMEOUT_MS", "0"),
            ("WEATHER_ENABLED", "maybe"),
        ] {
            let err = from(&[(key, bad)]).unwrap_err();
            assert!(err.to_string().contains(key), "{err}");
        }
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
    fn reads_session_lifetime_and_reauthentication_settings() {
        let d = from(&[]).unwrap();
        assert_eq!(d.accounts.session_absolute_days, 30);
        assert_eq!(d.accounts.reauth_window_secs, 600);
        let c = from(&[
            ("SESSION_ABSOLUTE_DAYS", "7"),
            ("REAUTH_WINDOW_MINUTES", "5"),
            ("RATE_REAUTH_FAILURES_PER_ACCOUNT", "3/600"),
            ("RATE_BIND_CODES_PER_USER", "4/3600"),
        ])
        .unwrap();
        assert_eq!(c.accounts.session_absolute_days, 7);
        assert_eq!(c.accounts.reauth_window_secs, 300);
        assert_eq!(c.accounts.reauth_failures_per_account.limit, 3);
        assert_eq!(c.accounts.bind_codes_per_user.limit, 4);
        for (k, v) in [
            ("SESSION_ABSOLUTE_DAYS", "0"),
            ("SESSION_ABSOLUTE_DAYS", "forever"),
            ("REAUTH_WINDOW_MINUTES", "0"),
            ("REAUTH_WINDOW_MINUTES", "-5"),
        ] {
            let err = from(&[(k, v)]).unwrap_err().to_string();
            assert!(err.contains(k), "{err}");
        }
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

    #[test]
    fn ip_ranges_match_their_prefix_in_either_family() {
        let r = |s: &str| s.parse::<IpRange>().unwrap();
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        assert!(r("10.0.0.0/8").contains(ip("10.255.0.1")));
        assert!(!r("10.0.0.0/8").contains(ip("11.0.0.1")));
        assert!(r("127.0.0.1").contains(ip("127.0.0.1")));
        assert!(!r("127.0.0.1").contains(ip("127.0.0.2")));
        assert!(r("0.0.0.0/0").contains(ip("203.0.113.9")));
        assert!(
            !r("0.0.0.0/0").contains(ip("2001:db8::1")),
            "families never mix"
        );
        assert!(r("2001:db8::/32").contains(ip("2001:db8:ffff::1")));
        assert!(!r("2001:db8::/32").contains(ip("2001:db9::1")));
        assert!(r("::1").contains(ip("::1")));
        // A dual-stack listener reports IPv4 peers as mapped IPv6 addresses.
        assert!(r("127.0.0.1/32").contains(ip("::ffff:127.0.0.1")));
        assert!(r("::ffff:10.0.0.0/104").contains(ip("10.9.9.9")));
        for bad in [
            "10.0.0.0/33",
            "::/129",
            "10.0.0.0/",
            "localhost",
            "10.0.0.0/8/8",
            "",
        ] {
            assert!(bad.parse::<IpRange>().is_err(), "{bad:?}");
        }
        assert!("".parse::<TrustedProxies>().unwrap().is_empty());
    }
}
