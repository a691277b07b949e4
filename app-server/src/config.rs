//! Configuration from environment variables, each with a safe default. Every variable is listed
//! in `docs/configuration.md` and `.env.example`; a malformed value stops the server at start
//! with a message naming the variable.

use accounts::AccountPolicy;
use adapter_crypto::Argon2Cost;
use adapter_sms::AliyunSmsConfig;
use adapter_wechat::WechatConfig;
use anyhow::{Context, bail};
use chat::ChatPolicy;
use chat::model::ChatLimits;
use kernel::RateLimitRule;
use secrecy::SecretString;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Environment {
    Development,
    Production,
}

/// When the session cookie gets the `Secure` flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CookieSecure {
    /// When the request came over https (directly or, with `TRUST_PROXY`, via a proxy).
    Auto,
    Always,
    Never,
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
    /// Whether visitors who are not signed in may chat (limited per address).
    pub allow_anonymous: bool,
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
            allow_anonymous: false,
            policy: ChatPolicy::default(),
            idle_ping: Duration::from_millis(300),
        }
    }
}

/// DeepSeek, the default provider (`LLM_BASE_URL` replaces it).
pub const DEFAULT_LLM_BASE_URL: &str = "https://api.deepseek.com";
pub const DEFAULT_LLM_MODELS: &str = "deepseek-chat,deepseek-reasoner";

#[derive(Debug, Clone)]
pub struct Config {
    pub environment: Environment,
    pub host: String,
    pub port: u16,
    pub workers: Option<usize>,
    pub database_url: String,
    /// `None`: [`Database::default_pool_size`](adapter_postgres::Database::default_pool_size).
    pub database_max_connections: Option<u32>,
    pub static_dir: PathBuf,
    pub cookie_secure: CookieSecure,
    pub trust_proxy: bool,
    /// Origins besides the request's own that may send cookie-authenticated writes.
    pub allowed_origins: Vec<String>,
    pub json_body_limit: usize,
    pub argon2: Argon2Cost,
    pub accounts: AccountPolicy,
    pub sms: SmsSettings,
    /// `None` when WeChat is not configured (no app id and secret).
    pub wechat: Option<WechatConfig>,
    /// The address browsers reach this server at (`https://courtyard.example`), for WeChat's
    /// OAuth callback; without it the request's own scheme and host are used.
    pub public_url: Option<String>,
    pub ai: AiSettings,
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
            static_dir: PathBuf::from("frontend/dist"),
            cookie_secure: CookieSecure::Auto,
            trust_proxy: false,
            allowed_origins: Vec::new(),
            json_body_limit: 64 * 1024,
            argon2: Argon2Cost::default(),
            accounts: AccountPolicy::default(),
            sms: SmsSettings::Log,
            wechat: None,
            public_url: None,
            ai: AiSettings::default(),
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
    /// When a variable is set to something that does not parse.
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        let d = Self::default();
        let environment = match get("COURTYARD_ENV").as_deref() {
            None | Some("development") => Environment::Development,
            Some("production") => Environment::Production,
            Some(other) => {
                bail!("COURTYARD_ENV must be 'development' or 'production', not {other:?}")
            }
        };
        let cookie_secure = match get("COOKIE_SECURE").as_deref() {
            None | Some("auto") => CookieSecure::Auto,
            Some("always") => CookieSecure::Always,
            Some("never") => CookieSecure::Never,
            Some(other) => bail!("COOKIE_SECURE must be auto, always or never, not {other:?}"),
        };
        let p = AccountPolicy::default();
        let sms = sms_settings(&get, environment)?;
        let wechat = wechat_settings(&get)?;
        let ai = ai_settings(&get)?;
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
            static_dir: get("STATIC_DIR").map(PathBuf::from).unwrap_or(d.static_dir),
            cookie_secure,
            trust_proxy: flag(&get, "TRUST_PROXY", d.trust_proxy)?,
            allowed_origins: get("ALLOWED_ORIGINS")
                .map(|v| {
                    v.split(',')
                        .map(|o| o.trim().trim_end_matches('/').to_owned())
                        .filter(|o| !o.is_empty())
                        .collect()
                })
                .unwrap_or_default(),
            json_body_limit: num(&get, "JSON_BODY_LIMIT_BYTES", d.json_body_limit)?,
            argon2: Argon2Cost {
                memory_kib: num(&get, "ARGON2_MEMORY_KIB", d.argon2.memory_kib)?,
                iterations: num(&get, "ARGON2_ITERATIONS", d.argon2.iterations)?,
                parallelism: num(&get, "ARGON2_PARALLELISM", d.argon2.parallelism)?,
            },
            accounts: AccountPolicy {
                session_idle_days: num(&get, "SESSION_IDLE_DAYS", p.session_idle_days)?,
                session_touch_secs: p.session_touch_secs,
                login_per_ip: rule(&get, "RATE_LOGIN_PER_IP", p.login_per_ip)?,
                login_failures_per_account: rule(
                    &get,
                    "RATE_LOGIN_FAILURES_PER_ACCOUNT",
                    p.login_failures_per_account,
                )?,
                register_per_ip: rule(&get, "RATE_REGISTER_PER_IP", p.register_per_ip)?,
                code_ttl_secs: num(&get, "SMS_CODE_TTL_SECONDS", p.code_ttl_secs)?,
                code_max_attempts: num(&get, "SMS_CODE_MAX_ATTEMPTS", p.code_max_attempts)?,
                code_resend: rule(&get, "RATE_SMS_RESEND", p.code_resend)?,
                sms_per_phone: rule(&get, "RATE_SMS_PER_PHONE", p.sms_per_phone)?,
                sms_per_ip: rule(&get, "RATE_SMS_PER_IP", p.sms_per_ip)?,
            },
            sms,
            wechat,
            public_url: get("PUBLIC_URL").map(|u| u.trim().trim_end_matches('/').to_owned()),
            ai,
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
        allow_anonymous: flag(get, "AI_ALLOW_ANONYMOUS", d.allow_anonymous)?,
        policy,
        idle_ping: millis("AI_IDLE_PING_MS", d.idle_ping)?,
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

    #[test]
    fn the_log_sms_provider_is_refused_in_production() {
        let err = from(&[("COURTYARD_ENV", "production"), ("SMS_PROVIDER", "log")]).unwrap_err();
        assert!(err.to_string().contains("refused in production"), "{err}");
        assert_eq!(
            from(&[("COURTYARD_ENV", "production")]).unwrap().sms.name(),
            "none"
        );
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
    fn defaults_need_no_database_server() {
        let c = from(&[]).unwrap();
        assert!(c.database_url.starts_with("sqlite://"));
        assert_eq!((c.host.as_str(), c.port), ("127.0.0.1", 8080));
        assert_eq!(c.environment, Environment::Development);
    }

    #[test]
    fn reads_rules_origins_and_flags() {
        let c = from(&[
            ("RATE_LOGIN_FAILURES_PER_ACCOUNT", "3/60"),
            ("ALLOWED_ORIGINS", "https://a.example/, https://b.example"),
            ("TRUST_PROXY", "true"),
            ("COURTYARD_ENV", "production"),
        ])
        .unwrap();
        assert_eq!(
            c.accounts.login_failures_per_account,
            RateLimitRule {
                limit: 3,
                window_secs: 60
            }
        );
        assert_eq!(
            c.allowed_origins,
            vec!["https://a.example", "https://b.example"]
        );
        assert!(c.trust_proxy && c.is_production());
    }

    #[test]
    fn malformed_values_name_the_variable() {
        for (k, v) in [
            ("PORT", "eighty"),
            ("RATE_LOGIN_PER_IP", "5"),
            ("RATE_LOGIN_PER_IP", "0/60"),
            ("TRUST_PROXY", "maybe"),
            ("COURTYARD_ENV", "prod"),
        ] {
            let err = from(&[(k, v)]).unwrap_err().to_string();
            assert!(err.contains(k), "{err}");
        }
    }
}
