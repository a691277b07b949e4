//! The outside systems' ports, each wrapped so that every call's outcome is recorded for the
//! admin overview ([`system::IntegrationRecorder`]: one upsert per attempt, in the database every
//! instance shares) and counted in this instance's metrics (`courtyard_outside_calls_total`,
//! [`crate::metrics`]). Wired in [`crate::wiring`] around the configured adapters only: an
//! integration that is not configured is never called, so it has no attempts. The media store
//! is counted too (`object_store`), though the overview does not list it.
//!
//! The recorded failure is a fixed word per kind of failure (`timeout`, `unreachable`,
//! `refused` …), never the provider's text, so no key, phone number or message is stored. A
//! refusal caused by the user's own input (a number that is not a mobile, a stale WeChat code,
//! a request the model refuses as too long) shows the provider answered: it counts as a success.

use crate::metrics::{EventStream as OpenStream, Metrics};
use accounts::AccountsError;
use accounts::model::{PhoneNumber, VerificationCode, WechatProfile};
use accounts::ports::{SmsSender, WechatOAuth};
use async_trait::async_trait;
use chat::LlmError;
use chat::ports::{EventStream, LlmProvider};
use chrono::{DateTime, Utc};
use media::MediaError;
use media::ports::MediaStore;
use std::sync::Arc;
use system::{Integration, IntegrationRecorder, Outcome};
use weather::ports::{ProviderError, WeatherProvider};
use wechat::WechatError;
use wechat::access_token::IssuedAccessToken;
use wechat::menu::Menu;
use wechat::ports::WechatOfficialApi;

/// Where an outside call's outcome goes: the shared record of the admin overview and this
/// instance's metrics.
#[derive(Clone)]
pub struct Recorder {
    pub integrations: IntegrationRecorder,
    pub metrics: Arc<Metrics>,
}

impl Recorder {
    /// Counts the outcome, then records it for the overview.
    pub async fn record(&self, integration: Integration, outcome: Outcome) {
        self.metrics
            .outside_call(integration.as_str(), result_label(outcome));
        self.integrations.record(integration, outcome).await;
    }
}

/// The `result` label of an outcome: `ok`, or the failure's fixed word.
pub fn result_label(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Ok => "ok",
        Outcome::Failed(word) => word,
    }
}

/// The SMS provider, recorded as `sms`.
pub struct RecordedSms {
    pub inner: Arc<dyn SmsSender>,
    pub recorder: Recorder,
}

/// What an SMS send's result says of the provider.
pub fn sms_outcome(result: &Result<(), AccountsError>) -> Outcome {
    match result {
        Ok(()) | Err(AccountsError::InvalidPhone) => Outcome::Ok,
        Err(AccountsError::SmsThrottled) => Outcome::Failed("throttled"),
        Err(AccountsError::SmsRejected { .. }) => Outcome::Failed("rejected"),
        Err(AccountsError::SmsUnavailable(_)) => Outcome::Failed("unavailable"),
        Err(_) => Outcome::Failed("unexpected"),
    }
}

#[async_trait]
impl SmsSender for RecordedSms {
    async fn send_code(
        &self,
        phone: &PhoneNumber,
        code: &VerificationCode,
    ) -> Result<(), AccountsError> {
        let result = self.inner.send_code(phone, code).await;
        self.recorder
            .record(Integration::Sms, sms_outcome(&result))
            .await;
        result
    }

    fn provider(&self) -> &'static str {
        self.inner.provider()
    }
}

/// WeChat: the OAuth code exchange and the access token, recorded as `wechat`. The menu calls
/// pass through (they need a token first, whose refresh is recorded).
pub struct RecordedWechat<T> {
    pub inner: Arc<T>,
    pub recorder: Recorder,
}

fn wechat_outcome<V>(result: &Result<V, WechatError>) -> Outcome {
    match result {
        Ok(_) => Outcome::Ok,
        Err(WechatError::InvalidCredential { .. }) => Outcome::Failed("invalid_credential"),
        Err(WechatError::UpstreamRateLimited) => Outcome::Failed("rate_limited"),
        Err(WechatError::Upstream { .. }) => Outcome::Failed("refused"),
        Err(WechatError::Unavailable(_)) => Outcome::Failed("unavailable"),
        Err(_) => Outcome::Failed("unexpected"),
    }
}

#[async_trait]
impl<T: WechatOAuth + 'static> WechatOAuth for RecordedWechat<T> {
    fn authorize_url(&self, redirect_uri: &str, state: &str) -> String {
        self.inner.authorize_url(redirect_uri, state)
    }

    async fn exchange_code(&self, code: &str) -> Result<WechatProfile, AccountsError> {
        let result = self.inner.exchange_code(code).await;
        let outcome = match &result {
            Ok(_) | Err(AccountsError::WechatCodeRejected) => Outcome::Ok,
            Err(AccountsError::WechatUnavailable(_)) => Outcome::Failed("unavailable"),
            Err(_) => Outcome::Failed("unexpected"),
        };
        self.recorder.record(Integration::Wechat, outcome).await;
        result
    }
}

#[async_trait]
impl<T: WechatOfficialApi + 'static> WechatOfficialApi for RecordedWechat<T> {
    fn app_id(&self) -> String {
        self.inner.app_id()
    }

    async fn stable_token(&self, force_refresh: bool) -> Result<IssuedAccessToken, WechatError> {
        let result = self.inner.stable_token(force_refresh).await;
        self.recorder
            .record(Integration::Wechat, wechat_outcome(&result))
            .await;
        result
    }

    async fn get_menu(&self, access_token: &str) -> Result<Option<Menu>, WechatError> {
        self.inner.get_menu(access_token).await
    }

    async fn create_menu(&self, access_token: &str, menu: &Menu) -> Result<(), WechatError> {
        self.inner.create_menu(access_token, menu).await
    }

    async fn delete_menu(&self, access_token: &str) -> Result<(), WechatError> {
        self.inner.delete_menu(access_token).await
    }
}

/// The language model, recorded as `llm` once it accepted a request or failed to; an answer it
/// streams counts as an open `ai_chat` stream until the answer ends or its browser goes.
pub struct RecordedLlm {
    pub inner: Arc<dyn LlmProvider>,
    pub recorder: Recorder,
}

fn llm_outcome(result: &Result<EventStream, LlmError>) -> Outcome {
    match result {
        Ok(_) | Err(LlmError::Rejected { .. }) => Outcome::Ok,
        Err(LlmError::Unauthorized { .. }) => Outcome::Failed("invalid_credential"),
        Err(LlmError::RateLimited { .. }) => Outcome::Failed("rate_limited"),
        Err(LlmError::Upstream { .. }) => Outcome::Failed("refused"),
        Err(LlmError::Unreachable(_)) => Outcome::Failed("unreachable"),
        Err(LlmError::Timeout) => Outcome::Failed("timeout"),
        Err(LlmError::Malformed(_)) => Outcome::Failed("malformed"),
        Err(LlmError::Dropped(_)) => Outcome::Failed("unavailable"),
    }
}

/// Records `timeout` when the call it guards is dropped unfinished: the chat service gives the
/// provider a deadline for its first answer and drops the call when it passes.
struct Unanswered(Option<Recorder>);

impl Drop for Unanswered {
    fn drop(&mut self) {
        if let Some(recorder) = self.0.take() {
            tokio::spawn(async move {
                recorder
                    .record(Integration::Llm, Outcome::Failed("timeout"))
                    .await;
            });
        }
    }
}

#[async_trait]
impl LlmProvider for RecordedLlm {
    async fn stream_chat(&self, request: &chat::ChatRequest) -> Result<EventStream, LlmError> {
        let mut guard = Unanswered(Some(self.recorder.clone()));
        let result = self.inner.stream_chat(request).await;
        guard.0 = None;
        self.recorder
            .record(Integration::Llm, llm_outcome(&result))
            .await;
        let events = result?;
        Ok(Box::pin(
            self.recorder
                .metrics
                .open_stream(OpenStream::AiChat, events),
        ))
    }

    fn name(&self) -> &str {
        self.inner.name()
    }
}

/// The weather provider, recorded as `weather` on every refresh.
pub struct RecordedWeather {
    pub inner: Arc<dyn WeatherProvider>,
    pub recorder: Recorder,
}

#[async_trait]
impl WeatherProvider for RecordedWeather {
    async fn fetch(
        &self,
        places: Vec<weather::Place>,
        now: DateTime<Utc>,
    ) -> Result<weather::Snapshot, ProviderError> {
        let result = self.inner.fetch(places, now).await;
        let outcome = match &result {
            Ok(_) => Outcome::Ok,
            Err(ProviderError::Refused(_)) => Outcome::Failed("refused"),
            Err(ProviderError::Timeout) => Outcome::Failed("timeout"),
            Err(ProviderError::Unreachable(_)) => Outcome::Failed("unreachable"),
            Err(ProviderError::Malformed(_)) => Outcome::Failed("malformed"),
        };
        self.recorder.record(Integration::Weather, outcome).await;
        result
    }

    fn attribution(&self) -> &'static str {
        self.inner.attribution()
    }
}

/// The media store (a folder or a bucket), counted as `object_store`: `ok`, or `error` when
/// it could not be reached or refused. Not part of the overview's record.
pub struct RecordedStore {
    pub inner: Arc<dyn MediaStore>,
    pub metrics: Arc<Metrics>,
}

impl RecordedStore {
    fn count<T>(&self, result: &Result<T, MediaError>) {
        let word = if result.is_ok() { "ok" } else { "error" };
        self.metrics.outside_call("object_store", word);
    }
}

#[async_trait]
impl MediaStore for RecordedStore {
    async fn put(&self, key: &str, bytes: Vec<u8>, content_type: &str) -> Result<(), MediaError> {
        let result = self.inner.put(key, bytes, content_type).await;
        self.count(&result);
        result
    }

    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, MediaError> {
        let result = self.inner.get(key).await;
        self.count(&result);
        result
    }

    async fn delete(&self, key: &str) -> Result<(), MediaError> {
        let result = self.inner.delete(key).await;
        self.count(&result);
        result
    }

    fn kind(&self) -> &'static str {
        self.inner.kind()
    }

    async fn check(&self) -> Result<(), MediaError> {
        let result = self.inner.check().await;
        self.count(&result);
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_of_the_users_input_shows_the_provider_answered() {
        assert_eq!(sms_outcome(&Err(AccountsError::InvalidPhone)), Outcome::Ok);
        assert_eq!(
            sms_outcome(&Err(AccountsError::SmsRejected {
                provider_code: "isv.AMOUNT_NOT_ENOUGH".into()
            })),
            Outcome::Failed("rejected")
        );
        assert_eq!(
            sms_outcome(&Err(AccountsError::SmsUnavailable(anyhow::anyhow!("x")))),
            Outcome::Failed("unavailable")
        );
    }
}
