//! Blocking and muting (issue 25, docs/moderation.md "Blocking and muting"): one row per
//! person and the one they blocked or muted (`kind`: `block` or `mute`), dated when it became
//! that kind.
//!
//! Every list that shows people's writing asks this table with the viewer, both ways for a
//! block: `(viewer, author)` and `(author, viewer)` are each a lookup of the primary key. The
//! index on `target_id` serves the other way round ("who blocked me"), and a person's deletion.
//! Deleting either person deletes the row.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum UserBlocks {
    Table,
    BlockerId,
    TargetId,
    Kind,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(UserBlocks::Table)
                    .if_not_exists()
                    .col(uuid(UserBlocks::BlockerId))
                    .col(uuid(UserBlocks::TargetId))
                    .col(string_len(UserBlocks::Kind, 8))
                    .col(timestamp_with_time_zone(UserBlocks::CreatedAt))
                    .primary_key(
                        Index::create()
                            .col(UserBlocks::BlockerId)
                            .col(UserBlocks::TargetId),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_user_blocks_blocker")
                            .from(UserBlocks::Table, UserBlocks::BlockerId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_user_blocks_target")
                            .from(UserBlocks::Table, UserBlocks::TargetId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_user_blocks_target")
                    .table(UserBlocks::Table)
                    .col(UserBlocks::TargetId)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(UserBlocks::Table).to_owned())
            .await
    }
}
