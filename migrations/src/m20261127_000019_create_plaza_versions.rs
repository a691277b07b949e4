//! Edits of plaza posts and comments (issue 24, item 2). Each post and comment carries its
//! `version` (1 when written, one more per edit: an edit names the version it was made from,
//! and one made from an older version is refused) and `edited_at` (`NULL`: never edited).
//! `plaza_post_versions` and `plaza_comment_versions` keep every earlier text, one row per
//! replaced version with the time it was written; the current text stays on the item. Deleting
//! the item deletes its versions.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum PlazaPosts {
    Table,
    Id,
    Version,
    EditedAt,
}

#[derive(DeriveIden)]
enum PlazaComments {
    Table,
    Id,
    Version,
    EditedAt,
}

#[derive(DeriveIden)]
enum PlazaPostVersions {
    Table,
    PostId,
    Version,
    Body,
    WrittenAt,
}

#[derive(DeriveIden)]
enum PlazaCommentVersions {
    Table,
    CommentId,
    Version,
    Body,
    WrittenAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite alters one column per statement.
        manager
            .alter_table(
                Table::alter()
                    .table(PlazaPosts::Table)
                    .add_column(big_integer(PlazaPosts::Version).default(1))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(PlazaPosts::Table)
                    .add_column(timestamp_with_time_zone_null(PlazaPosts::EditedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(PlazaComments::Table)
                    .add_column(big_integer(PlazaComments::Version).default(1))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(PlazaComments::Table)
                    .add_column(timestamp_with_time_zone_null(PlazaComments::EditedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(PlazaPostVersions::Table)
                    .if_not_exists()
                    .col(uuid(PlazaPostVersions::PostId))
                    .col(big_integer(PlazaPostVersions::Version))
                    .col(text(PlazaPostVersions::Body))
                    .col(timestamp_with_time_zone(PlazaPostVersions::WrittenAt))
                    .primary_key(
                        Index::create()
                            .col(PlazaPostVersions::PostId)
                            .col(PlazaPostVersions::Version),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_plaza_post_versions_post")
                            .from(PlazaPostVersions::Table, PlazaPostVersions::PostId)
                            .to(PlazaPosts::Table, PlazaPosts::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(PlazaCommentVersions::Table)
                    .if_not_exists()
                    .col(uuid(PlazaCommentVersions::CommentId))
                    .col(big_integer(PlazaCommentVersions::Version))
                    .col(text(PlazaCommentVersions::Body))
                    .col(timestamp_with_time_zone(PlazaCommentVersions::WrittenAt))
                    .primary_key(
                        Index::create()
                            .col(PlazaCommentVersions::CommentId)
                            .col(PlazaCommentVersions::Version),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_plaza_comment_versions_comment")
                            .from(PlazaCommentVersions::Table, PlazaCommentVersions::CommentId)
                            .to(PlazaComments::Table, PlazaComments::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(PlazaCommentVersions::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(PlazaPostVersions::Table).to_owned())
            .await?;
        for column in [PlazaPosts::EditedAt, PlazaPosts::Version] {
            manager
                .alter_table(
                    Table::alter()
                        .table(PlazaPosts::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        for column in [PlazaComments::EditedAt, PlazaComments::Version] {
            manager
                .alter_table(
                    Table::alter()
                        .table(PlazaComments::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}
