//! The weather map's shared cache: the last readings the provider gave (every place's, as JSON
//! text), when they were fetched, and the refresh lease (`lock_holder`, `lock_until`) that lets
//! one instance at a time ask the provider, as `wechat_access_tokens` does for the WeChat access
//! token. One row per cache `name` (the map's is `provinces`).

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum WeatherCache {
    Table,
    Name,
    SnapshotJson,
    FetchedAt,
    LockHolder,
    LockUntil,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(WeatherCache::Table)
                    .if_not_exists()
                    .col(string_len(WeatherCache::Name, 32).primary_key())
                    .col(text_null(WeatherCache::SnapshotJson))
                    .col(timestamp_with_time_zone_null(WeatherCache::FetchedAt))
                    .col(string_len_null(WeatherCache::LockHolder, 128))
                    .col(timestamp_with_time_zone_null(WeatherCache::LockUntil))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(WeatherCache::Table).to_owned())
            .await
    }
}
