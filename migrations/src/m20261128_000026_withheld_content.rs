//! Content shown to its author only (issue 25, docs/moderation.md "Hold and hide").
//!
//! - `withheld` on `plaza_posts`, `plaza_comments`, `articles` and `article_replies`: `NULL`
//!   for content everyone allowed may read; `held` while the word list holds it for review;
//!   `hidden` once a moderator hid it. Either way only its author reads it (every list's
//!   statement asks `withheld IS NULL OR author = viewer`), marked for them as under review or
//!   hidden.
//! - `report_cases.held_words`: the listed words that held the item (a case the word list
//!   opened, with no report in it); `NULL` for a case of reports.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum PlazaPosts {
    Table,
    Withheld,
}

#[derive(DeriveIden)]
enum PlazaComments {
    Table,
    Withheld,
}

#[derive(DeriveIden)]
enum Articles {
    Table,
    Withheld,
}

#[derive(DeriveIden)]
enum ArticleReplies {
    Table,
    Withheld,
}

#[derive(DeriveIden)]
enum ReportCases {
    Table,
    HeldWords,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One change per ALTER TABLE: SQLite allows no more.
        for (table, column) in [
            (
                PlazaPosts::Table.into_iden(),
                PlazaPosts::Withheld.into_iden(),
            ),
            (
                PlazaComments::Table.into_iden(),
                PlazaComments::Withheld.into_iden(),
            ),
            (Articles::Table.into_iden(), Articles::Withheld.into_iden()),
            (
                ArticleReplies::Table.into_iden(),
                ArticleReplies::Withheld.into_iden(),
            ),
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(table)
                        .add_column(string_len_null(column, 8))
                        .to_owned(),
                )
                .await?;
        }
        manager
            .alter_table(
                Table::alter()
                    .table(ReportCases::Table)
                    .add_column(text_null(ReportCases::HeldWords))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(ReportCases::Table)
                    .drop_column(ReportCases::HeldWords)
                    .to_owned(),
            )
            .await?;
        for (table, column) in [
            (
                PlazaPosts::Table.into_iden(),
                PlazaPosts::Withheld.into_iden(),
            ),
            (
                PlazaComments::Table.into_iden(),
                PlazaComments::Withheld.into_iden(),
            ),
            (Articles::Table.into_iden(), Articles::Withheld.into_iden()),
            (
                ArticleReplies::Table.into_iden(),
                ArticleReplies::Withheld.into_iden(),
            ),
        ] {
            manager
                .alter_table(Table::alter().table(table).drop_column(column).to_owned())
                .await?;
        }
        Ok(())
    }
}
