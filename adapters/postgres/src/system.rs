//! [`system::SystemStore`] over the product's database: its engine, a ping, and the purge of
//! stale rate-limit counters.

use crate::entities::{articles, groups, plaza_posts, users};
use crate::{Database, DatabaseKind};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sea_orm::{EntityTrait, PaginatorTrait};

#[async_trait]
impl system::SystemStore for Database {
    fn database_kind(&self) -> system::DatabaseKind {
        match self.kind() {
            DatabaseKind::Postgres => system::DatabaseKind::Postgres,
            DatabaseKind::Sqlite => system::DatabaseKind::Sqlite,
        }
    }

    async fn ping(&self) -> Result<(), anyhow::Error> {
        Database::ping(self).await
    }

    async fn purge_rate_counters(&self, before: DateTime<Utc>) -> Result<u64, anyhow::Error> {
        self.rate_limiter().purge_older_than(before).await
    }

    async fn content_counts(&self) -> Result<system::ContentCounts, anyhow::Error> {
        let db = &self.conn;
        Ok(system::ContentCounts {
            users: users::Entity::find()
                .count(db)
                .await
                .map_err(crate::unexpected)?,
            groups: groups::Entity::find()
                .count(db)
                .await
                .map_err(crate::unexpected)?,
            plaza_posts: plaza_posts::Entity::find()
                .count(db)
                .await
                .map_err(crate::unexpected)?,
            articles: articles::Entity::find()
                .count(db)
                .await
                .map_err(crate::unexpected)?,
        })
    }
}
