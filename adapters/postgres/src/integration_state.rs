//! [`system::IntegrationStateStore`] over `integration_state`: one row per integration, written
//! by one upsert per attempt. An attempt older than the stored one (another instance's that was
//! recorded first) leaves the row as it is, so the row always tells the newest attempt.

use crate::{Database, statement, unexpected};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sea_orm::{ConnectionTrait, EntityTrait, Value};
use system::{Integration, IntegrationState};

/// `$4` is the success time (`NULL` for a failure): a failure keeps the last success's.
const RECORD_SQL: &str = "INSERT INTO integration_state (name, attempted_at, error_kind, succeeded_at) \
     VALUES ($1, $2, $3, $4) \
     ON CONFLICT (name) DO UPDATE SET attempted_at = $2, error_kind = $3, \
     succeeded_at = COALESCE($4, integration_state.succeeded_at) \
     WHERE integration_state.attempted_at <= $2";

mod row {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "integration_state")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub name: String,
        pub attempted_at: DateTimeUtc,
        pub error_kind: Option<String>,
        pub succeeded_at: Option<DateTimeUtc>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

#[async_trait]
impl system::IntegrationStateStore for Database {
    async fn record(
        &self,
        integration: Integration,
        at: DateTime<Utc>,
        error: Option<&'static str>,
    ) -> Result<(), anyhow::Error> {
        let succeeded_at: Option<DateTime<Utc>> = error.is_none().then_some(at);
        let values: Vec<Value> = vec![
            integration.as_str().into(),
            at.into(),
            error.map(str::to_owned).into(),
            succeeded_at.into(),
        ];
        let stmt = statement(self.conn.get_database_backend(), RECORD_SQL, values);
        self.conn.execute_raw(stmt).await.map_err(unexpected)?;
        Ok(())
    }

    async fn states(&self) -> Result<Vec<IntegrationState>, anyhow::Error> {
        let rows = row::Entity::find()
            .all(&self.conn)
            .await
            .map_err(unexpected)?;
        Ok(rows
            .into_iter()
            .filter_map(|r| {
                Some(IntegrationState {
                    integration: Integration::parse(&r.name)?,
                    attempted_at: r.attempted_at,
                    error: r.error_kind,
                    succeeded_at: r.succeeded_at,
                })
            })
            .collect())
    }
}
