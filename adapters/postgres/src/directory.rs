//! [`system::AdminDirectory`] over `users` and `groups`: the admin console finds a user by
//! username or nickname and a group by name, to filter the logs and the gallery by its id.
//! Patterns are escaped (`LIKE … ESCAPE '\'`); usernames are stored folded, group names have
//! `name_folded` (Rust's Unicode lower-casing), so both engines compare alike.

use crate::sql::{Sql, contains_pattern};
use crate::{Database, unexpected};
use async_trait::async_trait;
use sea_orm::FromQueryResult;
use system::DirectoryEntry;
use uuid::Uuid;

#[derive(FromQueryResult)]
struct Named {
    id: Uuid,
    name: String,
    detail: Option<String>,
}

impl From<Named> for DirectoryEntry {
    fn from(n: Named) -> Self {
        Self {
            id: n.id,
            name: n.name,
            detail: n.detail,
        }
    }
}

impl Database {
    async fn named(&self, sql: Sql) -> Result<Vec<DirectoryEntry>, anyhow::Error> {
        let found = Named::find_by_statement(sql.build(self.conn.get_database_backend()))
            .all(&self.conn)
            .await
            .map_err(unexpected)?;
        Ok(found.into_iter().map(Into::into).collect())
    }
}

#[async_trait]
impl system::AdminDirectory for Database {
    async fn find_users(
        &self,
        text: &str,
        limit: u64,
    ) -> Result<Vec<DirectoryEntry>, anyhow::Error> {
        let folded = text.trim().trim_start_matches('@').to_lowercase();
        let mut sql = Sql::new("SELECT id, username AS name, nickname AS detail FROM users WHERE ");
        let pattern = sql.bind(contains_pattern(&folded));
        let nick = sql.bind(contains_pattern(&folded));
        let exact = sql.bind(folded.clone());
        let n = sql.bind(limit as i64);
        sql.push(&format!(
            "(username LIKE {pattern} ESCAPE '\\' OR lower(nickname) LIKE {nick} ESCAPE '\\') \
             ORDER BY CASE WHEN username = {exact} THEN 0 ELSE 1 END, username LIMIT {n}"
        ));
        self.named(sql).await
    }

    async fn find_groups(
        &self,
        text: &str,
        limit: u64,
    ) -> Result<Vec<DirectoryEntry>, anyhow::Error> {
        let folded = text.trim().to_lowercase();
        let mut sql = Sql::new("SELECT id, name, NULL AS detail FROM groups WHERE ");
        let pattern = sql.bind(contains_pattern(&folded));
        let exact = sql.bind(folded.clone());
        let n = sql.bind(limit as i64);
        sql.push(&format!(
            "name_folded LIKE {pattern} ESCAPE '\\' \
             ORDER BY CASE WHEN name_folded = {exact} THEN 0 ELSE 1 END, name LIMIT {n}"
        ));
        self.named(sql).await
    }
}
