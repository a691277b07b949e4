//! Phone + SMS code: sending codes, phone login (the account is made on first use), and
//! binding a number to a signed-in account.

use super::{AccountsService, ClientContext, IssuedSession};
use crate::AccountsError;
use crate::model::{
    CodePurpose, NewUser, Nickname, PhoneNumber, Session, User, Username, VerificationCode,
    WechatIdentity,
};
use crate::ports::{AttemptOutcome, CodeId, StoredCode};
use chrono::{DateTime, Duration, Utc};
use kernel::{AuditAction, AuditEvent, Role, UserId};

/// A code just sent: the client computes its countdown from `sent_at`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SentCode {
    pub sent_at: DateTime<Utc>,
    pub resend_after_secs: u64,
    pub expires_in_secs: i64,
}

/// What a generated account (phone or WeChat sign-up) starts with.
pub(crate) struct GeneratedAccount {
    pub nickname: Nickname,
    pub phone: Option<PhoneNumber>,
    pub wechat: Option<WechatIdentity>,
    pub avatar_url: Option<String>,
}

impl AccountsService {
    /// Sends a login code to `phone`. Nothing is sent to the number of a disabled account,
    /// answered as any number is.
    ///
    /// # Errors
    /// `CodeResendTooSoon` within 60 s of the last code for this number; `RateLimited` past
    /// the per-number or per-IP hourly limit; the `SmsSender`'s errors; `Unexpected`.
    #[tracing::instrument(skip_all, fields(phone = %phone))]
    pub async fn send_login_code(
        &self,
        phone: &PhoneNumber,
        ctx: &ClientContext,
    ) -> Result<SentCode, AccountsError> {
        self.send_code(phone, CodePurpose::Login, ctx).await
    }

    /// Sends a code to bind `phone` to the session's account. Needs recent proof of the
    /// account. Every limit applies before anything else, and the answer never says whether
    /// another account has the number (that is told only to whoever holds the code, by
    /// [`bind_phone`](Self::bind_phone)): a signed-in user cannot probe numbers with it.
    ///
    /// # Errors
    /// `ReauthenticationRequired`; `RateLimited` past the per-account limit on binding codes;
    /// otherwise as `send_login_code`.
    #[tracing::instrument(skip_all, fields(user = %session.user_id, phone = %phone))]
    pub async fn send_bind_code(
        &self,
        session: &Session,
        phone: &PhoneNumber,
        ctx: &ClientContext,
    ) -> Result<SentCode, AccountsError> {
        self.require_fresh_proof(session)?;
        self.limit(
            &format!("sms:bind:user:{}", session.user_id),
            self.policy.bind_codes_per_user,
            true,
        )
        .await?;
        self.send_code(phone, CodePurpose::BindPhone, ctx).await
    }

    /// Signs in with a phone number and the code sent to it; creates the account on first use
    /// (nickname `用户` + the last four digits). The bool is true when the account was made.
    ///
    /// # Errors
    /// `RateLimited` past the per-IP login limit; `WrongVerificationCode`;
    /// `VerificationCodeExhausted` after the code's last try; `AccountDisabled`; `Unexpected`.
    #[tracing::instrument(skip_all, fields(phone = %phone))]
    pub async fn login_with_phone(
        &self,
        phone: &PhoneNumber,
        code: &VerificationCode,
        ctx: &ClientContext,
    ) -> Result<(User, IssuedSession, bool), AccountsError> {
        if let Some(ip) = ctx.rate_key() {
            self.limit(&format!("login:ip:{ip}"), self.policy.login_per_ip, true)
                .await?;
        }
        if let Err(e) = self.check_code(phone, CodePurpose::Login, code).await {
            let reason = match &e {
                AccountsError::VerificationCodeExhausted => "code exhausted",
                _ => "wrong code",
            };
            self.audit_failed_sign_in(&phone.to_string(), "phone", reason, ctx)
                .await;
            return Err(e);
        }
        let (user, created) = match self.users.find_by_phone(phone).await? {
            Some(user) => (user, false),
            None => {
                let made = self
                    .create_generated(GeneratedAccount {
                        nickname: Nickname::for_phone(phone),
                        phone: Some(phone.clone()),
                        wechat: None,
                        avatar_url: None,
                    })
                    .await;
                match made {
                    Ok(user) => (user, true),
                    // Two first logins raced and the other one made the account.
                    Err(AccountsError::PhoneTaken) => (
                        self.users
                            .find_by_phone(phone)
                            .await?
                            .ok_or(AccountsError::PhoneTaken)?,
                        false,
                    ),
                    Err(e) => return Err(e),
                }
            }
        };
        if user.disabled_at.is_some() {
            self.audit_failed_sign_in(&phone.to_string(), "phone", "account disabled", ctx)
                .await;
            return Err(AccountsError::AccountDisabled);
        }
        let issued = self.issue_session(user.id, ctx).await?;
        if created {
            self.audit(
                AuditEvent::new(AuditAction::Registered, self.clock.now())
                    .actor(user.id)
                    .target(user.username.as_str())
                    .ip(ctx.ip.clone())
                    .detail("phone"),
            )
            .await;
        }
        self.audit_sign_in(&user, "phone", ctx).await;
        Ok((user, issued, created))
    }

    /// Binds (or changes) the session's account's phone number, proven by a code. Needs
    /// recent proof of the account. The code is checked first: only its holder learns that
    /// another account has the number.
    ///
    /// # Errors
    /// `ReauthenticationRequired`; `WrongVerificationCode`; `VerificationCodeExhausted`;
    /// `PhoneTaken` (after a right code); `Unexpected`.
    #[tracing::instrument(skip_all, fields(user = %session.user_id, phone = %phone))]
    pub async fn bind_phone(
        &self,
        session: &Session,
        phone: &PhoneNumber,
        code: &VerificationCode,
    ) -> Result<User, AccountsError> {
        self.require_fresh_proof(session)?;
        let user_id = session.user_id;
        self.check_code(phone, CodePurpose::BindPhone, code).await?;
        self.ensure_phone_free_for(user_id, phone).await?;
        self.users
            .set_phone(user_id, phone, self.clock.now())
            .await?;
        self.audit(
            AuditEvent::new(AuditAction::PhoneBound, self.clock.now())
                .actor(user_id)
                .target(phone.to_string())
                .ip(session.ip.clone()),
        )
        .await;
        self.find_user(user_id)
            .await?
            .ok_or_else(|| anyhow::anyhow!("user {user_id} vanished while binding a phone").into())
    }

    async fn ensure_phone_free_for(
        &self,
        user_id: UserId,
        phone: &PhoneNumber,
    ) -> Result<(), AccountsError> {
        match self.users.find_by_phone(phone).await? {
            Some(owner) if owner.id != user_id => Err(AccountsError::PhoneTaken),
            _ => Ok(()),
        }
    }

    pub(super) async fn send_code(
        &self,
        phone: &PhoneNumber,
        purpose: CodePurpose,
        ctx: &ClientContext,
    ) -> Result<SentCode, AccountsError> {
        let now = self.clock.now();
        let e164 = phone.e164();
        // One code per number a minute, whatever it is for: the client's countdown is per number.
        let resend_key = format!("sms:resend:{e164}");
        self.limit(&resend_key, self.policy.code_resend, true)
            .await
            .map_err(|e| match e {
                AccountsError::RateLimited { retry_after_secs } => {
                    AccountsError::CodeResendTooSoon { retry_after_secs }
                }
                other => other,
            })?;
        self.limit(
            &format!("sms:phone:{e164}"),
            self.policy.sms_per_phone,
            true,
        )
        .await?;
        if let Some(ip) = ctx.rate_key() {
            self.limit(&format!("sms:ip:{ip}"), self.policy.sms_per_ip, true)
                .await?;
        }
        let sent = SentCode {
            sent_at: now,
            resend_after_secs: self.policy.code_resend.window_secs,
            expires_in_secs: self.policy.code_ttl_secs,
        };
        // A login code for a disabled account's number is not sent (it could not sign in with
        // it), and the answer is the one any number gets, its limits counted alike: nobody
        // learns from it which numbers belong to disabled accounts. (Other codes never look the
        // number up: a bind code must not tell whose it is; a re-authentication code goes to a
        // signed-in, so enabled, account.)
        if purpose == CodePurpose::Login
            && self
                .users
                .find_by_phone(phone)
                .await?
                .is_some_and(|u| u.disabled_at.is_some())
        {
            tracing::info!("no code sent: the number's account is disabled");
            return Ok(sent);
        }
        let code = self.secrets.verification_code();
        // Stored before sending: an SMS can arrive before the provider's answer does.
        self.codes
            .replace(StoredCode {
                id: CodeId::new_random(),
                phone: phone.clone(),
                purpose,
                code_hash: code.hash(phone, purpose),
                sent_at: now,
                expires_at: now + Duration::seconds(self.policy.code_ttl_secs),
                attempts: 0,
            })
            .await?;
        if let Err(e) = self.sms.send_code(phone, &code).await {
            // Nothing reached the phone: the person may ask again without waiting.
            self.limiter.reset(&resend_key).await?;
            return Err(e);
        }
        tracing::info!(provider = self.sms.provider(), "verification code sent");
        Ok(sent)
    }

    /// Spends one try of the live code; consumes it when the guess is right.
    pub(super) async fn check_code(
        &self,
        phone: &PhoneNumber,
        purpose: CodePurpose,
        guess: &VerificationCode,
    ) -> Result<(), AccountsError> {
        let now = self.clock.now();
        let max = self.policy.code_max_attempts;
        match self.codes.reserve_attempt(phone, purpose, max, now).await? {
            AttemptOutcome::NoLiveCode => Err(AccountsError::WrongVerificationCode),
            AttemptOutcome::Exhausted => Err(AccountsError::VerificationCodeExhausted),
            AttemptOutcome::Reserved(stored) => {
                if !stored.code_hash.matches(&guess.hash(phone, purpose)) {
                    return Err(if stored.attempts >= max {
                        AccountsError::VerificationCodeExhausted
                    } else {
                        AccountsError::WrongVerificationCode
                    });
                }
                if self.codes.consume(stored.id, now).await? {
                    Ok(())
                } else {
                    Err(AccountsError::WrongVerificationCode)
                }
            }
        }
    }

    /// Makes an account without a password and with a generated username (`u` + 10 hex
    /// digits of its id); retries on the unlikely username collision.
    pub(crate) async fn create_generated(
        &self,
        seed: GeneratedAccount,
    ) -> Result<User, AccountsError> {
        let mut last = AccountsError::UsernameTaken;
        for _ in 0..3 {
            let id = UserId::new_random();
            let simple = id.0.simple().to_string();
            let username = Username::parse(&format!("u{}", &simple[..10]))?;
            let result = self
                .users
                .insert(NewUser {
                    id,
                    username,
                    nickname: seed.nickname.clone(),
                    password_hash: None,
                    role: Role::User,
                    avatar_url: seed.avatar_url.clone(),
                    phone: seed.phone.clone(),
                    wechat: seed.wechat.clone(),
                    created_at: self.clock.now(),
                })
                .await;
            match result {
                Err(AccountsError::UsernameTaken) => last = AccountsError::UsernameTaken,
                other => return other,
            }
        }
        Err(last)
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::session_proven;
    use super::super::tests::{Mocks, ctx, t0, user};
    use super::*;
    use kernel::RateDecision;
    use mockall::predicate::{always, eq};

    fn phone() -> PhoneNumber {
        PhoneNumber::parse("86", "13800138000").unwrap()
    }

    fn code(digits: &str) -> VerificationCode {
        VerificationCode::parse(digits).unwrap()
    }

    fn stored(digits: &str, attempts: u32) -> StoredCode {
        StoredCode {
            id: CodeId::new_random(),
            phone: phone(),
            purpose: CodePurpose::Login,
            code_hash: code(digits).hash(&phone(), CodePurpose::Login),
            sent_at: t0(),
            expires_at: t0() + Duration::minutes(5),
            attempts,
        }
    }

    #[tokio::test]
    async fn sending_stores_the_hash_valid_five_minutes_and_sends_the_digits() {
        let mut m = Mocks::new();
        m.allow_all_limits();
        m.secrets
            .expect_verification_code()
            .returning(|| VerificationCode::parse("482913").unwrap());
        m.codes
            .expect_replace()
            .withf(|c| {
                c.code_hash == code("482913").hash(&phone(), CodePurpose::Login)
                    && c.expires_at - c.sent_at == Duration::minutes(5)
                    && c.attempts == 0
            })
            .times(1)
            .returning(|_| Ok(()));
        m.sms
            .expect_send_code()
            .withf(|p, c| p == &phone() && c.expose() == "482913")
            .times(1)
            .returning(|_, _| Ok(()));
        m.sms.expect_provider().return_const("log");
        m.users.expect_find_by_phone().returning(|_| Ok(None));
        let sent = m.service().send_login_code(&phone(), &ctx()).await.unwrap();
        assert_eq!(sent.sent_at, t0());
        assert_eq!(sent.resend_after_secs, 60);
        assert_eq!(sent.expires_in_secs, 300);
    }

    #[tokio::test]
    async fn a_disabled_accounts_number_gets_no_login_code_and_the_same_answer() {
        let mut answers = Vec::new();
        for disabled in [false, true] {
            let mut m = Mocks::new();
            m.allow_all_limits();
            let mut owner = user("alice");
            owner.phone = Some(phone());
            owner.disabled_at = disabled.then(t0);
            m.users
                .expect_find_by_phone()
                .returning(move |_| Ok(Some(owner.clone())));
            let sends = usize::from(!disabled);
            m.secrets
                .expect_verification_code()
                .times(sends)
                .returning(|| VerificationCode::parse("482913").unwrap());
            m.codes.expect_replace().times(sends).returning(|_| Ok(()));
            m.sms
                .expect_send_code()
                .times(sends)
                .returning(|_, _| Ok(()));
            m.sms.expect_provider().return_const("log");
            answers.push(m.service().send_login_code(&phone(), &ctx()).await.unwrap());
        }
        assert_eq!(answers[0], answers[1]);
    }

    #[tokio::test]
    async fn a_resend_within_the_minute_says_how_long_to_wait_and_sends_nothing() {
        let mut m = Mocks::new();
        m.limiter
            .expect_hit()
            .withf(|k, r, _| {
                k == "sms:resend:+8613800138000" && r.limit == 1 && r.window_secs == 60
            })
            .returning(|_, _, _| {
                Ok(RateDecision::Limited {
                    retry_after_secs: 42,
                })
            });
        m.sms.expect_send_code().never();
        let err = m
            .service()
            .send_login_code(&phone(), &ctx())
            .await
            .unwrap_err();
        assert!(matches!(
            err,
            AccountsError::CodeResendTooSoon {
                retry_after_secs: 42
            }
        ));
    }

    #[tokio::test]
    async fn the_hourly_limits_per_number_and_per_ip_apply() {
        for limited_key in ["sms:phone:+8613800138000", "sms:ip:192.0.2.1"] {
            let mut m = Mocks::new();
            m.limiter.expect_hit().returning(move |k, r, _| {
                if k == limited_key {
                    let expected = if k.starts_with("sms:phone") { 5 } else { 20 };
                    assert_eq!((r.limit, r.window_secs), (expected, 3600));
                    Ok(RateDecision::Limited {
                        retry_after_secs: 1800,
                    })
                } else {
                    Ok(RateDecision::Allowed)
                }
            });
            m.sms.expect_send_code().never();
            let err = m
                .service()
                .send_login_code(&phone(), &ctx())
                .await
                .unwrap_err();
            assert!(
                matches!(
                    err,
                    AccountsError::RateLimited {
                        retry_after_secs: 1800
                    }
                ),
                "{limited_key}"
            );
        }
    }

    #[tokio::test]
    async fn a_failed_send_frees_the_countdown() {
        let mut m = Mocks::new();
        m.limiter
            .expect_hit()
            .returning(|_, _, _| Ok(RateDecision::Allowed));
        m.limiter
            .expect_reset()
            .with(eq("sms:resend:+8613800138000"))
            .times(1)
            .returning(|_| Ok(()));
        m.secrets
            .expect_verification_code()
            .returning(|| VerificationCode::parse("482913").unwrap());
        m.codes.expect_replace().returning(|_| Ok(()));
        m.users.expect_find_by_phone().returning(|_| Ok(None));
        m.sms
            .expect_send_code()
            .returning(|_, _| Err(AccountsError::SmsThrottled));
        let err = m
            .service()
            .send_login_code(&phone(), &ctx())
            .await
            .unwrap_err();
        assert!(matches!(err, AccountsError::SmsThrottled));
    }

    #[tokio::test]
    async fn first_phone_login_creates_the_account_named_after_the_last_four_digits() {
        let mut m = Mocks::new();
        m.allow_all_limits();
        m.codes
            .expect_reserve_attempt()
            .returning(|_, _, _, _| Ok(AttemptOutcome::Reserved(stored("123456", 1))));
        m.codes.expect_consume().times(1).returning(|_, _| Ok(true));
        m.users.expect_find_by_phone().returning(|_| Ok(None));
        m.users
            .expect_insert()
            .withf(|u| {
                u.nickname.as_str() == "用户8000"
                    && u.password_hash.is_none()
                    && u.phone == Some(phone())
                    && u.username.as_str().len() == 11
                    && u.username.as_str().starts_with('u')
            })
            .times(1)
            .returning(|u| {
                let mut made = user("someone");
                made.id = u.id;
                made.phone = u.phone;
                Ok(made)
            });
        m.sessions.expect_insert().times(1).returning(|_| Ok(()));
        let (u, _, created) = m
            .service()
            .login_with_phone(&phone(), &code("123456"), &ctx())
            .await
            .unwrap();
        assert!(created);
        assert_eq!(u.phone, Some(phone()));
    }

    #[tokio::test]
    async fn a_known_number_signs_into_its_account() {
        let mut m = Mocks::new();
        m.allow_all_limits();
        m.codes
            .expect_reserve_attempt()
            .returning(|_, _, _, _| Ok(AttemptOutcome::Reserved(stored("123456", 1))));
        m.codes.expect_consume().returning(|_, _| Ok(true));
        let known = user("alice");
        let id = known.id;
        m.users
            .expect_find_by_phone()
            .returning(move |_| Ok(Some(known.clone())));
        m.users.expect_insert().never();
        m.sessions.expect_insert().returning(|_| Ok(()));
        let (u, issued, created) = m
            .service()
            .login_with_phone(&phone(), &code("123456"), &ctx())
            .await
            .unwrap();
        assert!(!created);
        assert_eq!((u.id, issued.session.user_id), (id, id));
    }

    #[tokio::test]
    async fn wrong_codes_count_and_the_fifth_wrong_try_kills_the_code() {
        for (attempts, exhausted) in [(1, false), (4, false), (5, true)] {
            let mut m = Mocks::new();
            m.allow_all_limits();
            m.codes
                .expect_reserve_attempt()
                .with(eq(phone()), eq(CodePurpose::Login), eq(5), always())
                .returning(move |_, _, _, _| {
                    Ok(AttemptOutcome::Reserved(stored("123456", attempts)))
                });
            m.codes.expect_consume().never();
            m.sessions.expect_insert().never();
            let err = m
                .service()
                .login_with_phone(&phone(), &code("654321"), &ctx())
                .await
                .unwrap_err();
            if exhausted {
                assert!(matches!(err, AccountsError::VerificationCodeExhausted));
            } else {
                assert!(matches!(err, AccountsError::WrongVerificationCode));
            }
        }
    }

    #[tokio::test]
    async fn no_live_code_exhausted_code_and_a_lost_race_are_refused() {
        for outcome in [AttemptOutcome::NoLiveCode, AttemptOutcome::Exhausted] {
            let mut m = Mocks::new();
            m.allow_all_limits();
            let o = outcome.clone();
            m.codes
                .expect_reserve_attempt()
                .returning(move |_, _, _, _| Ok(o.clone()));
            let err = m
                .service()
                .login_with_phone(&phone(), &code("123456"), &ctx())
                .await
                .unwrap_err();
            assert_eq!(
                matches!(err, AccountsError::VerificationCodeExhausted),
                outcome == AttemptOutcome::Exhausted
            );
        }
        let mut m = Mocks::new();
        m.allow_all_limits();
        m.codes
            .expect_reserve_attempt()
            .returning(|_, _, _, _| Ok(AttemptOutcome::Reserved(stored("123456", 1))));
        m.codes.expect_consume().returning(|_, _| Ok(false));
        m.sessions.expect_insert().never();
        let err = m
            .service()
            .login_with_phone(&phone(), &code("123456"), &ctx())
            .await
            .unwrap_err();
        assert!(matches!(err, AccountsError::WrongVerificationCode));
    }

    /// A session whose proof of the account is a minute old.
    fn fresh(user_id: UserId) -> Session {
        session_proven(60, user_id)
    }

    fn sender(m: &mut Mocks) {
        m.secrets
            .expect_verification_code()
            .returning(|| VerificationCode::parse("482913").unwrap());
        m.codes.expect_replace().returning(|_| Ok(()));
        m.sms.expect_send_code().times(1).returning(|_, _| Ok(()));
        m.sms.expect_provider().return_const("log");
    }

    #[tokio::test]
    async fn a_bind_code_for_a_number_of_another_account_answers_like_a_free_number() {
        let me = user("alice").id;
        let mut answers = Vec::new();
        for owner in [None, Some(user("bob"))] {
            let mut m = Mocks::new();
            m.allow_all_limits();
            sender(&mut m);
            // Whose the number is is not even asked.
            m.users
                .expect_find_by_phone()
                .never()
                .returning(move |_| Ok(owner.clone()));
            let sent = m
                .service()
                .send_bind_code(&fresh(me), &phone(), &ctx())
                .await
                .unwrap();
            answers.push(sent);
        }
        assert_eq!(answers[0], answers[1]);
    }

    #[tokio::test]
    async fn every_bind_code_limit_refuses_before_anything_is_looked_up_or_sent() {
        let me = user("alice").id;
        for limited in [
            format!("sms:bind:user:{me}"),
            "sms:resend:+8613800138000".to_owned(),
            "sms:phone:+8613800138000".to_owned(),
            "sms:ip:192.0.2.1".to_owned(),
        ] {
            let mut m = Mocks::new();
            let key = limited.clone();
            m.limiter.expect_hit().returning(move |k, r, _| {
                if k == key {
                    if k.starts_with("sms:bind:user:") {
                        assert_eq!((r.limit, r.window_secs), (10, 3600));
                    }
                    Ok(RateDecision::Limited {
                        retry_after_secs: 30,
                    })
                } else {
                    Ok(RateDecision::Allowed)
                }
            });
            m.users.expect_find_by_phone().never();
            m.users.expect_find_by_id().never();
            m.codes.expect_replace().never();
            m.sms.expect_send_code().never();
            let err = m
                .service()
                .send_bind_code(&fresh(me), &phone(), &ctx())
                .await
                .unwrap_err();
            assert!(
                matches!(
                    err,
                    AccountsError::RateLimited { .. } | AccountsError::CodeResendTooSoon { .. }
                ),
                "{limited}: {err:?}"
            );
        }
    }

    #[tokio::test]
    async fn without_recent_proof_no_bind_code_is_sent_and_nothing_is_bound() {
        let me = user("alice").id;
        let stale = session_proven(601, me);
        let mut m = Mocks::new();
        m.limiter.expect_hit().never();
        m.codes.expect_reserve_attempt().never();
        m.users.expect_set_phone().never();
        m.sms.expect_send_code().never();
        let svc = m.service();
        assert!(matches!(
            svc.send_bind_code(&stale, &phone(), &ctx()).await,
            Err(AccountsError::ReauthenticationRequired)
        ));
        assert!(matches!(
            svc.bind_phone(&stale, &phone(), &code("123456")).await,
            Err(AccountsError::ReauthenticationRequired)
        ));
    }

    fn bind_stored(digits: &str) -> StoredCode {
        StoredCode {
            purpose: CodePurpose::BindPhone,
            code_hash: code(digits).hash(&phone(), CodePurpose::BindPhone),
            ..stored(digits, 1)
        }
    }

    #[tokio::test]
    async fn phone_taken_is_told_only_after_the_right_code() {
        let me = user("alice").id;
        // A wrong code: refused as wrong, and the owner of the number is never looked up.
        let mut m = Mocks::new();
        m.codes
            .expect_reserve_attempt()
            .with(eq(phone()), eq(CodePurpose::BindPhone), always(), always())
            .returning(|_, _, _, _| Ok(AttemptOutcome::Reserved(bind_stored("123456"))));
        m.users.expect_find_by_phone().never();
        m.users.expect_set_phone().never();
        let err = m
            .service()
            .bind_phone(&fresh(me), &phone(), &code("654321"))
            .await
            .unwrap_err();
        assert!(matches!(err, AccountsError::WrongVerificationCode));

        // The right code for a number another account has: now, and only now, phone_taken.
        let mut m = Mocks::new();
        m.codes
            .expect_reserve_attempt()
            .returning(|_, _, _, _| Ok(AttemptOutcome::Reserved(bind_stored("123456"))));
        m.codes.expect_consume().times(1).returning(|_, _| Ok(true));
        m.users
            .expect_find_by_phone()
            .times(1)
            .returning(|_| Ok(Some(user("bob"))));
        m.users.expect_set_phone().never();
        let err = m
            .service()
            .bind_phone(&fresh(me), &phone(), &code("123456"))
            .await
            .unwrap_err();
        assert!(matches!(err, AccountsError::PhoneTaken));

        // The right code for a free number binds it.
        let mut m = Mocks::new();
        m.codes
            .expect_reserve_attempt()
            .returning(|_, _, _, _| Ok(AttemptOutcome::Reserved(bind_stored("123456"))));
        m.codes.expect_consume().returning(|_, _| Ok(true));
        m.users.expect_find_by_phone().returning(|_| Ok(None));
        m.users
            .expect_set_phone()
            .with(eq(me), eq(phone()), eq(t0()))
            .times(1)
            .returning(|_, _, _| Ok(()));
        let mut bound = user("alice");
        bound.id = me;
        bound.phone = Some(phone());
        m.users
            .expect_find_by_id()
            .returning(move |_| Ok(Some((bound.clone(), None))));
        let got = m
            .service()
            .bind_phone(&fresh(me), &phone(), &code("123456"))
            .await
            .unwrap();
        assert_eq!(got.phone, Some(phone()));
    }
}
