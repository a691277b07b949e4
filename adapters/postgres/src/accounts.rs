//! The accounts ports over sea-orm: users and sessions. One port call is one statement or one
//! transaction; a unique violation becomes the domain's `UsernameTaken` here.

use crate::entities::{sessions, users};
use crate::unexpected;
use accounts::AccountsError;
use accounts::model::{NewUser, Nickname, PasswordHash, Session, SessionTokenHash, User, Username};
use accounts::ports::{SessionRepository, UserRepository};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use kernel::{Role, SessionId, UserId};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, Set,
    SqlErr,
};

#[derive(Debug, Clone)]
pub struct SqlUserRepository {
    db: DatabaseConnection,
}

impl SqlUserRepository {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

fn to_user(m: users::Model) -> Result<(User, Option<PasswordHash>), AccountsError> {
    // Stored rows were valid when written; a row that no longer parses is data corruption.
    let username = Username::parse(&m.username)
        .map_err(|_| anyhow::anyhow!("stored username {:?} is invalid", m.username))?;
    let nickname =
        Nickname::parse(&m.nickname).unwrap_or_else(|_| Nickname::from_username(&username));
    Ok((
        User {
            id: UserId(m.id),
            username,
            nickname,
            role: Role::from_stored(&m.role),
            created_at: m.created_at,
            updated_at: m.updated_at,
            disabled_at: m.disabled_at,
        },
        m.password_hash.map(PasswordHash::new),
    ))
}

#[async_trait]
impl UserRepository for SqlUserRepository {
    async fn insert(&self, user: NewUser) -> Result<User, AccountsError> {
        let row = users::ActiveModel {
            id: Set(user.id.0),
            username: Set(user.username.as_str().to_owned()),
            nickname: Set(user.nickname.as_str().to_owned()),
            password_hash: Set(user.password_hash.map(|h| h.as_str().to_owned())),
            role: Set(user.role.as_str().to_owned()),
            created_at: Set(user.created_at),
            updated_at: Set(user.created_at),
            disabled_at: Set(None),
        };
        match row.insert(&self.db).await {
            Ok(m) => to_user(m).map(|(u, _)| u),
            Err(e) if matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => {
                Err(AccountsError::UsernameTaken)
            }
            Err(e) => Err(unexpected(e).into()),
        }
    }

    async fn find_by_username(
        &self,
        username: &Username,
    ) -> Result<Option<(User, Option<PasswordHash>)>, AccountsError> {
        users::Entity::find()
            .filter(users::Column::Username.eq(username.as_str()))
            .one(&self.db)
            .await
            .map_err(unexpected)?
            .map(to_user)
            .transpose()
    }

    async fn find_by_id(
        &self,
        id: UserId,
    ) -> Result<Option<(User, Option<PasswordHash>)>, AccountsError> {
        users::Entity::find_by_id(id.0)
            .one(&self.db)
            .await
            .map_err(unexpected)?
            .map(to_user)
            .transpose()
    }

    async fn set_password_hash(
        &self,
        id: UserId,
        hash: PasswordHash,
        now: DateTime<Utc>,
    ) -> Result<(), AccountsError> {
        users::Entity::update_many()
            .col_expr(
                users::Column::PasswordHash,
                Expr::value(hash.as_str().to_owned()),
            )
            .col_expr(users::Column::UpdatedAt, Expr::value(now))
            .filter(users::Column::Id.eq(id.0))
            .exec(&self.db)
            .await
            .map_err(unexpected)?;
        Ok(())
    }
}

#[derive(Debug, Clone)]
pub struct SqlSessionRepository {
    db: DatabaseConnection,
}

impl SqlSessionRepository {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

fn to_session(m: sessions::Model) -> Session {
    Session {
        id: SessionId(m.id),
        user_id: UserId(m.user_id),
        token_hash: SessionTokenHash(m.token_hash),
        user_agent: m.user_agent,
        ip: m.ip,
        created_at: m.created_at,
        last_seen_at: m.last_seen_at,
        expires_at: m.expires_at,
    }
}

#[async_trait]
impl SessionRepository for SqlSessionRepository {
    async fn insert(&self, s: Session) -> Result<(), AccountsError> {
        sessions::ActiveModel {
            id: Set(s.id.0),
            user_id: Set(s.user_id.0),
            token_hash: Set(s.token_hash.0),
            user_agent: Set(s.user_agent),
            ip: Set(s.ip),
            created_at: Set(s.created_at),
            last_seen_at: Set(s.last_seen_at),
            expires_at: Set(s.expires_at),
        }
        .insert(&self.db)
        .await
        .map_err(unexpected)?;
        Ok(())
    }

    async fn find_live(
        &self,
        token_hash: &SessionTokenHash,
        now: DateTime<Utc>,
    ) -> Result<Option<Session>, AccountsError> {
        Ok(sessions::Entity::find()
            .filter(sessions::Column::TokenHash.eq(token_hash.0.as_str()))
            .filter(sessions::Column::ExpiresAt.gt(now))
            .one(&self.db)
            .await
            .map_err(unexpected)?
            .map(to_session))
    }

    async fn touch(
        &self,
        id: SessionId,
        last_seen_at: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> Result<(), AccountsError> {
        sessions::Entity::update_many()
            .col_expr(sessions::Column::LastSeenAt, Expr::value(last_seen_at))
            .col_expr(sessions::Column::ExpiresAt, Expr::value(expires_at))
            .filter(sessions::Column::Id.eq(id.0))
            .exec(&self.db)
            .await
            .map_err(unexpected)?;
        Ok(())
    }

    async fn list_live_for_user(
        &self,
        user_id: UserId,
        now: DateTime<Utc>,
    ) -> Result<Vec<Session>, AccountsError> {
        Ok(sessions::Entity::find()
            .filter(sessions::Column::UserId.eq(user_id.0))
            .filter(sessions::Column::ExpiresAt.gt(now))
            .order_by_desc(sessions::Column::CreatedAt)
            .all(&self.db)
            .await
            .map_err(unexpected)?
            .into_iter()
            .map(to_session)
            .collect())
    }

    async fn delete_for_user(&self, user_id: UserId, id: SessionId) -> Result<bool, AccountsError> {
        let res = sessions::Entity::delete_many()
            .filter(sessions::Column::Id.eq(id.0))
            .filter(sessions::Column::UserId.eq(user_id.0))
            .exec(&self.db)
            .await
            .map_err(unexpected)?;
        Ok(res.rows_affected > 0)
    }

    async fn delete_by_token_hash(
        &self,
        token_hash: &SessionTokenHash,
    ) -> Result<(), AccountsError> {
        sessions::Entity::delete_many()
            .filter(sessions::Column::TokenHash.eq(token_hash.0.as_str()))
            .exec(&self.db)
            .await
            .map_err(unexpected)?;
        Ok(())
    }

    async fn delete_others(&self, user_id: UserId, keep: SessionId) -> Result<u64, AccountsError> {
        let res = sessions::Entity::delete_many()
            .filter(sessions::Column::UserId.eq(user_id.0))
            .filter(sessions::Column::Id.ne(keep.0))
            .exec(&self.db)
            .await
            .map_err(unexpected)?;
        Ok(res.rows_affected)
    }

    async fn purge_expired(&self, now: DateTime<Utc>) -> Result<u64, AccountsError> {
        let res = sessions::Entity::delete_many()
            .filter(sessions::Column::ExpiresAt.lte(now))
            .exec(&self.db)
            .await
            .map_err(unexpected)?;
        Ok(res.rows_affected)
    }
}
