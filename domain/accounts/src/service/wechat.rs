//! Signing in with WeChat: the OAuth round trip (its single-use `state`, the code exchanged
//! through the `WechatOAuth` port for a proof with its own nonce, and how long each lives), then
//! log in a linked openid, make an account from the WeChat profile, bind and unbind. The edge
//! keeps the state and the proof in signed cookies; the rules are here.

use super::phone::GeneratedAccount;
use super::{AccountsService, ClientContext, IssuedSession};
use crate::AccountsError;
use crate::model::{Nickname, Session, User, WechatIdentity, WechatProfile};
use crate::ports::WechatOAuth;
use chrono::{DateTime, Duration, Utc};
use kernel::{AuditAction, AuditEvent, RateDecision, RateLimitRule, UserId};

/// How long an OAuth round trip may take: its `state` is refused after this.
pub const WECHAT_STATE_MINUTES: i64 = 10;
/// How long a proven WeChat identity is remembered for one login, registration or binding.
pub const WECHAT_PROOF_MINUTES: i64 = 30;
/// The longest OAuth code taken from WeChat's redirect (a longer one is no code of WeChat's).
const MAX_CODE_LEN: usize = 256;

/// A WeChat OAuth round trip begun: where to send the browser, and the `state` to remember
/// (bound to the browser) until `expires_at`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WechatRoundTrip {
    pub state: String,
    pub authorize_url: String,
    pub expires_at: DateTime<Utc>,
}

/// What a finished round trip proved: the WeChat profile, and the nonce that one login,
/// registration or binding (or a logout) spends, valid until `expires_at`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WechatProof {
    pub profile: WechatProfile,
    pub nonce: String,
    pub expires_at: DateTime<Utc>,
}

/// The nickname of a WeChat account whose profile gave none.
const WECHAT_DEFAULT_NICKNAME: &str = "微信用户";

/// Single use, across every instance: a shared counter that allows one use in a window longer
/// than anything it guards lives (a proof cookie 30 minutes, an OAuth state 10).
const ONCE: RateLimitRule = RateLimitRule {
    limit: 1,
    window_secs: 60 * 60,
};

/// A single-use value of the WeChat sign-in, spent in shared storage so that every server
/// instance agrees it is gone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WechatNonce<'a> {
    /// The nonce of the signed cookie that remembers an openid proven through WeChat: it serves
    /// one login, registration or binding, and logout spends it too.
    Proof(&'a str),
    /// The `state` of one OAuth round trip, spent when WeChat sends the browser back.
    OAuthState(&'a str),
}

impl WechatNonce<'_> {
    fn key(self) -> String {
        match self {
            WechatNonce::Proof(n) => format!("wechat:proof:{n}"),
            WechatNonce::OAuthState(n) => format!("wechat:state:{n}"),
        }
    }
}

impl AccountsService {
    /// The service's clock, for the edge's signed cookies to expire by the same time as the
    /// domain's rules.
    pub fn now(&self) -> DateTime<Utc> {
        self.clock.now()
    }

    /// Begins a WeChat OAuth round trip: a fresh single-use `state` and the URL that takes the
    /// browser to WeChat and back to `redirect_uri`.
    pub fn begin_wechat_sign_in(
        &self,
        oauth: &dyn WechatOAuth,
        redirect_uri: &str,
    ) -> WechatRoundTrip {
        let state = self.secrets.nonce();
        WechatRoundTrip {
            authorize_url: oauth.authorize_url(redirect_uri, &state),
            expires_at: self.clock.now() + Duration::minutes(WECHAT_STATE_MINUTES),
            state,
        }
    }

    /// Finishes a round trip WeChat sent the browser back from: `expected` is the `state` this
    /// browser began with (`None`: it has none, or an expired or forged one), `returned` and
    /// `code` what WeChat's redirect carries. The state is spent (once, across every instance)
    /// before the code is exchanged.
    ///
    /// # Errors
    /// `WechatStateInvalid` when the states differ or it was spent already; `WechatDenied`
    /// without a code; `WechatCodeRejected`; `WechatUnavailable` for every other failure of
    /// the exchange; `Unexpected` when the shared storage cannot be reached.
    #[tracing::instrument(skip_all)]
    pub async fn finish_wechat_sign_in(
        &self,
        oauth: &dyn WechatOAuth,
        expected: Option<&str>,
        returned: Option<&str>,
        code: Option<&str>,
    ) -> Result<WechatProof, AccountsError> {
        let Some(state) = expected.filter(|e| Some(*e) == returned) else {
            return Err(AccountsError::WechatStateInvalid);
        };
        if !self
            .spend_wechat_nonce(WechatNonce::OAuthState(state))
            .await?
        {
            return Err(AccountsError::WechatStateInvalid);
        }
        let code = code
            .filter(|c| !c.is_empty() && c.len() <= MAX_CODE_LEN)
            .ok_or(AccountsError::WechatDenied)?;
        let profile = match oauth.exchange_code(code).await {
            Ok(profile) => profile,
            Err(e @ (AccountsError::WechatCodeRejected | AccountsError::WechatUnavailable(_))) => {
                return Err(e);
            }
            Err(other) => return Err(AccountsError::WechatUnavailable(other.into())),
        };
        Ok(WechatProof {
            profile,
            nonce: self.secrets.nonce(),
            expires_at: self.clock.now() + Duration::minutes(WECHAT_PROOF_MINUTES),
        })
    }

    /// Whether `nonce` is still unspent, without spending it.
    ///
    /// # Errors
    /// `Unexpected` when the shared storage cannot be reached.
    pub async fn wechat_nonce_unspent(
        &self,
        nonce: WechatNonce<'_>,
    ) -> Result<bool, AccountsError> {
        let decision = self
            .limiter
            .peek(&nonce.key(), ONCE, self.clock.now())
            .await?;
        Ok(decision == RateDecision::Allowed)
    }

    /// Spends `nonce`: `true` the first time, `false` when it was spent before (a replayed copy,
    /// or a race lost to one — whatever the caller made with it must then be undone).
    ///
    /// # Errors
    /// `Unexpected` when the shared storage cannot be reached.
    pub async fn spend_wechat_nonce(&self, nonce: WechatNonce<'_>) -> Result<bool, AccountsError> {
        let decision = self
            .limiter
            .hit(&nonce.key(), ONCE, self.clock.now())
            .await?;
        Ok(decision == RateDecision::Allowed)
    }

    /// The account linked to this openid, if any.
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn find_by_wechat(&self, openid: &str) -> Result<Option<User>, AccountsError> {
        self.users.find_by_wechat_openid(openid).await
    }

    /// Signs in the account linked to `openid`.
    ///
    /// # Errors
    /// `WechatNotLinked`; `AccountDisabled`; `Unexpected`.
    #[tracing::instrument(skip_all)]
    pub async fn login_with_wechat(
        &self,
        openid: &str,
        ctx: &ClientContext,
    ) -> Result<(User, IssuedSession), AccountsError> {
        let user = self
            .users
            .find_by_wechat_openid(openid)
            .await?
            .ok_or(AccountsError::WechatNotLinked)?;
        if user.disabled_at.is_some() {
            self.audit_failed_sign_in(user.username.as_str(), "wechat", "account disabled", ctx)
                .await;
            return Err(AccountsError::AccountDisabled);
        }
        let issued = self.issue_session(user.id, ctx).await?;
        self.audit_sign_in(&user, "wechat", ctx).await;
        Ok((user, issued))
    }

    /// Makes a new account from the WeChat profile and signs it in.
    ///
    /// # Errors
    /// `RateLimited` past the per-IP registration limit; `WechatTaken` when the openid is
    /// linked already; `Unexpected`.
    #[tracing::instrument(skip_all)]
    pub async fn register_with_wechat(
        &self,
        profile: &WechatProfile,
        ctx: &ClientContext,
    ) -> Result<(User, IssuedSession), AccountsError> {
        if let Some(ip) = ctx.rate_key() {
            self.limit(
                &format!("register:ip:{ip}"),
                self.policy.register_per_ip,
                true,
            )
            .await?;
        }
        if self
            .users
            .find_by_wechat_openid(&profile.identity.openid)
            .await?
            .is_some()
        {
            return Err(AccountsError::WechatTaken);
        }
        let nickname = profile
            .nickname
            .as_deref()
            .and_then(Nickname::lenient)
            .map_or_else(|| Nickname::parse(WECHAT_DEFAULT_NICKNAME), Ok)?;
        let user = self
            .create_generated(GeneratedAccount {
                nickname,
                phone: None,
                wechat: Some(profile.identity.clone()),
                avatar_url: profile.avatar_url.clone(),
            })
            .await?;
        let issued = self.issue_session(user.id, ctx).await?;
        self.audit(
            AuditEvent::new(AuditAction::Registered, self.clock.now())
                .actor(user.id)
                .target(user.username.as_str())
                .ip(ctx.ip.clone())
                .detail("wechat"),
        )
        .await;
        Ok((user, issued))
    }

    /// Links a WeChat identity to the session's account (nothing changes when it is linked
    /// to it already). Needs recent proof of the account.
    ///
    /// # Errors
    /// `ReauthenticationRequired`; `WechatAlreadyBound` when the account has another WeChat;
    /// `WechatTaken` when another account has this one; `Unexpected`.
    #[tracing::instrument(skip_all, fields(user = %session.user_id))]
    pub async fn bind_wechat(
        &self,
        session: &Session,
        identity: WechatIdentity,
    ) -> Result<User, AccountsError> {
        self.require_fresh_proof(session)?;
        let user_id = session.user_id;
        let user = self.existing(user_id).await?;
        match &user.wechat {
            Some(linked) if linked.openid == identity.openid => return Ok(user),
            Some(_) => return Err(AccountsError::WechatAlreadyBound),
            None => {}
        }
        if let Some(owner) = self.users.find_by_wechat_openid(&identity.openid).await?
            && owner.id != user_id
        {
            return Err(AccountsError::WechatTaken);
        }
        self.users
            .set_wechat(user_id, Some(identity), self.clock.now())
            .await?;
        self.audit(
            AuditEvent::new(AuditAction::WechatLinked, self.clock.now())
                .actor(user_id)
                .target(user_id.to_string())
                .ip(session.ip.clone()),
        )
        .await;
        self.existing(user_id).await
    }

    /// Unlinks WeChat from the session's account, unless it is the account's last way to sign
    /// in. Needs recent proof of the account.
    ///
    /// # Errors
    /// `ReauthenticationRequired`; `LastSignInMethod`; `Unexpected`.
    #[tracing::instrument(skip_all, fields(user = %session.user_id))]
    pub async fn unbind_wechat(&self, session: &Session) -> Result<User, AccountsError> {
        self.require_fresh_proof(session)?;
        let user_id = session.user_id;
        let user = self.existing(user_id).await?;
        if user.wechat.is_none() {
            return Ok(user);
        }
        if user.sign_in_methods() <= 1 {
            return Err(AccountsError::LastSignInMethod);
        }
        self.users
            .set_wechat(user_id, None, self.clock.now())
            .await?;
        self.audit(
            AuditEvent::new(AuditAction::WechatUnlinked, self.clock.now())
                .actor(user_id)
                .target(user_id.to_string())
                .ip(session.ip.clone()),
        )
        .await;
        self.existing(user_id).await
    }

    pub(crate) async fn existing(&self, user_id: UserId) -> Result<User, AccountsError> {
        self.find_user(user_id)
            .await?
            .ok_or_else(|| anyhow::anyhow!("user {user_id} does not exist").into())
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::session_proven;
    use super::super::tests::{Mocks, ctx, user};
    use super::*;
    use crate::model::PhoneNumber;

    fn identity(openid: &str) -> WechatIdentity {
        WechatIdentity {
            openid: openid.into(),
            unionid: Some("union-1".into()),
        }
    }

    fn oauth_giving(
        result: fn() -> Result<WechatProfile, AccountsError>,
    ) -> crate::ports::MockWechatOAuth {
        let mut oauth = crate::ports::MockWechatOAuth::new();
        oauth.expect_exchange_code().returning(move |code| {
            assert_eq!(code, "the-code");
            result()
        });
        oauth
    }

    fn profile() -> WechatProfile {
        WechatProfile {
            identity: identity("o-1"),
            nickname: Some("微信昵称".into()),
            avatar_url: None,
        }
    }

    /// Mocks whose nonces are `n1`, `n2`, … and whose limiter spends each key once.
    fn nonces_and_a_once_limiter() -> (Mocks, std::sync::Arc<std::sync::Mutex<Vec<String>>>) {
        let mut m = Mocks::new();
        let n = std::sync::atomic::AtomicUsize::new(0);
        m.secrets.expect_nonce().returning(move || {
            format!(
                "n{}",
                n.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1
            )
        });
        let spent = std::sync::Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
        let seen = spent.clone();
        m.limiter.expect_hit().returning(move |key, _, _| {
            let mut keys = seen.lock().unwrap();
            let again = keys.iter().any(|k| k == key);
            keys.push(key.to_owned());
            Ok(if again {
                RateDecision::Limited {
                    retry_after_secs: 1,
                }
            } else {
                RateDecision::Allowed
            })
        });
        (m, spent)
    }

    #[tokio::test]
    async fn a_round_trip_begins_with_a_fresh_state_that_lives_ten_minutes() {
        let (m, _) = nonces_and_a_once_limiter();
        let mut oauth = crate::ports::MockWechatOAuth::new();
        oauth
            .expect_authorize_url()
            .withf(|uri, state| {
                uri == "https://c.example/api/auth/wechat/callback" && state == "n1"
            })
            .returning(|_, state| format!("https://open.weixin.qq.com/?state={state}"));
        let trip = m
            .service()
            .begin_wechat_sign_in(&oauth, "https://c.example/api/auth/wechat/callback");
        assert_eq!(
            trip,
            WechatRoundTrip {
                state: "n1".into(),
                authorize_url: "https://open.weixin.qq.com/?state=n1".into(),
                expires_at: super::super::tests::t0() + Duration::minutes(10),
            }
        );
    }

    #[tokio::test]
    async fn a_finished_round_trip_spends_its_state_and_proves_the_profile_for_thirty_minutes() {
        let (m, spent) = nonces_and_a_once_limiter();
        let oauth = oauth_giving(|| Ok(profile()));
        let svc = m.service();
        let proof = svc
            .finish_wechat_sign_in(&oauth, Some("s1"), Some("s1"), Some("the-code"))
            .await
            .unwrap();
        assert_eq!(
            proof,
            WechatProof {
                profile: profile(),
                nonce: "n1".into(),
                expires_at: super::super::tests::t0() + Duration::minutes(30),
            }
        );
        assert_eq!(*spent.lock().unwrap(), ["wechat:state:s1"]);
        // The same state again (a replayed redirect) is refused before any exchange.
        let again = svc
            .finish_wechat_sign_in(&oauth, Some("s1"), Some("s1"), Some("the-code"))
            .await;
        assert!(matches!(again, Err(AccountsError::WechatStateInvalid)));
    }

    #[tokio::test]
    async fn a_state_that_is_not_the_browsers_is_refused_without_spending_or_exchanging() {
        let (mut m, spent) = nonces_and_a_once_limiter();
        m.limiter.checkpoint();
        m.limiter.expect_hit().never();
        let mut oauth = crate::ports::MockWechatOAuth::new();
        oauth.expect_exchange_code().never();
        let svc = m.service();
        for (expected, returned) in [
            (Some("s1"), Some("s2")),
            (None, Some("s1")),
            (Some("s1"), None),
        ] {
            let r = svc
                .finish_wechat_sign_in(&oauth, expected, returned, Some("the-code"))
                .await;
            assert!(matches!(r, Err(AccountsError::WechatStateInvalid)));
        }
        assert!(spent.lock().unwrap().is_empty());
    }

    #[tokio::test]
    async fn no_code_is_a_denial_and_the_exchanges_failures_keep_their_kind() {
        let (m, _) = nonces_and_a_once_limiter();
        let mut oauth = crate::ports::MockWechatOAuth::new();
        oauth.expect_exchange_code().never();
        let svc = m.service();
        let long = "c".repeat(257);
        for (i, code) in [None, Some(""), Some(long.as_str())]
            .into_iter()
            .enumerate()
        {
            let state = format!("s{i}");
            let r = svc
                .finish_wechat_sign_in(&oauth, Some(&state), Some(&state), code)
                .await;
            assert!(matches!(r, Err(AccountsError::WechatDenied)), "{code:?}");
        }

        let (m, _) = nonces_and_a_once_limiter();
        let rejected = oauth_giving(|| Err(AccountsError::WechatCodeRejected));
        let r = m
            .service()
            .finish_wechat_sign_in(&rejected, Some("s"), Some("s"), Some("the-code"))
            .await;
        assert!(matches!(r, Err(AccountsError::WechatCodeRejected)));

        let (m, _) = nonces_and_a_once_limiter();
        let broken = oauth_giving(|| Err(AccountsError::Unexpected(anyhow::anyhow!("boom"))));
        let r = m
            .service()
            .finish_wechat_sign_in(&broken, Some("s"), Some("s"), Some("the-code"))
            .await;
        assert!(matches!(r, Err(AccountsError::WechatUnavailable(_))));
    }

    #[tokio::test]
    async fn a_wechat_nonce_is_spent_once_under_its_own_key() {
        let mut m = Mocks::new();
        let spent = std::sync::Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
        let seen = spent.clone();
        m.limiter.expect_hit().returning(move |key, rule, _| {
            assert_eq!((rule.limit, rule.window_secs), (1, 3600));
            let mut keys = seen.lock().unwrap();
            let again = keys.iter().any(|k| k == key);
            keys.push(key.to_owned());
            Ok(if again {
                RateDecision::Limited {
                    retry_after_secs: 60,
                }
            } else {
                RateDecision::Allowed
            })
        });
        let peeked = spent.clone();
        m.limiter.expect_peek().returning(move |key, _, _| {
            Ok(if peeked.lock().unwrap().iter().any(|k| k == key) {
                RateDecision::Limited {
                    retry_after_secs: 60,
                }
            } else {
                RateDecision::Allowed
            })
        });
        let s = m.service();
        let proof = WechatNonce::Proof("n1");
        assert!(s.wechat_nonce_unspent(proof).await.unwrap());
        assert!(s.spend_wechat_nonce(proof).await.unwrap());
        assert!(!s.wechat_nonce_unspent(proof).await.unwrap());
        assert!(
            !s.spend_wechat_nonce(proof).await.unwrap(),
            "a copy is refused"
        );
        // An OAuth state with the same value is another nonce.
        assert!(
            s.spend_wechat_nonce(WechatNonce::OAuthState("n1"))
                .await
                .unwrap()
        );
        assert_eq!(
            *spent.lock().unwrap(),
            ["wechat:proof:n1", "wechat:proof:n1", "wechat:state:n1"]
        );
    }

    #[tokio::test]
    async fn an_unlinked_openid_cannot_log_in() {
        let mut m = Mocks::new();
        m.users
            .expect_find_by_wechat_openid()
            .returning(|_| Ok(None));
        m.sessions.expect_insert().never();
        let err = m
            .service()
            .login_with_wechat("o1", &ctx())
            .await
            .unwrap_err();
        assert!(matches!(err, AccountsError::WechatNotLinked));
    }

    #[tokio::test]
    async fn a_linked_openid_logs_in() {
        let mut m = Mocks::new();
        let mut linked = user("alice");
        linked.wechat = Some(identity("o1"));
        let id = linked.id;
        m.users
            .expect_find_by_wechat_openid()
            .returning(move |_| Ok(Some(linked.clone())));
        m.sessions.expect_insert().times(1).returning(|_| Ok(()));
        let (u, issued) = m.service().login_with_wechat("o1", &ctx()).await.unwrap();
        assert_eq!((u.id, issued.session.user_id), (id, id));
    }

    #[tokio::test]
    async fn registration_takes_the_wechat_nickname_and_avatar() {
        let mut m = Mocks::new();
        m.allow_all_limits();
        m.users
            .expect_find_by_wechat_openid()
            .returning(|_| Ok(None));
        m.users
            .expect_insert()
            .withf(|u| {
                u.nickname.as_str() == "微信小明"
                    && u.avatar_url.as_deref() == Some("https://wx.qlogo.cn/a.png")
                    && u.wechat.as_ref().map(|w| w.openid.as_str()) == Some("o1")
                    && u.password_hash.is_none()
            })
            .times(1)
            .returning(|u| {
                let mut made = user("someone");
                made.id = u.id;
                made.wechat = u.wechat;
                Ok(made)
            });
        m.sessions.expect_insert().returning(|_| Ok(()));
        let profile = WechatProfile {
            identity: identity("o1"),
            nickname: Some(" 微信小明\u{0007} ".into()),
            avatar_url: Some("https://wx.qlogo.cn/a.png".into()),
        };
        m.service()
            .register_with_wechat(&profile, &ctx())
            .await
            .unwrap();
    }

    #[tokio::test]
    async fn registration_without_a_usable_nickname_uses_the_default() {
        let mut m = Mocks::new();
        m.allow_all_limits();
        m.users
            .expect_find_by_wechat_openid()
            .returning(|_| Ok(None));
        m.users
            .expect_insert()
            .withf(|u| u.nickname.as_str() == "微信用户")
            .returning(|_| Ok(user("someone")));
        m.sessions.expect_insert().returning(|_| Ok(()));
        let profile = WechatProfile {
            identity: identity("o1"),
            nickname: Some("   ".into()),
            avatar_url: None,
        };
        m.service()
            .register_with_wechat(&profile, &ctx())
            .await
            .unwrap();
    }

    #[tokio::test]
    async fn registering_a_linked_openid_is_refused() {
        let mut m = Mocks::new();
        m.allow_all_limits();
        m.users
            .expect_find_by_wechat_openid()
            .returning(|_| Ok(Some(user("alice"))));
        m.users.expect_insert().never();
        let profile = WechatProfile {
            identity: identity("o1"),
            nickname: None,
            avatar_url: None,
        };
        let err = m
            .service()
            .register_with_wechat(&profile, &ctx())
            .await
            .unwrap_err();
        assert!(matches!(err, AccountsError::WechatTaken));
    }

    #[tokio::test]
    async fn binding_refuses_an_openid_of_another_account_and_a_second_wechat() {
        let me = user("mine");
        let my_id = me.id;
        let mut m = Mocks::new();
        let me2 = me.clone();
        m.users
            .expect_find_by_id()
            .returning(move |_| Ok(Some((me2.clone(), None))));
        m.users
            .expect_find_by_wechat_openid()
            .returning(|_| Ok(Some(user("other"))));
        m.users.expect_set_wechat().never();
        let err = m
            .service()
            .bind_wechat(&session_proven(60, my_id), identity("o1"))
            .await
            .unwrap_err();
        assert!(matches!(err, AccountsError::WechatTaken));

        let mut bound = me;
        bound.wechat = Some(identity("o-old"));
        let mut m = Mocks::new();
        m.users
            .expect_find_by_id()
            .returning(move |_| Ok(Some((bound.clone(), None))));
        m.users.expect_set_wechat().never();
        let err = m
            .service()
            .bind_wechat(&session_proven(60, my_id), identity("o1"))
            .await
            .unwrap_err();
        assert!(matches!(err, AccountsError::WechatAlreadyBound));
    }

    #[tokio::test]
    async fn the_last_way_to_sign_in_cannot_be_unbound() {
        let mut only_wechat = user("mine");
        only_wechat.has_password = false;
        only_wechat.wechat = Some(identity("o1"));
        let id = only_wechat.id;
        let mut m = Mocks::new();
        let u = only_wechat.clone();
        m.users
            .expect_find_by_id()
            .returning(move |_| Ok(Some((u.clone(), None))));
        m.users.expect_set_wechat().never();
        let err = m
            .service()
            .unbind_wechat(&session_proven(60, id))
            .await
            .unwrap_err();
        assert!(matches!(err, AccountsError::LastSignInMethod));

        let mut with_phone = only_wechat;
        with_phone.phone = Some(PhoneNumber::parse("86", "13800138000").unwrap());
        let mut m = Mocks::new();
        m.users
            .expect_find_by_id()
            .returning(move |_| Ok(Some((with_phone.clone(), None))));
        m.users
            .expect_set_wechat()
            .withf(|_, w, _| w.is_none())
            .times(1)
            .returning(|_, _, _| Ok(()));
        m.service()
            .unbind_wechat(&session_proven(60, id))
            .await
            .unwrap();
    }

    #[tokio::test]
    async fn linking_or_unlinking_wechat_needs_recent_proof() {
        let mut u = user("mine");
        u.wechat = Some(identity("o1"));
        let stale = session_proven(601, u.id);
        let mut m = Mocks::new();
        m.users.expect_find_by_id().never();
        m.users.expect_find_by_wechat_openid().never();
        m.users.expect_set_wechat().never();
        let svc = m.service();
        assert!(matches!(
            svc.bind_wechat(&stale, identity("o2")).await,
            Err(AccountsError::ReauthenticationRequired)
        ));
        assert!(matches!(
            svc.unbind_wechat(&stale).await,
            Err(AccountsError::ReauthenticationRequired)
        ));
    }
}
