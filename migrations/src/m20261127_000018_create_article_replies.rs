//! Replies to group articles (issue 24): `article_replies` holds each reply with the reply it
//! quotes (`quote_id`, one level: the quoted reply's own id, of the same article) and the
//! plain-text `excerpt` a quote of it shows. A deleted reply keeps its row with `deleted_at` set
//! and its body and excerpt emptied, so a reply quoting it can say it was deleted. The article
//! carries its thread: `reply_count` (replies not deleted, moved only by `± 1` in the
//! transaction that adds or deletes one) and `replies_locked` (its author closed replies).
//! Deleting an article, or a user, deletes its replies.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Articles {
    Table,
    Id,
    ReplyCount,
    RepliesLocked,
}

#[derive(DeriveIden)]
enum ArticleReplies {
    Table,
    Id,
    ArticleId,
    AuthorId,
    Body,
    Excerpt,
    QuoteId,
    CreatedAt,
    DeletedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(ArticleReplies::Table)
                    .if_not_exists()
                    .col(uuid(ArticleReplies::Id).primary_key())
                    .col(uuid(ArticleReplies::ArticleId))
                    .col(uuid(ArticleReplies::AuthorId))
                    .col(text(ArticleReplies::Body))
                    .col(text(ArticleReplies::Excerpt))
                    .col(uuid_null(ArticleReplies::QuoteId))
                    .col(timestamp_with_time_zone(ArticleReplies::CreatedAt))
                    .col(timestamp_with_time_zone_null(ArticleReplies::DeletedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_article_replies_article")
                            .from(ArticleReplies::Table, ArticleReplies::ArticleId)
                            .to(Articles::Table, Articles::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_article_replies_author")
                            .from(ArticleReplies::Table, ArticleReplies::AuthorId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // An article's replies, oldest first (the list's keyset).
        manager
            .create_index(
                Index::create()
                    .name("idx_article_replies_article_created")
                    .table(ArticleReplies::Table)
                    .col(ArticleReplies::ArticleId)
                    .col(ArticleReplies::CreatedAt)
                    .col(ArticleReplies::Id)
                    .to_owned(),
            )
            .await?;
        // SQLite alters one column per statement.
        manager
            .alter_table(
                Table::alter()
                    .table(Articles::Table)
                    .add_column(integer(Articles::ReplyCount).default(0))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Articles::Table)
                    .add_column(boolean(Articles::RepliesLocked).default(false))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(ArticleReplies::Table).to_owned())
            .await?;
        for column in [Articles::RepliesLocked, Articles::ReplyCount] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Articles::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}
