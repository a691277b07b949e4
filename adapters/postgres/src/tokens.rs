//! Personal access tokens (`personal_access_tokens`): the `tokens::ports::TokenRepository`.

use crate::entities::personal_access_tokens as pat;
use crate::unexpected;
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use kernel::UserId;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DatabaseConnection, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, Set,
};
use tokens::TokensError;
use tokens::model::{PersonalAccessToken, Scopes, TokenDigest, TokenId};
use tokens::ports::TokenRepository;

fn failed(e: sea_orm::DbErr) -> TokensError {
    TokensError::Unexpected(unexpected(e))
}

fn to_token(m: pat::Model) -> Result<PersonalAccessToken, TokensError> {
    // Stored scopes were valid when written; scopes that no longer parse are data corruption.
    let scopes = Scopes::from_stored(&m.scopes)
        .map_err(|e| anyhow::anyhow!("stored scopes {:?}: {e}", m.scopes))?;
    Ok(PersonalAccessToken {
        id: TokenId(m.id),
        user_id: UserId(m.user_id),
        name: m.name,
        hint: m.hint,
        scopes,
        created_at: m.created_at,
        expires_at: m.expires_at,
        last_used_at: m.last_used_at,
        revoked_at: m.revoked_at,
    })
}

#[derive(Debug, Clone)]
pub struct SqlTokenRepository {
    db: DatabaseConnection,
}

impl SqlTokenRepository {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }

    async fn find_for_user(
        &self,
        user_id: UserId,
        id: TokenId,
    ) -> Result<Option<PersonalAccessToken>, TokensError> {
        pat::Entity::find_by_id(id.0)
            .filter(pat::Column::UserId.eq(user_id.0))
            .one(&self.db)
            .await
            .map_err(failed)?
            .map(to_token)
            .transpose()
    }
}

#[async_trait]
impl TokenRepository for SqlTokenRepository {
    async fn insert(
        &self,
        token: &PersonalAccessToken,
        digest: &TokenDigest,
    ) -> Result<(), TokensError> {
        pat::ActiveModel {
            id: Set(token.id.0),
            user_id: Set(token.user_id.0),
            name: Set(token.name.clone()),
            digest: Set(digest.0.clone()),
            hint: Set(token.hint.clone()),
            scopes: Set(token.scopes.to_stored()),
            created_at: Set(token.created_at),
            expires_at: Set(token.expires_at),
            last_used_at: Set(token.last_used_at),
            revoked_at: Set(token.revoked_at),
        }
        .insert(&self.db)
        .await
        .map_err(failed)?;
        Ok(())
    }

    async fn list_for_user(
        &self,
        user_id: UserId,
    ) -> Result<Vec<PersonalAccessToken>, TokensError> {
        pat::Entity::find()
            .filter(pat::Column::UserId.eq(user_id.0))
            .order_by_desc(pat::Column::CreatedAt)
            .order_by_desc(pat::Column::Id)
            .all(&self.db)
            .await
            .map_err(failed)?
            .into_iter()
            .map(to_token)
            .collect()
    }

    async fn count_active(
        &self,
        user_id: UserId,
        now: DateTime<Utc>,
    ) -> Result<usize, TokensError> {
        let n = pat::Entity::find()
            .filter(pat::Column::UserId.eq(user_id.0))
            .filter(pat::Column::RevokedAt.is_null())
            .filter(
                Condition::any()
                    .add(pat::Column::ExpiresAt.is_null())
                    .add(pat::Column::ExpiresAt.gt(now)),
            )
            .count(&self.db)
            .await
            .map_err(failed)?;
        Ok(usize::try_from(n).unwrap_or(usize::MAX))
    }

    async fn find_by_digest(
        &self,
        digest: &TokenDigest,
    ) -> Result<Option<PersonalAccessToken>, TokensError> {
        pat::Entity::find()
            .filter(pat::Column::Digest.eq(digest.0.as_str()))
            .one(&self.db)
            .await
            .map_err(failed)?
            .map(to_token)
            .transpose()
    }

    async fn revoke(
        &self,
        user_id: UserId,
        id: TokenId,
        now: DateTime<Utc>,
    ) -> Result<Option<(PersonalAccessToken, bool)>, TokensError> {
        let changed = pat::Entity::update_many()
            .col_expr(pat::Column::RevokedAt, Expr::value(now))
            .filter(pat::Column::Id.eq(id.0))
            .filter(pat::Column::UserId.eq(user_id.0))
            .filter(pat::Column::RevokedAt.is_null())
            .exec(&self.db)
            .await
            .map_err(failed)?
            .rows_affected;
        Ok(self
            .find_for_user(user_id, id)
            .await?
            .map(|t| (t, changed == 1)))
    }

    async fn revoke_all_active(
        &self,
        user_id: UserId,
        now: DateTime<Utc>,
    ) -> Result<Vec<PersonalAccessToken>, TokensError> {
        let candidates = pat::Entity::find()
            .filter(pat::Column::UserId.eq(user_id.0))
            .filter(pat::Column::RevokedAt.is_null())
            .filter(
                Condition::any()
                    .add(pat::Column::ExpiresAt.is_null())
                    .add(pat::Column::ExpiresAt.gt(now)),
            )
            .order_by_desc(pat::Column::CreatedAt)
            .all(&self.db)
            .await
            .map_err(failed)?;
        // One conditional write per token (a user holds at most a few dozen): a concurrent
        // single revocation keeps its own time and is not reported, or audited, twice.
        let mut revoked = Vec::with_capacity(candidates.len());
        for m in candidates {
            let changed = pat::Entity::update_many()
                .col_expr(pat::Column::RevokedAt, Expr::value(now))
                .filter(pat::Column::Id.eq(m.id))
                .filter(pat::Column::RevokedAt.is_null())
                .exec(&self.db)
                .await
                .map_err(failed)?
                .rows_affected;
            if changed == 1 {
                let mut token = to_token(m)?;
                token.revoked_at = Some(now);
                revoked.push(token);
            }
        }
        Ok(revoked)
    }

    async fn touch(
        &self,
        id: TokenId,
        now: DateTime<Utc>,
        stale_before: DateTime<Utc>,
    ) -> Result<(), TokensError> {
        pat::Entity::update_many()
            .col_expr(pat::Column::LastUsedAt, Expr::value(now))
            .filter(pat::Column::Id.eq(id.0))
            .filter(
                Condition::any()
                    .add(pat::Column::LastUsedAt.is_null())
                    .add(pat::Column::LastUsedAt.lte(stale_before)),
            )
            .exec(&self.db)
            .await
            .map_err(failed)?;
        Ok(())
    }
}
