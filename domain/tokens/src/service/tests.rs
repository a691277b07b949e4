use super::*;
use crate::model::TokenDigest;
use crate::ports::{MockSecretSource, MockTokenRepository};
use kernel::{FixedClock, MockAuditLog};
use std::sync::Mutex;

const RANDOM: &str = "AbCdEfGhIjKlMnOpQrStUvWxYz0123";

fn t0() -> DateTime<Utc> {
    DateTime::<Utc>::from_timestamp(1_790_000_000, 0).unwrap()
}

fn alice() -> Owner {
    Owner {
        id: UserId(uuid::Uuid::from_u128(1)),
        role: Role::User,
    }
}

struct Mocks {
    repo: MockTokenRepository,
    audit: MockAuditLog,
    secrets: MockSecretSource,
}

impl Mocks {
    fn new() -> Self {
        let mut secrets = MockSecretSource::new();
        secrets
            .expect_base62()
            .returning(|len| RANDOM[..len].to_owned());
        Self {
            repo: MockTokenRepository::new(),
            audit: MockAuditLog::new(),
            secrets,
        }
    }

    fn service(self) -> TokensService {
        TokensService::new(
            TokensPorts {
                repo: Arc::new(self.repo),
                secrets: Arc::new(self.secrets),
                audit: Arc::new(self.audit),
                clock: Arc::new(FixedClock(t0())),
            },
            TokensPolicy::default(),
        )
    }
}

fn request(name: &str, scopes: &[&str], days: Option<u16>) -> NewToken {
    NewToken {
        name: name.into(),
        scopes: scopes.iter().map(|s| (*s).to_owned()).collect(),
        expires_in_days: days,
    }
}

fn stored(last_used: Option<DateTime<Utc>>) -> PersonalAccessToken {
    PersonalAccessToken {
        id: TokenId(uuid::Uuid::from_u128(7)),
        user_id: alice().id,
        name: "ci".into(),
        hint: "cyp_…".into(),
        scopes: Scopes::parse(&["ai:write"]).unwrap(),
        created_at: t0() - Duration::days(1),
        expires_at: Some(t0() + Duration::days(1)),
        last_used_at: last_used,
        revoked_at: None,
    }
}

#[tokio::test]
async fn create_stores_only_the_digest_audits_and_shows_the_secret_once() {
    let mut m = Mocks::new();
    let inserted: Arc<Mutex<Option<(PersonalAccessToken, TokenDigest)>>> = Arc::default();
    let keep = inserted.clone();
    m.repo.expect_count_active().returning(|_, _| Ok(0));
    m.repo.expect_insert().times(1).returning(move |t, d| {
        *keep.lock().unwrap() = Some((t.clone(), d.clone()));
        Ok(())
    });
    m.audit
        .expect_record()
        .times(1)
        .withf(|e| {
            e.action == "token.created"
                && e.actor == Some(alice().id)
                && e.ip.as_deref() == Some("192.0.2.1")
                && e.detail
                    .as_deref()
                    .is_some_and(|d| d.contains("\"deploy\"") && !d.contains("cyp_"))
        })
        .returning(|_| Ok(()));
    let created = m
        .service()
        .create(
            alice(),
            Some("192.0.2.1".into()),
            request("  deploy  ", &["ai:write", "account:read"], Some(30)),
        )
        .await
        .unwrap();
    let (token, digest) = inserted.lock().unwrap().clone().unwrap();
    assert_eq!(token, created.token);
    assert_eq!(token.name, "deploy", "trimmed");
    assert_eq!(token.scopes.to_stored(), "account:read ai:write");
    assert_eq!(token.expires_at, Some(t0() + Duration::days(30)));
    assert_eq!(digest, created.secret.digest());
    assert_ne!(digest.0, created.secret.expose());
    assert_eq!(token.hint, created.secret.hint());
    assert!(
        created
            .secret
            .expose()
            .starts_with(&format!("cyp_{RANDOM}"))
    );
}

#[tokio::test]
async fn create_refuses_bad_names_scopes_and_expiries_before_touching_the_store() {
    for (req, check) in [
        (
            request("   ", &["ai:read"], None),
            (|e: &TokensError| matches!(e, TokensError::InvalidName { max: 50 }))
                as fn(&TokensError) -> bool,
        ),
        (request(&"x".repeat(51), &["ai:read"], None), |e| {
            matches!(e, TokensError::InvalidName { .. })
        }),
        (request("ci", &[], None), |e| {
            matches!(e, TokensError::InvalidScopes(_))
        }),
        (request("ci", &["ai:delete"], None), |e| {
            matches!(e, TokensError::InvalidScopes(_))
        }),
        (request("ci", &["ai:read"], Some(14)), |e| {
            matches!(e, TokensError::InvalidExpiry)
        }),
        (request("ci", &["admin:read"], None), |e| {
            matches!(e, TokensError::ScopeNotAllowed(_))
        }),
    ] {
        let mut m = Mocks::new();
        m.repo.expect_insert().never();
        m.audit.expect_record().never();
        let err = m.service().create(alice(), None, req).await.err().unwrap();
        assert!(check(&err), "{err:?}");
    }
    // Fifty characters are fine, counted as characters not bytes.
    let mut m = Mocks::new();
    m.repo.expect_count_active().returning(|_, _| Ok(0));
    m.repo.expect_insert().returning(|_, _| Ok(()));
    m.audit.expect_record().returning(|_| Ok(()));
    assert!(
        m.service()
            .create(alice(), None, request(&"令".repeat(50), &["ai:read"], None))
            .await
            .is_ok()
    );
}

#[tokio::test]
async fn admin_scoped_tokens_must_expire() {
    let admin = Owner {
        role: Role::Admin,
        ..alice()
    };
    for scopes in [&["admin:read"][..], &["ai:read", "admin:write"]] {
        let mut m = Mocks::new();
        m.repo.expect_insert().never();
        m.audit.expect_record().never();
        let err = m
            .service()
            .create(admin, None, request("ops", scopes, None))
            .await
            .err()
            .unwrap();
        assert!(matches!(err, TokensError::AdminTokenNeedsExpiry), "{err:?}");
    }
    // Every offered expiry is fine, and an admin's other tokens may still live forever.
    for days in [Some(365), None] {
        let mut m = Mocks::new();
        m.repo.expect_count_active().returning(|_, _| Ok(0));
        m.repo.expect_insert().times(1).returning(|_, _| Ok(()));
        m.audit.expect_record().returning(|_| Ok(()));
        let scopes: &[&str] = if days.is_some() {
            &["admin:read"]
        } else {
            &["ai:read"]
        };
        let created = m
            .service()
            .create(admin, None, request("ops", scopes, days))
            .await
            .unwrap();
        assert_eq!(created.token.expires_at.is_some(), days.is_some());
    }
}

#[tokio::test]
async fn admins_may_grant_admin_scopes() {
    let mut m = Mocks::new();
    m.repo.expect_count_active().returning(|_, _| Ok(0));
    m.repo.expect_insert().returning(|_, _| Ok(()));
    m.audit.expect_record().returning(|_| Ok(()));
    let admin = Owner {
        role: Role::Admin,
        ..alice()
    };
    let created = m
        .service()
        .create(admin, None, request("ops", &["admin:write"], Some(7)))
        .await
        .unwrap();
    assert_eq!(created.token.scopes.to_stored(), "admin:write");
    assert_eq!(TokensService::grantable_scopes(Role::Admin).len(), 12);
    assert!(
        TokensService::grantable_scopes(Role::User)
            .iter()
            .all(|s| !s.admin_only())
    );
}

#[tokio::test]
async fn a_user_with_the_most_active_tokens_cannot_create_another() {
    let mut m = Mocks::new();
    m.repo.expect_count_active().returning(|_, _| Ok(50));
    m.repo.expect_insert().never();
    let err = m
        .service()
        .create(alice(), None, request("one more", &["ai:read"], None))
        .await
        .err()
        .unwrap();
    assert!(matches!(err, TokensError::TooManyTokens { max: 50 }));
}

#[tokio::test]
async fn a_bad_checksum_is_refused_without_a_lookup() {
    let mut m = Mocks::new();
    m.repo.expect_find_by_digest().never();
    let service = m.service();
    let good = TokenSecret::from_random(RANDOM).unwrap();
    let mut bad = good.expose().to_owned();
    bad.replace_range(39..40, if bad.ends_with('a') { "b" } else { "a" });
    for raw in [bad.as_str(), "cyp_short", "Bearer", ""] {
        assert!(matches!(
            service.authenticate(raw).await,
            Err(TokensError::InvalidToken)
        ));
    }
}

#[tokio::test]
async fn unknown_revoked_and_expired_tokens_are_refused_alike() {
    let secret = TokenSecret::from_random(RANDOM).unwrap();
    let mut revoked = stored(None);
    revoked.revoked_at = Some(t0() - Duration::seconds(1));
    let mut expired = stored(None);
    expired.expires_at = Some(t0());
    for found in [None, Some(revoked), Some(expired)] {
        let mut m = Mocks::new();
        m.repo
            .expect_find_by_digest()
            .returning(move |_| Ok(found.clone()));
        m.repo.expect_touch().never();
        assert!(matches!(
            m.service().authenticate(secret.expose()).await,
            Err(TokensError::InvalidToken)
        ));
    }
}

#[tokio::test]
async fn a_valid_token_is_granted_and_its_use_recorded_at_most_once_a_minute() {
    let secret = TokenSecret::from_random(RANDOM).unwrap();
    let digest = secret.digest();
    for (last_used, touches) in [
        (None, 1),
        (Some(t0() - Duration::seconds(59)), 0),
        (Some(t0() - Duration::seconds(60)), 1),
    ] {
        let mut m = Mocks::new();
        let d = digest.clone();
        m.repo
            .expect_find_by_digest()
            .withf(move |got| *got == d)
            .returning(move |_| Ok(Some(stored(last_used))));
        m.repo
            .expect_touch()
            .times(touches)
            .withf(|_, now, stale| *now == t0() && *stale == t0() - Duration::seconds(60))
            .returning(|_, _, _| Ok(()));
        let grant = m.service().authenticate(secret.expose()).await.unwrap();
        assert_eq!(grant.user_id, alice().id);
        assert_eq!(grant.scopes.to_stored(), "ai:write");
    }
}

#[tokio::test]
async fn revoking_audits_once_and_someone_elses_token_is_not_found() {
    let mut m = Mocks::new();
    let mut first = stored(None);
    first.revoked_at = Some(t0());
    let mut again = stored(None);
    again.revoked_at = Some(t0() - Duration::hours(1));
    let mut answers = vec![None, Some((again, false)), Some((first, true))];
    m.repo
        .expect_revoke()
        .times(3)
        .returning(move |_, _, _| Ok(answers.pop().unwrap()));
    m.audit
        .expect_record()
        .times(1)
        .withf(|e| e.action == "token.revoked")
        .returning(|_| Ok(()));
    let service = m.service();
    let id = TokenId(uuid::Uuid::from_u128(7));
    assert!(service.revoke(alice().id, id, None).await.is_ok());
    assert!(service.revoke(alice().id, id, None).await.is_ok());
    assert!(matches!(
        service.revoke(alice().id, id, None).await,
        Err(TokensError::NotFound)
    ));
}

#[tokio::test]
async fn revoking_all_audits_each_token_it_revoked_and_counts_them() {
    let mut m = Mocks::new();
    let mut a = stored(None);
    a.revoked_at = Some(t0());
    let mut b = stored(None);
    b.id = TokenId(uuid::Uuid::from_u128(8));
    b.name = "deploy".into();
    b.revoked_at = Some(t0());
    m.repo
        .expect_revoke_all_active()
        .withf(|u, now| *u == alice().id && *now == t0())
        .times(1)
        .returning(move |_, _| Ok(vec![a.clone(), b.clone()]));
    m.audit
        .expect_record()
        .times(2)
        .withf(|e| {
            e.action == "token.revoked"
                && e.actor == Some(alice().id)
                && e.ip.as_deref() == Some("192.0.2.1")
                && e.detail
                    .as_deref()
                    .is_some_and(|d| d.contains("reason=password_change"))
        })
        .returning(|_| Ok(()));
    let n = m
        .service()
        .revoke_all(alice().id, Some("192.0.2.1".into()), "password_change")
        .await
        .unwrap();
    assert_eq!(n, 2);

    // Nothing to revoke: nothing audited.
    let mut m = Mocks::new();
    m.repo
        .expect_revoke_all_active()
        .returning(|_, _| Ok(Vec::new()));
    m.audit.expect_record().never();
    assert_eq!(
        m.service()
            .revoke_all(alice().id, None, "password_change")
            .await
            .unwrap(),
        0
    );
}
