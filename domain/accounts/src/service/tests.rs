use super::*;
use crate::model::{PasswordHash, SessionTokenHash};
use crate::ports::{
    MockPasswordHasher, MockSecretGenerator, MockSessionRepository, MockSmsSender,
    MockUserRepository, MockVerificationCodeRepository,
};
use chrono::{DateTime, TimeZone, Utc};
use kernel::{FixedClock, MockRateLimiter};
use mockall::predicate::{always, eq};
use std::sync::Mutex;

/// An audit log that keeps what it is given, for tests to read.
#[derive(Default)]
pub(crate) struct RecordedAudit(Mutex<Vec<AuditEvent>>);

impl RecordedAudit {
    pub(crate) fn events(&self) -> Vec<AuditEvent> {
        self.0.lock().unwrap().clone()
    }
}

#[async_trait::async_trait]
impl AuditLog for RecordedAudit {
    async fn record(&self, event: AuditEvent) -> Result<(), anyhow::Error> {
        self.0.lock().unwrap().push(event);
        Ok(())
    }
}

pub(crate) fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 21, 8, 0, 0).unwrap()
}

pub(crate) fn user(name: &str) -> User {
    User {
        id: UserId::new_random(),
        username: Username::parse(name).unwrap(),
        nickname: Nickname::parse(name).unwrap(),
        role: Role::User,
        avatar_url: None,
        avatar: None,
        bio: None,
        appearance: Default::default(),
        has_password: true,
        phone: None,
        wechat: None,
        created_at: t0(),
        updated_at: t0(),
        disabled_at: None,
    }
}

pub(crate) struct Mocks {
    pub(crate) users: MockUserRepository,
    pub(crate) sessions: MockSessionRepository,
    pub(crate) hasher: MockPasswordHasher,
    pub(crate) secrets: MockSecretGenerator,
    pub(crate) limiter: MockRateLimiter,
    pub(crate) codes: MockVerificationCodeRepository,
    pub(crate) sms: MockSmsSender,
    pub(crate) audit: Arc<RecordedAudit>,
}

impl Mocks {
    pub(crate) fn new() -> Self {
        let mut secrets = MockSecretGenerator::new();
        secrets
            .expect_session_token()
            .returning(|| SessionToken::new("tok".into()));
        Self {
            users: MockUserRepository::new(),
            sessions: MockSessionRepository::new(),
            hasher: MockPasswordHasher::new(),
            secrets,
            limiter: MockRateLimiter::new(),
            codes: MockVerificationCodeRepository::new(),
            sms: MockSmsSender::new(),
            audit: Arc::default(),
        }
    }

    pub(crate) fn allow_all_limits(&mut self) {
        self.limiter
            .expect_hit()
            .returning(|_, _, _| Ok(RateDecision::Allowed));
        self.limiter
            .expect_peek()
            .returning(|_, _, _| Ok(RateDecision::Allowed));
        self.limiter.expect_reset().returning(|_| Ok(()));
        self.limiter.expect_count().returning(|_, _, _| Ok(0));
    }

    pub(crate) fn service(self) -> AccountsService {
        self.service_with(AccountsPolicy::default())
    }

    pub(crate) fn service_with(self, policy: AccountsPolicy) -> AccountsService {
        AccountsService::new(
            AccountsPorts {
                users: Arc::new(self.users),
                sessions: Arc::new(self.sessions),
                hasher: Arc::new(self.hasher),
                secrets: Arc::new(self.secrets),
                limiter: Arc::new(self.limiter),
                codes: Arc::new(self.codes),
                sms: Arc::new(self.sms),
                clock: Arc::new(FixedClock(t0())),
                audit: self.audit,
            },
            policy,
        )
    }
}

pub(crate) fn ctx() -> ClientContext {
    ClientContext {
        ip: Some("192.0.2.1".into()),
        user_agent: Some("test-agent".into()),
    }
}

fn pw(raw: &str) -> Password {
    Password::parse(raw).unwrap()
}

#[test]
fn ipv6_clients_are_counted_per_64_and_ipv4_per_address() {
    let key = |ip: &str| {
        ClientContext {
            ip: Some(ip.into()),
            user_agent: None,
        }
        .rate_key()
    };
    assert_eq!(key("192.0.2.7").as_deref(), Some("192.0.2.7"));
    assert_eq!(
        key("2001:db8:1:2:aaaa::1").as_deref(),
        Some("2001:db8:1:2::/64")
    );
    assert_eq!(key("2001:db8:1:2:bbbb::9"), key("2001:db8:1:2:aaaa::1"));
    assert_ne!(key("2001:db8:1:3::1"), key("2001:db8:1:2::1"));
    assert_eq!(key("::ffff:192.0.2.7").as_deref(), Some("192.0.2.7"));
    assert_eq!(ClientContext::default().rate_key(), None);
}

#[tokio::test]
async fn register_stores_the_hash_and_signs_in_with_a_hashed_token() {
    let mut m = Mocks::new();
    m.allow_all_limits();
    m.hasher
        .expect_hash()
        .returning(|_| Ok(PasswordHash::new("$argon2id$h".into())));
    m.users.expect_insert().times(1).returning(|new| {
        assert_eq!(
            new.password_hash,
            Some(PasswordHash::new("$argon2id$h".into()))
        );
        assert_eq!(
            new.nickname.as_str(),
            "alice",
            "nickname defaults to the username"
        );
        assert_eq!(new.role, Role::User);
        Ok(User {
            id: new.id,
            username: new.username,
            nickname: new.nickname,
            role: new.role,
            avatar_url: None,
            avatar: None,
            bio: None,
            appearance: Default::default(),
            has_password: true,
            phone: None,
            wechat: None,
            created_at: new.created_at,
            updated_at: new.created_at,
            disabled_at: None,
        })
    });
    m.sessions.expect_insert().times(1).returning(|s| {
        assert_eq!(s.token_hash, SessionToken::new("tok".into()).hash());
        assert_eq!(s.expires_at, t0() + Duration::days(30));
        assert_eq!(s.ip.as_deref(), Some("192.0.2.1"));
        Ok(())
    });
    let reg = Registration {
        username: Username::parse("alice").unwrap(),
        password: pw("password1"),
        nickname: None,
    };
    let audit = m.audit.clone();
    let (user, issued) = m.service().register(reg, &ctx()).await.unwrap();
    assert_eq!(user.username.as_str(), "alice");
    assert_eq!(issued.token.expose(), "tok");
    let events = audit.events();
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].action, "account.registered");
    assert_eq!(events[0].actor, Some(user.id));
    assert_eq!(events[0].detail.as_deref(), Some("password"));
}

#[tokio::test]
async fn a_password_sign_in_is_audited_with_its_method_and_address() {
    let mut m = Mocks::new();
    let u = user("alice");
    let id = u.id;
    m.allow_all_limits();
    m.users
        .expect_find_by_username()
        .returning(move |_| Ok(Some((u.clone(), Some(PasswordHash::new("h".into()))))));
    m.hasher.expect_verify().returning(|_, _| Ok(true));
    m.hasher.expect_needs_rehash().returning(|_| false);
    m.sessions.expect_insert().returning(|_| Ok(()));
    let audit = m.audit.clone();
    m.service()
        .login_with_password(&Username::parse("alice").unwrap(), &pw("password1"), &ctx())
        .await
        .unwrap();
    let events = audit.events();
    assert_eq!(events.len(), 1);
    let e = &events[0];
    assert_eq!(e.action, AuditAction::SignIn.as_str());
    assert_eq!(e.actor, Some(id));
    assert_eq!(e.target.as_deref(), Some("alice"));
    assert_eq!(e.ip.as_deref(), Some("192.0.2.1"));
    assert_eq!(e.detail.as_deref(), Some("password"));
}

#[tokio::test]
async fn failed_sign_ins_are_audited_without_actor_or_secret() {
    for (known, reason) in [
        (true, "password: wrong password"),
        (false, "password: unknown user"),
    ] {
        let mut m = Mocks::new();
        m.allow_all_limits();
        let u = user("alice");
        m.users.expect_find_by_username().returning(move |_| {
            Ok(known.then(|| (u.clone(), Some(PasswordHash::new("h".into())))))
        });
        m.hasher.expect_verify().returning(|_, _| Ok(false));
        m.hasher
            .expect_hash()
            .returning(|_| Ok(PasswordHash::new("$argon2id$h".into())));
        m.sessions.expect_insert().never();
        let audit = m.audit.clone();
        let err = m
            .service()
            .login_with_password(
                &Username::parse("alice").unwrap(),
                &pw("s3cret-guess"),
                &ctx(),
            )
            .await
            .unwrap_err();
        assert!(matches!(err, AccountsError::InvalidCredentials));
        let events = audit.events();
        assert_eq!(events.len(), 1, "{reason}");
        let e = &events[0];
        assert_eq!(e.action, AuditAction::SignInFailed.as_str());
        assert_eq!(e.actor, None);
        assert_eq!(e.target.as_deref(), Some("alice"));
        assert_eq!(e.ip.as_deref(), Some("192.0.2.1"));
        assert_eq!(e.detail.as_deref(), Some(reason));
        assert!(
            !format!("{e:?}").contains("s3cret-guess"),
            "the password leaked"
        );
    }
}

#[tokio::test]
async fn register_past_the_ip_limit_stores_nothing() {
    let mut m = Mocks::new();
    m.limiter
        .expect_hit()
        .with(eq("register:ip:192.0.2.1"), always(), always())
        .returning(|_, _, _| {
            Ok(RateDecision::Limited {
                retry_after_secs: 42,
            })
        });
    m.users.expect_insert().never();
    m.hasher.expect_hash().never();
    let reg = Registration {
        username: Username::parse("alice").unwrap(),
        password: pw("password1"),
        nickname: None,
    };
    let err = m.service().register(reg, &ctx()).await.unwrap_err();
    assert!(matches!(
        err,
        AccountsError::RateLimited {
            retry_after_secs: 42
        }
    ));
}

#[tokio::test]
async fn a_disabled_account_cannot_sign_in() {
    let mut m = Mocks::new();
    let mut u = user("alice");
    u.disabled_at = Some(t0());
    m.allow_all_limits();
    m.users
        .expect_find_by_username()
        .returning(move |_| Ok(Some((u.clone(), Some(PasswordHash::new("h".into()))))));
    m.hasher.expect_verify().returning(|_, _| Ok(true));
    m.sessions.expect_insert().never();
    let err = m
        .service()
        .login_with_password(&Username::parse("alice").unwrap(), &pw("password1"), &ctx())
        .await
        .unwrap_err();
    assert!(matches!(err, AccountsError::AccountDisabled));
}

fn session_of(u: &User, last_seen: DateTime<Utc>) -> Session {
    Session {
        id: SessionId::new_random(),
        user_id: u.id,
        token_hash: SessionTokenHash("h".into()),
        user_agent: None,
        ip: None,
        created_at: last_seen,
        last_seen_at: last_seen,
        expires_at: last_seen + Duration::days(30),
        reauthenticated_at: None,
    }
}

#[tokio::test]
async fn authenticate_touches_a_session_only_after_the_touch_interval() {
    for (age_secs, touches) in [(10, 0), (300, 1)] {
        let mut m = Mocks::new();
        let u = user("alice");
        let s = session_of(&u, t0() - Duration::seconds(age_secs));
        m.sessions
            .expect_find_live()
            .returning(move |_, _| Ok(Some((s.clone(), u.clone()))));
        m.sessions
            .expect_touch()
            .times(touches)
            .returning(|_, seen, exp| {
                assert_eq!(seen, t0());
                assert_eq!(exp, t0() + Duration::days(30));
                Ok(())
            });
        let got = m
            .service_with(AccountsPolicy {
                session_absolute_days: 90,
                ..AccountsPolicy::default()
            })
            .authenticate(&SessionToken::new("tok".into()))
            .await
            .unwrap();
        assert!(got.is_some());
    }
}

#[tokio::test]
async fn a_session_dies_its_absolute_lifetime_after_sign_in_however_recently_used() {
    // Used a minute ago and not idle-expired: only its age since sign-in matters.
    for (age, alive) in [
        (Duration::days(30) - Duration::seconds(1), true),
        (Duration::days(30), false),
        (Duration::days(45), false),
    ] {
        let mut m = Mocks::new();
        let u = user("alice");
        let mut s = session_of(&u, t0() - Duration::seconds(60));
        s.created_at = t0() - age;
        m.sessions
            .expect_find_live()
            .returning(move |_, _| Ok(Some((s.clone(), u.clone()))));
        m.sessions.expect_touch().never();
        let got = m
            .service()
            .authenticate(&SessionToken::new("tok".into()))
            .await
            .unwrap();
        assert_eq!(got.is_some(), alive, "{age:?}");
    }
}

#[tokio::test]
async fn touching_never_extends_a_session_past_its_absolute_end() {
    let mut m = Mocks::new();
    let u = user("alice");
    let mut s = session_of(&u, t0() - Duration::hours(1));
    s.created_at = t0() - Duration::days(29);
    m.sessions
        .expect_find_live()
        .returning(move |_, _| Ok(Some((s.clone(), u.clone()))));
    m.sessions
        .expect_touch()
        .times(1)
        .returning(|_, seen, exp| {
            assert_eq!(seen, t0());
            // Not t0 + 30 idle days: sign-in + 30 absolute days.
            assert_eq!(exp, t0() + Duration::days(1));
            Ok(())
        });
    assert!(
        m.service()
            .authenticate(&SessionToken::new("tok".into()))
            .await
            .unwrap()
            .is_some()
    );
}

#[tokio::test]
async fn a_new_session_expires_at_the_sooner_of_idle_and_absolute() {
    let mut m = Mocks::new();
    m.sessions.expect_insert().times(1).returning(|s| {
        assert_eq!(s.expires_at, t0() + Duration::days(7));
        assert_eq!(s.reauthenticated_at, None);
        Ok(())
    });
    m.service_with(AccountsPolicy {
        session_idle_days: 30,
        session_absolute_days: 7,
        ..AccountsPolicy::default()
    })
    .issue_session(UserId::new_random(), &ctx())
    .await
    .unwrap();
}

#[tokio::test]
async fn authenticate_ignores_sessions_of_disabled_users() {
    let mut m = Mocks::new();
    let mut u = user("alice");
    u.disabled_at = Some(t0());
    let s = session_of(&u, t0());
    m.sessions
        .expect_find_live()
        .returning(move |_, _| Ok(Some((s.clone(), u.clone()))));
    assert!(
        m.service()
            .authenticate(&SessionToken::new("tok".into()))
            .await
            .unwrap()
            .is_none()
    );
}

#[tokio::test]
async fn change_password_checks_the_current_one_and_revokes_the_others() {
    let u = user("alice");
    let keep = SessionId::new_random();

    let mut m = Mocks::new();
    m.allow_all_limits();
    let u1 = u.clone();
    m.users
        .expect_find_by_id()
        .returning(move |_| Ok(Some((u1.clone(), Some(PasswordHash::new("old".into()))))));
    m.hasher.expect_verify().returning(|_, _| Ok(false));
    m.users.expect_set_password_hash().never();
    m.sessions.expect_delete_others().never();
    let err = m
        .service()
        .change_password(u.id, keep, &pw("wrongwrong"), &pw("newpassword"))
        .await
        .unwrap_err();
    assert!(matches!(err, AccountsError::WrongPassword));

    let mut m = Mocks::new();
    m.allow_all_limits();
    let u2 = u.clone();
    m.users
        .expect_find_by_id()
        .returning(move |_| Ok(Some((u2.clone(), Some(PasswordHash::new("old".into()))))));
    m.hasher.expect_verify().returning(|_, _| Ok(true));
    m.hasher
        .expect_hash()
        .returning(|_| Ok(PasswordHash::new("new".into())));
    m.users
        .expect_set_password_hash()
        .with(eq(u.id), eq(PasswordHash::new("new".into())), eq(t0()))
        .times(1)
        .returning(|_, _, _| Ok(()));
    m.sessions
        .expect_delete_others()
        .with(eq(u.id), eq(keep))
        .times(1)
        .returning(|_, _| Ok(2));
    let revoked = m
        .service()
        .change_password(u.id, keep, &pw("oldpassword"), &pw("newpassword"))
        .await
        .unwrap();
    assert_eq!(revoked, 2);
}

#[tokio::test]
async fn revoking_someone_elses_or_a_missing_session_is_not_found() {
    let mut m = Mocks::new();
    m.sessions
        .expect_delete_for_user()
        .returning(|_, _| Ok(false));
    let err = m
        .service()
        .revoke_session(UserId::new_random(), SessionId::new_random())
        .await
        .unwrap_err();
    assert!(matches!(err, AccountsError::SessionNotFound));
}

#[tokio::test]
async fn a_profile_is_one_read_of_the_account_with_the_viewers_standing() {
    let them = user("carol");
    let viewer = UserId::new_random();
    let muted = Standing {
        mine: Some(kernel::BlockKind::Mute),
        blocked: false,
    };
    let mut m = Mocks::new();
    let found = them.clone();
    m.users
        .expect_find_profile()
        .with(eq(Some(viewer)), eq(UserKey::Id(them.id)))
        .times(1)
        .returning(move |_, _| Ok(Some((found.clone(), muted))));
    let found = them.clone();
    m.users
        .expect_find_profile()
        .with(
            eq(None),
            eq(UserKey::Username(Username::parse("carol").unwrap())),
        )
        .times(1)
        .returning(move |_, _| Ok(Some((found.clone(), Standing::default()))));
    let s = m.service();
    assert_eq!(
        s.profile(Some(viewer), ProfileKey::Id(them.id))
            .await
            .unwrap(),
        Some((them.clone(), muted))
    );
    assert_eq!(
        s.profile(None, ProfileKey::Username("Carol"))
            .await
            .unwrap(),
        Some((them, Standing::default())),
        "a username is found folded"
    );
}

#[tokio::test]
async fn one_stands_nowhere_on_ones_own_profile_and_a_name_no_username_could_be_finds_nobody() {
    let me = user("dave");
    let mut m = Mocks::new();
    let found = me.clone();
    m.users
        .expect_find_profile()
        .times(1)
        .returning(move |_, _| {
            Ok(Some((
                found.clone(),
                Standing {
                    mine: Some(kernel::BlockKind::Block),
                    blocked: true,
                },
            )))
        });
    let s = m.service();
    assert_eq!(
        s.profile(Some(me.id), ProfileKey::Id(me.id)).await.unwrap(),
        Some((me.clone(), Standing::default()))
    );
    // No second look-up: the repository's expectation allows one call only.
    assert_eq!(
        s.profile(Some(me.id), ProfileKey::Username("no spaces allowed"))
            .await
            .unwrap(),
        None
    );
}

/// A session of `user_id` signed in days ago that proved the account `secs_ago` before
/// the fixed clock's now.
pub(crate) fn session_proven(secs_ago: i64, user_id: kernel::UserId) -> crate::model::Session {
    Session {
        id: kernel::SessionId::new_random(),
        user_id,
        token_hash: crate::model::SessionTokenHash("h".into()),
        user_agent: None,
        ip: None,
        created_at: t0() - chrono::Duration::days(3),
        last_seen_at: t0(),
        expires_at: t0() + chrono::Duration::days(1),
        reauthenticated_at: Some(t0() - chrono::Duration::seconds(secs_ago)),
    }
}
