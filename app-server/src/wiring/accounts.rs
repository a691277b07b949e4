//! Accounts (sign-in, sessions, codes), one's own profile and the administrators' moderation,
//! over the database, argon2 and the configured SMS provider.

use super::Wiring;
use crate::config::SmsSettings;
use crate::recorded::RecordedSms;
use accounts::model::{PhoneNumber, VerificationCode};
use accounts::moderation::{ModerationPorts, ModerationService};
use accounts::ports::SmsSender;
use accounts::{AccountsError, AccountsPorts, AccountsService, ProfilePorts, ProfileService};
use adapter_crypto::{Argon2Hasher, OsSecretGenerator};
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

/// # Errors
/// When the password-hashing parameters are invalid, the SMS provider's HTTP client cannot be
/// built, or the development SMS adapter is asked for in production.
pub fn wire(w: &Wiring<'_>) -> anyhow::Result<Arc<AccountsService>> {
    let (config, db) = (w.config, w.db);
    let recorded_sms = |inner: Arc<dyn SmsSender>| -> Arc<dyn SmsSender> {
        Arc::new(RecordedSms {
            inner,
            recorder: w.recorder.clone(),
        })
    };
    let sms: Arc<dyn SmsSender> = match &config.sms {
        SmsSettings::Disabled => Arc::new(NoSmsProvider),
        SmsSettings::Log => recorded_sms(Arc::new(
            LogSmsSender::new(config.is_production()).map_err(|e| anyhow::anyhow!("{e}"))?,
        )),
        SmsSettings::Aliyun(c) => recorded_sms(Arc::new(AliyunSmsSender::new(c.clone())?)),
    };
    Ok(Arc::new(AccountsService::new(
        AccountsPorts {
            users: Arc::new(db.users()),
            sessions: Arc::new(db.sessions()),
            hasher: Arc::new(Argon2Hasher::new(config.argon2, config.hash_limits)?),
            secrets: Arc::new(OsSecretGenerator),
            limiter: Arc::new(db.rate_limiter()),
            codes: Arc::new(db.verification_codes()),
            sms,
            clock: w.clock.clone(),
            audit: Arc::new(db.audit_log()),
        },
        config.accounts.clone(),
    )))
}

/// The signed-in user's own profile (its avatar is stored media).
pub fn profiles(w: &Wiring<'_>, media: Arc<MediaService>) -> Arc<ProfileService> {
    Arc::new(ProfileService::new(
        ProfilePorts {
            users: Arc::new(w.db.users()),
            media,
            clock: w.clock.clone(),
        },
        w.config.profiles,
    ))
}

/// An administrator disables or enables an account (audited).
pub fn moderation(w: &Wiring<'_>) -> Arc<ModerationService> {
    Arc::new(ModerationService::new(ModerationPorts {
        users: Arc::new(w.db.users()),
        audit: Arc::new(w.db.audit_log()),
        clock: w.clock.clone(),
    }))
}
