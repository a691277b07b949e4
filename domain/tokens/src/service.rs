//! The token use cases.

use crate::error::TokensError;
use crate::model::{
    Expiry, MAX_NAME_CHARS, Owner, PersonalAccessToken, RANDOM_LEN, Scope, Scopes, TokenGrant,
    TokenId, TokenSecret, TokenState,
};
use crate::ports::{SecretSource, TokenRepository};
use chrono::{DateTime, Duration, Utc};
use kernel::{AuditAction, AuditEvent, AuditLog, Clock, Role, UserId};
use std::sync::Arc;

/// The token limits (docs/configuration.md).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokensPolicy {
    /// Active (neither revoked nor expired) tokens one user may hold.
    pub max_active_per_user: usize,
    /// `last_used_at` is written at most this often per token.
    pub touch_interval_secs: i64,
}

impl Default for TokensPolicy {
    fn default() -> Self {
        Self {
            max_active_per_user: 50,
            touch_interval_secs: 60,
        }
    }
}

/// The ports the token use cases run on.
pub struct TokensPorts {
    pub repo: Arc<dyn TokenRepository>,
    pub secrets: Arc<dyn SecretSource>,
    pub audit: Arc<dyn AuditLog>,
    pub clock: Arc<dyn Clock>,
}

/// What a user asks for when creating a token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewToken {
    pub name: String,
    pub scopes: Vec<String>,
    /// 7, 30, 90 or 365; `None` never expires.
    pub expires_in_days: Option<u16>,
}

/// A token just made, with the secret that is shown this once.
#[derive(Debug, Clone)]
pub struct CreatedToken {
    pub token: PersonalAccessToken,
    pub secret: TokenSecret,
}

pub struct TokensService {
    ports: TokensPorts,
    policy: TokensPolicy,
}

impl TokensService {
    pub fn new(ports: TokensPorts, policy: TokensPolicy) -> Self {
        Self { ports, policy }
    }

    /// The current time of the service's clock (to tell a token's state).
    pub fn now(&self) -> DateTime<Utc> {
        self.ports.clock.now()
    }

    /// The scopes a user with `role` may grant, in a stable order.
    pub fn grantable_scopes(role: Role) -> Vec<Scope> {
        Scope::all()
            .filter(|s| role == Role::Admin || !s.admin_only())
            .collect()
    }

    /// Creates a token and audits it.
    ///
    /// # Errors
    /// `InvalidName`, `InvalidScopes`, `InvalidExpiry`, `ScopeNotAllowed` (admin scopes by a
    /// non-admin), `AdminTokenNeedsExpiry` (admin scopes that never expire), `TooManyTokens`,
    /// `Unexpected`.
    #[tracing::instrument(skip_all, fields(user = %owner.id))]
    pub async fn create(
        &self,
        owner: Owner,
        ip: Option<String>,
        request: NewToken,
    ) -> Result<CreatedToken, TokensError> {
        let name = request.name.trim();
        if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
            return Err(TokensError::InvalidName {
                max: MAX_NAME_CHARS,
            });
        }
        let scopes = Scopes::parse(&request.scopes).map_err(TokensError::InvalidScopes)?;
        if owner.role != Role::Admin
            && let Some(scope) = scopes.iter().find(|s| s.admin_only())
        {
            return Err(TokensError::ScopeNotAllowed(scope));
        }
        let expiry = Expiry::from_days(request.expires_in_days)?;
        // A leaked admin token that never expires is a standing key to the console.
        if expiry == Expiry::Never && scopes.iter().any(Scope::admin_only) {
            return Err(TokensError::AdminTokenNeedsExpiry);
        }
        let now = self.ports.clock.now();
        if self.ports.repo.count_active(owner.id, now).await? >= self.policy.max_active_per_user {
            return Err(TokensError::TooManyTokens {
                max: self.policy.max_active_per_user,
            });
        }
        let secret = TokenSecret::from_random(&self.ports.secrets.base62(RANDOM_LEN))?;
        let token = PersonalAccessToken {
            id: TokenId::new_random(),
            user_id: owner.id,
            name: name.to_owned(),
            hint: secret.hint(),
            scopes,
            created_at: now,
            expires_at: expiry.expires_at(now),
            last_used_at: None,
            revoked_at: None,
        };
        self.ports.repo.insert(&token, &secret.digest()).await?;
        self.audit(
            AuditAction::TokenCreated,
            owner.id,
            &token,
            ip,
            format!(
                "name={:?} scopes={} expires={}",
                token.name,
                token.scopes.to_stored(),
                token
                    .expires_at
                    .map_or_else(|| "never".to_owned(), |at| at.to_rfc3339())
            ),
        )
        .await;
        tracing::info!(token = %token.id, "personal access token created");
        Ok(CreatedToken { token, secret })
    }

    /// The user's tokens, newest first, revoked and expired ones included.
    ///
    /// # Errors
    /// `Unexpected` only.
    pub async fn list(&self, user_id: UserId) -> Result<Vec<PersonalAccessToken>, TokensError> {
        self.ports.repo.list_for_user(user_id).await
    }

    /// Revokes one of the user's tokens (again is fine) and audits the first revocation.
    ///
    /// # Errors
    /// `NotFound` when the user has no such token; `Unexpected`.
    pub async fn revoke(
        &self,
        user_id: UserId,
        id: TokenId,
        ip: Option<String>,
    ) -> Result<PersonalAccessToken, TokensError> {
        let now = self.ports.clock.now();
        let (token, newly) = self
            .ports
            .repo
            .revoke(user_id, id, now)
            .await?
            .ok_or(TokensError::NotFound)?;
        if newly {
            self.audit(
                AuditAction::TokenRevoked,
                user_id,
                &token,
                ip,
                format!("name={:?}", token.name),
            )
            .await;
        }
        Ok(token)
    }

    /// Revokes every active token of the user (after a password change, when asked to), each
    /// audited like a single revocation; the number revoked.
    ///
    /// # Errors
    /// `Unexpected` only.
    #[tracing::instrument(skip_all, fields(user = %user_id))]
    pub async fn revoke_all(
        &self,
        user_id: UserId,
        ip: Option<String>,
        reason: &str,
    ) -> Result<u64, TokensError> {
        let now = self.ports.clock.now();
        let revoked = self.ports.repo.revoke_all_active(user_id, now).await?;
        for token in &revoked {
            self.audit(
                AuditAction::TokenRevoked,
                user_id,
                token,
                ip.clone(),
                format!("name={:?} reason={reason}", token.name),
            )
            .await;
        }
        tracing::info!(count = revoked.len(), "personal access tokens revoked");
        Ok(u64::try_from(revoked.len()).unwrap_or(u64::MAX))
    }

    /// Who a bearer secret speaks for. A malformed secret or a wrong checksum is refused
    /// before the database is asked; unknown, revoked and expired tokens are refused alike.
    /// Records the use at most once per [`TokensPolicy::touch_interval_secs`].
    ///
    /// # Errors
    /// `InvalidToken`; `Unexpected`.
    pub async fn authenticate(&self, raw: &str) -> Result<TokenGrant, TokensError> {
        let secret = TokenSecret::parse(raw)?;
        let token = self
            .ports
            .repo
            .find_by_digest(&secret.digest())
            .await?
            .ok_or(TokensError::InvalidToken)?;
        let now = self.ports.clock.now();
        if token.state(now) != TokenState::Active {
            return Err(TokensError::InvalidToken);
        }
        let stale_before = now - Duration::seconds(self.policy.touch_interval_secs);
        if token.last_used_at.is_none_or(|at| at <= stale_before) {
            self.ports.repo.touch(token.id, now, stale_before).await?;
        }
        Ok(TokenGrant {
            token_id: token.id,
            user_id: token.user_id,
            scopes: token.scopes,
        })
    }

    async fn audit(
        &self,
        action: AuditAction,
        actor: UserId,
        token: &PersonalAccessToken,
        ip: Option<String>,
        detail: String,
    ) {
        let event = AuditEvent {
            at: self.ports.clock.now(),
            actor: Some(actor),
            action: action.into(),
            target: Some(token.id.to_string()),
            ip,
            detail: Some(detail),
        };
        // The action happened; a log that cannot be written is reported, not turned into a
        // failure the user would retry.
        if let Err(e) = self.ports.audit.record(event).await {
            tracing::error!(error = %e, action = action.as_str(), "could not write the audit log");
        }
    }
}

#[cfg(test)]
mod tests {
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
        assert_eq!(TokensService::grantable_scopes(Role::Admin).len(), 10);
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
}
