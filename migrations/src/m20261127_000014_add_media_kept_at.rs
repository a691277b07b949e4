//! Uploads a draft still holds (issue 21): `media.kept_at` (`NULL`: never kept) is when the
//! owner last said "this upload is still in my draft" (`POST /api/media/keep`). The sweep
//! measures an unattached upload's age from it when set, else from `created_at`, so a kept
//! draft's images are not removed from under it.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Media {
    Table,
    KeptAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Media::Table)
                    .add_column(timestamp_with_time_zone_null(Media::KeptAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Media::Table)
                    .drop_column(Media::KeptAt)
                    .to_owned(),
            )
            .await
    }
}
