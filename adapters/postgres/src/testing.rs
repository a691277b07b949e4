//! Fresh databases for tests: a temporary SQLite file, or a new PostgreSQL database on the
//! server named by `TEST_POSTGRES_URL` (default `postgres://postgres@127.0.0.1:5432/postgres`),
//! dropped again when the [`TestDb`] is dropped.
//!
//! When PostgreSQL cannot be reached, [`TestDb::postgres`] returns `None` so a developer without
//! it can still run the suite, and says so loudly; with `CI=true` it panics instead, so CI can
//! never pass by skipping. Each skip is also appended as a line to the file named by
//! `COURTYARD_POSTGRES_SKIPS` (`just test-rust` sets it and counts the tests in its summary:
//! nextest hides a passing test's stderr).

#![allow(clippy::expect_used, clippy::unwrap_used)]

use crate::Database;
use sea_orm::{ConnectionTrait, Database as SeaDatabase};

/// The statement every signed-in request runs on PostgreSQL (`$1` a session token's hash, `$2`
/// now): `just bench` times it alone with pgbench beside the request that sends it.
pub use crate::accounts::LIVE_SESSION_PG;

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

/// The file `just test-rust` reads its "ran without their PostgreSQL half" count from.
pub const SKIPS_FILE_VAR: &str = "COURTYARD_POSTGRES_SKIPS";

/// Sets every row of `content_totals` from its table, as migration 000028's triggers keep them:
/// for a fill that ran with the triggers off (`session_replication_role = replica`), as the
/// plan test's and the growth bench's do.
pub const RECOUNT_CONTENT_TOTALS: &str = "UPDATE content_totals SET n = CASE name
    WHEN 'users' THEN (SELECT COUNT(*) FROM users)
    WHEN 'groups' THEN (SELECT COUNT(*) FROM groups)
    WHEN 'plaza_posts' THEN (SELECT COUNT(*) FROM plaza_posts)
    WHEN 'articles' THEN (SELECT COUNT(*) FROM articles)
    WHEN 'media_files' THEN (SELECT COUNT(*) FROM media)
    WHEN 'media_bytes' THEN (SELECT COALESCE(SUM(bytes), 0) FROM media) END;";

fn skips_file() -> Option<std::path::PathBuf> {
    std::env::var_os(SKIPS_FILE_VAR)
        .filter(|v| !v.is_empty())
        .map(Into::into)
}

/// Appends `<test>\t<test binary>\t<why>` to `file`: one line per skip, written in one
/// append so that test processes running at once never mix their lines.
fn record_skip(file: &std::path::Path, why: &str) {
    use std::io::Write as _;
    let test = std::thread::current()
        .name()
        .unwrap_or("an unnamed test")
        .to_owned();
    let binary = std::env::current_exe()
        .ok()
        .and_then(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .map(|stem| match stem.rsplit_once('-') {
            // Cargo names a test binary `<target>-<hash>`.
            Some((name, hash)) if hash.chars().all(|c| c.is_ascii_hexdigit()) => name.to_owned(),
            _ => stem,
        })
        .unwrap_or_default();
    let why = why.replace(['\n', '\t'], " ");
    let line = format!("{test}\t{binary}\t{why}\n");
    let written = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(file)
        .and_then(|mut f| f.write_all(line.as_bytes()));
    if let Err(e) = written {
        eprintln!("could not record the skip in {}: {e}", file.display());
    }
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

    /// A migrated, brand-new PostgreSQL database, or `None` when no server answers outside CI
    /// (the skip is printed and recorded; see the module docs).
    pub async fn postgres() -> Option<Self> {
        Self::postgres_at(admin_url(), in_ci(), skips_file()).await
    }

    async fn postgres_at(
        admin_url: String,
        in_ci: bool,
        skips: Option<std::path::PathBuf>,
    ) -> Option<Self> {
        let reachable = match probe(&admin_url).await {
            Ok(()) => SeaDatabase::connect(admin_url.as_str())
                .await
                .map_err(|e| e.to_string()),
            Err(e) => Err(e),
        };
        let admin = match reachable {
            Ok(conn) => conn,
            Err(e) if !in_ci => {
                let why = format!("{admin_url} is unreachable ({e})");
                eprintln!("SKIPPING the PostgreSQL half of this test: {why}");
                if let Some(file) = skips {
                    record_skip(&file, &why);
                }
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

/// Fails at once when nothing listens at the URL's host and port. (sqlx retries a refused
/// connection until its 30 s acquire timeout: without this, every test would wait that long to
/// learn that PostgreSQL is not running.) URLs it cannot read (a Unix socket) pass.
async fn probe(url: &str) -> Result<(), String> {
    let Some((host, port)) = host_and_port(url) else {
        return Ok(());
    };
    let connect = tokio::net::TcpStream::connect((host.as_str(), port));
    match tokio::time::timeout(std::time::Duration::from_secs(10), connect).await {
        Ok(Ok(_)) => Ok(()),
        Ok(Err(e)) => Err(format!("{host}:{port}: {e}")),
        Err(_) => Err(format!("{host}:{port}: no answer within 10 s")),
    }
}

/// `host` and `port` (default 5432) of `postgres://user:pw@host:port/db?query`.
fn host_and_port(url: &str) -> Option<(String, u16)> {
    let rest = url.split_once("://")?.1;
    let authority = rest.split(['/', '?']).next()?;
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let (host, port) = if let Some(v6) = host_port.strip_prefix('[') {
        let (host, after) = v6.split_once(']')?;
        (host, after.strip_prefix(':'))
    } else {
        match host_port.rsplit_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (host_port, None),
        }
    };
    if host.is_empty() || host.contains('%') {
        return None;
    }
    let port = match port {
        Some(p) => p.parse().ok()?,
        None => 5432,
    };
    Some((host.to_owned(), port))
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

    /// Inserts a user `name` (nickname `昵称 {name}`, an avatar URL, a password hash that
    /// verifies nothing) created at `created_at`, as a [`kernel::Person`] (tests only).
    ///
    /// # Panics
    /// When `name` is not a valid username or the insert fails.
    #[allow(clippy::unwrap_used)]
    pub async fn person_for_tests(
        &self,
        name: &str,
        created_at: chrono::DateTime<chrono::Utc>,
    ) -> kernel::Person {
        use accounts::model::{NewUser, Nickname, PasswordHash, Username};
        use accounts::ports::UserRepository;
        let user = self
            .users()
            .insert(NewUser {
                id: kernel::UserId::new_random(),
                username: Username::parse(name).unwrap(),
                nickname: Nickname::parse(&format!("昵称 {name}")).unwrap(),
                password_hash: Some(PasswordHash::new("$argon2id$stub".into())),
                role: kernel::Role::User,
                avatar_url: Some(format!("https://img.example/{name}.png")),
                phone: None,
                wechat: None,
                created_at,
            })
            .await
            .unwrap();
        kernel::Person {
            id: user.id,
            username: user.username.as_str().to_owned(),
            nickname: user.nickname.as_str().to_owned(),
            avatar_url: user.avatar_url,
            avatar: user.avatar,
        }
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

/// Every statement a [`Database`] made by [`Database::recording_for_tests`] sends, in order
/// (sea-orm's metric callback: the text and the bound values as they went out, whichever
/// repository built them, inside transactions too). The plan test asks PostgreSQL for the plan of
/// each (`adapters/postgres/tests/adapters/plans.rs`).
#[derive(Clone, Default)]
pub struct StatementLog(std::sync::Arc<std::sync::Mutex<Vec<sea_orm::Statement>>>);

impl StatementLog {
    /// The statements recorded since the last `take`, oldest first.
    pub fn take(&self) -> Vec<sea_orm::Statement> {
        std::mem::take(&mut *self.0.lock().unwrap())
    }
}

impl Database {
    /// The same pool, with every statement its repositories send recorded in the log (tests
    /// only; the original `Database` records nothing).
    pub fn recording_for_tests(&self) -> (Database, StatementLog) {
        let log = StatementLog::default();
        let mut conn = self.conn.clone();
        let sink = log.clone();
        conn.set_metric_callback(move |info| {
            sink.0.lock().unwrap().push(info.statement.clone());
        });
        (Database { conn }, log)
    }

    /// PostgreSQL's plan of `statement` with its bound values, executed
    /// (`EXPLAIN (ANALYZE, FORMAT JSON)`): the top node of the first plan, with actual row
    /// counts. Runs the statement, so only for reads (tests only).
    ///
    /// # Errors
    /// When the database refuses the statement.
    pub async fn explain_for_tests(
        &self,
        statement: &sea_orm::Statement,
    ) -> anyhow::Result<serde_json::Value> {
        use anyhow::Context;
        let explain = sea_orm::Statement {
            sql: format!("EXPLAIN (ANALYZE, FORMAT JSON) {}", statement.sql),
            values: statement.values.clone(),
            db_backend: statement.db_backend,
        };
        let row = self
            .conn
            .query_one_raw(explain)
            .await?
            .context("EXPLAIN returned no row")?;
        let plan: serde_json::Value = row.try_get("", "QUERY PLAN")?;
        plan.get(0)
            .and_then(|p| p.get("Plan"))
            .cloned()
            .context("EXPLAIN's JSON holds no plan")
    }
}

#[cfg(test)]
mod tests {
    use super::{TestDb, host_and_port, replace_database};

    #[test]
    fn the_probe_reads_host_and_port() {
        let hp = |u| host_and_port(u).map(|(h, p)| format!("{h}:{p}"));
        assert_eq!(
            hp("postgres://postgres@127.0.0.1:1/postgres").as_deref(),
            Some("127.0.0.1:1")
        );
        assert_eq!(
            hp("postgres://u:p@db.local/x?sslmode=disable").as_deref(),
            Some("db.local:5432")
        );
        assert_eq!(hp("postgres://u@[::1]:6543/x").as_deref(), Some("::1:6543"));
        assert_eq!(hp("postgres://u@%2Fvar%2Frun/x"), None);
        assert_eq!(hp("not a url"), None);
    }

    const UNREACHABLE: &str = "postgres://postgres@127.0.0.1:1/postgres";

    #[tokio::test]
    async fn an_unreachable_postgres_outside_ci_is_skipped_and_each_skip_recorded() {
        let file = std::env::temp_dir().join(format!(
            "courtyard-skips-{}.log",
            uuid::Uuid::new_v4().simple()
        ));
        for _ in 0..2 {
            let db = TestDb::postgres_at(UNREACHABLE.into(), false, Some(file.clone())).await;
            assert!(db.is_none());
        }
        let text = std::fs::read_to_string(&file).unwrap();
        let _ = std::fs::remove_file(&file);
        let lines: Vec<Vec<&str>> = text.lines().map(|l| l.split('\t').collect()).collect();
        assert_eq!(lines.len(), 2, "{text}");
        for fields in lines {
            assert_eq!(fields.len(), 3, "{text}");
            assert_eq!(
                fields[0],
                "testing::tests::an_unreachable_postgres_outside_ci_is_skipped_and_each_skip_recorded"
            );
            assert_eq!(fields[1], "adapter_postgres", "{text}");
            assert!(fields[2].starts_with(UNREACHABLE), "{text}");
        }
    }

    #[tokio::test]
    async fn without_a_skips_file_a_skip_is_only_printed() {
        assert!(
            TestDb::postgres_at(UNREACHABLE.into(), false, None)
                .await
                .is_none()
        );
    }

    #[tokio::test]
    #[should_panic(expected = "CI=true and PostgreSQL at postgres://postgres@127.0.0.1:1/")]
    async fn in_ci_an_unreachable_postgres_fails_the_test() {
        let _ = TestDb::postgres_at(UNREACHABLE.into(), true, None).await;
    }

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
