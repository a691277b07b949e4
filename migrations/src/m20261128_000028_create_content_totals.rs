//! `content_totals`: how many users, groups, plaza posts, articles and stored images there are,
//! and the images' bytes, kept up to date by triggers so the admin overview reads six rows
//! instead of counting five tables on every request (issue 26; docs/benchmarks.md, "Plans").
//!
//! - **Exact, on both engines.** Every insert and delete changes its total in the same
//!   transaction, deletions by a cascade too (a person's posts and articles, a group's
//!   articles), whoever writes them. An update changes no total (an image's size is never
//!   changed).
//! - **PostgreSQL** adds a statement's rows at once (a statement-level trigger over the
//!   statement's transition table): a set-based fill of a million rows is one update, and a
//!   statement that wrote nothing touches no total.
//! - **SQLite** adds each row (row-level triggers; SQLite has no others). It has one writer at
//!   a time, so a total is never waited for.
//! - **The cost.** A write holds its total's row until it commits: two transactions that
//!   create posts at once take turns at the post total for the rest of the first one (a few
//!   milliseconds). Nothing else waits on it; readers never do.
//!
//! The rows already there are counted once, when this runs (before any instance serves).

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The tables whose rows are counted, under their own names.
const COUNTED: [&str; 4] = ["users", "groups", "plaza_posts", "articles"];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        db.execute_unprepared(
            "CREATE TABLE content_totals (name VARCHAR(32) NOT NULL PRIMARY KEY, n BIGINT NOT NULL)",
        )
        .await?;
        for table in COUNTED {
            db.execute_unprepared(&format!(
                "INSERT INTO content_totals (name, n) SELECT '{table}', COUNT(*) FROM {table}"
            ))
            .await?;
        }
        db.execute_unprepared(
            "INSERT INTO content_totals (name, n) SELECT 'media_files', COUNT(*) FROM media;
             INSERT INTO content_totals (name, n) SELECT 'media_bytes', COALESCE(SUM(bytes), 0)
             FROM media;",
        )
        .await?;
        match manager.get_database_backend() {
            DbBackend::Postgres => {
                db.execute_unprepared(
                    "CREATE FUNCTION content_totals_count() RETURNS trigger LANGUAGE plpgsql AS $$
                     DECLARE k BIGINT;
                     BEGIN
                       IF TG_OP = 'INSERT' THEN
                         SELECT COUNT(*) INTO k FROM added;
                       ELSE
                         SELECT -COUNT(*) INTO k FROM removed;
                       END IF;
                       IF k <> 0 THEN
                         UPDATE content_totals SET n = n + k WHERE name = TG_TABLE_NAME;
                       END IF;
                       RETURN NULL;
                     END $$;
                     CREATE FUNCTION content_totals_media() RETURNS trigger LANGUAGE plpgsql AS $$
                     DECLARE k BIGINT; b BIGINT;
                     BEGIN
                       IF TG_OP = 'INSERT' THEN
                         SELECT COUNT(*), COALESCE(SUM(bytes), 0) INTO k, b FROM added;
                       ELSE
                         SELECT -COUNT(*), -COALESCE(SUM(bytes), 0) INTO k, b FROM removed;
                       END IF;
                       IF k <> 0 THEN
                         UPDATE content_totals
                         SET n = n + CASE name WHEN 'media_files' THEN k ELSE b END
                         WHERE name IN ('media_files', 'media_bytes');
                       END IF;
                       RETURN NULL;
                     END $$;",
                )
                .await?;
                let tables = COUNTED
                    .iter()
                    .map(|t| (*t, "content_totals_count"))
                    .chain([("media", "content_totals_media")]);
                for (table, function) in tables {
                    db.execute_unprepared(&format!(
                        "CREATE TRIGGER {table}_total_added AFTER INSERT ON {table} \
                         REFERENCING NEW TABLE AS added FOR EACH STATEMENT \
                         EXECUTE FUNCTION {function}();
                         CREATE TRIGGER {table}_total_removed AFTER DELETE ON {table} \
                         REFERENCING OLD TABLE AS removed FOR EACH STATEMENT \
                         EXECUTE FUNCTION {function}();"
                    ))
                    .await?;
                }
            }
            _ => {
                for table in COUNTED {
                    db.execute_unprepared(&format!(
                        "CREATE TRIGGER {table}_total_added AFTER INSERT ON {table} BEGIN
                           UPDATE content_totals SET n = n + 1 WHERE name = '{table}';
                         END;
                         CREATE TRIGGER {table}_total_removed AFTER DELETE ON {table} BEGIN
                           UPDATE content_totals SET n = n - 1 WHERE name = '{table}';
                         END;"
                    ))
                    .await?;
                }
                db.execute_unprepared(
                    "CREATE TRIGGER media_total_added AFTER INSERT ON media BEGIN
                       UPDATE content_totals
                       SET n = n + CASE name WHEN 'media_files' THEN 1 ELSE new.bytes END
                       WHERE name IN ('media_files', 'media_bytes');
                     END;
                     CREATE TRIGGER media_total_removed AFTER DELETE ON media BEGIN
                       UPDATE content_totals
                       SET n = n - CASE name WHEN 'media_files' THEN 1 ELSE old.bytes END
                       WHERE name IN ('media_files', 'media_bytes');
                     END;",
                )
                .await?;
            }
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let postgres = manager.get_database_backend() == DbBackend::Postgres;
        for table in COUNTED.iter().chain(&["media"]) {
            for suffix in ["added", "removed"] {
                let on = if postgres {
                    format!(" ON {table}")
                } else {
                    String::new()
                };
                db.execute_unprepared(&format!("DROP TRIGGER {table}_total_{suffix}{on}"))
                    .await?;
            }
        }
        if postgres {
            db.execute_unprepared(
                "DROP FUNCTION content_totals_count(); DROP FUNCTION content_totals_media();",
            )
            .await?;
        }
        db.execute_unprepared("DROP TABLE content_totals").await?;
        Ok(())
    }
}
