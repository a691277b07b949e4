//! [`moderation::ports::WordListStore`] over `word_list` (one row per entry, keyed by the
//! phrase's folded form) and `word_list_version` (one row, `id = 1`).
//!
//! Every write — add, remove, an import's upserts — bumps the version in its own transaction
//! (`INSERT … ON CONFLICT (id) DO UPDATE SET version = version + 1`, so the row needs no seed):
//! an instance that reads a version sees the entries of that write or a later one. `all` reads
//! the version first, then the entries, as the port asks. A page filters with `LIKE … ESCAPE
//! '\'` on the key (folded, so the filter is folded too by the domain). An import's upserts go
//! 200 rows to a statement.

use crate::sql::{Sql, contains_pattern, stored};
use crate::{statement, unexpected};
use anyhow::Context;
use async_trait::async_trait;
use moderation::model::{Phrase, WordEntry, action_name, parse_action};
use moderation::ports::WordListStore;
use sea_orm::{
    ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbBackend, EntityTrait,
    PaginatorTrait, TransactionTrait, Value,
};

const VERSION_SQL: &str = "SELECT version FROM word_list_version WHERE id = 1";
const BUMP_SQL: &str = "INSERT INTO word_list_version (id, version) VALUES (1, 1) \
     ON CONFLICT (id) DO UPDATE SET version = word_list_version.version + 1";
/// Rows per upsert statement of an import (5 parameters each: well under either engine's limit).
const UPSERT_CHUNK: usize = 200;

mod row {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "word_list")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub key: String,
        pub phrase: String,
        pub action: String,
        pub note: Option<String>,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub struct SqlWordListStore {
    db: DatabaseConnection,
}

impl SqlWordListStore {
    pub(crate) fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

/// A stored row as the domain's entry (a row the rules refuse is an error, not skipped).
fn entry(r: row::Model) -> anyhow::Result<WordEntry> {
    let phrase =
        Phrase::parse(&r.phrase).with_context(|| format!("stored phrase {:?}", r.phrase))?;
    let action =
        parse_action(&r.action).with_context(|| format!("stored action {:?}", r.action))?;
    Ok(WordEntry {
        phrase,
        action,
        note: r.note,
        created_at: r.created_at,
    })
}

fn entries(rows: Vec<row::Model>) -> anyhow::Result<Vec<WordEntry>> {
    rows.into_iter().map(entry).collect()
}

fn values(e: &WordEntry) -> [Value; 5] {
    [
        e.phrase.key().into(),
        e.phrase.as_str().into(),
        action_name(e.action).into(),
        e.note.clone().into(),
        stored(e.created_at).into(),
    ]
}

/// `n` rows of five numbered placeholders, from `$1`.
fn placeholders(n: usize) -> String {
    (0..n)
        .map(|i| {
            let b = i * 5;
            format!(
                "(${}, ${}, ${}, ${}, ${})",
                b + 1,
                b + 2,
                b + 3,
                b + 4,
                b + 5
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

async fn bump(txn: &DatabaseTransaction, backend: DbBackend) -> anyhow::Result<()> {
    txn.execute_raw(statement(backend, BUMP_SQL, vec![]))
        .await
        .map_err(unexpected)?;
    Ok(())
}

impl SqlWordListStore {
    /// Runs `sql` in a transaction; when it touched a row, bumps the version and commits
    /// (`true`), otherwise rolls back (`false`).
    async fn write_one(&self, sql: &str, values: Vec<Value>) -> anyhow::Result<bool> {
        let backend = self.db.get_database_backend();
        let txn = self.db.begin().await.map_err(unexpected)?;
        let done = txn
            .execute_raw(statement(backend, sql, values))
            .await
            .map_err(unexpected)?;
        if done.rows_affected() == 0 {
            txn.rollback().await.map_err(unexpected)?;
            return Ok(false);
        }
        bump(&txn, backend).await?;
        txn.commit().await.map_err(unexpected)?;
        Ok(true)
    }
}

#[async_trait]
impl WordListStore for SqlWordListStore {
    async fn version(&self) -> Result<u64, anyhow::Error> {
        let backend = self.db.get_database_backend();
        let Some(row) = self
            .db
            .query_one_raw(statement(backend, VERSION_SQL, vec![]))
            .await
            .map_err(unexpected)?
        else {
            return Ok(0);
        };
        let version: i64 = row.try_get_by_index(0).map_err(unexpected)?;
        u64::try_from(version).context("stored word list version")
    }

    async fn all(&self) -> Result<(u64, Vec<WordEntry>), anyhow::Error> {
        let version = self.version().await?;
        let rows = row::Entity::find()
            .all(&self.db)
            .await
            .map_err(unexpected)?;
        Ok((version, entries(rows)?))
    }

    async fn count(&self) -> Result<u64, anyhow::Error> {
        row::Entity::find()
            .count(&self.db)
            .await
            .map_err(unexpected)
    }

    async fn page(
        &self,
        contains: Option<String>,
        after: Option<String>,
        limit: u64,
    ) -> Result<Vec<WordEntry>, anyhow::Error> {
        let mut sql = Sql::new("SELECT * FROM word_list WHERE 1 = 1");
        if let Some(c) = contains {
            let p = sql.bind(contains_pattern(&c));
            sql.push(&format!(" AND key LIKE {p} ESCAPE '\\'"));
        }
        if let Some(a) = after {
            let a = sql.bind(a);
            sql.push(&format!(" AND key > {a}"));
        }
        let n = sql.bind(i64::try_from(limit).unwrap_or(i64::MAX));
        sql.push(&format!(" ORDER BY key LIMIT {n}"));
        let rows = row::Entity::find()
            .from_raw_sql(sql.build(self.db.get_database_backend()))
            .all(&self.db)
            .await
            .map_err(unexpected)?;
        entries(rows)
    }

    async fn find(&self, key: String) -> Result<Option<WordEntry>, anyhow::Error> {
        row::Entity::find_by_id(key)
            .one(&self.db)
            .await
            .map_err(unexpected)?
            .map(entry)
            .transpose()
    }

    async fn add(&self, e: WordEntry) -> Result<bool, anyhow::Error> {
        let sql = format!(
            "INSERT INTO word_list (key, phrase, action, note, created_at) VALUES {} \
             ON CONFLICT (key) DO NOTHING",
            placeholders(1)
        );
        self.write_one(&sql, values(&e).into()).await
    }

    async fn remove(&self, key: String) -> Result<bool, anyhow::Error> {
        self.write_one("DELETE FROM word_list WHERE key = $1", vec![key.into()])
            .await
    }

    async fn apply(&self, writes: Vec<WordEntry>) -> Result<(), anyhow::Error> {
        let backend = self.db.get_database_backend();
        let txn = self.db.begin().await.map_err(unexpected)?;
        for chunk in writes.chunks(UPSERT_CHUNK) {
            let sql = format!(
                "INSERT INTO word_list (key, phrase, action, note, created_at) VALUES {} \
                 ON CONFLICT (key) DO UPDATE SET phrase = excluded.phrase, \
                 action = excluded.action, note = excluded.note",
                placeholders(chunk.len())
            );
            let bound: Vec<Value> = chunk.iter().flat_map(values).collect();
            if let Err(e) = txn.execute_raw(statement(backend, &sql, bound)).await {
                // Nothing of this call stays: the rollback's own failure is secondary.
                let _ = txn.rollback().await;
                return Err(unexpected(e).context("writing the word list"));
            }
        }
        bump(&txn, backend).await?;
        txn.commit().await.map_err(unexpected)
    }
}
