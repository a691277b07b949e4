//! The accounts use cases, one method each.

use crate::AccountsError;
use crate::model::{
    NewUser, Nickname, Password, ProfileKey, Session, SessionToken, User, UserKey, Username,
};
use crate::ports::{
    PasswordHasher, SecretGenerator, SessionRepository, SmsSender, UserRepository,
    VerificationCodeRepository,
};
use chrono::{DateTime, Duration, Utc};
use kernel::{
    AuditAction, AuditEvent, AuditLog, Clock, RateDecision, RateLimitRule, RateLimiter, Role,
    SessionId, Standing, UserId,
};
use std::sync::Arc;

pub use phone::SentCode;
pub use reauth::Proof;
pub use wechat::{
    WECHAT_PROOF_MINUTES, WECHAT_STATE_MINUTES, WechatNonce, WechatProof, WechatRoundTrip,
};

/// The numbers of the accounts rules; the server reads them from configuration.
#[derive(Debug, Clone)]
pub struct AccountsPolicy {
    /// A session dies after this long without use.
    pub session_idle_days: i64,
    /// `last_seen_at` is written at most this often, to spare the database.
    pub session_touch_secs: i64,
    /// A session dies this long after sign-in, however often it is used.
    pub session_absolute_days: i64,
    /// Changing how the account signs in needs a sign-in or re-authentication this recent.
    pub reauth_window_secs: i64,
    /// Wrong passwords and codes at re-authentication, per account (only the signed-in user
    /// can try, so a per-account limit cannot be used against anyone else).
    pub reauth_failures_per_account: RateLimitRule,
    /// Phone-binding codes one account may request.
    pub bind_codes_per_user: RateLimitRule,
    /// Login attempts per client IP.
    pub login_per_ip: RateLimitRule,
    /// Failed logins per account from one client (its address; IPv6 per /64): past the limit
    /// that pair is refused for the rest of the window, and only that pair.
    pub login_failures_per_account_client: RateLimitRule,
    /// Failed logins per account from every client together: past `limit` in the window, each
    /// further attempt on the account waits a delay that doubles with every failure (see
    /// [`AccountsPolicy::login_delay_secs`]), instead of the account being locked.
    pub login_account_ceiling: RateLimitRule,
    /// The first delay past the ceiling, in seconds.
    pub login_delay_base_secs: u64,
    /// The longest delay, in seconds; keep it well below the ceiling's window.
    pub login_delay_max_secs: u64,
    /// Registrations per client IP.
    pub register_per_ip: RateLimitRule,
    /// A verification code dies this long after it was sent.
    pub code_ttl_secs: i64,
    /// Tries per code; the code dies after this many wrong ones.
    pub code_max_attempts: u32,
    /// One code per number and purpose this often (the client's countdown).
    pub code_resend: RateLimitRule,
    /// Codes sent to one number.
    pub sms_per_phone: RateLimitRule,
    /// Codes requested from one client IP.
    pub sms_per_ip: RateLimitRule,
}

impl AccountsPolicy {
    /// How long the next login attempt on an account waits after its `failures`-th failure in
    /// the ceiling's window: nothing below the ceiling, then the base delay doubling with each
    /// further failure (1, 2, 4, … s by default), capped at `login_delay_max_secs` (300 s).
    pub fn login_delay_secs(&self, failures: u32) -> Option<u64> {
        let past = failures.checked_sub(self.login_account_ceiling.limit)?;
        let doubled = self
            .login_delay_base_secs
            .max(1)
            .saturating_mul(1u64 << past.min(32));
        Some(doubled.min(self.login_delay_max_secs.max(1)))
    }
}

impl Default for AccountsPolicy {
    fn default() -> Self {
        Self {
            session_idle_days: 30,
            session_touch_secs: 300,
            session_absolute_days: 30,
            reauth_window_secs: 10 * 60,
            reauth_failures_per_account: RateLimitRule {
                limit: 5,
                window_secs: 15 * 60,
            },
            bind_codes_per_user: RateLimitRule {
                limit: 10,
                window_secs: 60 * 60,
            },
            login_per_ip: RateLimitRule {
                limit: 30,
                window_secs: 15 * 60,
            },
            login_failures_per_account_client: RateLimitRule {
                limit: 5,
                window_secs: 15 * 60,
            },
            login_account_ceiling: RateLimitRule {
                limit: 20,
                window_secs: 15 * 60,
            },
            login_delay_base_secs: 1,
            login_delay_max_secs: 5 * 60,
            register_per_ip: RateLimitRule {
                limit: 10,
                window_secs: 60 * 60,
            },
            code_ttl_secs: 5 * 60,
            code_max_attempts: 5,
            code_resend: RateLimitRule {
                limit: 1,
                window_secs: 60,
            },
            sms_per_phone: RateLimitRule {
                limit: 5,
                window_secs: 60 * 60,
            },
            sms_per_ip: RateLimitRule {
                limit: 20,
                window_secs: 60 * 60,
            },
        }
    }
}

/// Who is asking, as far as the server can tell.
#[derive(Debug, Clone, Default)]
pub struct ClientContext {
    pub ip: Option<String>,
    pub user_agent: Option<String>,
}

impl ClientContext {
    /// The key per-client limits count under: the address itself for IPv4, its /64 network for
    /// IPv6 (one subscriber usually holds a whole /64, so counting single addresses would let
    /// anyone step around every per-IP limit). `None` when the address is unknown.
    pub fn rate_key(&self) -> Option<String> {
        let ip = self.ip.as_deref()?;
        Some(match ip.parse::<std::net::IpAddr>() {
            Ok(std::net::IpAddr::V6(v6)) if v6.to_ipv4_mapped().is_none() => {
                let s = v6.segments();
                format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
            }
            Ok(std::net::IpAddr::V6(v6)) => v6
                .to_ipv4_mapped()
                .map_or_else(|| ip.to_owned(), |v4| v4.to_string()),
            _ => ip.to_owned(),
        })
    }
}

/// A session just created: the secret goes to the browser once, the rest is stored.
#[derive(Debug, Clone)]
pub struct IssuedSession {
    pub token: SessionToken,
    pub session: Session,
}

/// Registration input, already parsed.
#[derive(Debug, Clone)]
pub struct Registration {
    pub username: Username,
    pub password: Password,
    pub nickname: Option<Nickname>,
}

/// Everything the accounts use cases talk to.
#[derive(Clone)]
pub struct AccountsPorts {
    pub users: Arc<dyn UserRepository>,
    pub sessions: Arc<dyn SessionRepository>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub secrets: Arc<dyn SecretGenerator>,
    pub limiter: Arc<dyn RateLimiter>,
    pub codes: Arc<dyn VerificationCodeRepository>,
    pub sms: Arc<dyn SmsSender>,
    pub clock: Arc<dyn Clock>,
    /// Sign-ins (and refusals), registrations and changes of how an account signs in.
    pub audit: Arc<dyn AuditLog>,
}

pub struct AccountsService {
    pub(crate) users: Arc<dyn UserRepository>,
    pub(crate) sessions: Arc<dyn SessionRepository>,
    pub(crate) hasher: Arc<dyn PasswordHasher>,
    pub(crate) secrets: Arc<dyn SecretGenerator>,
    pub(crate) limiter: Arc<dyn RateLimiter>,
    pub(crate) codes: Arc<dyn VerificationCodeRepository>,
    pub(crate) sms: Arc<dyn SmsSender>,
    pub(crate) clock: Arc<dyn Clock>,
    pub(crate) audit: Arc<dyn AuditLog>,
    pub(crate) policy: AccountsPolicy,
}

impl AccountsService {
    pub fn new(ports: AccountsPorts, policy: AccountsPolicy) -> Self {
        Self {
            users: ports.users,
            sessions: ports.sessions,
            hasher: ports.hasher,
            secrets: ports.secrets,
            limiter: ports.limiter,
            codes: ports.codes,
            sms: ports.sms,
            clock: ports.clock,
            audit: ports.audit,
            policy,
        }
    }

    /// The SMS provider in use (`aliyun`, `log`), for the admin console.
    pub fn sms_provider(&self) -> &'static str {
        self.sms.provider()
    }

    /// # Errors
    /// `Unexpected` only.
    pub async fn count_users(&self) -> Result<u64, AccountsError> {
        self.users.count().await
    }

    /// The account, when it exists.
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn find_user(&self, id: UserId) -> Result<Option<User>, AccountsError> {
        Ok(self.users.find_by_id(id).await?.map(|(u, _)| u))
    }

    /// The profile `who` names as `viewer` sees it: the account (`None` when there is none,
    /// or for a name no username could be) and where the viewer stands with them, read in one
    /// round trip. A visitor, and anyone on their own profile, stands nowhere: nothing held, no
    /// block.
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn profile(
        &self,
        viewer: Option<UserId>,
        who: ProfileKey<'_>,
    ) -> Result<Option<(User, Standing)>, AccountsError> {
        let key = match who {
            ProfileKey::Id(id) => UserKey::Id(id),
            ProfileKey::Username(raw) => match Username::parse(raw) {
                Ok(name) => UserKey::Username(name),
                Err(_) => return Ok(None),
            },
        };
        let found = self.users.find_profile(viewer, &key).await?;
        Ok(found.map(|(user, standing)| {
            if viewer == Some(user.id) {
                (user, Standing::default())
            } else {
                (user, standing)
            }
        }))
    }

    /// Creates an account with a password and signs it in.
    ///
    /// # Errors
    /// `RateLimited` past the per-IP registration limit; `UsernameTaken`; `Unexpected`.
    #[tracing::instrument(skip_all, fields(username = %reg.username))]
    pub async fn register(
        &self,
        reg: Registration,
        ctx: &ClientContext,
    ) -> Result<(User, IssuedSession), AccountsError> {
        let now = self.clock.now();
        if let Some(ip) = ctx.rate_key() {
            self.limit(
                &format!("register:ip:{ip}"),
                self.policy.register_per_ip,
                true,
            )
            .await?;
        }
        let hash = self.hasher.hash(&reg.password).await?;
        let nickname = reg
            .nickname
            .unwrap_or_else(|| Nickname::from_username(&reg.username));
        let user = self
            .users
            .insert(NewUser {
                id: UserId::new_random(),
                username: reg.username,
                nickname,
                password_hash: Some(hash),
                role: Role::User,
                avatar_url: None,
                phone: None,
                wechat: None,
                created_at: now,
            })
            .await?;
        let issued = self.issue_session(user.id, ctx).await?;
        self.audit(
            AuditEvent::new(AuditAction::Registered, now)
                .actor(user.id)
                .target(user.username.as_str())
                .ip(ctx.ip.clone())
                .detail("password"),
        )
        .await;
        Ok((user, issued))
    }

    /// Signs in with username and password.
    ///
    /// Failures are throttled per account *and* client together, so a stranger's guesses never
    /// refuse the owner's right password from another address; past the per-account ceiling
    /// (all clients together) each further attempt waits a growing delay, never a lock for the
    /// window. A success clears its own pair's failures but not the account's count, so signing
    /// in does not hand a guesser elsewhere a fresh set of fast tries. A hash made with older
    /// argon2 settings is replaced after a successful check.
    ///
    /// # Errors
    /// `RateLimited` past the per-IP attempt limit, the account-and-client failure limit or
    /// during the account's delay; `InvalidCredentials` for an unknown user, a wrong password or
    /// an account without a password; `AccountDisabled`; `Busy` when the hasher is saturated;
    /// `Unexpected`.
    #[tracing::instrument(skip_all, fields(username = %username))]
    pub async fn login_with_password(
        &self,
        username: &Username,
        password: &Password,
        ctx: &ClientContext,
    ) -> Result<(User, IssuedSession), AccountsError> {
        let now = self.clock.now();
        let client = ctx.rate_key();
        if let Some(ip) = &client {
            self.limit(&format!("login:ip:{ip}"), self.policy.login_per_ip, true)
                .await?;
        }
        let client = client.unwrap_or_else(|| "unknown".to_owned());
        let pair_key = format!("login:fail:{username}:{client}");
        let pair_rule = self.policy.login_failures_per_account_client;
        self.limit(&pair_key, pair_rule, false).await?;
        let account_key = format!("login:fail:{username}");
        let ceiling = self.policy.login_account_ceiling;
        let failures = self.limiter.count(&account_key, ceiling, now).await?;
        if let Some((key, rule)) = self.login_delay(username, failures) {
            // Each failure past the ceiling opens the account again once its delay is over, for
            // one attempt: the first request to come claims it, any other waits.
            self.limit(&key, rule, true).await?;
        }

        let found = self.users.find_by_username(username).await?;
        let verified = match &found {
            Some((_, Some(hash))) => self.hasher.verify(password, hash).await?,
            _ => {
                // Spend the same time as a real check, so response times do not reveal
                // which usernames exist.
                self.hasher.hash(password).await?;
                false
            }
        };
        let (user, stored) = match found {
            Some((user, Some(hash))) if verified => (user, hash),
            found => {
                let now = self.clock.now();
                let reason = match found {
                    None => "unknown user",
                    Some((_, None)) => "no password",
                    Some(_) => "wrong password",
                };
                self.audit_failed_sign_in(username.as_str(), "password", reason, ctx)
                    .await;
                self.limiter.hit(&pair_key, pair_rule, now).await?;
                self.limiter.hit(&account_key, ceiling, now).await?;
                let failures = self.limiter.count(&account_key, ceiling, now).await?;
                if let Some((key, rule)) = self.login_delay(username, failures) {
                    // Starts this failure's delay.
                    self.limiter.hit(&key, rule, now).await?;
                }
                return Err(AccountsError::InvalidCredentials);
            }
        };
        if user.disabled_at.is_some() {
            self.audit_failed_sign_in(username.as_str(), "password", "account disabled", ctx)
                .await;
            return Err(AccountsError::AccountDisabled);
        }
        self.limiter.reset(&pair_key).await?;
        if self.hasher.needs_rehash(&stored) {
            self.rehash(&user, password).await;
        }
        let issued = self.issue_session(user.id, ctx).await?;
        self.audit_sign_in(&user, "password", ctx).await;
        Ok((user, issued))
    }

    /// The delay an account waits after `failures` failed logins: `None` below the ceiling,
    /// else the counter that holds it (one per failure, so each delay starts at its failure)
    /// and its rule.
    fn login_delay(&self, username: &Username, failures: u32) -> Option<(String, RateLimitRule)> {
        let secs = self.policy.login_delay_secs(failures)?;
        Some((
            format!("login:delay:{username}:{failures}"),
            RateLimitRule {
                limit: 1,
                window_secs: secs,
            },
        ))
    }

    /// Stores a hash made with today's settings; a failure is logged, never the sign-in's.
    async fn rehash(&self, user: &User, password: &Password) {
        let result = match self.hasher.hash(password).await {
            Ok(hash) => {
                self.users
                    .set_password_hash(user.id, hash, self.clock.now())
                    .await
            }
            Err(e) => Err(e),
        };
        match result {
            Ok(()) => tracing::info!(user = %user.id, "password rehashed with today's settings"),
            Err(e) => tracing::warn!(user = %user.id, error = %e, "password rehash failed"),
        }
    }

    /// The user behind a session token, refreshing the session's idle timer (never past its
    /// absolute lifetime). `None` for an unknown, expired or disabled session, and for one
    /// signed in more than `session_absolute_days` ago.
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn authenticate(
        &self,
        token: &SessionToken,
    ) -> Result<Option<(User, Session)>, AccountsError> {
        let now = self.clock.now();
        let Some((session, user)) = self.sessions.find_live(&token.hash(), now).await? else {
            return Ok(None);
        };
        if user.disabled_at.is_some() || now >= self.absolute_end(session.created_at) {
            return Ok(None);
        }
        if (now - session.last_seen_at).num_seconds() >= self.policy.session_touch_secs {
            let expires = self.session_expiry(session.created_at, now);
            self.sessions.touch(session.id, now, expires).await?;
        }
        Ok(Some((user, session)))
    }

    /// Whether this token's session was ended because its account was disabled: a browser
    /// that comes back with it is told why it is signed out (`GET /api/auth/token`).
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn ended_by_disabling(&self, token: &SessionToken) -> Result<bool, AccountsError> {
        Ok(self
            .sessions
            .find_owner(&token.hash())
            .await?
            .is_some_and(|u| u.disabled_at.is_some()))
    }

    /// Ends the session of this token (nothing happens for an unknown token).
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn logout(&self, token: &SessionToken) -> Result<(), AccountsError> {
        let now = self.clock.now();
        let live = self.sessions.find_live(&token.hash(), now).await?;
        self.sessions.delete_by_token_hash(&token.hash()).await?;
        if let Some((session, user)) = live {
            self.audit(
                AuditEvent::new(AuditAction::SignOut, now)
                    .actor(user.id)
                    .target(session.id.to_string())
                    .ip(session.ip),
            )
            .await;
        }
        Ok(())
    }

    /// Sets a new password after checking the current one, and signs out every other session.
    ///
    /// # Errors
    /// `WrongPassword` when `current` does not match (or the account has no password);
    /// `RateLimited` after too many wrong tries; `Unexpected`.
    #[tracing::instrument(skip_all, fields(user = %user_id))]
    pub async fn change_password(
        &self,
        user_id: UserId,
        current_session: SessionId,
        current: &Password,
        new: &Password,
    ) -> Result<u64, AccountsError> {
        let key = format!("password:fail:{user_id}");
        let rule = self.policy.reauth_failures_per_account;
        self.limit(&key, rule, false).await?;
        let Some((_, Some(hash))) = self.users.find_by_id(user_id).await? else {
            return Err(AccountsError::WrongPassword);
        };
        if !self.hasher.verify(current, &hash).await? {
            self.limiter.hit(&key, rule, self.clock.now()).await?;
            return Err(AccountsError::WrongPassword);
        }
        self.limiter.reset(&key).await?;
        let new_hash = self.hasher.hash(new).await?;
        self.users
            .set_password_hash(user_id, new_hash, self.clock.now())
            .await?;
        let signed_out = self
            .sessions
            .delete_others(user_id, current_session)
            .await?;
        self.audit(
            AuditEvent::new(AuditAction::PasswordChanged, self.clock.now())
                .actor(user_id)
                .target(user_id.to_string())
                .detail(format!("{signed_out} other sessions signed out")),
        )
        .await;
        Ok(signed_out)
    }

    /// # Errors
    /// `Unexpected` only.
    pub async fn list_sessions(&self, user_id: UserId) -> Result<Vec<Session>, AccountsError> {
        self.sessions
            .list_live_for_user(user_id, self.clock.now())
            .await
    }

    /// Signs out one of the user's own sessions.
    ///
    /// # Errors
    /// `SessionNotFound` when the user has no such session; `Unexpected`.
    pub async fn revoke_session(
        &self,
        user_id: UserId,
        id: SessionId,
    ) -> Result<(), AccountsError> {
        if self.sessions.delete_for_user(user_id, id).await? {
            Ok(())
        } else {
            Err(AccountsError::SessionNotFound)
        }
    }

    /// Creates an administrator; the only way to an admin account or a reserved name.
    ///
    /// # Errors
    /// `UsernameTaken`; `Unexpected`.
    pub async fn create_admin(
        &self,
        username: Username,
        password: &Password,
    ) -> Result<User, AccountsError> {
        let hash = self.hasher.hash(password).await?;
        self.users
            .insert(NewUser {
                id: UserId::new_random(),
                nickname: Nickname::from_username(&username),
                username,
                password_hash: Some(hash),
                role: Role::Admin,
                avatar_url: None,
                phone: None,
                wechat: None,
                created_at: self.clock.now(),
            })
            .await
    }

    /// Deletes expired verification codes (run periodically by the server).
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn purge_expired_codes(&self) -> Result<u64, AccountsError> {
        self.codes.purge_expired(self.clock.now()).await
    }

    /// Deletes expired sessions (run periodically by the server).
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn purge_expired_sessions(&self) -> Result<u64, AccountsError> {
        self.sessions.purge_expired(self.clock.now()).await
    }

    /// Records an audit event; a log that cannot be written never fails the action.
    pub(crate) async fn audit(&self, event: AuditEvent) {
        kernel::audit::record_or_log(self.audit.as_ref(), event).await;
    }

    /// A successful sign-in by `method` (`password`, `phone`, `wechat`).
    pub(crate) async fn audit_sign_in(&self, user: &User, method: &str, ctx: &ClientContext) {
        self.audit(
            AuditEvent::new(AuditAction::SignIn, self.clock.now())
                .actor(user.id)
                .target(user.username.as_str())
                .ip(ctx.ip.clone())
                .detail(method),
        )
        .await;
    }

    /// A refused sign-in: no actor; `target` is the username or the masked phone number, never
    /// the password or code tried.
    pub(crate) async fn audit_failed_sign_in(
        &self,
        target: &str,
        method: &str,
        reason: &str,
        ctx: &ClientContext,
    ) {
        self.audit(
            AuditEvent::new(AuditAction::SignInFailed, self.clock.now())
                .target(target)
                .ip(ctx.ip.clone())
                .detail(format!("{method}: {reason}")),
        )
        .await;
    }

    pub(crate) async fn issue_session(
        &self,
        user_id: UserId,
        ctx: &ClientContext,
    ) -> Result<IssuedSession, AccountsError> {
        let now = self.clock.now();
        let token = self.secrets.session_token();
        let session = Session {
            id: SessionId::new_random(),
            user_id,
            token_hash: token.hash(),
            user_agent: ctx
                .user_agent
                .as_ref()
                .map(|ua| ua.chars().take(512).collect()),
            ip: ctx.ip.clone(),
            created_at: now,
            last_seen_at: now,
            expires_at: self.session_expiry(now, now),
            reauthenticated_at: None,
        };
        self.sessions.insert(session.clone()).await?;
        Ok(IssuedSession { token, session })
    }

    /// When a session signed in at `created_at` dies whatever its use: `session_absolute_days`
    /// later.
    fn absolute_end(&self, created_at: DateTime<Utc>) -> DateTime<Utc> {
        created_at + Duration::days(self.policy.session_absolute_days)
    }

    /// A session's expiry when used at `now`: idle days from then, never past its absolute end.
    fn session_expiry(&self, created_at: DateTime<Utc>, now: DateTime<Utc>) -> DateTime<Utc> {
        (now + Duration::days(self.policy.session_idle_days)).min(self.absolute_end(created_at))
    }

    /// Counts (when `count`) or checks a rate-limit key and turns a refusal into an error.
    pub(crate) async fn limit(
        &self,
        key: &str,
        rule: RateLimitRule,
        count: bool,
    ) -> Result<(), AccountsError> {
        let now = self.clock.now();
        let decision = if count {
            self.limiter.hit(key, rule, now).await?
        } else {
            self.limiter.peek(key, rule, now).await?
        };
        match decision {
            RateDecision::Allowed => Ok(()),
            RateDecision::Limited { retry_after_secs } => {
                Err(AccountsError::RateLimited { retry_after_secs })
            }
        }
    }
}

#[cfg(test)]
mod login_tests;
pub mod moderation;
mod phone;
pub mod profile;
mod reauth;
mod wechat;

#[cfg(test)]
pub(crate) mod tests;
