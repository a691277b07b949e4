//! An administrator disables or enables an account (the admin console, from a profile).
//!
//! Disabling ends everything the account holds at once: its sessions are deleted and its
//! personal access tokens revoked in the same transaction as `disabled_at` is set
//! ([`UserRepository::disable`]), and every sign-in door ([`crate::AccountsService`]'s password,
//! phone and WeChat sign-ins) and every session or token lookup refuses a disabled account.
//! Both actions are audited (`user.disabled`, `user.enabled`). An admin cannot disable their own
//! account, so the acting admin always remains.

use crate::AccountsError;
use crate::model::User;
use crate::ports::{CredentialsRevoked, UserRepository};
use kernel::{AuditAction, AuditEvent, AuditLog, Clock, Role, UserId};
use std::sync::Arc;

/// Who acts, and from where (for the audit log).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Moderator {
    pub id: UserId,
    pub role: Role,
    pub ip: Option<String>,
}

pub struct ModerationPorts {
    pub users: Arc<dyn UserRepository>,
    pub audit: Arc<dyn AuditLog>,
    pub clock: Arc<dyn Clock>,
}

pub struct ModerationService {
    ports: ModerationPorts,
}

impl ModerationService {
    pub fn new(ports: ModerationPorts) -> Self {
        Self { ports }
    }

    /// Disables `target`: its sessions and tokens end at once; audited with what ended.
    /// Disabling a disabled account again ends whatever it still holds and is audited again.
    ///
    /// # Errors
    /// `AdminOnly` when `by` is not an administrator; `CannotDisableSelf`; `UserNotFound`;
    /// `Unexpected`.
    #[tracing::instrument(skip(self, by), fields(by = %by.id))]
    pub async fn disable(
        &self,
        by: &Moderator,
        target: UserId,
    ) -> Result<(User, CredentialsRevoked), AccountsError> {
        if by.role != Role::Admin {
            return Err(AccountsError::AdminOnly);
        }
        if by.id == target {
            return Err(AccountsError::CannotDisableSelf);
        }
        let now = self.ports.clock.now();
        let revoked = self
            .ports
            .users
            .disable(target, now)
            .await?
            .ok_or(AccountsError::UserNotFound)?;
        self.audit(
            by,
            AuditAction::UserDisabled,
            target,
            format!("sessions={} tokens={}", revoked.sessions, revoked.tokens),
        )
        .await;
        tracing::info!(user = %target, sessions = revoked.sessions, tokens = revoked.tokens, "account disabled");
        Ok((self.user(target).await?, revoked))
    }

    /// Lets `target` sign in again (its ended sessions and tokens stay ended); audited.
    ///
    /// # Errors
    /// `AdminOnly`; `UserNotFound`; `Unexpected`.
    #[tracing::instrument(skip(self, by), fields(by = %by.id))]
    pub async fn enable(&self, by: &Moderator, target: UserId) -> Result<User, AccountsError> {
        if by.role != Role::Admin {
            return Err(AccountsError::AdminOnly);
        }
        if !self
            .ports
            .users
            .enable(target, self.ports.clock.now())
            .await?
        {
            return Err(AccountsError::UserNotFound);
        }
        self.audit(by, AuditAction::UserEnabled, target, String::new())
            .await;
        self.user(target).await
    }

    async fn user(&self, id: UserId) -> Result<User, AccountsError> {
        self.ports
            .users
            .find_by_id(id)
            .await?
            .map(|(u, _)| u)
            .ok_or(AccountsError::UserNotFound)
    }

    /// A failure to write the log is logged, never the action's: the account is disabled
    /// already, and refusing to say so would only invite a retry.
    async fn audit(&self, by: &Moderator, action: AuditAction, target: UserId, detail: String) {
        let mut event = AuditEvent::new(action, self.ports.clock.now())
            .actor(by.id)
            .target(target.to_string())
            .ip(by.ip.clone());
        if !detail.is_empty() {
            event = event.detail(detail);
        }
        kernel::audit::record_or_log(self.ports.audit.as_ref(), event).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::MockUserRepository;
    use crate::service::tests::{t0, user};
    use kernel::{FixedClock, MockAuditLog};
    use mockall::predicate::eq;

    fn admin() -> Moderator {
        Moderator {
            id: UserId::new_random(),
            role: Role::Admin,
            ip: Some("192.0.2.9".into()),
        }
    }

    fn service(users: MockUserRepository, audit: MockAuditLog) -> ModerationService {
        ModerationService::new(ModerationPorts {
            users: Arc::new(users),
            audit: Arc::new(audit),
            clock: Arc::new(FixedClock(t0())),
        })
    }

    #[tokio::test]
    async fn disabling_ends_sessions_and_tokens_and_is_audited_with_the_counts() {
        let target = user("bob");
        let id = target.id;
        let by = admin();
        let mut users = MockUserRepository::new();
        users
            .expect_disable()
            .with(eq(id), eq(t0()))
            .times(1)
            .returning(|_, _| {
                Ok(Some(CredentialsRevoked {
                    sessions: 2,
                    tokens: 1,
                }))
            });
        let mut disabled = target.clone();
        disabled.disabled_at = Some(t0());
        users
            .expect_find_by_id()
            .returning(move |_| Ok(Some((disabled.clone(), None))));
        let mut audit = MockAuditLog::new();
        let actor = by.id;
        audit
            .expect_record()
            .times(1)
            .withf(move |e| {
                e.action == "user.disabled"
                    && e.actor == Some(actor)
                    && e.target == Some(id.to_string())
                    && e.ip.as_deref() == Some("192.0.2.9")
                    && e.detail.as_deref() == Some("sessions=2 tokens=1")
            })
            .returning(|_| Ok(()));
        let (user, revoked) = service(users, audit).disable(&by, id).await.unwrap();
        assert_eq!(user.disabled_at, Some(t0()));
        assert_eq!(revoked.sessions, 2);
        assert_eq!(revoked.tokens, 1);
    }

    #[tokio::test]
    async fn an_admin_cannot_disable_themselves_and_a_user_cannot_disable_anyone() {
        let by = admin();
        let mut users = MockUserRepository::new();
        users.expect_disable().never();
        users.expect_enable().never();
        let mut audit = MockAuditLog::new();
        audit.expect_record().never();
        let s = service(users, audit);
        assert!(matches!(
            s.disable(&by, by.id).await,
            Err(AccountsError::CannotDisableSelf)
        ));
        let plain = Moderator {
            role: Role::User,
            ..admin()
        };
        let other = UserId::new_random();
        assert!(matches!(
            s.disable(&plain, other).await,
            Err(AccountsError::AdminOnly)
        ));
        assert!(matches!(
            s.enable(&plain, other).await,
            Err(AccountsError::AdminOnly)
        ));
    }

    #[tokio::test]
    async fn an_unknown_user_is_not_found_and_nothing_is_audited() {
        let mut users = MockUserRepository::new();
        users.expect_disable().returning(|_, _| Ok(None));
        users.expect_enable().returning(|_, _| Ok(false));
        let mut audit = MockAuditLog::new();
        audit.expect_record().never();
        let s = service(users, audit);
        let by = admin();
        assert!(matches!(
            s.disable(&by, UserId::new_random()).await,
            Err(AccountsError::UserNotFound)
        ));
        assert!(matches!(
            s.enable(&by, UserId::new_random()).await,
            Err(AccountsError::UserNotFound)
        ));
    }

    #[tokio::test]
    async fn enabling_is_audited() {
        let target = user("carol");
        let id = target.id;
        let mut users = MockUserRepository::new();
        users.expect_enable().returning(|_, _| Ok(true));
        users
            .expect_find_by_id()
            .returning(move |_| Ok(Some((target.clone(), None))));
        let mut audit = MockAuditLog::new();
        audit
            .expect_record()
            .times(1)
            .withf(move |e| e.action == "user.enabled" && e.target == Some(id.to_string()))
            .returning(|_| Ok(()));
        let user = service(users, audit).enable(&admin(), id).await.unwrap();
        assert_eq!(user.disabled_at, None);
    }
}
