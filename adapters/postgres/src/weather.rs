//! The weather cache port over sea-orm: the map's last snapshot and its refresh lease, one row
//! (`name = 'provinces'`) in `weather_cache`.
//!
//! The lease works as the WeChat access token's does (`wechat.rs`): taking it is one
//! conditional `UPDATE` after making sure the row exists, atomic on both engines (PostgreSQL
//! re-checks the `WHERE` of a concurrently updated row, SQLite runs one writer at a time). Unlike
//! the token's, it is not re-entrant: two requests of one instance (one holder) racing for it get
//! it once, so one instance never asks the provider twice at a time. Storing clears the lease only
//! when the caller holds it; a failed refresh leaves it to expire (the service's back-off).
//!
//! The snapshot's readings are stored as JSON text, its time in `fetched_at`. Readings that no
//! longer read (the model changed since they were written) count as none, and the next refresh
//! replaces them.

use crate::entities::weather_cache;
use crate::{statement, unexpected};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sea_orm::{ConnectionTrait, DatabaseConnection, EntityTrait, Value};
use weather::model::{PlaceWeather, Snapshot};
use weather::ports::WeatherCache;

/// The map's row.
const NAME: &str = "provinces";

const ENSURE_ROW_SQL: &str =
    "INSERT INTO weather_cache (name) VALUES ($1) ON CONFLICT (name) DO NOTHING";

const TAKE_LEASE_SQL: &str = "UPDATE weather_cache SET lock_holder = $1, lock_until = $2 \
     WHERE name = $3 AND (lock_holder IS NULL OR lock_until IS NULL OR lock_until < $4)";

/// Every `SET` expression reads the row as it was, on both engines, so the lease columns are
/// cleared only when `$4` held the lease.
const STORE_SQL: &str = "INSERT INTO weather_cache (name, snapshot_json, fetched_at) \
     VALUES ($1, $2, $3) \
     ON CONFLICT (name) DO UPDATE SET snapshot_json = $2, fetched_at = $3, \
     lock_holder = CASE WHEN weather_cache.lock_holder = $4 THEN NULL \
     ELSE weather_cache.lock_holder END, \
     lock_until = CASE WHEN weather_cache.lock_holder = $4 THEN NULL \
     ELSE weather_cache.lock_until END";

/// The weather map's cache in `weather_cache`.
#[derive(Debug, Clone)]
pub struct SqlWeatherCache {
    db: DatabaseConnection,
}

impl SqlWeatherCache {
    pub(crate) fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }

    async fn execute(&self, sql: &str, values: Vec<Value>) -> anyhow::Result<u64> {
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
impl WeatherCache for SqlWeatherCache {
    async fn latest(&self) -> Result<Option<Snapshot>, anyhow::Error> {
        let row = weather_cache::Entity::find_by_id(NAME.to_owned())
            .one(&self.db)
            .await
            .map_err(unexpected)?;
        let Some((json, fetched_at)) = row.and_then(|r| r.snapshot_json.zip(r.fetched_at)) else {
            return Ok(None);
        };
        match serde_json::from_str::<Vec<PlaceWeather>>(&json) {
            Ok(places) => Ok(Some(Snapshot { fetched_at, places })),
            Err(e) => {
                tracing::warn!(error = %e, "the stored weather snapshot does not read; ignoring it");
                Ok(None)
            }
        }
    }

    async fn take_lease(
        &self,
        holder: String,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> Result<bool, anyhow::Error> {
        self.execute(ENSURE_ROW_SQL, vec![NAME.into()]).await?;
        let taken = self
            .execute(
                TAKE_LEASE_SQL,
                vec![holder.into(), until.into(), NAME.into(), now.into()],
            )
            .await?;
        Ok(taken == 1)
    }

    async fn store(&self, snapshot: Snapshot, holder: String) -> Result<(), anyhow::Error> {
        let json = serde_json::to_string(&snapshot.places)
            .map_err(|e| anyhow::anyhow!("serializing a weather snapshot: {e}"))?;
        self.execute(
            STORE_SQL,
            vec![
                NAME.into(),
                json.into(),
                snapshot.fetched_at.into(),
                holder.into(),
            ],
        )
        .await?;
        Ok(())
    }
}
