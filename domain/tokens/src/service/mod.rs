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
mod tests;
