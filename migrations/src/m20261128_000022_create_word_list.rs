//! The operator's word list (docs/moderation.md): one row per entry, named by its folded key
//! (`ＦＯＯ` and `foo` are one entry), and the list's version, one row that every write bumps in
//! its transaction; every instance polls it and reloads the list when it moved.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum WordList {
    Table,
    Key,
    Phrase,
    Action,
    Note,
    CreatedAt,
}

#[derive(DeriveIden)]
enum WordListVersion {
    Table,
    Id,
    Version,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(WordList::Table)
                    .if_not_exists()
                    // Folded NFKC can be longer than the phrase (`㍻` is two letters): text.
                    .col(text(WordList::Key).primary_key())
                    .col(text(WordList::Phrase))
                    .col(string_len(WordList::Action, 8))
                    .col(text_null(WordList::Note))
                    .col(timestamp_with_time_zone(WordList::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(WordListVersion::Table)
                    .if_not_exists()
                    .col(integer(WordListVersion::Id).primary_key())
                    .col(big_integer(WordListVersion::Version))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(WordListVersion::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(WordList::Table).to_owned())
            .await
    }
}
