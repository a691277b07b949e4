//! The search index (docs/search.md).
//!
//! - `search_outbox`: every insert, delete and change of a searched text of a plaza post, an
//!   article, a reply, a group or a user leaves a row here, written by a trigger in the same
//!   transaction as the change; the app drains it into the index within a second.
//! - `search_documents`: one row an item, its analysed terms (made by the app, space
//!   separated), its time and the `seq` of the change it was made from. PostgreSQL keeps the
//!   terms as a `tsvector` (a generated column) with a GIN index; SQLite as an FTS5 table over
//!   the rows, kept in step by triggers.
//!
//! Rows already there when this runs are put in the outbox, so the index is built by the same
//! drain that keeps it current; putting every row there again rebuilds it.

use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend};
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum SearchOutbox {
    Table,
    Seq,
    Kind,
    Id,
}

#[derive(DeriveIden)]
enum SearchDocuments {
    Table,
    Kind,
    Id,
    Terms,
    CreatedAt,
    Seq,
}

/// Each searched table, the kind its rows are indexed as, and the columns whose change
/// changes what they are found by (or, for an article, when: it is found from publication).
const SOURCES: [(&str, &str, &str); 5] = [
    ("plaza_posts", "post", "body"),
    ("articles", "article", "title, body, status, published_at"),
    ("article_replies", "reply", "body, deleted_at"),
    ("groups", "group", "name, description"),
    ("users", "person", "username, nickname, bio"),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(SearchOutbox::Table)
                    .if_not_exists()
                    .col(
                        big_integer(SearchOutbox::Seq)
                            .auto_increment()
                            .primary_key(),
                    )
                    .col(string_len(SearchOutbox::Kind, 8))
                    .col(uuid(SearchOutbox::Id))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(SearchDocuments::Table)
                    .if_not_exists()
                    .col(string_len(SearchDocuments::Kind, 8))
                    .col(uuid(SearchDocuments::Id))
                    .col(text(SearchDocuments::Terms))
                    .col(timestamp_with_time_zone(SearchDocuments::CreatedAt))
                    .col(big_integer(SearchDocuments::Seq))
                    .primary_key(
                        Index::create()
                            .col(SearchDocuments::Kind)
                            .col(SearchDocuments::Id),
                    )
                    .to_owned(),
            )
            .await?;
        // Newest first within a kind: a common word's results are read in this order and
        // checked one by one, a rare word's found through the terms' index.
        manager
            .create_index(
                Index::create()
                    .name("search_documents_recent")
                    .table(SearchDocuments::Table)
                    .col(SearchDocuments::Kind)
                    .col(SearchDocuments::CreatedAt)
                    .col(SearchDocuments::Id)
                    .to_owned(),
            )
            .await?;
        let db = manager.get_connection();
        match manager.get_database_backend() {
            DbBackend::Postgres => {
                db.execute_unprepared(
                    "ALTER TABLE search_documents ADD COLUMN tsv tsvector GENERATED ALWAYS AS \
                     (array_to_tsvector(string_to_array(terms, ' '))) STORED;
                     CREATE INDEX search_documents_tsv ON search_documents USING gin (tsv);
                     CREATE FUNCTION search_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
                     BEGIN
                       IF TG_OP = 'DELETE' THEN
                         INSERT INTO search_outbox (kind, id) VALUES (TG_ARGV[0], OLD.id);
                         RETURN OLD;
                       END IF;
                       INSERT INTO search_outbox (kind, id) VALUES (TG_ARGV[0], NEW.id);
                       RETURN NEW;
                     END $$;",
                )
                .await?;
                for (table, kind, columns) in SOURCES {
                    db.execute_unprepared(&format!(
                        "CREATE TRIGGER {table}_search AFTER INSERT OR DELETE OR UPDATE OF \
                         {columns} ON {table} FOR EACH ROW EXECUTE FUNCTION \
                         search_enqueue('{kind}')"
                    ))
                    .await?;
                }
            }
            _ => {
                // An external-content FTS5 table over the documents' terms (the rowid links
                // them), kept in step by triggers.
                db.execute_unprepared(
                    "CREATE VIRTUAL TABLE search_fts USING fts5(terms, \
                     content='search_documents', content_rowid='rowid');
                     CREATE TRIGGER search_documents_ai AFTER INSERT ON search_documents BEGIN
                       INSERT INTO search_fts (rowid, terms) VALUES (new.rowid, new.terms);
                     END;
                     CREATE TRIGGER search_documents_ad AFTER DELETE ON search_documents BEGIN
                       INSERT INTO search_fts (search_fts, rowid, terms)
                         VALUES ('delete', old.rowid, old.terms);
                     END;
                     CREATE TRIGGER search_documents_au AFTER UPDATE ON search_documents BEGIN
                       INSERT INTO search_fts (search_fts, rowid, terms)
                         VALUES ('delete', old.rowid, old.terms);
                       INSERT INTO search_fts (rowid, terms) VALUES (new.rowid, new.terms);
                     END;",
                )
                .await?;
                for (table, kind, columns) in SOURCES {
                    db.execute_unprepared(&format!(
                        "CREATE TRIGGER {table}_search_ai AFTER INSERT ON {table} BEGIN
                           INSERT INTO search_outbox (kind, id) VALUES ('{kind}', new.id);
                         END;
                         CREATE TRIGGER {table}_search_au AFTER UPDATE OF {columns} ON {table}
                         BEGIN
                           INSERT INTO search_outbox (kind, id) VALUES ('{kind}', new.id);
                         END;
                         CREATE TRIGGER {table}_search_ad AFTER DELETE ON {table} BEGIN
                           INSERT INTO search_outbox (kind, id) VALUES ('{kind}', old.id);
                         END;"
                    ))
                    .await?;
                }
            }
        }
        for (table, kind, _) in SOURCES {
            db.execute_unprepared(&format!(
                "INSERT INTO search_outbox (kind, id) SELECT '{kind}', id FROM {table}"
            ))
            .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        match manager.get_database_backend() {
            DbBackend::Postgres => {
                for (table, _, _) in SOURCES {
                    db.execute_unprepared(&format!("DROP TRIGGER {table}_search ON {table}"))
                        .await?;
                }
                db.execute_unprepared("DROP FUNCTION search_enqueue()")
                    .await?;
            }
            _ => {
                for (table, _, _) in SOURCES {
                    for suffix in ["ai", "au", "ad"] {
                        db.execute_unprepared(&format!("DROP TRIGGER {table}_search_{suffix}"))
                            .await?;
                    }
                }
                db.execute_unprepared("DROP TABLE search_fts").await?;
            }
        }
        manager
            .drop_table(Table::drop().table(SearchDocuments::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(SearchOutbox::Table).to_owned())
            .await
    }
}
