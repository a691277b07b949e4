//! The admin gallery: an admin may hide a stored image (`media.hidden_at`) or delete it.
//!
//! - `media.hidden_at` (`NULL`: not hidden). A hidden row is served to admins only; galleries
//!   leave it out and a plaza post counts it among its removed images.
//! - `plaza_posts.removed_images`: how many of the post's images an admin deleted. The link of
//!   a deleted image (`plaza_post_images`, `RESTRICT` on `media`) goes in the same transaction
//!   as the `media` row, and the post keeps the count so it can say an image was removed.
//! - `idx_media_created` (`created_at DESC, id DESC`): the admin list, every file newest first,
//!   read by keyset; its filters (owner, group) have their own indexes from `m20261125_000007`.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Media {
    Table,
    Id,
    CreatedAt,
    HiddenAt,
}

#[derive(DeriveIden)]
enum PlazaPosts {
    Table,
    RemovedImages,
}

const CREATED_INDEX: &str = "idx_media_created";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One change per ALTER TABLE: SQLite allows no more.
        manager
            .alter_table(
                Table::alter()
                    .table(Media::Table)
                    .add_column(timestamp_with_time_zone_null(Media::HiddenAt))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(PlazaPosts::Table)
                    .add_column(big_integer(PlazaPosts::RemovedImages).default(0))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name(CREATED_INDEX)
                    .table(Media::Table)
                    .col((Media::CreatedAt, IndexOrder::Desc))
                    .col((Media::Id, IndexOrder::Desc))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(
                Index::drop()
                    .name(CREATED_INDEX)
                    .table(Media::Table)
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(PlazaPosts::Table)
                    .drop_column(PlazaPosts::RemovedImages)
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Media::Table)
                    .drop_column(Media::HiddenAt)
                    .to_owned(),
            )
            .await
    }
}
