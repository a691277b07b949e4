//! [`system::SystemStore`] over the product's database: its engine, a ping, the purge of
//! stale rate-limit counters, and what the community holds. Those counts are read from
//! `content_totals`, which triggers keep exact (migration 000028): never a `COUNT(*)` of a big
//! table per request (the plan test, `tests/adapters/plans.rs`).

use crate::sql::{Sql, rows};
use crate::{Database, DatabaseKind};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sea_orm::ConnectionTrait;
use std::collections::HashMap;

/// The totals of `names` from `content_totals`, in their order.
///
/// # Errors
/// The database's; a name without its row (the migration makes every one).
pub(crate) async fn totals<const N: usize>(
    c: &impl ConnectionTrait,
    names: [&str; N],
) -> anyhow::Result<[u64; N]> {
    let mut sql = Sql::new("SELECT name, n FROM content_totals WHERE name IN (");
    let list: Vec<String> = names.iter().map(|n| sql.bind(*n)).collect();
    sql.push(&list.join(", ")).push(")");
    let mut found = HashMap::new();
    for row in rows(c, sql).await? {
        let name: String = row.try_get("", "name").map_err(crate::unexpected)?;
        let n: i64 = row.try_get("", "n").map_err(crate::unexpected)?;
        found.insert(name, u64::try_from(n).unwrap_or(0));
    }
    let mut totals = [0; N];
    for (total, name) in totals.iter_mut().zip(names) {
        *total = found
            .get(name)
            .copied()
            .ok_or_else(|| anyhow::anyhow!("content_totals has no row {name:?}"))?;
    }
    Ok(totals)
}

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
        let [users, groups, plaza_posts, articles] =
            totals(&self.conn, ["users", "groups", "plaza_posts", "articles"]).await?;
        Ok(system::ContentCounts {
            users,
            groups,
            plaza_posts,
            articles,
        })
    }
}
