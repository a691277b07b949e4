//! The sign-in settings: password hashing, sessions and sign-in limits (`AccountsPolicy`), and
//! who delivers SMS codes (the WeChat official account's are the `wechat` area's). Read at start
//! by its wiring ([`crate::config::Settings`]) through the loader; every variable is in `docs/configuration.md`.

use crate::config::env::Env;
use crate::config::server::Environment;
use crate::config::settings::Settings;
use accounts::AccountsPolicy;
use adapter_crypto::{Argon2Cost, HashLimits};
use adapter_sms::AliyunSmsConfig;
use anyhow::bail;
use secrecy::SecretString;
use std::time::Duration;

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

impl Settings for SmsSettings {
    /// `SMS_PROVIDER` (`log` in development, `none` in production) and Aliyun's credentials.
    ///
    /// # Errors
    /// An unknown provider, `log` in production, or Aliyun without its credentials.
    fn read(env: Env<'_>) -> anyhow::Result<Self> {
        let environment = if env.production() {
            Environment::Production
        } else {
            Environment::Development
        };
        let default = match environment {
            Environment::Development => "log",
            Environment::Production => "none",
        };
        match env.get("SMS_PROVIDER").as_deref().unwrap_or(default) {
            "none" => Ok(Self::Disabled),
            "log" if environment == Environment::Production => bail!(
                "SMS_PROVIDER=log writes codes to the log and is refused in production; use aliyun or none"
            ),
            "log" => Ok(Self::Log),
            "aliyun" => {
                let why = "when SMS_PROVIDER=aliyun";
                let mut c = AliyunSmsConfig::new(
                    env.required("ALIYUN_SMS_ACCESS_KEY_ID", why)?,
                    SecretString::from(env.required("ALIYUN_SMS_ACCESS_KEY_SECRET", why)?),
                    env.required("ALIYUN_SMS_SIGN_NAME", why)?,
                    env.required("ALIYUN_SMS_TEMPLATE_CODE", why)?,
                );
                if let Some(endpoint) = env.url("ALIYUN_SMS_ENDPOINT") {
                    c.endpoint = endpoint;
                }
                if let Some(region) = env.get("ALIYUN_SMS_REGION_ID") {
                    c.region_id = region;
                }
                c.timeout = env.millis("SMS_TIMEOUT_MS", Duration::from_secs(10))?;
                Ok(Self::Aliyun(c))
            }
            other => bail!("SMS_PROVIDER must be log, aliyun or none, not {other:?}"),
        }
    }
}

/// Sessions, re-authentication and the limits on signing in, registering and SMS codes.
///
/// # Errors
/// A malformed value, or a session or re-authentication window out of its range.
pub fn account_policy(env: Env<'_>) -> anyhow::Result<AccountsPolicy> {
    let p = AccountsPolicy::default();
    let session_absolute_days =
        env.num_in("SESSION_ABSOLUTE_DAYS", p.session_absolute_days, 1..=3650)?;
    let reauth_window_minutes: i64 = env.num_in(
        "REAUTH_WINDOW_MINUTES",
        p.reauth_window_secs / 60,
        1..=24 * 60,
    )?;
    Ok(AccountsPolicy {
        session_idle_days: env.num("SESSION_IDLE_DAYS", p.session_idle_days)?,
        session_touch_secs: p.session_touch_secs,
        session_absolute_days,
        reauth_window_secs: reauth_window_minutes * 60,
        reauth_failures_per_account: env.rule(
            "RATE_REAUTH_FAILURES_PER_ACCOUNT",
            p.reauth_failures_per_account,
        )?,
        bind_codes_per_user: env.rule("RATE_BIND_CODES_PER_USER", p.bind_codes_per_user)?,
        login_per_ip: env.rule("RATE_LOGIN_PER_IP", p.login_per_ip)?,
        login_failures_per_account_client: env.rule(
            "RATE_LOGIN_FAILURES_PER_ACCOUNT_CLIENT",
            p.login_failures_per_account_client,
        )?,
        login_account_ceiling: env
            .rule("LOGIN_ACCOUNT_FAILURE_CEILING", p.login_account_ceiling)?,
        login_delay_base_secs: p.login_delay_base_secs,
        login_delay_max_secs: env.num("LOGIN_DELAY_MAX_SECONDS", p.login_delay_max_secs)?,
        register_per_ip: env.rule("RATE_REGISTER_PER_IP", p.register_per_ip)?,
        code_ttl_secs: env.num("SMS_CODE_TTL_SECONDS", p.code_ttl_secs)?,
        code_max_attempts: env.num("SMS_CODE_MAX_ATTEMPTS", p.code_max_attempts)?,
        code_resend: env.rule("RATE_SMS_RESEND", p.code_resend)?,
        sms_per_phone: env.rule("RATE_SMS_PER_PHONE", p.sms_per_phone)?,
        sms_per_ip: env.rule("RATE_SMS_PER_IP", p.sms_per_ip)?,
    })
}

/// argon2id's cost (`ARGON2_*`; OWASP's minimum by default).
///
/// # Errors
/// A value that is not a number.
pub fn argon2(env: Env<'_>) -> anyhow::Result<Argon2Cost> {
    let d = Argon2Cost::default();
    Ok(Argon2Cost {
        memory_kib: env.num("ARGON2_MEMORY_KIB", d.memory_kib)?,
        iterations: env.num("ARGON2_ITERATIONS", d.iterations)?,
        parallelism: env.num("ARGON2_PARALLELISM", d.parallelism)?,
    })
}

/// Password hashes in flight and how long the rest wait (`PASSWORD_HASH_*`).
///
/// # Errors
/// A value that is not a number, or no hash at a time.
pub fn hash_limits(env: Env<'_>) -> anyhow::Result<HashLimits> {
    let d = HashLimits::default();
    let concurrency = env.num("PASSWORD_HASH_CONCURRENCY", d.concurrency)?;
    if concurrency == 0 {
        bail!("PASSWORD_HASH_CONCURRENCY must be above zero");
    }
    Ok(HashLimits {
        concurrency,
        queue_wait: env.millis("PASSWORD_HASH_QUEUE_MS", d.queue_wait)?,
    })
}

impl Settings for AccountsPolicy {
    fn read(env: Env<'_>) -> anyhow::Result<Self> {
        account_policy(env)
    }
}

impl Settings for Argon2Cost {
    fn read(env: Env<'_>) -> anyhow::Result<Self> {
        argon2(env)
    }
}

impl Settings for HashLimits {
    fn read(env: Env<'_>) -> anyhow::Result<Self> {
        hash_limits(env)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::env::read_pairs;

    fn from(pairs: &[(&str, &str)]) -> anyhow::Result<AccountsPolicy> {
        read_pairs(pairs, account_policy)
    }

    #[test]
    fn reads_session_lifetime_and_reauthentication_settings() {
        let d = from(&[]).unwrap();
        assert_eq!(d.session_absolute_days, 30);
        assert_eq!(d.reauth_window_secs, 600);
        let c = from(&[
            ("SESSION_ABSOLUTE_DAYS", "7"),
            ("REAUTH_WINDOW_MINUTES", "5"),
            ("RATE_REAUTH_FAILURES_PER_ACCOUNT", "3/600"),
            ("RATE_BIND_CODES_PER_USER", "4/3600"),
        ])
        .unwrap();
        assert_eq!(c.session_absolute_days, 7);
        assert_eq!(c.reauth_window_secs, 300);
        assert_eq!(c.reauth_failures_per_account.limit, 3);
        assert_eq!(c.bind_codes_per_user.limit, 4);
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
}
