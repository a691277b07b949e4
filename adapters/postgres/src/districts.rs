//! The districts port over sea-orm.
//!
//! Lists are keyset pages in code order (`WHERE code > after ORDER BY code LIMIT n`).
//! A search matches a code prefix, the Chinese name, or the English name lower-cased on both
//! sides (district names are ASCII in English, so SQLite's ASCII-only `lower` agrees with
//! PostgreSQL's); `%`, `_` and `\` are escaped (`LIKE … ESCAPE '\'`). `write_all` is one
//! transaction of `INSERT … ON CONFLICT (code) DO UPDATE`, one statement per district: the
//! foreign key on `parent_code` refuses a child whose parent is neither stored nor written
//! before it, and then the whole call is rolled back.

use crate::entities::districts as rows;
use crate::sql::{Sql, contains_pattern, prefix_pattern, stored};
use crate::unexpected;
use ::districts::model::{District, DistrictCode, TilePosition};
use ::districts::ports::DistrictRepository;
use anyhow::Context;
use async_trait::async_trait;
use chrono::Utc;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, TransactionTrait,
};

pub struct SqlDistrictRepository {
    db: DatabaseConnection,
}

impl SqlDistrictRepository {
    pub(crate) fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

/// A stored row as the domain's district (a row the rules refuse is an error, not skipped).
fn district(row: rows::Model) -> anyhow::Result<District> {
    let code = DistrictCode::parse(&row.code)
        .with_context(|| format!("stored district code {:?}", row.code))?;
    let tile = match (row.tile_col, row.tile_row) {
        (Some(col), Some(row_)) => Some(TilePosition::new(
            u8::try_from(col).context("stored tile column")?,
            u8::try_from(row_).context("stored tile row")?,
        )?),
        (None, None) => None,
        _ => anyhow::bail!("district {} has half a tile", row.code),
    };
    District::new(code, &row.name_zh, &row.name_en, row.lat, row.lon, tile)
        .with_context(|| format!("stored district {}", row.code))
}

fn districts(rows: Vec<rows::Model>) -> anyhow::Result<Vec<District>> {
    rows.into_iter().map(district).collect()
}

fn limit(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

#[async_trait]
impl DistrictRepository for SqlDistrictRepository {
    async fn children(
        &self,
        parent: Option<DistrictCode>,
        after: Option<DistrictCode>,
        limit: u64,
    ) -> Result<Vec<District>, anyhow::Error> {
        let mut query = rows::Entity::find();
        query = match parent {
            Some(p) => query.filter(rows::Column::ParentCode.eq(p.as_str())),
            None => query.filter(rows::Column::ParentCode.is_null()),
        };
        if let Some(a) = after {
            query = query.filter(rows::Column::Code.gt(a.as_str()));
        }
        let found = query
            .order_by_asc(rows::Column::Code)
            .limit(limit)
            .all(&self.db)
            .await
            .map_err(unexpected)?;
        districts(found)
    }

    async fn find(&self, code: DistrictCode) -> Result<Option<District>, anyhow::Error> {
        rows::Entity::find_by_id(code.as_str())
            .one(&self.db)
            .await
            .map_err(unexpected)?
            .map(district)
            .transpose()
    }

    async fn search(
        &self,
        query: String,
        after: Option<DistrictCode>,
        limit_: u64,
    ) -> Result<Vec<District>, anyhow::Error> {
        let mut sql = Sql::new("SELECT * FROM districts WHERE (code LIKE ");
        let prefix = sql.bind(prefix_pattern(&query));
        let zh = sql.bind(contains_pattern(&query));
        let en = sql.bind(contains_pattern(&query.to_lowercase()));
        sql.push(&format!(
            "{prefix} ESCAPE '\\' OR name_zh LIKE {zh} ESCAPE '\\' \
             OR lower(name_en) LIKE {en} ESCAPE '\\')"
        ));
        if let Some(a) = after {
            let a = sql.bind(a.as_str());
            sql.push(&format!(" AND code > {a}"));
        }
        let n = sql.bind(limit(limit_));
        sql.push(&format!(" ORDER BY code LIMIT {n}"));
        let found = rows::Entity::find()
            .from_raw_sql(sql.build(self.db.get_database_backend()))
            .all(&self.db)
            .await
            .map_err(unexpected)?;
        districts(found)
    }

    async fn find_many(&self, codes: Vec<DistrictCode>) -> Result<Vec<District>, anyhow::Error> {
        if codes.is_empty() {
            return Ok(Vec::new());
        }
        let mut found = Vec::with_capacity(codes.len());
        // In chunks, well under either engine's limit on bound parameters.
        for chunk in codes.chunks(500) {
            let rows = rows::Entity::find()
                .filter(rows::Column::Code.is_in(chunk.iter().map(DistrictCode::as_str)))
                .order_by_asc(rows::Column::Code)
                .all(&self.db)
                .await
                .map_err(unexpected)?;
            found.extend(districts(rows)?);
        }
        found.sort_by(|a, b| a.code.cmp(&b.code));
        Ok(found)
    }

    async fn write_all(&self, districts: Vec<District>) -> Result<(), anyhow::Error> {
        let backend = self.db.get_database_backend();
        let now = stored(Utc::now());
        let txn = self.db.begin().await.map_err(unexpected)?;
        for d in &districts {
            let mut sql = Sql::new(
                "INSERT INTO districts (code, parent_code, level, name_zh, name_en, lat, lon, \
                 tile_col, tile_row, updated_at) VALUES (",
            );
            let values = [
                sql.bind(d.code.as_str()),
                sql.bind(d.parent().map(|p| p.as_str().to_owned())),
                sql.bind(d.level().as_str()),
                sql.bind(d.name_zh.as_str()),
                sql.bind(d.name_en.as_str()),
                sql.bind(d.lat),
                sql.bind(d.lon),
                sql.bind(d.tile.map(|t| i32::from(t.col))),
                sql.bind(d.tile.map(|t| i32::from(t.row))),
                sql.bind(now),
            ];
            sql.push(&values.join(", ")).push(
                ") ON CONFLICT (code) DO UPDATE SET parent_code = excluded.parent_code, \
                 level = excluded.level, name_zh = excluded.name_zh, \
                 name_en = excluded.name_en, lat = excluded.lat, lon = excluded.lon, \
                 tile_col = excluded.tile_col, tile_row = excluded.tile_row, \
                 updated_at = excluded.updated_at",
            );
            if let Err(e) = txn.execute_raw(sql.build(backend)).await {
                // Nothing of this call stays: the rollback's own failure is secondary.
                let _ = txn.rollback().await;
                return Err(unexpected(e).context(format!("writing district {}", d.code.as_str())));
            }
        }
        txn.commit().await.map_err(unexpected)
    }
}
