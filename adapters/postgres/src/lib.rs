//! The relational adapter: sea-orm entities and one repository file per domain. PostgreSQL is
//! the production database; a SQLite file is the embedded default. Both run the same code and
//! the same tests. sea-orm models never leave this crate.

mod accounts;
mod audit;
mod blocks;
mod chat;
mod directory;
mod districts;
mod entities;
mod groups;
mod integration_state;
mod media;
mod notifications;
mod plaza;
mod rate_limit;
mod replies;
mod reports;
mod search;
mod sql;
mod system;
#[cfg(feature = "testing")]
pub mod testing;
mod tokens;
mod weather;
mod wechat;
mod withheld;
mod word_list;

pub use accounts::{SqlSessionRepository, SqlUserRepository, SqlVerificationCodeRepository};
pub use audit::SqlAuditLog;
pub use blocks::SqlBlockStore;
pub use chat::SqlChatUsageStore;
pub use districts::SqlDistrictRepository;
pub use groups::{SqlArticleRepository, SqlGroupRepository};
pub use media::SqlMediaRepository;
pub use notifications::{PgWakeBus, SqlNotificationStore};
pub use plaza::SqlPostRepository;
pub use rate_limit::SqlRateLimiter;
pub use replies::SqlReplyRepository;
pub use reports::{SqlCaseStore, SqlGroupManagers, SqlSubjects};
pub use search::SqlSearchIndex;
pub use tokens::SqlTokenRepository;
pub use weather::SqlWeatherCache;
pub use wechat::{SqlAccessTokenStore, SqlMenuVersionRepository};
pub use word_list::SqlWordListStore;

use anyhow::Context;
use kernel::outage;
use migrations::{Migrator, MigratorTrait};
use sea_orm::{
    ConnectOptions, ConnectionTrait, Database as SeaDatabase, DatabaseConnection, DbBackend,
};
use std::time::Duration;

/// Which engine a connection talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DatabaseKind {
    Postgres,
    Sqlite,
}

impl DatabaseKind {
    pub fn as_str(self) -> &'static str {
        match self {
            DatabaseKind::Postgres => "postgres",
            DatabaseKind::Sqlite => "sqlite",
        }
    }
}

/// A pool of connections to the product's database.
#[derive(Debug, Clone)]
pub struct Database {
    conn: DatabaseConnection,
}

/// The advisory lock key the instances migrate under (any constant of this product's own:
/// "courtyard" in ASCII).
const MIGRATION_LOCK: i64 = 0x636f_7572_7479_6172;

impl Database {
    /// Connects to `url` (`postgres://…` or `sqlite://path?mode=rwc`). For SQLite the parent
    /// folder is created and every connection uses write-ahead logging.
    ///
    /// # Errors
    /// When the URL is malformed or the server cannot be reached.
    pub async fn connect(url: &str, max_connections: u32) -> anyhow::Result<Self> {
        Self::connect_with(url, PoolOptions::new(url, max_connections)).await
    }

    /// As [`Database::connect`], and with `log_statements` every SQL statement is logged at
    /// `info` (`DATABASE_LOG_STATEMENTS`: `just bench` counts the statements a request costs).
    ///
    /// # Errors
    /// When the URL is malformed or the server cannot be reached.
    pub async fn connect_logged(
        url: &str,
        max_connections: u32,
        log_statements: bool,
    ) -> anyhow::Result<Self> {
        Self::connect_with(
            url,
            PoolOptions {
                log_statements,
                ..PoolOptions::new(url, max_connections)
            },
        )
        .await
    }

    /// As [`Database::connect`], with every pool setting chosen.
    ///
    /// # Errors
    /// When the URL is malformed or the server cannot be reached within
    /// `options.acquire_timeout`.
    pub async fn connect_with(url: &str, options: PoolOptions) -> anyhow::Result<Self> {
        Self::connect_inner(url, options).await
    }

    /// How long a statement waits for a pooled connection when none is configured
    /// (`DATABASE_ACQUIRE_TIMEOUT_MS`): **5 s** for PostgreSQL, 10 s for SQLite.
    ///
    /// With PostgreSQL down, sqlx keeps retrying a refused connection until this deadline, so
    /// it is how long a request waits before it is told the database is unavailable (503
    /// `database_unavailable`); 5 s is long past any healthy wait for one of the pool's
    /// connections. SQLite is a file that cannot go away: its only wait is the queue for its
    /// one connection, which a burst may make long, so it keeps sqlx's 10 s.
    pub fn default_acquire_timeout(url: &str) -> Duration {
        if url.starts_with("sqlite:") {
            Duration::from_secs(10)
        } else {
            Duration::from_secs(5)
        }
    }

    /// The pool size when none is configured: 10 for PostgreSQL; **1** for SQLite. SQLite
    /// lets one connection write at a time, and a second writer does not queue but sleeps in
    /// SQLite's busy handler (1, 2, 5 … ms); one connection turns that into an orderly async
    /// queue. `just bench`: TTFT overhead p50 at 200 streams 1.05 → 0.76 ms, p99 3.6 → 1.5 ms
    /// (docs/benchmarks.md).
    pub fn default_pool_size(url: &str) -> u32 {
        if url.starts_with("sqlite:") { 1 } else { 10 }
    }

    async fn connect_inner(url: &str, options: PoolOptions) -> anyhow::Result<Self> {
        let sqlite_dir = sqlite_file_path(url)
            .and_then(|path| {
                std::path::Path::new(&path)
                    .parent()
                    .map(std::path::Path::to_path_buf)
            })
            .filter(|dir| !dir.as_os_str().is_empty());
        if let Some(dir) = sqlite_dir {
            std::fs::create_dir_all(&dir)
                .with_context(|| format!("creating the database folder {}", dir.display()))?;
        }
        let mut opts = ConnectOptions::new(url.to_owned());
        // sea-orm has no connect timeout of its own (its `connect_timeout` only sets sqlx's
        // acquire timeout): the acquire timeout bounds a connection attempt too. A pooled
        // connection idle for `PING_IF_IDLE_FOR` or longer is pinged before it is handed out, so
        // one that died with the server (a restart, a failover) is replaced instead of failing
        // the request that drew it. A hot connection is not: a ping on every checkout was a
        // second round trip per statement (`just bench`: GET /api/auth/token against
        // pgbench -S, docs/benchmarks.md). One that breaks while in use fails its request with
        // 503 database_unavailable; app-server/tests/api/faults.rs (PostgreSQL restarted under
        // load) holds that no broken connection is handed out once the server is back.
        opts.max_connections(options.max_connections)
            .min_connections(1)
            .acquire_timeout(options.acquire_timeout)
            .test_before_acquire_if_idle_for(PING_IF_IDLE_FOR)
            // sea-orm logs statements at `info` (its default level) when asked.
            .sqlx_logging(options.log_statements);
        // Every pooled SQLite connection gets the same settings (a PRAGMA run once would reach
        // only one of them): write-ahead logging, foreign keys, a 5 s busy wait, and
        // `synchronous=NORMAL`, SQLite's recommendation with WAL: a commit no longer waits for
        // fsync (durable across an application crash, not a power cut), which takes the
        // rate-limit and stream-slot writes off the path to an answer's first token.
        opts.map_sqlx_sqlite_opts(|o| {
            o.journal_mode(sea_orm::sqlx::sqlite::SqliteJournalMode::Wal)
                .synchronous(sea_orm::sqlx::sqlite::SqliteSynchronous::Normal)
                .foreign_keys(true)
                .busy_timeout(Duration::from_secs(5))
        });
        // sqlx times every acquire; asked to, it reports each one as an event
        // ([`ACQUIRE_EVENTS`]), which the server's metrics read (app-server/src/metrics.rs).
        opts.map_sqlx_postgres_pool_opts(|o| o.acquire_time_level(ACQUIRE_TIME_LEVEL));
        opts.map_sqlx_sqlite_pool_opts(|o| o.acquire_time_level(ACQUIRE_TIME_LEVEL));
        let conn = SeaDatabase::connect(opts)
            .await
            .with_context(|| format!("connecting to the {} database", kind_of_url(url)))?;
        Ok(Self { conn })
    }

    /// Brings the schema up to date. On PostgreSQL one instance at a time: several instances
    /// starting together over one database would otherwise run the same migration side by side
    /// (two `CREATE TABLE`s of one name fail on `pg_type_typname_nsp_index`). The others wait
    /// for a session-level advisory lock, held on a connection of its own, then find nothing
    /// left to do. A process that dies holding it ends its session, which frees it.
    ///
    /// # Errors
    /// When a migration fails or the lock cannot be taken.
    pub async fn migrate(&self) -> anyhow::Result<()> {
        use sea_orm::sqlx::{Connection, PgConnection};
        if self.conn.get_database_backend() != DbBackend::Postgres {
            return Migrator::up(&self.conn, None)
                .await
                .context("running migrations");
        }
        let options = self.conn.get_postgres_connection_pool().connect_options();
        let mut lock = PgConnection::connect_with(&options)
            .await
            .context("connecting for the migration lock")
            .map_err(marked)?;
        sea_orm::sqlx::query("SELECT pg_advisory_lock($1)")
            .bind(MIGRATION_LOCK)
            .execute(&mut lock)
            .await
            .context("taking the migration lock")?;
        let migrated = Migrator::up(&self.conn, None)
            .await
            .context("running migrations");
        // Closing the session frees the lock even if the unlock fails.
        let _ = sea_orm::sqlx::query("SELECT pg_advisory_unlock($1)")
            .bind(MIGRATION_LOCK)
            .execute(&mut lock)
            .await;
        let _ = lock.close().await;
        migrated
    }

    pub fn kind(&self) -> DatabaseKind {
        match self.conn.get_database_backend() {
            DbBackend::Postgres => DatabaseKind::Postgres,
            _ => DatabaseKind::Sqlite,
        }
    }

    /// How the pool is used right now, for the metrics: read from sqlx's counters, no round
    /// trip. (sqlx keeps no count of the statements waiting for a connection: a pool whose
    /// connections are all in use at its maximum is where waiting begins.)
    pub fn pool_use(&self) -> PoolUse {
        fn of<DB: sea_orm::sqlx::Database>(pool: &sea_orm::sqlx::Pool<DB>) -> PoolUse {
            let open = pool.size();
            let idle = u32::try_from(pool.num_idle()).unwrap_or(u32::MAX).min(open);
            PoolUse {
                open,
                idle,
                max: pool.options().get_max_connections(),
            }
        }
        match self.kind() {
            DatabaseKind::Postgres => of(self.conn.get_postgres_connection_pool()),
            DatabaseKind::Sqlite => of(self.conn.get_sqlite_connection_pool()),
        }
    }

    /// A cheap round trip, for health checks.
    ///
    /// # Errors
    /// When the database does not answer.
    pub async fn ping(&self) -> anyhow::Result<()> {
        self.conn
            .ping()
            .await
            .context("database ping")
            .map_err(marked)
    }

    pub fn users(&self) -> SqlUserRepository {
        SqlUserRepository::new(self.conn.clone())
    }

    pub fn sessions(&self) -> SqlSessionRepository {
        SqlSessionRepository::new(self.conn.clone())
    }

    pub fn rate_limiter(&self) -> SqlRateLimiter {
        SqlRateLimiter::new(self.conn.clone())
    }

    /// The WeChat access-token cache (with its refresh lease).
    pub fn wechat_tokens(&self) -> SqlAccessTokenStore {
        SqlAccessTokenStore::new(self.conn.clone())
    }

    /// The published WeChat menu versions.
    pub fn menu_versions(&self) -> SqlMenuVersionRepository {
        SqlMenuVersionRepository::new(self.conn.clone())
    }

    /// The AI assistant's stream slots and daily token usage.
    pub fn chat_usage(&self) -> SqlChatUsageStore {
        SqlChatUsageStore::new(self.conn.clone())
    }

    pub fn tokens(&self) -> SqlTokenRepository {
        SqlTokenRepository::new(self.conn.clone())
    }

    pub fn audit_log(&self) -> SqlAuditLog {
        SqlAuditLog::new(self.conn.clone())
    }

    pub fn verification_codes(&self) -> SqlVerificationCodeRepository {
        SqlVerificationCodeRepository::new(self.conn.clone())
    }

    /// Groups, their memberships and join requests.
    pub fn groups(&self) -> SqlGroupRepository {
        SqlGroupRepository::new(self.conn.clone())
    }

    /// Groups' articles.
    pub fn articles(&self) -> SqlArticleRepository {
        SqlArticleRepository::new(self.conn.clone())
    }

    /// Notifications, their counters and preferences.
    pub fn notifications(&self) -> SqlNotificationStore {
        SqlNotificationStore::new(self.conn.clone())
    }

    /// Replies to groups' articles, and each article's reply count and lock.
    pub fn article_replies(&self) -> SqlReplyRepository {
        SqlReplyRepository::new(self.conn.clone())
    }

    /// The rows describing stored images.
    pub fn media(&self) -> SqlMediaRepository {
        SqlMediaRepository::new(self.conn.clone())
    }

    /// Administrative divisions (the migrations seed the 34 provinces).
    pub fn districts(&self) -> SqlDistrictRepository {
        SqlDistrictRepository::new(self.conn.clone())
    }

    /// The operator's word list and its version.
    pub fn report_cases(&self) -> SqlCaseStore {
        SqlCaseStore::new(self.conn.clone())
    }

    pub fn report_subjects(&self) -> SqlSubjects {
        SqlSubjects::new(self.conn.clone())
    }

    pub fn group_managers(&self) -> SqlGroupManagers {
        SqlGroupManagers::new(self.conn.clone())
    }

    pub fn search_index(&self) -> SqlSearchIndex {
        SqlSearchIndex::new(self.conn.clone())
    }

    pub fn word_list(&self) -> SqlWordListStore {
        SqlWordListStore::new(self.conn.clone())
    }

    /// Who blocked or muted whom: the blocks domain's store and the kernel's `Blocks` port.
    pub fn blocks(&self) -> SqlBlockStore {
        SqlBlockStore::new(self.conn.clone())
    }

    /// The plaza's posts, with their images' order, likes and comments.
    pub fn plaza_posts(&self) -> SqlPostRepository {
        SqlPostRepository::new(self.conn.clone())
    }

    /// The weather map's cache (the last snapshot, with its refresh lease).
    pub fn weather_cache(&self) -> SqlWeatherCache {
        SqlWeatherCache::new(self.conn.clone())
    }

    /// A server-wide secret shared by every instance (e.g. the key that signs short-lived
    /// cookies): the first instance stores `candidate`, every later call returns what is
    /// stored, so all instances agree without configuration.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn shared_secret(&self, name: &str, candidate: &str) -> anyhow::Result<String> {
        let backend = self.conn.get_database_backend();
        let insert = statement(
            backend,
            "INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
            vec![name.into(), candidate.into()],
        );
        self.conn
            .execute_raw(insert)
            .await
            .context("storing a server secret")?;
        let select = statement(
            backend,
            "SELECT value FROM server_secrets WHERE name = $1",
            vec![name.into()],
        );
        let row = self
            .conn
            .query_one_raw(select)
            .await
            .context("reading a server secret")?
            .context("the server secret vanished")?;
        row.try_get::<String>("", "value")
            .context("reading a server secret")
    }

    /// Takes one of the pool's connections and keeps it until the guard is dropped, so that
    /// tests can make the statements of a small pool wait.
    ///
    /// # Errors
    /// When no connection comes within the acquire timeout.
    #[cfg(feature = "testing")]
    pub async fn hold_connection(&self) -> anyhow::Result<Box<dyn Send>> {
        let held: Box<dyn Send> = match self.kind() {
            DatabaseKind::Postgres => {
                Box::new(self.conn.get_postgres_connection_pool().acquire().await?)
            }
            DatabaseKind::Sqlite => {
                Box::new(self.conn.get_sqlite_connection_pool().acquire().await?)
            }
        };
        Ok(held)
    }

    /// Closes the pool.
    ///
    /// # Errors
    /// When closing fails.
    pub async fn close(self) -> anyhow::Result<()> {
        self.conn.close().await.context("closing the database")
    }
}

/// How long a pooled connection may sit unused before it is pinged on checkout.
const PING_IF_IDLE_FOR: Duration = Duration::from_secs(1);

/// The target of the event sqlx emits once a statement has its connection: its field
/// [`ACQUIRED_AFTER_SECS`] is the time the acquire took (waiting for a free connection, opening
/// one, or pinging one idle for [`PING_IF_IDLE_FOR`]). Every pool of [`Database`] emits it at
/// `trace`, where the default log filter (`sqlx=warn`) does not print it, and at `warn` when the
/// acquire took over sqlx's slow threshold (2 s), which the log prints as before. An acquire
/// that times out emits none (it fails its statement with `database_unavailable`).
pub const ACQUIRE_EVENTS: &str = "sqlx::pool::acquire";

/// The field of [`ACQUIRE_EVENTS`] with the acquire's time in seconds (an `f64`).
pub const ACQUIRED_AFTER_SECS: &str = "acquired_after_secs";

/// The level of [`ACQUIRE_EVENTS`] below sqlx's slow threshold (sqlx's default: none at all).
const ACQUIRE_TIME_LEVEL: log::LevelFilter = log::LevelFilter::Trace;

/// The pool's connections at one moment ([`Database::pool_use`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolUse {
    /// Connections open, idle ones included.
    pub open: u32,
    /// Of them, those no statement is using.
    pub idle: u32,
    /// The most the pool opens (`DATABASE_MAX_CONNECTIONS`).
    pub max: u32,
}

/// A pool's settings; [`PoolOptions::new`] gives the defaults for a URL.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolOptions {
    pub max_connections: u32,
    /// The longest a statement waits for a connection, opening one included
    /// ([`Database::default_acquire_timeout`]).
    pub acquire_timeout: Duration,
    /// Log every statement at `info` (`DATABASE_LOG_STATEMENTS`).
    pub log_statements: bool,
}

impl PoolOptions {
    /// `max_connections`, the URL's default acquire timeout, no statement logging.
    pub fn new(url: &str, max_connections: u32) -> Self {
        Self {
            max_connections,
            acquire_timeout: Database::default_acquire_timeout(url),
            log_statements: false,
        }
    }
}

/// Whether `cause` says the database could not be reached, as opposed to refusing a
/// statement: no connection within the acquire timeout (the server is down, restarting or
/// refusing connections), a connection that broke mid-statement, or the server shutting down
/// (PostgreSQL's classes 08 "connection exception" and 57P "operator intervention"). The HTTP
/// layer answers these 503 `database_unavailable` instead of 500.
///
/// Looks at every error of the chain, so the context the repositories add does not hide it.
pub fn is_unreachable(cause: &anyhow::Error) -> bool {
    cause.chain().any(|e| {
        if let Some(db) = e.downcast_ref::<sea_orm::DbErr>() {
            db_err_is_unreachable(db)
        } else if let Some(sqlx) = e.downcast_ref::<sea_orm::sqlx::Error>() {
            sqlx_error_is_unreachable(sqlx)
        } else {
            false
        }
    })
}

fn db_err_is_unreachable(e: &sea_orm::DbErr) -> bool {
    use sea_orm::{DbErr, RuntimeErr};
    match e {
        DbErr::ConnectionAcquire(_) => true,
        DbErr::Conn(RuntimeErr::SqlxError(sqlx))
        | DbErr::Exec(RuntimeErr::SqlxError(sqlx))
        | DbErr::Query(RuntimeErr::SqlxError(sqlx)) => sqlx_error_is_unreachable(sqlx),
        // sea-orm's own connection failures (no sqlx error inside).
        DbErr::Conn(_) => true,
        _ => false,
    }
}

fn sqlx_error_is_unreachable(e: &sea_orm::sqlx::Error) -> bool {
    use sea_orm::sqlx::Error as E;
    match e {
        E::Io(_) | E::Tls(_) | E::PoolTimedOut | E::PoolClosed | E::WorkerCrashed => true,
        E::Database(db) => db
            .code()
            .is_some_and(|code| code.starts_with("08") || code.starts_with("57P")),
        _ => false,
    }
}

fn kind_of_url(url: &str) -> &'static str {
    if url.starts_with("sqlite:") {
        "sqlite"
    } else {
        "postgres"
    }
}

/// The file behind a `sqlite:` URL, if it names one.
fn sqlite_file_path(url: &str) -> Option<String> {
    let rest = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next().unwrap_or_default();
    (!path.is_empty() && path != ":memory:").then(|| path.to_owned())
}

/// Turns any sea-orm error into the domain's "unexpected" failure, keeping the cause, and
/// marked when it says the database cannot be reached ([`marked`]).
pub(crate) fn unexpected(err: sea_orm::DbErr) -> anyhow::Error {
    marked(anyhow::Error::new(err).context("database"))
}

/// `cause` with the kernel's [`outage`] mark when it says the database cannot be reached
/// ([`is_unreachable`]): the HTTP layer then answers 503 `database_unavailable` without knowing
/// this adapter.
pub(crate) fn marked(cause: anyhow::Error) -> anyhow::Error {
    if is_unreachable(&cause) {
        outage::mark(outage::Dependency::Database, cause)
    } else {
        cause
    }
}

/// A raw statement written with Postgres' `$N` placeholders, rewritten to `?N` for SQLite.
pub(crate) fn statement(
    backend: DbBackend,
    sql: &str,
    values: Vec<sea_orm::Value>,
) -> sea_orm::Statement {
    let sql = match backend {
        DbBackend::Sqlite => sql.replace('$', "?"),
        _ => sql.to_owned(),
    };
    sea_orm::Statement::from_sql_and_values(backend, sql, values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_database_that_cannot_be_reached_is_told_from_a_refused_statement() {
        use sea_orm::{ConnAcquireErr, DbErr, RuntimeErr, sqlx};
        use std::sync::Arc;
        let wrapped = |e: DbErr| {
            anyhow::Error::new(e)
                .context("database")
                .context("a lookup")
        };
        let sqlx_exec = |e: sqlx::Error| wrapped(DbErr::Exec(RuntimeErr::SqlxError(Arc::new(e))));
        let io = |kind: std::io::ErrorKind| sqlx::Error::Io(std::io::Error::from(kind));
        for reachable_not in [
            wrapped(DbErr::ConnectionAcquire(ConnAcquireErr::Timeout)),
            wrapped(DbErr::ConnectionAcquire(ConnAcquireErr::ConnectionClosed)),
            wrapped(DbErr::Conn(RuntimeErr::Internal("refused".into()))),
            sqlx_exec(io(std::io::ErrorKind::ConnectionReset)),
            sqlx_exec(io(std::io::ErrorKind::UnexpectedEof)),
            sqlx_exec(sqlx::Error::PoolTimedOut),
            anyhow::Error::new(sqlx::Error::PoolClosed).context("raw"),
        ] {
            assert!(is_unreachable(&reachable_not), "{reachable_not:#}");
        }
        for refused in [
            wrapped(DbErr::RecordNotFound("x".into())),
            wrapped(DbErr::Custom("a bug".into())),
            wrapped(DbErr::Query(RuntimeErr::Internal("syntax".into()))),
            sqlx_exec(sqlx::Error::RowNotFound),
            anyhow::anyhow!("something else entirely"),
        ] {
            assert!(!is_unreachable(&refused), "{refused:#}");
        }
    }

    #[test]
    fn finds_the_file_of_sqlite_urls() {
        assert_eq!(
            sqlite_file_path("sqlite://data/app.db?mode=rwc").as_deref(),
            Some("data/app.db")
        );
        assert_eq!(
            sqlite_file_path("sqlite:///tmp/x.db").as_deref(),
            Some("/tmp/x.db")
        );
        assert_eq!(sqlite_file_path("sqlite::memory:"), None);
        assert_eq!(sqlite_file_path("postgres://localhost/db"), None);
    }
}
