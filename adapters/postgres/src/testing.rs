//! Fresh databases for tests: a temporary SQLite file, or a new PostgreSQL database on the
//! server named by `TEST_POSTGRES_URL` (default `postgres://postgres@127.0.0.1:5432/postgres`),
//! dropped again when the [`TestDb`] is dropped.
//!
//! When PostgreSQL cannot be reached, [`TestDb::postgres`] returns `None` so a developer without
//! it can still run the suite, and says so loudly; with `CI=true` it panics instead, so CI can
//! never pass by skipping.

#![allow(clippy::expect_used, clippy::unwrap_used)]

use crate::Database;
use sea_orm::{ConnectionTrait, Database as SeaDatabase};

pub struct TestDb {
    pub db: Database,
    pub url: String,
    cleanup: Cleanup,
}

enum Cleanup {
    SqliteFile(std::path::PathBuf),
    PostgresDatabase { admin_url: String, name: String },
}

fn admin_url() -> String {
    std::env::var("TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned())
}

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

impl TestDb {
    /// A migrated database on a new temporary SQLite file.
    pub async fn sqlite() -> Self {
        let path = std::env::temp_dir().join(format!(
            "courtyard-test-{}.db",
            uuid::Uuid::new_v4().simple()
        ));
        let url = format!("sqlite://{}?mode=rwc", path.display());
        // The pool size the server uses, so tests see the same queueing.
        let db = Database::connect(&url, Database::default_pool_size(&url))
            .await
            .expect("open the SQLite test database");
        db.migrate()
            .await
            .expect("migrate the SQLite test database");
        Self {
            db,
            url,
            cleanup: Cleanup::SqliteFile(path),
        }
    }

    /// A migrated, brand-new PostgreSQL database, or `None` when no server answers outside CI.
    pub async fn postgres() -> Option<Self> {
        let admin_url = admin_url();
        let admin = match SeaDatabase::connect(admin_url.as_str()).await {
            Ok(conn) => conn,
            Err(e) if !in_ci() => {
                eprintln!(
                    "SKIPPING the PostgreSQL half of this test: {admin_url} is unreachable ({e})"
                );
                return None;
            }
            Err(e) => panic!("CI=true and PostgreSQL at {admin_url} is unreachable: {e}"),
        };
        let name = format!("courtyard_test_{}", uuid::Uuid::new_v4().simple());
        admin
            .execute_unprepared(&format!("CREATE DATABASE \"{name}\""))
            .await
            .expect("create the PostgreSQL test database");
        let _ = admin.close().await;
        let url = replace_database(&admin_url, &name);
        let db = Database::connect(&url, 5)
            .await
            .expect("connect to the PostgreSQL test database");
        db.migrate()
            .await
            .expect("migrate the PostgreSQL test database");
        Some(Self {
            db,
            url,
            cleanup: Cleanup::PostgresDatabase { admin_url, name },
        })
    }

    /// Both engines: SQLite always, PostgreSQL when reachable (always in CI).
    pub async fn all() -> Vec<Self> {
        let mut dbs = vec![Self::sqlite().await];
        if let Some(pg) = Self::postgres().await {
            dbs.push(pg);
        }
        dbs
    }
}

/// The URL with its database path replaced by `name`.
fn replace_database(url: &str, name: &str) -> String {
    let (base, query) = url
        .split_once('?')
        .map_or((url, None), |(b, q)| (b, Some(q)));
    let prefix = base.rsplit_once('/').map_or(base, |(p, _)| p);
    match query {
        Some(q) => format!("{prefix}/{name}?{q}"),
        None => format!("{prefix}/{name}"),
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        match &self.cleanup {
            Cleanup::SqliteFile(path) => {
                for suffix in ["", "-wal", "-shm"] {
                    let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
                }
            }
            Cleanup::PostgresDatabase { admin_url, name } => {
                let (admin_url, name) = (admin_url.clone(), name.clone());
                // Drop runs inside the test's runtime; do the async cleanup on a thread of its own.
                let _ = std::thread::spawn(move || {
                    let rt = tokio::runtime::Builder::new_current_thread()
                        .enable_all()
                        .build()
                        .ok()?;
                    rt.block_on(async {
                        let admin = SeaDatabase::connect(admin_url.as_str()).await.ok()?;
                        admin
                            .execute_unprepared(&format!(
                                "DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"
                            ))
                            .await
                            .ok()
                    })
                })
                .join();
            }
        }
    }
}

impl Database {
    /// Sets a user's role directly (tests only; production uses `app-server admin create`).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn set_role_for_tests(&self, username: &str, role: &str) -> anyhow::Result<()> {
        let backend = self.conn.get_database_backend();
        self.conn
            .execute_raw(crate::statement(
                backend,
                "UPDATE users SET role = $1 WHERE username = $2",
                vec![role.into(), username.into()],
            ))
            .await?;
        Ok(())
    }

    /// Runs one SQL statement as it is (tests only: to set up states no repository makes).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn execute_for_tests(&self, sql: &str) -> anyhow::Result<u64> {
        use sea_orm::ConnectionTrait;
        Ok(self.conn.execute_unprepared(sql).await?.rows_affected())
    }
}

#[cfg(test)]
mod tests {
    use super::replace_database;

    #[test]
    fn replaces_the_database_name_and_keeps_the_query() {
        assert_eq!(
            replace_database("postgres://u@h:5432/postgres?sslmode=disable", "x"),
            "postgres://u@h:5432/x?sslmode=disable"
        );
        assert_eq!(
            replace_database("postgres://u@h/postgres", "x"),
            "postgres://u@h/x"
        );
    }
}
