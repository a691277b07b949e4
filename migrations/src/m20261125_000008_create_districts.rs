//! Administrative divisions (GB/T 2260), seeded with the 34 provincial-level divisions of
//! `districts::provinces`.
//!
//! `parent_code` → `districts.code` is `RESTRICT`: a division with children cannot be deleted
//! out from under them. `level` is what the code's shape says (`province`, `city`, `county`),
//! stored so the children of a level can be listed by index. The seed rows carry a fixed
//! `updated_at` (the migration's date), so every fresh database starts identical.

use chrono::{TimeZone, Utc};
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Districts {
    Table,
    Code,
    ParentCode,
    Level,
    NameZh,
    NameEn,
    Lat,
    Lon,
    TileCol,
    TileRow,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Districts::Table)
                    .if_not_exists()
                    .col(string_len(Districts::Code, 6).primary_key())
                    .col(string_len_null(Districts::ParentCode, 6))
                    .col(string_len(Districts::Level, 16))
                    .col(string_len(Districts::NameZh, 40))
                    .col(string_len(Districts::NameEn, 80))
                    .col(double(Districts::Lat))
                    .col(double(Districts::Lon))
                    .col(integer_null(Districts::TileCol))
                    .col(integer_null(Districts::TileRow))
                    .col(timestamp_with_time_zone(Districts::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_districts_parent")
                            .from(Districts::Table, Districts::ParentCode)
                            .to(Districts::Table, Districts::Code)
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .to_owned(),
            )
            .await?;
        for (name, col) in [
            // A division's children, in code order.
            ("idx_districts_parent", Districts::ParentCode),
            ("idx_districts_level", Districts::Level),
        ] {
            manager
                .create_index(
                    Index::create()
                        .name(name)
                        .table(Districts::Table)
                        .col(col)
                        .to_owned(),
                )
                .await?;
        }

        let provinces = districts::provinces::provinces()
            .map_err(|e| DbErr::Migration(format!("the provinces' table is broken: {e}")))?;
        let seeded_at = Utc
            .with_ymd_and_hms(2026, 11, 25, 0, 0, 0)
            .single()
            .ok_or_else(|| DbErr::Migration("the seed time is no time".to_owned()))?;
        let mut insert = Query::insert();
        insert.into_table(Districts::Table).columns([
            Districts::Code,
            Districts::ParentCode,
            Districts::Level,
            Districts::NameZh,
            Districts::NameEn,
            Districts::Lat,
            Districts::Lon,
            Districts::TileCol,
            Districts::TileRow,
            Districts::UpdatedAt,
        ]);
        for p in provinces {
            insert.values_panic([
                p.code.as_str().into(),
                p.parent().map(|c| c.as_str().to_owned()).into(),
                p.level().as_str().into(),
                p.name_zh.clone().into(),
                p.name_en.clone().into(),
                p.lat.into(),
                p.lon.into(),
                p.tile.map(|t| i32::from(t.col)).into(),
                p.tile.map(|t| i32::from(t.row)).into(),
                seeded_at.into(),
            ]);
        }
        manager.exec_stmt(insert).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // Its indexes go with the table. SQLite drops a table by deleting its rows first, and
        // the `RESTRICT` key would refuse to delete a parent before its children: unlink them.
        manager
            .exec_stmt(
                Query::update()
                    .table(Districts::Table)
                    .value(Districts::ParentCode, Option::<String>::None)
                    .to_owned(),
            )
            .await?;
        manager
            .drop_table(Table::drop().table(Districts::Table).to_owned())
            .await
    }
}
