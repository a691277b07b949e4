//! The AI assistant's shared limits: stream slots and daily token usage, in the database so
//! that every server instance counts the same streams and the same tokens.

use crate::unexpected;
use async_trait::async_trait;
use chat::ports::{ChatUsageStore, SlotId};
use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::{ConnectionTrait, DatabaseConnection, DbBackend, Statement, Value};

const RECORD_USAGE_SQL: &str = "INSERT INTO ai_usage (owner, day, tokens, requests) \
     VALUES ($1, $2, $3, 1) ON CONFLICT (owner, day) DO UPDATE SET \
     tokens = ai_usage.tokens + excluded.tokens, requests = ai_usage.requests + 1";

#[derive(Debug, Clone)]
pub struct SqlChatUsageStore {
    db: DatabaseConnection,
}

impl SqlChatUsageStore {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }

    fn statement(&self, sql: &str, values: Vec<Value>) -> Statement {
        crate::statement(self.db.get_database_backend(), sql, values)
    }

    async fn execute(&self, sql: &str, values: Vec<Value>) -> anyhow::Result<u64> {
        Ok(self
            .db
            .execute_raw(self.statement(sql, values))
            .await
            .map_err(unexpected)?
            .rows_affected())
    }
}

fn day_key(day: NaiveDate) -> String {
    day.format("%Y-%m-%d").to_string()
}

fn to_i64(tokens: u64) -> i64 {
    i64::try_from(tokens).unwrap_or(i64::MAX)
}

#[async_trait]
impl ChatUsageStore for SqlChatUsageStore {
    /// PostgreSQL: insert first, then count. Every statement commits on its own, so of two
    /// racing takers each counts the other's slot and neither can push the owner past `limit`
    /// (at worst both back off, which errs on the safe side).
    ///
    /// SQLite runs one writing statement at a time, the count in it included, so there a
    /// single conditional insert is atomic: one round trip before the first token instead of
    /// two.
    async fn acquire_slot(
        &self,
        owner: &str,
        limit: u32,
        now: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> anyhow::Result<Option<SlotId>> {
        let id = uuid::Uuid::new_v4();
        if self.db.get_database_backend() == DbBackend::Sqlite {
            let taken = self
                .execute(
                    "INSERT INTO ai_stream_slots (id, owner, expires_at_ms) SELECT $1, $2, $3 \
                     WHERE (SELECT COUNT(*) FROM ai_stream_slots \
                     WHERE owner = $2 AND expires_at_ms > $4) < $5",
                    vec![
                        id.into(),
                        owner.into(),
                        expires_at.timestamp_millis().into(),
                        now.timestamp_millis().into(),
                        i64::from(limit).into(),
                    ],
                )
                .await?;
            return Ok((taken == 1).then_some(SlotId(id)));
        }
        self.execute(
            "INSERT INTO ai_stream_slots (id, owner, expires_at_ms) VALUES ($1, $2, $3)",
            vec![
                id.into(),
                owner.into(),
                expires_at.timestamp_millis().into(),
            ],
        )
        .await?;
        let row = self
            .db
            .query_one_raw(self.statement(
                "SELECT COUNT(*) FROM ai_stream_slots WHERE owner = $1 AND expires_at_ms > $2",
                vec![owner.into(), now.timestamp_millis().into()],
            ))
            .await
            .map_err(unexpected)?
            .ok_or_else(|| anyhow::anyhow!("COUNT returned no row"))?;
        let live: i64 = row.try_get_by_index(0).map_err(unexpected)?;
        if live > i64::from(limit) {
            self.release_slot(SlotId(id)).await?;
            return Ok(None);
        }
        Ok(Some(SlotId(id)))
    }

    async fn release_slot(&self, slot: SlotId) -> anyhow::Result<()> {
        self.execute(
            "DELETE FROM ai_stream_slots WHERE id = $1",
            vec![slot.0.into()],
        )
        .await?;
        Ok(())
    }

    async fn tokens_used(&self, owner: &str, day: NaiveDate) -> anyhow::Result<u64> {
        let row = self
            .db
            .query_one_raw(self.statement(
                "SELECT tokens FROM ai_usage WHERE owner = $1 AND day = $2",
                vec![owner.into(), day_key(day).into()],
            ))
            .await
            .map_err(unexpected)?;
        let Some(row) = row else { return Ok(0) };
        let tokens: i64 = row.try_get_by_index(0).map_err(unexpected)?;
        Ok(u64::try_from(tokens).unwrap_or(0))
    }

    async fn record_usage(&self, owner: &str, day: NaiveDate, tokens: u64) -> anyhow::Result<()> {
        self.execute(
            RECORD_USAGE_SQL,
            vec![owner.into(), day_key(day).into(), to_i64(tokens).into()],
        )
        .await?;
        Ok(())
    }

    async fn purge(&self, now: DateTime<Utc>, day: NaiveDate) -> anyhow::Result<()> {
        self.execute(
            "DELETE FROM ai_stream_slots WHERE expires_at_ms <= $1",
            vec![now.timestamp_millis().into()],
        )
        .await?;
        self.execute(
            "DELETE FROM ai_usage WHERE day < $1",
            vec![day_key(day).into()],
        )
        .await?;
        Ok(())
    }
}
