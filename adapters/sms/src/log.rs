//! The development SMS adapter: nothing is sent, the code goes to the log.

use accounts::AccountsError;
use accounts::model::{PhoneNumber, VerificationCode};
use accounts::ports::SmsSender;
use async_trait::async_trait;

/// The `tracing` target of [`LogSmsSender`]'s lines, so a developer can filter for them
/// (`RUST_LOG=courtyard::sms::development=warn`).
pub const DEVELOPMENT_LOG_TARGET: &str = "courtyard::sms::development";

/// [`LogSmsSender::new`] was asked for a production server.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "the development SMS adapter (log) refuses to run in production: configure a real SMS provider"
)]
pub struct RefusedInProduction;

/// Development only: instead of sending an SMS, writes
/// `DEVELOPMENT SMS (not sent): code 123456 for +8613800138000 (development only: full number shown)`
/// at `warn` level to [`DEVELOPMENT_LOG_TARGET`].
///
/// This is the one place where a verification code and a full phone number reach the log, so
/// that a developer can match the code to the number they typed. It therefore cannot be built
/// for production: [`LogSmsSender::new`] refuses when `is_production` is true.
#[derive(Debug, Clone, Copy)]
pub struct LogSmsSender {
    _development_only: (),
}

impl LogSmsSender {
    /// # Errors
    /// [`RefusedInProduction`] when `is_production` is true.
    pub fn new(is_production: bool) -> Result<Self, RefusedInProduction> {
        if is_production {
            return Err(RefusedInProduction);
        }
        Ok(Self {
            _development_only: (),
        })
    }
}

#[async_trait]
impl SmsSender for LogSmsSender {
    /// Never fails.
    async fn send_code(
        &self,
        phone: &PhoneNumber,
        code: &VerificationCode,
    ) -> Result<(), AccountsError> {
        tracing::warn!(
            target: DEVELOPMENT_LOG_TARGET,
            "DEVELOPMENT SMS (not sent): code {} for {} (development only: full number shown)",
            code.expose(),
            phone.e164()
        );
        Ok(())
    }

    fn provider(&self) -> &'static str {
        "log"
    }
}
