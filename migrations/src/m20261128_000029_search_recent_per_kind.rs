//! `search_documents_recent` (kind, created_at, id) becomes one partial index per kind on
//! (created_at, id) (issue 26; docs/benchmarks.md, "Plans").
//!
//! Search first reads the 10 000 newest documents of a kind in order
//! (`adapters/postgres/src/search.rs`). PostgreSQL prices an ordered read of an index by how
//! closely the table's rows follow the index's first column. With `kind` first that is a
//! guess from `ANALYZE`'s sample of a column whose values are mixed through the table: for a
//! kind of 20 000 documents one sample priced the ordered read above reading every document of
//! the kind and sorting them (20 000 rows read and sorted for a page), the next one below it.
//! With `created_at` first the rows follow the index closely (documents are written as their
//! items are, oldest first), so the ordered read is priced as what it is. Each statement names
//! its kind as a literal, so that PostgreSQL can use the kind's index in any plan.
//!
//! A new kind of document needs its index here, made the same way.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The kinds of `search::model::SearchKind`, as stored.
const KINDS: [&str; 5] = ["post", "article", "reply", "group", "person"];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for kind in KINDS {
            db.execute_unprepared(&format!(
                "CREATE INDEX search_documents_recent_{kind} ON search_documents \
                 (created_at, id) WHERE kind = '{kind}'"
            ))
            .await?;
        }
        manager
            .drop_index(
                Index::drop()
                    .name("search_documents_recent")
                    .table(Alias::new("search_documents"))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_index(
                Index::create()
                    .name("search_documents_recent")
                    .table(Alias::new("search_documents"))
                    .col(Alias::new("kind"))
                    .col(Alias::new("created_at"))
                    .col(Alias::new("id"))
                    .to_owned(),
            )
            .await?;
        for kind in KINDS {
            manager
                .drop_index(
                    Index::drop()
                        .name(format!("search_documents_recent_{kind}"))
                        .table(Alias::new("search_documents"))
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}
