//! Edits of replies to group articles (issue 24, item 2): a reply carries its `version` (1, and
//! one more with every edit; an edit names the version it started from) and when it was last
//! edited (`edited_at`); `reply_versions` keeps each body an edit replaced, with when that body
//! was written, for the reply's author and its group's managers. A reply's versions go when it
//! is deleted (its body is emptied then) and with it.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ArticleReplies {
    Table,
    Id,
    Version,
    EditedAt,
}

#[derive(DeriveIden)]
enum ReplyVersions {
    Table,
    ReplyId,
    Version,
    Body,
    WrittenAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(ReplyVersions::Table)
                    .if_not_exists()
                    .col(uuid(ReplyVersions::ReplyId))
                    .col(big_integer(ReplyVersions::Version))
                    .col(text(ReplyVersions::Body))
                    .col(timestamp_with_time_zone(ReplyVersions::WrittenAt))
                    // One row per replaced version: of two edits from one version, the second
                    // finds it taken and is a conflict.
                    .primary_key(
                        Index::create()
                            .col(ReplyVersions::ReplyId)
                            .col(ReplyVersions::Version),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_reply_versions_reply")
                            .from(ReplyVersions::Table, ReplyVersions::ReplyId)
                            .to(ArticleReplies::Table, ArticleReplies::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // SQLite alters one column per statement.
        manager
            .alter_table(
                Table::alter()
                    .table(ArticleReplies::Table)
                    .add_column(big_integer(ArticleReplies::Version).default(1))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(ArticleReplies::Table)
                    .add_column(timestamp_with_time_zone_null(ArticleReplies::EditedAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(ReplyVersions::Table).to_owned())
            .await?;
        for column in [ArticleReplies::EditedAt, ArticleReplies::Version] {
            manager
                .alter_table(
                    Table::alter()
                        .table(ArticleReplies::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}
