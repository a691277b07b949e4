//! Accounts (sign-in, sessions, codes), one's own profile and the administrators' moderation,
//! over the database, argon2 and the configured SMS provider.

use super::metrics::CountedHasher;
use super::{HOUSEKEEPING, Wiring};
use crate::config::AreaSettings;
use crate::config::env::Env;
use crate::http::auth::settings::SmsSettings;
use crate::recorded::RecordedSms;
use accounts::model::{PhoneNumber, VerificationCode};
use accounts::moderation::{ModerationPorts, ModerationService};
use accounts::ports::SmsSender;
use accounts::{
    AccountsError, AccountsPolicy, AccountsPorts, AccountsService, ProfilePolicy, ProfilePorts,
    ProfileService,
};
use adapter_crypto::{Argon2Cost, Argon2Hasher, HashLimits, OsSecretGenerator};
use adapter_sms::{AliyunSmsSender, LogSmsSender};
use async_trait::async_trait;
use media::MediaService;
use std::sync::Arc;

/// Answers every send with `SmsUnavailable`: the honest adapter when no SMS provider is
/// configured (phone login then says so instead of pretending).
struct NoSmsProvider;

#[async_trait]
impl SmsSender for NoSmsProvider {
    async fn send_code(&self, _: &PhoneNumber, _: &VerificationCode) -> Result<(), AccountsError> {
        Err(AccountsError::SmsUnavailable(anyhow::anyhow!(
            "no SMS provider is configured (SMS_PROVIDER=none)"
        )))
    }

    fn provider(&self) -> &'static str {
        "none"
    }
}

/// Password hashing, the sign-in limits, the SMS provider and the profile rules.
///
/// # Errors
/// A malformed or missing value, or the development SMS provider in production.
pub fn settings(env: Env<'_>, areas: &mut AreaSettings) -> anyhow::Result<()> {
    areas.read::<Argon2Cost>(env)?;
    areas.read::<HashLimits>(env)?;
    areas.read::<AccountsPolicy>(env)?;
    areas.read::<SmsSettings>(env)?;
    areas.read::<ProfilePolicy>(env)
}

/// # Errors
/// When the password-hashing parameters are invalid, the SMS provider's HTTP client cannot be
/// built, or the development SMS adapter is asked for in production.
pub fn wire(w: &mut Wiring<'_>) -> anyhow::Result<()> {
    // The operator's word list, asked before text is stored (wired first: `wiring::AREAS`).
    let words: Arc<dyn kernel::WordFilter> = w.service::<::moderation::LiveWordFilter>()?;
    let (config, db) = (w.config, w.db);
    let recorder = w.recorder()?;
    let recorded_sms = |inner: Arc<dyn SmsSender>| -> Arc<dyn SmsSender> {
        Arc::new(RecordedSms {
            inner,
            recorder: recorder.clone(),
        })
    };
    let sms: Arc<dyn SmsSender> = match config.areas.get::<SmsSettings>() {
        SmsSettings::Disabled => Arc::new(NoSmsProvider),
        SmsSettings::Log => recorded_sms(Arc::new(
            LogSmsSender::new(config.is_production()).map_err(|e| anyhow::anyhow!("{e}"))?,
        )),
        SmsSettings::Aliyun(c) => recorded_sms(Arc::new(AliyunSmsSender::new(c.clone())?)),
    };
    let accounts = w.provide(Arc::new(AccountsService::new(
        AccountsPorts {
            users: Arc::new(db.users()),
            sessions: Arc::new(db.sessions()),
            // Counted in the metrics: the hashes waiting or running, and how they ended.
            hasher: Arc::new(CountedHasher::new(
                Argon2Hasher::new(
                    *config.areas.get::<Argon2Cost>(),
                    *config.areas.get::<HashLimits>(),
                )?,
                config.areas.get::<HashLimits>().concurrency,
                recorder.metrics.clone(),
            )),
            secrets: Arc::new(OsSecretGenerator),
            limiter: Arc::new(db.rate_limiter()),
            codes: Arc::new(db.verification_codes()),
            sms,
            clock: w.clock.clone(),
            audit: Arc::new(db.audit_log()),
        },
        config.areas.get::<AccountsPolicy>().clone(),
    )));
    // The signed-in user's own profile: its avatar is stored media (wired before this area,
    // `wiring::AREAS`).
    let profiles = ProfileService::new(
        ProfilePorts {
            users: Arc::new(db.users()),
            media: w.service::<MediaService>()?,
            clock: w.clock.clone(),
            words: words.clone(),
        },
        *config.areas.get::<ProfilePolicy>(),
    );
    w.provide(Arc::new(profiles));
    // An administrator disables or enables an account (audited).
    w.provide(Arc::new(ModerationService::new(ModerationPorts {
        users: Arc::new(db.users()),
        audit: Arc::new(db.audit_log()),
        clock: w.clock.clone(),
    })));
    w.every(HOUSEKEEPING, move || {
        let accounts = accounts.clone();
        async move {
            if let Err(e) = accounts.purge_expired_sessions().await {
                tracing::warn!(error = %e, "purging expired sessions failed");
            }
            if let Err(e) = accounts.purge_expired_codes().await {
                tracing::warn!(error = %e, "purging verification codes failed");
            }
        }
    });
    Ok(())
}
