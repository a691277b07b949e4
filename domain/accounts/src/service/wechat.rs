//! Signing in with WeChat: log in a linked openid, make an account from the WeChat profile,
//! bind and unbind. The OAuth exchange itself happens at the edge (the `WechatOAuth` port).

use super::phone::GeneratedAccount;
use super::{AccountsService, ClientContext, IssuedSession};
use crate::AccountsError;
use crate::model::{Nickname, Session, User, WechatIdentity, WechatProfile};
use kernel::{AuditAction, AuditEvent, RateDecision, RateLimitRule, UserId};

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
    use super::super::reauth::tests::session_proven;
    use super::super::tests::{Mocks, ctx, user};
    use super::*;
    use crate::model::PhoneNumber;

    fn identity(openid: &str) -> WechatIdentity {
        WechatIdentity {
            openid: openid.into(),
            unionid: Some("union-1".into()),
        }
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
