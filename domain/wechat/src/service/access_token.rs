//! The central access token: one lease-guarded token for every server instance.
//!
//! The token is shared through [`AccessTokenStore`]. Whoever needs a new one takes the store's
//! lease, reads the row again (another instance may have just refreshed), and only then calls
//! WeChat; an instance that finds the lease taken waits for the holder's token instead of
//! calling WeChat itself. The server's background loop refreshes ahead of expiry
//! ([`AccessTokenService::refresh_if_due`]); an admin may force a refresh within WeChat's
//! allowance ([`AccessTokenService::force_refresh`]); a token WeChat refuses is invalidated and
//! replaced once ([`AccessTokenService::with_token`]). Every other WeChat use case (the menu
//! today) calls WeChat through [`AccessTokenService::with_token`] and never sees the lease.

use super::{AdminActor, audit};
use crate::WechatError;
use crate::model::access_token::{CachedAccessToken, mask_token};
use crate::ports::{AccessTokenStore, WechatOfficialApi};
use chrono::{DateTime, Duration, Utc};
use kernel::{AuditAction, AuditLog, Clock, RateDecision, RateLimitRule, RateLimiter};
use std::sync::Arc;

/// Rate-limit key of "one forced refresh per `force_interval_secs`", shared by all instances.
pub const FORCE_INTERVAL_KEY: &str = "wechat:force:interval";
/// Rate-limit key of "`force_per_day` forced refreshes per day", shared by all instances.
pub const FORCE_DAY_KEY: &str = "wechat:force:day";

/// A cached token is handed out only while it has more than this left; closer to its expiry it
/// is refreshed first, so a caller never gets a token that dies on the way to WeChat.
pub const USABLE_MARGIN_SECS: i64 = 60;

/// How often an instance that found the lease taken looks for the holder's token.
const POLL_EVERY_MS: u64 = 200;

/// The longest `last_error` kept in the store.
const MAX_ERROR_CHARS: usize = 300;

const DAY_SECS: u64 = 24 * 60 * 60;

/// The numbers of the token rules; the server may read them from configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccessTokenPolicy {
    /// The background loop refreshes a token this long before it expires; the status page
    /// calls such a token `expiring`.
    pub refresh_ahead_secs: u64,
    /// How long a refresh lease lasts (a crashed holder blocks others at most this long).
    pub lock_ttl_secs: u64,
    /// How long an instance waits for another instance's refresh before `RefreshBusy`.
    pub lock_wait_secs: u64,
    /// WeChat allows one forced refresh per this many seconds…
    pub force_interval_secs: u64,
    /// …and this many per day.
    pub force_per_day: u32,
}

impl Default for AccessTokenPolicy {
    fn default() -> Self {
        Self {
            refresh_ahead_secs: 600,
            lock_ttl_secs: 30,
            lock_wait_secs: 10,
            force_interval_secs: 30,
            force_per_day: 20,
        }
    }
}

/// Where the cached token stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccessTokenState {
    /// Never obtained, or invalidated after WeChat refused it.
    Missing,
    /// Valid for longer than `refresh_ahead_secs`.
    Fresh,
    /// Valid, but within `refresh_ahead_secs` of its expiry.
    Expiring,
    Expired,
}

impl AccessTokenState {
    /// The stable snake_case form the API uses.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Missing => "missing",
            Self::Fresh => "fresh",
            Self::Expiring => "expiring",
            Self::Expired => "expired",
        }
    }

    fn of(cached: &CachedAccessToken, now: DateTime<Utc>, refresh_ahead: Duration) -> Self {
        match (&cached.token, cached.expires_at) {
            (Some(_), Some(expires_at)) if expires_at <= now => Self::Expired,
            (Some(_), Some(expires_at)) if expires_at - now <= refresh_ahead => Self::Expiring,
            (Some(_), Some(_)) => Self::Fresh,
            _ => Self::Missing,
        }
    }
}

/// What the admin token page shows. The token itself never leaves the service unmasked here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccessTokenStatus {
    /// Always true: a server without WeChat configuration has no service at all.
    pub configured: bool,
    pub app_id: String,
    pub state: AccessTokenState,
    /// `81_Ab…x9Z` ([`mask_token`]).
    pub masked_token: Option<String>,
    pub obtained_at: Option<DateTime<Utc>>,
    pub expires_at: Option<DateTime<Utc>>,
    pub last_error: Option<String>,
    pub last_error_at: Option<DateTime<Utc>>,
    /// Forced refreshes still allowed in the current day window.
    pub force_refreshes_left_today: u32,
    /// When the next forced refresh will be allowed; `None` when one is allowed now.
    pub next_force_refresh_at: Option<DateTime<Utc>>,
}

/// What a caller of the refresh path needs from the cached token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Need {
    /// Any token with more than [`USABLE_MARGIN_SECS`] left.
    Usable,
    /// A token that is not due for the background refresh.
    NotDue,
    /// A brand-new token from WeChat, whatever the cache holds.
    Forced,
}

/// The outcome of the refresh path.
struct Obtained {
    token: String,
    /// Whether this instance called WeChat (false: the cache already had what was needed).
    refreshed: bool,
}

/// The access-token lease: status, use, refresh ahead of expiry, forced refresh within
/// WeChat's limits, and invalidation of a token WeChat refused.
pub struct AccessTokenService {
    api: Arc<dyn WechatOfficialApi>,
    store: Arc<dyn AccessTokenStore>,
    limiter: Arc<dyn RateLimiter>,
    clock: Arc<dyn Clock>,
    audit: Arc<dyn AuditLog>,
    policy: AccessTokenPolicy,
    /// Names this server instance as the lease holder.
    instance_id: String,
    /// Numbers this instance's refresh attempts: the lease belongs to one attempt, not to the
    /// instance, so two tasks of one instance never both hold it.
    attempts: std::sync::atomic::AtomicU64,
    app_id: String,
}

impl AccessTokenService {
    pub fn new(
        api: Arc<dyn WechatOfficialApi>,
        store: Arc<dyn AccessTokenStore>,
        limiter: Arc<dyn RateLimiter>,
        clock: Arc<dyn Clock>,
        audit: Arc<dyn AuditLog>,
        policy: AccessTokenPolicy,
        instance_id: String,
    ) -> Self {
        let app_id = api.app_id();
        Self {
            api,
            store,
            limiter,
            clock,
            audit,
            policy,
            instance_id,
            attempts: std::sync::atomic::AtomicU64::new(0),
            app_id,
        }
    }

    /// The configured app id (public).
    pub fn app_id(&self) -> &str {
        &self.app_id
    }

    pub fn policy(&self) -> &AccessTokenPolicy {
        &self.policy
    }

    /// The token page: the cached token's state (masked) and the forced-refresh allowance.
    ///
    /// # Errors
    /// `Unexpected` when the store or the rate limiter cannot be read.
    #[tracing::instrument(skip_all)]
    pub async fn token_status(&self) -> Result<AccessTokenStatus, WechatError> {
        let now = self.clock.now();
        let cached = self.store.load(&self.app_id).await?;
        let (force_refreshes_left_today, next_force_refresh_at) = self.force_allowance(now).await?;
        Ok(AccessTokenStatus {
            configured: true,
            app_id: self.app_id.clone(),
            state: AccessTokenState::of(&cached, now, secs(self.policy.refresh_ahead_secs)),
            masked_token: cached.token.as_deref().map(mask_token),
            obtained_at: cached.obtained_at,
            expires_at: cached.expires_at,
            last_error: cached.last_error,
            last_error_at: cached.last_error_at,
            force_refreshes_left_today,
            next_force_refresh_at,
        })
    }

    /// A token to call WeChat with: the cached one while it has more than
    /// [`USABLE_MARGIN_SECS`] left, otherwise a new one through the lease.
    ///
    /// # Errors
    /// `RefreshBusy` when another instance holds the lease and produced no token within
    /// `lock_wait_secs`; WeChat's error when the refresh failed (it is also recorded as the
    /// store's `last_error`); `Unexpected` for storage failures.
    #[tracing::instrument(skip_all)]
    pub async fn access_token(&self) -> Result<String, WechatError> {
        let cached = self.store.load(&self.app_id).await?;
        if let Some(token) = self.satisfying(Need::Usable, &cached, self.clock.now()) {
            return Ok(token);
        }
        Ok(self.refresh_under_lease(Need::Usable).await?.token)
    }

    /// For the server's background loop: refreshes the token when it is missing or expires
    /// within `refresh_ahead_secs`, and says whether this instance refreshed it.
    ///
    /// # Errors
    /// As [`Self::access_token`].
    #[tracing::instrument(skip_all)]
    pub async fn refresh_if_due(&self) -> Result<bool, WechatError> {
        let cached = self.store.load(&self.app_id).await?;
        if self
            .satisfying(Need::NotDue, &cached, self.clock.now())
            .is_some()
        {
            return Ok(false);
        }
        Ok(self.refresh_under_lease(Need::NotDue).await?.refreshed)
    }

    /// Asks WeChat for a brand-new token (the old one dies), within WeChat's allowance of one
    /// per `force_interval_secs` and `force_per_day` a day, counted for all instances together.
    /// Returns the new status.
    ///
    /// # Errors
    /// `RefreshLimited` (WeChat is not called); otherwise as [`Self::access_token`].
    #[tracing::instrument(skip_all)]
    pub async fn force_refresh(&self, by: &AdminActor) -> Result<AccessTokenStatus, WechatError> {
        let now = self.clock.now();
        // Look before counting, so a refused attempt does not use up the daily allowance.
        let mut wait = 0;
        for (key, rule) in self.force_rules() {
            if let RateDecision::Limited { retry_after_secs } =
                self.limiter.peek(key, rule, now).await?
            {
                wait = wait.max(retry_after_secs);
            }
        }
        if wait > 0 {
            return Err(WechatError::RefreshLimited {
                retry_after_secs: wait,
            });
        }
        // Counting is what makes it safe when two admins click at once.
        for (key, rule) in self.force_rules() {
            if let RateDecision::Limited { retry_after_secs } =
                self.limiter.hit(key, rule, now).await?
            {
                return Err(WechatError::RefreshLimited { retry_after_secs });
            }
        }
        self.refresh_under_lease(Need::Forced).await?;
        let target = Some(self.app_id.clone());
        audit(
            self.audit.as_ref(),
            AuditAction::WechatTokenRefreshed,
            now,
            by,
            target,
        )
        .await;
        self.token_status().await
    }

    fn force_rules(&self) -> [(&'static str, RateLimitRule); 2] {
        [
            (
                FORCE_INTERVAL_KEY,
                RateLimitRule {
                    limit: 1,
                    window_secs: self.policy.force_interval_secs,
                },
            ),
            (FORCE_DAY_KEY, self.day_rule(self.policy.force_per_day)),
        ]
    }

    fn day_rule(&self, limit: u32) -> RateLimitRule {
        RateLimitRule {
            limit,
            window_secs: DAY_SECS,
        }
    }

    /// How many forced refreshes are left in the day window, and when the next is allowed.
    ///
    /// The [`RateLimiter`] port only answers "would one more hit be allowed under this rule",
    /// but under a rule of limit `k` that answer is yes exactly when fewer than `k` hits were
    /// counted in the window. So the count is the smallest allowed `k` minus one, found by
    /// bisection (about six peeks for 20 a day), without counting anything.
    async fn force_allowance(
        &self,
        now: DateTime<Utc>,
    ) -> Result<(u32, Option<DateTime<Utc>>), WechatError> {
        let [(interval_key, interval_rule), _] = self.force_rules();
        let mut wait = match self.limiter.peek(interval_key, interval_rule, now).await? {
            RateDecision::Limited { retry_after_secs } => retry_after_secs,
            RateDecision::Allowed => 0,
        };
        let per_day = self.policy.force_per_day;
        let used = match self
            .limiter
            .peek(FORCE_DAY_KEY, self.day_rule(per_day), now)
            .await?
        {
            RateDecision::Limited { retry_after_secs } => {
                wait = wait.max(retry_after_secs);
                per_day
            }
            RateDecision::Allowed => {
                // Allowed at `hi`; find the smallest allowed limit in 1..=hi.
                let (mut lo, mut hi) = (1, per_day.max(1));
                while lo < hi {
                    let mid = lo + (hi - lo) / 2;
                    match self
                        .limiter
                        .peek(FORCE_DAY_KEY, self.day_rule(mid), now)
                        .await?
                    {
                        RateDecision::Allowed => hi = mid,
                        RateDecision::Limited { .. } => lo = mid + 1,
                    }
                }
                lo - 1
            }
        };
        let left = per_day.saturating_sub(used);
        let next = (wait > 0).then(|| now + secs(wait));
        Ok((left, next))
    }

    /// The cached token when it meets `need` at `now`.
    fn satisfying(
        &self,
        need: Need,
        cached: &CachedAccessToken,
        now: DateTime<Utc>,
    ) -> Option<String> {
        let margin = match need {
            Need::Usable => Duration::seconds(USABLE_MARGIN_SECS),
            Need::NotDue => secs(self.policy.refresh_ahead_secs),
            Need::Forced => return None,
        };
        match (&cached.token, cached.expires_at) {
            (Some(token), Some(expires_at)) if expires_at - now > margin => Some(token.clone()),
            _ => None,
        }
    }

    /// Takes the lease and refreshes, or waits for the instance that holds it.
    async fn refresh_under_lease(&self, need: Need) -> Result<Obtained, WechatError> {
        let polls = self
            .policy
            .lock_wait_secs
            .saturating_mul(1000)
            .div_ceil(POLL_EVERY_MS);
        let holder = format!(
            "{}#{}",
            self.instance_id,
            self.attempts
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        );
        for attempt in 0..=polls {
            if attempt > 0 {
                tokio::time::sleep(std::time::Duration::from_millis(POLL_EVERY_MS)).await;
                if need != Need::Forced {
                    let cached = self.store.load(&self.app_id).await?;
                    if let Some(token) = self.satisfying(need, &cached, self.clock.now()) {
                        tracing::debug!("using the token another instance refreshed");
                        return Ok(Obtained {
                            token,
                            refreshed: false,
                        });
                    }
                }
            }
            // Retried on every poll: the holder may have failed (its lease is then released)
            // or crashed (its lease runs out).
            let now = self.clock.now();
            let until = now + secs(self.policy.lock_ttl_secs);
            if self
                .store
                .try_lock(&self.app_id, &holder, until, now)
                .await?
            {
                return self.refresh_holding_lease(need, &holder).await;
            }
            if attempt == 0 {
                tracing::debug!("another instance is refreshing the access token; waiting");
            }
        }
        tracing::warn!(
            wait_secs = self.policy.lock_wait_secs,
            "gave up waiting for another instance's token refresh"
        );
        Err(WechatError::RefreshBusy)
    }

    async fn refresh_holding_lease(
        &self,
        need: Need,
        holder: &str,
    ) -> Result<Obtained, WechatError> {
        if need != Need::Forced {
            // Another instance may have refreshed between our read and our lease.
            let cached = match self.store.load(&self.app_id).await {
                Ok(cached) => cached,
                Err(e) => {
                    self.release_quietly(holder).await;
                    return Err(e);
                }
            };
            if let Some(token) = self.satisfying(need, &cached, self.clock.now()) {
                self.store.release(&self.app_id, holder).await?;
                return Ok(Obtained {
                    token,
                    refreshed: false,
                });
            }
        }
        let forced = need == Need::Forced;
        match self.api.stable_token(forced).await {
            Ok(issued) => {
                let now = self.clock.now();
                self.store
                    .store_token(&self.app_id, holder, &issued, now)
                    .await?;
                tracing::info!(
                    token = %mask_token(&issued.token),
                    expires_in_secs = issued.expires_in_secs,
                    forced,
                    "WeChat access token refreshed"
                );
                Ok(Obtained {
                    token: issued.token,
                    refreshed: true,
                })
            }
            Err(e) => {
                let message = describe(&e);
                tracing::warn!(error = %message, forced, "refreshing the WeChat access token failed");
                let now = self.clock.now();
                if let Err(store_err) = self
                    .store
                    .store_error(&self.app_id, holder, &message, now)
                    .await
                {
                    tracing::warn!(error = %store_err, "could not record the refresh failure");
                }
                Err(e)
            }
        }
    }

    async fn release_quietly(&self, holder: &str) {
        if let Err(e) = self.store.release(&self.app_id, holder).await {
            tracing::warn!(error = %e, "could not release the token lease; it runs out by itself");
        }
    }

    /// Runs one WeChat call with the access token; when WeChat refuses the token
    /// (`AccessTokenInvalid`), invalidates it in the store, gets a new one and retries once.
    ///
    /// The call takes the token by value and returns a boxed future: an `AsyncFn(&str)` would
    /// make every use case's future `!Send` (rustc's higher-ranked `Send` limitation).
    ///
    /// # Errors
    /// As [`Self::access_token`]; the call's own error; `AccessTokenInvalid` when WeChat
    /// refuses the new token too.
    pub async fn with_token<'a, T>(
        &'a self,
        call: impl Fn(String) -> WechatCall<'a, T>,
    ) -> Result<T, WechatError> {
        let token = self.access_token().await?;
        match call(token.clone()).await {
            Err(WechatError::AccessTokenInvalid) => {
                tracing::warn!(
                    token = %mask_token(&token),
                    "WeChat refused the cached access token; refreshing and retrying once"
                );
                self.store.invalidate(&self.app_id).await?;
                let token = self.access_token().await?;
                call(token).await
            }
            other => other,
        }
    }
}

/// One WeChat API call in flight, as [`AccessTokenService::with_token`] runs it.
pub type WechatCall<'a, T> =
    std::pin::Pin<Box<dyn std::future::Future<Output = Result<T, WechatError>> + Send + 'a>>;

/// `s` seconds as a chrono duration, saturating instead of panicking.
pub(crate) fn secs(s: u64) -> Duration {
    Duration::try_seconds(i64::try_from(s).unwrap_or(i64::MAX)).unwrap_or(Duration::MAX)
}

/// A short, secret-free description of a failed refresh, for `last_error`.
fn describe(e: &WechatError) -> String {
    let text = match e {
        WechatError::InvalidCredential { code, message } => {
            format!("WeChat refused the app credentials ({code}): {message}")
        }
        WechatError::Unavailable(source) => format!("{e}: {source:#}"),
        other => other.to_string(),
    };
    redact_tokens(&text).chars().take(MAX_ERROR_CHARS).collect()
}

/// Hides the value of every `access_token=` (error texts may quote request URLs).
fn redact_tokens(text: &str) -> String {
    const NEEDLE: &str = "access_token=";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(NEEDLE) {
        let (head, tail) = rest.split_at(at + NEEDLE.len());
        out.push_str(head);
        out.push('…');
        let end = tail
            .find(|c: char| matches!(c, '&' | ')' | '"' | '\'') || c.is_whitespace())
            .unwrap_or(tail.len());
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests;
