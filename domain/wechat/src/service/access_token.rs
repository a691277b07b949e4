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
mod tests {
    use super::*;
    use crate::service::fixtures::*;
    use chrono::Duration;
    use mockall::predicate::{always, eq};
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[tokio::test]
    async fn a_fresh_cached_token_is_used_without_calling_wechat() {
        let mut m = Mocks::new();
        m.loads(vec![cached(OLD, 3600)]);
        m.store.expect_try_lock().never();
        m.api.expect_stable_token().never();
        assert_eq!(m.token_service().access_token().await.unwrap(), OLD);
    }

    #[tokio::test]
    async fn an_expiring_token_is_still_used_until_the_safety_margin() {
        // Within refresh_ahead (the background loop's business) but above the margin.
        let mut m = Mocks::new();
        m.loads(vec![cached(OLD, USABLE_MARGIN_SECS + 1)]);
        m.api.expect_stable_token().never();
        assert_eq!(m.token_service().access_token().await.unwrap(), OLD);
    }

    #[tokio::test]
    async fn a_token_about_to_expire_is_refreshed_under_the_lease() {
        let mut m = Mocks::new();
        m.loads(vec![cached(OLD, 30)]);
        m.lease(true, 1);
        m.wechat_issues(false, NEW);
        m.stores(NEW);
        assert_eq!(m.token_service().access_token().await.unwrap(), NEW);
    }

    #[tokio::test]
    async fn a_missing_token_is_fetched() {
        let mut m = Mocks::new();
        m.loads(vec![CachedAccessToken::default()]);
        m.lease(true, 1);
        m.wechat_issues(false, NEW);
        m.stores(NEW);
        assert_eq!(m.token_service().access_token().await.unwrap(), NEW);
    }

    #[tokio::test]
    async fn the_re_read_under_the_lease_spares_wechat_when_another_instance_just_refreshed() {
        let mut m = Mocks::new();
        m.loads(vec![cached(OLD, 10), cached(NEW, 7200)]);
        m.lease(true, 1);
        m.store
            .expect_release()
            .withf(|app, holder| app == APP && holder.starts_with("instance-a#"))
            .times(1)
            .returning(|_, _| Ok(()));
        m.api.expect_stable_token().never();
        m.store.expect_store_token().never();
        assert_eq!(m.token_service().access_token().await.unwrap(), NEW);
    }

    #[tokio::test(start_paused = true)]
    async fn a_busy_lease_waits_for_the_other_instance_and_uses_its_token() {
        let mut m = Mocks::new();
        // First load: expiring; the next one (after the other instance stored): fresh.
        m.loads(vec![cached(OLD, 10), cached(NEW, 7200)]);
        m.lease(false, 1);
        m.api.expect_stable_token().never();
        m.store.expect_store_token().never();
        assert_eq!(m.token_service().access_token().await.unwrap(), NEW);
    }

    #[tokio::test(start_paused = true)]
    async fn a_lease_busy_for_longer_than_lock_wait_is_refresh_busy() {
        let mut m = Mocks::new();
        m.loads(vec![cached(OLD, 10)]);
        // The first try plus one per 200 ms poll over 10 s.
        m.lease(false, 51);
        m.api.expect_stable_token().never();
        let started = tokio::time::Instant::now();
        let err = m.token_service().access_token().await.unwrap_err();
        assert!(matches!(err, WechatError::RefreshBusy), "{err:?}");
        assert_eq!(started.elapsed(), std::time::Duration::from_secs(10));
    }

    #[tokio::test(start_paused = true)]
    async fn a_lease_freed_by_a_failed_holder_is_taken_while_waiting() {
        let mut m = Mocks::new();
        m.loads(vec![cached(OLD, 10)]);
        let tries = AtomicUsize::new(0);
        m.store
            .expect_try_lock()
            .times(2)
            .returning(move |_, _, _, _| Ok(tries.fetch_add(1, Ordering::SeqCst) > 0));
        m.wechat_issues(false, NEW);
        m.stores(NEW);
        assert_eq!(m.token_service().access_token().await.unwrap(), NEW);
    }

    #[tokio::test]
    async fn a_failed_refresh_is_recorded_and_returned() {
        let mut m = Mocks::new();
        m.loads(vec![cached(OLD, 10)]);
        m.lease(true, 1);
        m.api.expect_stable_token().times(1).returning(|_| {
            Err(WechatError::InvalidCredential {
                code: 40013,
                message: "invalid appid".into(),
            })
        });
        m.store.expect_store_token().never();
        m.store
            .expect_store_error()
            .withf(|app, holder, message, at| {
                app == APP
                    && holder.starts_with("instance-a#")
                    && message.contains("40013")
                    && message.contains("invalid appid")
                    && *at == t0()
            })
            .times(1)
            .returning(|_, _, _, _| Ok(()));
        let err = m.token_service().access_token().await.unwrap_err();
        assert!(
            matches!(err, WechatError::InvalidCredential { code: 40013, .. }),
            "{err:?}"
        );
    }

    #[tokio::test]
    async fn refresh_if_due_leaves_a_fresh_token_alone() {
        let mut m = Mocks::new();
        m.loads(vec![cached(OLD, 601)]);
        m.store.expect_try_lock().never();
        m.api.expect_stable_token().never();
        assert!(!m.token_service().refresh_if_due().await.unwrap());
    }

    #[tokio::test]
    async fn refresh_if_due_refreshes_an_expiring_token() {
        let mut m = Mocks::new();
        m.loads(vec![cached(OLD, 600)]);
        m.lease(true, 1);
        m.wechat_issues(false, NEW);
        m.stores(NEW);
        assert!(m.token_service().refresh_if_due().await.unwrap());
    }

    #[tokio::test(start_paused = true)]
    async fn refresh_if_due_is_false_when_another_instance_refreshed() {
        let mut m = Mocks::new();
        m.loads(vec![CachedAccessToken::default(), cached(NEW, 7200)]);
        m.lease(false, 1);
        m.api.expect_stable_token().never();
        assert!(!m.token_service().refresh_if_due().await.unwrap());
    }

    #[tokio::test]
    async fn a_limited_force_refresh_does_not_call_wechat_or_count() {
        let mut m = Mocks::new();
        m.limits(3, 12, 0);
        m.limiter.expect_hit().never();
        m.store.expect_try_lock().never();
        m.api.expect_stable_token().never();
        let err = m
            .token_service()
            .force_refresh(&admin("a"))
            .await
            .unwrap_err();
        assert!(
            matches!(
                err,
                WechatError::RefreshLimited {
                    retry_after_secs: 12
                }
            ),
            "{err:?}"
        );
    }

    #[tokio::test]
    async fn the_daily_force_allowance_is_enforced() {
        let mut m = Mocks::new();
        m.limits(20, 0, 3600);
        m.limiter.expect_hit().never();
        m.api.expect_stable_token().never();
        let err = m
            .token_service()
            .force_refresh(&admin("a"))
            .await
            .unwrap_err();
        assert!(
            matches!(
                err,
                WechatError::RefreshLimited {
                    retry_after_secs: 3600
                }
            ),
            "{err:?}"
        );
    }

    #[tokio::test]
    async fn a_lost_race_on_the_force_counter_is_limited() {
        let mut m = Mocks::new();
        m.limits(0, 0, 0);
        m.limiter
            .expect_hit()
            .with(eq(FORCE_INTERVAL_KEY), always(), always())
            .times(1)
            .returning(|_, _, _| {
                Ok(RateDecision::Limited {
                    retry_after_secs: 30,
                })
            });
        m.api.expect_stable_token().never();
        let err = m
            .token_service()
            .force_refresh(&admin("a"))
            .await
            .unwrap_err();
        assert!(matches!(err, WechatError::RefreshLimited { .. }), "{err:?}");
    }

    #[tokio::test]
    async fn a_force_refresh_counts_both_limits_and_forces_a_new_token() {
        let mut m = Mocks::new();
        m.limits(4, 0, 0);
        m.limiter
            .expect_hit()
            .with(
                eq(FORCE_INTERVAL_KEY),
                eq(RateLimitRule {
                    limit: 1,
                    window_secs: 30,
                }),
                eq(t0()),
            )
            .times(1)
            .returning(|_, _, _| Ok(RateDecision::Allowed));
        m.limiter
            .expect_hit()
            .with(
                eq(FORCE_DAY_KEY),
                eq(RateLimitRule {
                    limit: 20,
                    window_secs: 86_400,
                }),
                eq(t0()),
            )
            .times(1)
            .returning(|_, _, _| Ok(RateDecision::Allowed));
        // A forced refresh does not care what the cache holds: only the status reads it.
        m.loads(vec![cached(NEW, 7200)]);
        m.lease(true, 1);
        m.wechat_issues(true, NEW);
        m.stores(NEW);
        let status = m.token_service().force_refresh(&admin("a")).await.unwrap();
        assert_eq!(status.state, AccessTokenState::Fresh);
        assert_eq!(status.masked_token.as_deref(), Some("81_Ne…New"));
        assert_eq!(status.force_refreshes_left_today, 16);
    }

    #[tokio::test]
    async fn token_status_masks_the_token_and_counts_the_force_allowance() {
        let mut m = Mocks::new();
        let mut c = cached(OLD, 300);
        c.last_error = Some("WeChat cannot be reached".into());
        c.last_error_at = Some(t0() - Duration::minutes(5));
        m.loads(vec![c.clone()]);
        m.limits(7, 12, 0);
        let status = m.token_service().token_status().await.unwrap();
        assert_eq!(
            status,
            AccessTokenStatus {
                configured: true,
                app_id: APP.into(),
                state: AccessTokenState::Expiring,
                masked_token: Some("81_Ol…Old".into()),
                obtained_at: c.obtained_at,
                expires_at: c.expires_at,
                last_error: c.last_error,
                last_error_at: c.last_error_at,
                force_refreshes_left_today: 13,
                next_force_refresh_at: Some(t0() + Duration::seconds(12)),
            }
        );
        assert!(!format!("{status:?}").contains(OLD));
    }

    #[tokio::test]
    async fn token_status_counts_every_possible_number_of_forced_refreshes() {
        for used in 0..=20 {
            let mut m = Mocks::new();
            m.loads(vec![CachedAccessToken::default()]);
            m.limits(used, 0, 7200);
            let status = m.token_service().token_status().await.unwrap();
            assert_eq!(status.state, AccessTokenState::Missing);
            assert_eq!(status.force_refreshes_left_today, 20 - used, "used {used}");
            let expected_next = (used == 20).then(|| t0() + Duration::hours(2));
            assert_eq!(status.next_force_refresh_at, expected_next, "used {used}");
        }
    }

    #[test]
    fn token_states_follow_the_expiry() {
        let ahead = secs(600);
        let state = |c: &CachedAccessToken| AccessTokenState::of(c, t0(), ahead);
        assert_eq!(
            state(&CachedAccessToken::default()),
            AccessTokenState::Missing
        );
        assert_eq!(state(&cached(OLD, 601)), AccessTokenState::Fresh);
        assert_eq!(state(&cached(OLD, 600)), AccessTokenState::Expiring);
        assert_eq!(state(&cached(OLD, 1)), AccessTokenState::Expiring);
        assert_eq!(state(&cached(OLD, 0)), AccessTokenState::Expired);
        assert_eq!(state(&cached(OLD, -5)), AccessTokenState::Expired);
        let invalidated = CachedAccessToken {
            token: None,
            expires_at: None,
            ..cached(OLD, 100)
        };
        assert_eq!(state(&invalidated), AccessTokenState::Missing);
        assert_eq!(AccessTokenState::Expiring.as_str(), "expiring");
    }

    #[test]
    fn refresh_failures_are_described_without_secrets() {
        let e = WechatError::Unavailable(anyhow::anyhow!(
            "error sending request for url (https://api.weixin.qq.com/cgi-bin/menu/get?access_token=81_SECRET&x=1)"
        ));
        let text = describe(&e);
        assert!(!text.contains("SECRET"), "{text}");
        assert!(text.contains("access_token=…&x=1"), "{text}");
        assert!(text.starts_with("WeChat cannot be reached: "), "{text}");
        let long = WechatError::Upstream {
            code: 1,
            message: "x".repeat(1000),
        };
        assert_eq!(describe(&long).chars().count(), MAX_ERROR_CHARS);
    }

    // ----- WeChat calls with the token ---------------------------------------------------

    /// A call that records the tokens it was given and refuses `refused` ones.
    fn recording_call<'a>(
        seen: &'a Mutex<Vec<String>>,
        refused: &'a [&'a str],
        other_error: bool,
    ) -> impl Fn(String) -> WechatCall<'a, u8> {
        move |token| {
            Box::pin(async move {
                seen.lock().unwrap().push(token.clone());
                if refused.contains(&token.as_str()) {
                    Err(WechatError::AccessTokenInvalid)
                } else if other_error {
                    Err(WechatError::Upstream {
                        code: 40018,
                        message: "invalid button name size".into(),
                    })
                } else {
                    Ok(7)
                }
            })
        }
    }

    #[tokio::test]
    async fn a_refused_token_is_invalidated_refreshed_and_the_call_retried_once() {
        let mut m = Mocks::new();
        let state = Arc::new(Mutex::new(cached(OLD, 3600)));
        let s = state.clone();
        m.store
            .expect_load()
            .returning(move |_| Ok(s.lock().unwrap().clone()));
        let s = state.clone();
        m.store
            .expect_invalidate()
            .with(eq(APP))
            .times(1)
            .returning(move |_| {
                let mut c = s.lock().unwrap();
                c.token = None;
                c.expires_at = None;
                Ok(())
            });
        m.lease(true, 1);
        m.wechat_issues(false, NEW);
        m.stores(NEW);
        let seen = Mutex::new(Vec::new());
        let service = m.token_service();
        let answer = service
            .with_token(recording_call(&seen, &[OLD], false))
            .await
            .unwrap();
        assert_eq!(answer, 7);
        assert_eq!(*seen.lock().unwrap(), vec![OLD.to_owned(), NEW.to_owned()]);
    }

    #[tokio::test]
    async fn a_token_refused_twice_is_not_retried_again() {
        let mut m = Mocks::new();
        m.loads(vec![cached(OLD, 3600), CachedAccessToken::default()]);
        m.store.expect_invalidate().times(1).returning(|_| Ok(()));
        m.lease(true, 1);
        m.wechat_issues(false, NEW);
        m.stores(NEW);
        let seen = Mutex::new(Vec::new());
        let service = m.token_service();
        let err = service
            .with_token(recording_call(&seen, &[OLD, NEW], false))
            .await
            .unwrap_err();
        assert!(matches!(err, WechatError::AccessTokenInvalid), "{err:?}");
        assert_eq!(*seen.lock().unwrap(), vec![OLD.to_owned(), NEW.to_owned()]);
    }

    #[tokio::test]
    async fn other_wechat_errors_are_not_retried() {
        let mut m = Mocks::new();
        m.loads(vec![cached(OLD, 3600)]);
        m.store.expect_invalidate().never();
        m.api.expect_stable_token().never();
        let seen = Mutex::new(Vec::new());
        let service = m.token_service();
        let err = service
            .with_token(recording_call(&seen, &[], true))
            .await
            .unwrap_err();
        assert!(matches!(err, WechatError::Upstream { code: 40018, .. }));
        assert_eq!(seen.lock().unwrap().len(), 1);
    }

    /// The server runs these on tokio tasks and actix workers.
    #[test]
    fn use_case_futures_are_send() {
        fn send<T: Send>(_: &T) {}
        let s = Mocks::new().token_service();
        send(&s.access_token());
        send(&s.refresh_if_due());
        send(&s.force_refresh(&admin("a")));
        send(&s.token_status());
    }
}
