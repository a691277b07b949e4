//! What each outside system last did when called, shared by every instance (the admin
//! overview): one row per integration (`sms`, `wechat`, `llm`, `weather`) with its last
//! attempt's time, its failure's kind (`NULL` when it succeeded — a fixed word, never the
//! provider's text) and when a call last succeeded.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum IntegrationState {
    Table,
    Name,
    AttemptedAt,
    ErrorKind,
    SucceededAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(IntegrationState::Table)
                    .if_not_exists()
                    .col(string_len(IntegrationState::Name, 16).primary_key())
                    .col(timestamp_with_time_zone(IntegrationState::AttemptedAt))
                    .col(string_len_null(IntegrationState::ErrorKind, 32))
                    .col(timestamp_with_time_zone_null(IntegrationState::SucceededAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(IntegrationState::Table).to_owned())
            .await
    }
}
