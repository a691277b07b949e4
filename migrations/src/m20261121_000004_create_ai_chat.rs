//! The AI assistant's shared limits: live stream slots (at most N per requester at once, over
//! every server instance) and tokens used per requester per UTC day.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum AiStreamSlots {
    Table,
    Id,
    Owner,
    ExpiresAtMs,
}

#[derive(DeriveIden)]
enum AiUsage {
    Table,
    Owner,
    Day,
    Tokens,
    Requests,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(AiStreamSlots::Table)
                    .if_not_exists()
                    .col(uuid(AiStreamSlots::Id).primary_key())
                    .col(string_len(AiStreamSlots::Owner, 160))
                    .col(big_integer(AiStreamSlots::ExpiresAtMs))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_ai_stream_slots_owner")
                    .table(AiStreamSlots::Table)
                    .col(AiStreamSlots::Owner)
                    .col(AiStreamSlots::ExpiresAtMs)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AiUsage::Table)
                    .if_not_exists()
                    .col(string_len(AiUsage::Owner, 160))
                    // `YYYY-MM-DD` in UTC: compares in date order as text on both engines.
                    .col(string_len(AiUsage::Day, 10))
                    .col(big_integer(AiUsage::Tokens).default(0))
                    .col(big_integer(AiUsage::Requests).default(0))
                    .primary_key(Index::create().col(AiUsage::Owner).col(AiUsage::Day))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(AiUsage::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(AiStreamSlots::Table).to_owned())
            .await
    }
}
