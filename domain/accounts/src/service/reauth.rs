//! Recent proof of the account (GitHub's "sudo mode"). Changing how an account signs in —
//! binding or changing the phone number, linking or unlinking WeChat, renaming — needs a session that
//! signed in within `reauth_window_secs`, or that proved the account again since: the password,
//! or a code sent to the number already bound. A WeChat-only account proves itself by signing
//! in again. Personal access tokens never reach these use cases (they take a [`Session`]).

use super::{AccountsService, ClientContext, SentCode};
use crate::AccountsError;
use crate::model::{CodePurpose, Password, Session, VerificationCode};
use chrono::{DateTime, Duration, Utc};

/// What the signed-in person offers to prove the account again.
#[derive(Debug, Clone)]
pub enum Proof {
    /// The account's current password.
    Password(Password),
    /// The code sent by [`AccountsService::send_reauth_code`] to the bound number.
    Code(VerificationCode),
}

impl AccountsService {
    /// Until when the session's latest proof of the account counts.
    pub fn proof_valid_until(&self, session: &Session) -> DateTime<Utc> {
        session.proven_at() + Duration::seconds(self.policy.reauth_window_secs)
    }

    /// Refuses a session whose proof is older than the window. Also asked before a rename
    /// ([`crate::ProfileService::update_profile`]), which changes how the owner signs in.
    ///
    /// # Errors
    /// `ReauthenticationRequired`.
    pub fn require_fresh_proof(&self, session: &Session) -> Result<(), AccountsError> {
        if self.clock.now() <= self.proof_valid_until(session) {
            Ok(())
        } else {
            Err(AccountsError::ReauthenticationRequired)
        }
    }

    /// Sends a re-authentication code to the number already bound to the session's account
    /// (for accounts without a password).
    ///
    /// # Errors
    /// `NoPhoneBound`; the limits and provider errors of sending any code (`CodeResendTooSoon`,
    /// `RateLimited`, `Sms*`); `Unexpected`.
    #[tracing::instrument(skip_all, fields(user = %session.user_id))]
    pub async fn send_reauth_code(
        &self,
        session: &Session,
        ctx: &ClientContext,
    ) -> Result<SentCode, AccountsError> {
        let user = self.existing(session.user_id).await?;
        let phone = user.phone.ok_or(AccountsError::NoPhoneBound)?;
        self.send_code(&phone, CodePurpose::Reauthenticate, ctx)
            .await
    }

    /// Proves the account again on this session; the answer is until when the proof counts.
    /// Wrong passwords and codes count against the account (`reauth_failures_per_account`).
    ///
    /// # Errors
    /// `RateLimited` after too many wrong tries; `WrongPassword` (also for an account without
    /// a password); `NoPhoneBound` for a code on an account without a number;
    /// `WrongVerificationCode`; `VerificationCodeExhausted`; `Unexpected`.
    #[tracing::instrument(skip_all, fields(user = %session.user_id))]
    pub async fn reauthenticate(
        &self,
        session: &Session,
        proof: &Proof,
    ) -> Result<DateTime<Utc>, AccountsError> {
        let key = format!("reauth:fail:{}", session.user_id);
        let rule = self.policy.reauth_failures_per_account;
        self.limit(&key, rule, false).await?;
        let proven = match proof {
            Proof::Password(password) => {
                match self.users.find_by_id(session.user_id).await? {
                    Some((_, Some(hash))) => {
                        if self.hasher.verify(password, &hash).await? {
                            Ok(())
                        } else {
                            Err(AccountsError::WrongPassword)
                        }
                    }
                    Some((_, None)) => {
                        // No password to match: the same answer and the same cost as a wrong one.
                        self.hasher.hash(password).await?;
                        Err(AccountsError::WrongPassword)
                    }
                    None => Err(anyhow::anyhow!("user {} does not exist", session.user_id).into()),
                }
            }
            Proof::Code(code) => {
                let user = self.existing(session.user_id).await?;
                let phone = user.phone.ok_or(AccountsError::NoPhoneBound)?;
                self.check_code(&phone, CodePurpose::Reauthenticate, code)
                    .await
            }
        };
        match proven {
            Ok(()) => {}
            Err(
                e @ (AccountsError::WrongPassword
                | AccountsError::WrongVerificationCode
                | AccountsError::VerificationCodeExhausted),
            ) => {
                self.limiter.hit(&key, rule, self.clock.now()).await?;
                return Err(e);
            }
            Err(e) => return Err(e),
        }
        self.limiter.reset(&key).await?;
        let now = self.clock.now();
        self.sessions.mark_reauthenticated(session.id, now).await?;
        tracing::info!("re-authenticated");
        Ok(now + Duration::seconds(self.policy.reauth_window_secs))
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{Mocks, ctx, session_proven, t0, user};
    use super::*;
    use crate::model::{PasswordHash, PhoneNumber};
    use crate::ports::{AttemptOutcome, CodeId, StoredCode};
    use kernel::RateDecision;
    use mockall::predicate::{always, eq};

    fn phone() -> PhoneNumber {
        PhoneNumber::parse("86", "13800138000").unwrap()
    }

    #[test]
    fn proof_is_fresh_one_second_inside_the_window_and_stale_one_second_past_it() {
        let m = Mocks::new().service();
        let window = 600;
        let me = user("alice").id;
        assert!(
            m.require_fresh_proof(&session_proven(window - 1, me))
                .is_ok()
        );
        assert!(matches!(
            m.require_fresh_proof(&session_proven(window + 1, me)),
            Err(AccountsError::ReauthenticationRequired)
        ));
        // A sign-in is proof too: a session created a minute ago needs nothing more.
        let mut fresh = session_proven(window + 1, me);
        fresh.reauthenticated_at = None;
        fresh.created_at = t0() - Duration::seconds(60);
        assert!(m.require_fresh_proof(&fresh).is_ok());
        assert_eq!(m.proof_valid_until(&fresh), t0() + Duration::seconds(540));
    }

    #[tokio::test]
    async fn the_right_password_marks_the_session_and_resets_the_counter() {
        let mut m = Mocks::new();
        let u = user("alice");
        let s = session_proven(3600, u.id);
        let sid = s.id;
        m.limiter
            .expect_peek()
            .with(eq(format!("reauth:fail:{}", u.id)), always(), always())
            .returning(|_, _, _| Ok(RateDecision::Allowed));
        m.limiter.expect_hit().never();
        m.limiter.expect_reset().times(1).returning(|_| Ok(()));
        m.users
            .expect_find_by_id()
            .returning(move |_| Ok(Some((u.clone(), Some(PasswordHash::new("h".into()))))));
        m.hasher.expect_verify().returning(|_, _| Ok(true));
        m.sessions
            .expect_mark_reauthenticated()
            .with(eq(sid), eq(t0()))
            .times(1)
            .returning(|_, _| Ok(()));
        let until = m
            .service()
            .reauthenticate(&s, &Proof::Password(Password::parse("password1").unwrap()))
            .await
            .unwrap();
        assert_eq!(until, t0() + Duration::minutes(10));
    }

    #[tokio::test]
    async fn a_wrong_password_is_refused_and_counted_and_marks_nothing() {
        for has_password in [true, false] {
            let mut m = Mocks::new();
            let u = user("alice");
            let s = session_proven(3600, u.id);
            m.limiter
                .expect_peek()
                .returning(|_, _, _| Ok(RateDecision::Allowed));
            m.limiter
                .expect_hit()
                .with(eq(format!("reauth:fail:{}", u.id)), always(), always())
                .times(1)
                .returning(|_, _, _| Ok(RateDecision::Allowed));
            m.limiter.expect_reset().never();
            let hash = has_password.then(|| PasswordHash::new("h".into()));
            m.users
                .expect_find_by_id()
                .returning(move |_| Ok(Some((u.clone(), hash.clone()))));
            m.hasher.expect_verify().returning(|_, _| Ok(false));
            m.hasher
                .expect_hash()
                .returning(|_| Ok(PasswordHash::new("x".into())));
            m.sessions.expect_mark_reauthenticated().never();
            let err = m
                .service()
                .reauthenticate(&s, &Proof::Password(Password::parse("password1").unwrap()))
                .await
                .unwrap_err();
            assert!(
                matches!(err, AccountsError::WrongPassword),
                "{has_password}"
            );
        }
    }

    #[tokio::test]
    async fn too_many_wrong_tries_refuse_before_any_check() {
        let mut m = Mocks::new();
        let u = user("alice");
        let s = session_proven(3600, u.id);
        m.limiter.expect_peek().returning(|_, _, _| {
            Ok(RateDecision::Limited {
                retry_after_secs: 300,
            })
        });
        m.users.expect_find_by_id().never();
        m.hasher.expect_verify().never();
        m.sessions.expect_mark_reauthenticated().never();
        let err = m
            .service()
            .reauthenticate(&s, &Proof::Password(Password::parse("password1").unwrap()))
            .await
            .unwrap_err();
        assert!(matches!(
            err,
            AccountsError::RateLimited {
                retry_after_secs: 300
            }
        ));
    }

    fn stored(digits: &str) -> StoredCode {
        let code = VerificationCode::parse(digits).unwrap();
        StoredCode {
            id: CodeId::new_random(),
            phone: phone(),
            purpose: CodePurpose::Reauthenticate,
            code_hash: code.hash(&phone(), CodePurpose::Reauthenticate),
            sent_at: t0(),
            expires_at: t0() + Duration::minutes(5),
            attempts: 1,
        }
    }

    #[tokio::test]
    async fn a_code_to_the_bound_number_proves_the_account_and_a_wrong_one_counts() {
        for (guess, ok) in [("123456", true), ("654321", false)] {
            let mut m = Mocks::new();
            let mut u = user("alice");
            u.has_password = false;
            u.phone = Some(phone());
            let s = session_proven(3600, u.id);
            m.limiter
                .expect_peek()
                .returning(|_, _, _| Ok(RateDecision::Allowed));
            m.limiter
                .expect_hit()
                .times(usize::from(!ok))
                .returning(|_, _, _| Ok(RateDecision::Allowed));
            m.limiter.expect_reset().returning(|_| Ok(()));
            m.users
                .expect_find_by_id()
                .returning(move |_| Ok(Some((u.clone(), None))));
            m.codes
                .expect_reserve_attempt()
                .with(
                    eq(phone()),
                    eq(CodePurpose::Reauthenticate),
                    always(),
                    always(),
                )
                .returning(|_, _, _, _| Ok(AttemptOutcome::Reserved(stored("123456"))));
            m.codes.expect_consume().returning(|_, _| Ok(true));
            m.sessions
                .expect_mark_reauthenticated()
                .times(usize::from(ok))
                .returning(|_, _| Ok(()));
            let got = m
                .service()
                .reauthenticate(&s, &Proof::Code(VerificationCode::parse(guess).unwrap()))
                .await;
            if ok {
                assert!(got.is_ok());
            } else {
                assert!(matches!(got, Err(AccountsError::WrongVerificationCode)));
            }
        }
    }

    #[tokio::test]
    async fn a_code_needs_a_bound_number() {
        let mut m = Mocks::new();
        m.allow_all_limits();
        let u = user("alice");
        let s = session_proven(3600, u.id);
        m.users
            .expect_find_by_id()
            .returning(move |_| Ok(Some((u.clone(), None))));
        m.sms.expect_send_code().never();
        let svc = m.service();
        assert!(matches!(
            svc.send_reauth_code(&s, &ctx()).await,
            Err(AccountsError::NoPhoneBound)
        ));
        assert!(matches!(
            svc.reauthenticate(&s, &Proof::Code(VerificationCode::parse("123456").unwrap()))
                .await,
            Err(AccountsError::NoPhoneBound)
        ));
    }

    #[tokio::test]
    async fn the_reauth_code_goes_to_the_bound_number() {
        let mut m = Mocks::new();
        m.allow_all_limits();
        let mut u = user("alice");
        u.phone = Some(phone());
        let s = session_proven(3600, u.id);
        m.users
            .expect_find_by_id()
            .returning(move |_| Ok(Some((u.clone(), None))));
        m.secrets
            .expect_verification_code()
            .returning(|| VerificationCode::parse("482913").unwrap());
        m.codes
            .expect_replace()
            .withf(|c| c.purpose == CodePurpose::Reauthenticate && c.phone == phone())
            .times(1)
            .returning(|_| Ok(()));
        m.sms
            .expect_send_code()
            .withf(|p, _| p == &phone())
            .times(1)
            .returning(|_, _| Ok(()));
        m.sms.expect_provider().return_const("log");
        m.service().send_reauth_code(&s, &ctx()).await.unwrap();
    }
}
