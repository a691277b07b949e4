//! The relational adapter: sea-orm entities and one repository file per domain. PostgreSQL is
//! the production database; a SQLite file is the embedded default. Both run the same code and
//! the same tests. sea-orm models never leave this crate.

mod accounts;
mod audit;
mod chat;
mod districts;
mod entities;
mod groups;
mod media;
mod plaza;
mod rate_limit;
mod sql;
mod system;
#[cfg(feature = "testing")]
pub mod testing;
mod tokens;
mod weather;
mod wechat;

pub use accounts::{SqlSessionRepository, SqlUserRepository, SqlVerificationCodeRepository};
pub use chat::SqlChatUsageStore;
pub use districts::SqlDistrictRepository;
pub use groups::{SqlArticleRepository, SqlGroupRepository};
pub use media::SqlMediaRepository;
pub use plaza::SqlPostRepository;
pub use rate_limit::SqlRateLimiter;
pub use tokens::{SqlAuditLog, SqlTokenRepository};
pub use weather::SqlWeatherCache;
pub use wechat::{SqlAccessTokenStore, SqlMenuVersionRepository};

use anyhow::Context;
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

impl Database {
    /// Connects to `url` (`postgres://…` or `sqlite://path?mode=rwc`). For SQLite the parent
    /// folder is created and every connection uses write-ahead logging.
    ///
    /// # Errors
    /// When the URL is malformed or the server cannot be reached.
    pub async fn connect(url: &str, max_connections: u32) -> anyhow::Result<Self> {
        Self::connect_inner(url, max_connections, false).await
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
        Self::connect_inner(url, max_connections, log_statements).await
    }

    /// The pool size when none is configured: 10 for PostgreSQL; **1** for SQLite. SQLite
    /// lets one connection write at a time, and a second writer does not queue but sleeps in
    /// SQLite's busy handler (1, 2, 5 … ms); one connection turns that into an orderly async
    /// queue. `just bench`: TTFT overhead p50 at 200 streams 1.05 → 0.76 ms, p99 3.6 → 1.5 ms
    /// (docs/benchmarks.md).
    pub fn default_pool_size(url: &str) -> u32 {
        if url.starts_with("sqlite:") { 1 } else { 10 }
    }

    async fn connect_inner(
        url: &str,
        max_connections: u32,
        log_statements: bool,
    ) -> anyhow::Result<Self> {
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
        opts.max_connections(max_connections)
            .min_connections(1)
            .connect_timeout(Duration::from_secs(5))
            .acquire_timeout(Duration::from_secs(10))
            // sea-orm logs statements at `info` (its default level) when asked.
            .sqlx_logging(log_statements);
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
        let conn = SeaDatabase::connect(opts)
            .await
            .with_context(|| format!("connecting to the {} database", kind_of_url(url)))?;
        Ok(Self { conn })
    }

    /// Brings the schema up to date.
    ///
    /// # Errors
    /// When a migration fails.
    pub async fn migrate(&self) -> anyhow::Result<()> {
        Migrator::up(&self.conn, None)
            .await
            .context("running migrations")
    }

    pub fn kind(&self) -> DatabaseKind {
        match self.conn.get_database_backend() {
            DbBackend::Postgres => DatabaseKind::Postgres,
            _ => DatabaseKind::Sqlite,
        }
    }

    /// A cheap round trip, for health checks.
    ///
    /// # Errors
    /// When the database does not answer.
    pub async fn ping(&self) -> anyhow::Result<()> {
        self.conn.ping().await.context("database ping")
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

    /// The rows describing stored images.
    pub fn media(&self) -> SqlMediaRepository {
        SqlMediaRepository::new(self.conn.clone())
    }

    /// Administrative divisions (the migrations seed the 34 provinces).
    pub fn districts(&self) -> SqlDistrictRepository {
        SqlDistrictRepository::new(self.conn.clone())
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

    /// Closes the pool.
    ///
    /// # Errors
    /// When closing fails.
    pub async fn close(self) -> anyhow::Result<()> {
        self.conn.close().await.context("closing the database")
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

/// Turns any sea-orm error into the domain's "unexpected" failure, keeping the cause.
pub(crate) fn unexpected(err: sea_orm::DbErr) -> anyhow::Error {
    anyhow::Error::new(err).context("database")
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
