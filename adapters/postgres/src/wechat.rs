//! The WeChat ports over sea-orm: the central access-token cache with its refresh lease, and
//! the published menu versions.
//!
//! The lease lives in the token's own row. Taking it is one conditional `UPDATE` (after making
//! sure the row exists), so it is atomic on both engines: PostgreSQL re-checks the `WHERE` of a
//! concurrently updated row, SQLite runs one writer at a time. The token is stored as WeChat
//! issued it: the database is trusted storage, and only screens and logs mask it.

use crate::entities::{wechat_access_tokens, wechat_menu_versions};
use crate::{statement, unexpected};
use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ActiveModelTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryOrder, QuerySelect,
    Set, Value,
};
use wechat::WechatError;
use wechat::access_token::{CachedAccessToken, IssuedAccessToken};
use wechat::menu::Menu;
use wechat::ports::{AccessTokenStore, MenuVersion, MenuVersionId, MenuVersionRepository};

const ENSURE_ROW_SQL: &str =
    "INSERT INTO wechat_access_tokens (app_id) VALUES ($1) ON CONFLICT (app_id) DO NOTHING";

const TAKE_LEASE_SQL: &str = "UPDATE wechat_access_tokens SET lock_holder = $1, lock_until = $2 \
     WHERE app_id = $3 \
     AND (lock_holder IS NULL OR lock_until IS NULL OR lock_until < $4 OR lock_holder = $1)";

/// Every `SET` expression reads the row as it was, on both engines, so the lease columns are
/// cleared only when `$5` held the lease.
const STORE_TOKEN_SQL: &str = "INSERT INTO wechat_access_tokens \
     (app_id, access_token, obtained_at, expires_at) VALUES ($1, $2, $3, $4) \
     ON CONFLICT (app_id) DO UPDATE SET \
     access_token = $2, obtained_at = $3, expires_at = $4, \
     lock_holder = CASE WHEN wechat_access_tokens.lock_holder = $5 THEN NULL \
     ELSE wechat_access_tokens.lock_holder END, \
     lock_until = CASE WHEN wechat_access_tokens.lock_holder = $5 THEN NULL \
     ELSE wechat_access_tokens.lock_until END";

const STORE_ERROR_SQL: &str = "INSERT INTO wechat_access_tokens \
     (app_id, last_error, last_error_at) VALUES ($1, $2, $3) \
     ON CONFLICT (app_id) DO UPDATE SET \
     last_error = $2, last_error_at = $3, \
     lock_holder = CASE WHEN wechat_access_tokens.lock_holder = $4 THEN NULL \
     ELSE wechat_access_tokens.lock_holder END, \
     lock_until = CASE WHEN wechat_access_tokens.lock_holder = $4 THEN NULL \
     ELSE wechat_access_tokens.lock_until END";

const RELEASE_SQL: &str = "UPDATE wechat_access_tokens SET lock_holder = NULL, lock_until = NULL \
     WHERE app_id = $1 AND lock_holder = $2";

const INVALIDATE_SQL: &str =
    "UPDATE wechat_access_tokens SET access_token = NULL, expires_at = NULL WHERE app_id = $1";

/// The access-token cache, one row per app id in `wechat_access_tokens`.
#[derive(Debug, Clone)]
pub struct SqlAccessTokenStore {
    db: DatabaseConnection,
}

impl SqlAccessTokenStore {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }

    async fn execute(&self, sql: &str, values: Vec<Value>) -> Result<u64, WechatError> {
        let stmt = statement(self.db.get_database_backend(), sql, values);
        Ok(self
            .db
            .execute_raw(stmt)
            .await
            .map_err(unexpected)?
            .rows_affected())
    }
}

#[async_trait]
impl AccessTokenStore for SqlAccessTokenStore {
    async fn load(&self, app_id: &str) -> Result<CachedAccessToken, WechatError> {
        let row = wechat_access_tokens::Entity::find_by_id(app_id.to_owned())
            .one(&self.db)
            .await
            .map_err(unexpected)?;
        Ok(
            row.map_or_else(CachedAccessToken::default, |m| CachedAccessToken {
                token: m.access_token,
                obtained_at: m.obtained_at,
                expires_at: m.expires_at,
                last_error: m.last_error,
                last_error_at: m.last_error_at,
            }),
        )
    }

    async fn try_lock(
        &self,
        app_id: &str,
        holder: &str,
        until: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<bool, WechatError> {
        self.execute(ENSURE_ROW_SQL, vec![app_id.into()]).await?;
        let taken = self
            .execute(
                TAKE_LEASE_SQL,
                vec![holder.into(), until.into(), app_id.into(), now.into()],
            )
            .await?;
        Ok(taken == 1)
    }

    async fn store_token(
        &self,
        app_id: &str,
        holder: &str,
        token: &IssuedAccessToken,
        obtained_at: DateTime<Utc>,
    ) -> Result<(), WechatError> {
        let expires_at = Duration::try_seconds(token.expires_in_secs)
            .and_then(|d| obtained_at.checked_add_signed(d))
            .ok_or_else(|| {
                anyhow::anyhow!("expires_in {} is out of range", token.expires_in_secs)
            })?;
        self.execute(
            STORE_TOKEN_SQL,
            vec![
                app_id.into(),
                token.token.as_str().into(),
                obtained_at.into(),
                expires_at.into(),
                holder.into(),
            ],
        )
        .await?;
        Ok(())
    }

    async fn store_error(
        &self,
        app_id: &str,
        holder: &str,
        message: &str,
        at: DateTime<Utc>,
    ) -> Result<(), WechatError> {
        self.execute(
            STORE_ERROR_SQL,
            vec![app_id.into(), message.into(), at.into(), holder.into()],
        )
        .await?;
        Ok(())
    }

    async fn release(&self, app_id: &str, holder: &str) -> Result<(), WechatError> {
        self.execute(RELEASE_SQL, vec![app_id.into(), holder.into()])
            .await?;
        Ok(())
    }

    async fn invalidate(&self, app_id: &str) -> Result<(), WechatError> {
        self.execute(INVALIDATE_SQL, vec![app_id.into()]).await?;
        Ok(())
    }
}

/// Published menus in `wechat_menu_versions`, the menu kept as WeChat's JSON.
#[derive(Debug, Clone)]
pub struct SqlMenuVersionRepository {
    db: DatabaseConnection,
}

impl SqlMenuVersionRepository {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

fn to_version(m: wechat_menu_versions::Model) -> Result<MenuVersion, WechatError> {
    let menu: Menu = serde_json::from_str(&m.menu_json)
        .map_err(|e| anyhow::anyhow!("stored menu version {} is not a menu: {e}", m.id))?;
    Ok(MenuVersion {
        id: MenuVersionId(m.id),
        menu,
        published_at: m.published_at,
        published_by: m.published_by,
        rolled_back_from: m.rolled_back_from.map(MenuVersionId),
    })
}

#[async_trait]
impl MenuVersionRepository for SqlMenuVersionRepository {
    async fn insert(&self, version: MenuVersion) -> Result<(), WechatError> {
        let menu_json = serde_json::to_string(&version.menu)
            .map_err(|e| anyhow::anyhow!("serializing a menu: {e}"))?;
        wechat_menu_versions::ActiveModel {
            id: Set(version.id.0),
            menu_json: Set(menu_json),
            published_at: Set(version.published_at),
            published_by: Set(version.published_by),
            rolled_back_from: Set(version.rolled_back_from.map(|id| id.0)),
        }
        .insert(&self.db)
        .await
        .map_err(unexpected)?;
        Ok(())
    }

    async fn list(&self, limit: u64) -> Result<Vec<MenuVersion>, WechatError> {
        wechat_menu_versions::Entity::find()
            .order_by_desc(wechat_menu_versions::Column::PublishedAt)
            .order_by_desc(wechat_menu_versions::Column::Id)
            .limit(limit)
            .all(&self.db)
            .await
            .map_err(unexpected)?
            .into_iter()
            .map(to_version)
            .collect()
    }

    async fn find(&self, id: MenuVersionId) -> Result<Option<MenuVersion>, WechatError> {
        wechat_menu_versions::Entity::find_by_id(id.0)
            .one(&self.db)
            .await
            .map_err(unexpected)?
            .map(to_version)
            .transpose()
    }
}
