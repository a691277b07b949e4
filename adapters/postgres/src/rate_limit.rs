//! Fixed-window rate-limit counters in the database, so every server instance shares them.
//! One atomic upsert per hit (`INSERT … ON CONFLICT … RETURNING`, on PostgreSQL and SQLite).

use crate::unexpected;
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use kernel::{RateDecision, RateLimitRule, RateLimiter};
use sea_orm::{ConnectionTrait, DatabaseConnection, Statement, Value};

const HIT_SQL: &str = "INSERT INTO rate_limits (key, window_start_ms, count) VALUES ($1, $2, 1) \
     ON CONFLICT (key) DO UPDATE SET \
     count = CASE WHEN rate_limits.window_start_ms <= $3 THEN 1 ELSE rate_limits.count + 1 END, \
     window_start_ms = CASE WHEN rate_limits.window_start_ms <= $3 THEN $2 ELSE rate_limits.window_start_ms END \
     RETURNING count, window_start_ms";

#[derive(Debug, Clone)]
pub struct SqlRateLimiter {
    db: DatabaseConnection,
}

impl SqlRateLimiter {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }

    fn statement(&self, sql: &str, values: Vec<Value>) -> Statement {
        crate::statement(self.db.get_database_backend(), sql, values)
    }

    /// Deletes counters whose window started before `before`.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn purge_older_than(&self, before: DateTime<Utc>) -> anyhow::Result<u64> {
        let stmt = self.statement(
            "DELETE FROM rate_limits WHERE window_start_ms < $1",
            vec![before.timestamp_millis().into()],
        );
        Ok(self
            .db
            .execute_raw(stmt)
            .await
            .map_err(unexpected)?
            .rows_affected())
    }
}

fn decide(
    count: i64,
    window_start_ms: i64,
    rule: RateLimitRule,
    now: DateTime<Utc>,
    allowed_up_to: i64,
) -> RateDecision {
    if count <= allowed_up_to {
        return RateDecision::Allowed;
    }
    let window_ms = i64::try_from(rule.window_secs.saturating_mul(1000)).unwrap_or(i64::MAX);
    let left_ms = window_start_ms.saturating_add(window_ms) - now.timestamp_millis();
    let retry_after_secs = u64::try_from((left_ms + 999) / 1000).unwrap_or(0).max(1);
    RateDecision::Limited { retry_after_secs }
}

#[async_trait]
impl RateLimiter for SqlRateLimiter {
    async fn hit(
        &self,
        key: &str,
        rule: RateLimitRule,
        now: DateTime<Utc>,
    ) -> anyhow::Result<RateDecision> {
        let now_ms = now.timestamp_millis();
        let expired_at_or_before = now_ms - i64::try_from(rule.window_secs * 1000)?;
        let stmt = self.statement(
            HIT_SQL,
            vec![key.into(), now_ms.into(), expired_at_or_before.into()],
        );
        let row = self
            .db
            .query_one_raw(stmt)
            .await
            .map_err(unexpected)?
            .ok_or_else(|| anyhow::anyhow!("rate-limit upsert returned no row"))?;
        let count: i64 = row
            .try_get_by_index::<i32>(0)
            .map(i64::from)
            .map_err(unexpected)?;
        let start: i64 = row.try_get_by_index(1).map_err(unexpected)?;
        Ok(decide(count, start, rule, now, i64::from(rule.limit)))
    }

    async fn peek(
        &self,
        key: &str,
        rule: RateLimitRule,
        now: DateTime<Utc>,
    ) -> anyhow::Result<RateDecision> {
        let stmt = self.statement(
            "SELECT count, window_start_ms FROM rate_limits WHERE key = $1",
            vec![key.into()],
        );
        let Some(row) = self.db.query_one_raw(stmt).await.map_err(unexpected)? else {
            return Ok(RateDecision::Allowed);
        };
        let count: i64 = row
            .try_get_by_index::<i32>(0)
            .map(i64::from)
            .map_err(unexpected)?;
        let start: i64 = row.try_get_by_index(1).map_err(unexpected)?;
        let window_ms = i64::try_from(rule.window_secs * 1000)?;
        if start <= now.timestamp_millis() - window_ms {
            return Ok(RateDecision::Allowed);
        }
        // One more hit would make count + 1; allowed while that stays within the limit.
        Ok(decide(count + 1, start, rule, now, i64::from(rule.limit)))
    }

    async fn reset(&self, key: &str) -> anyhow::Result<()> {
        let stmt = self.statement("DELETE FROM rate_limits WHERE key = $1", vec![key.into()]);
        self.db.execute_raw(stmt).await.map_err(unexpected)?;
        Ok(())
    }

    async fn count(
        &self,
        key: &str,
        rule: RateLimitRule,
        now: DateTime<Utc>,
    ) -> anyhow::Result<u32> {
        let expired_at_or_before = now.timestamp_millis() - i64::try_from(rule.window_secs * 1000)?;
        let stmt = self.statement(
            "SELECT count FROM rate_limits WHERE key = $1 AND window_start_ms > $2",
            vec![key.into(), expired_at_or_before.into()],
        );
        let Some(row) = self.db.query_one_raw(stmt).await.map_err(unexpected)? else {
            return Ok(0);
        };
        let count: i32 = row.try_get_by_index(0).map_err(unexpected)?;
        Ok(u32::try_from(count).unwrap_or(0))
    }
}
