//! The configuration as the server reads it at start (`startup::configuration`): the server's
//! own settings and every wired area's, their defaults, and the messages that name a malformed
//! variable. No server is started.

use accounts::AccountsPolicy;
use adapter_crypto::HashLimits;
use adapter_wechat::WechatConfig;
use app_server::config::{Config, CookieSecure, Environment};
use app_server::http::auth::settings::SmsSettings;
use app_server::startup::configuration;
use kernel::RateLimitRule;
use std::collections::HashMap;
use std::time::Duration;

fn from(pairs: &[(&str, &str)]) -> anyhow::Result<Config> {
    let map: HashMap<String, String> = pairs
        .iter()
        .map(|(k, v)| ((*k).into(), (*v).into()))
        .collect();
    configuration(|k| map.get(k).cloned())
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
    assert_eq!(
        production(&[]).unwrap().areas.get::<SmsSettings>().name(),
        "none"
    );
    assert_eq!(from(&[]).unwrap().areas.get::<SmsSettings>().name(), "log");
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
    let SmsSettings::Aliyun(a) = c.areas.get::<SmsSettings>() else {
        panic!("aliyun expected")
    };
    assert_eq!(a.endpoint, "http://127.0.0.1:9");
    assert!(!format!("{c:?}").contains("s3cret"), "secrets never print");
    assert_eq!(
        c.areas
            .get::<Option<WechatConfig>>()
            .as_ref()
            .unwrap()
            .api_base,
        "http://127.0.0.1:9"
    );
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
        c.areas
            .get::<AccountsPolicy>()
            .login_failures_per_account_client,
        RateLimitRule {
            limit: 3,
            window_secs: 60
        }
    );
    assert_eq!(
        c.areas.get::<AccountsPolicy>().login_account_ceiling,
        RateLimitRule {
            limit: 50,
            window_secs: 3600
        }
    );
    assert_eq!(c.areas.get::<AccountsPolicy>().login_delay_max_secs, 120);
    assert_eq!(
        *c.areas.get::<HashLimits>(),
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
