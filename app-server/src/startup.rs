//! The composition root: configuration → adapters → services → the HTTP server.

use crate::config::Config;
use crate::config::env::Env;
use crate::http::signed::Signer;
use crate::http::upload_gate::UploadGate;
use crate::http::{self, error::ApiError, middleware};
use crate::lifecycle::Shutdown;
use crate::spa::{self, StaticDir};
use crate::state::AppState;
use crate::wiring::wechat::WechatSignIn;
use crate::wiring::{self, Job, Services, Wiring};
use accounts::AccountsService;
use actix_web::dev::Server;
use actix_web::middleware::{Compress, from_fn};
use actix_web::{App, HttpServer, web};
use adapter_crypto::OsSecretGenerator;
use adapter_postgres::Database;
use anyhow::Context;
use std::net::TcpListener;
use std::sync::Arc;
use tokens::TokensService;

/// The configuration from the process environment ([`configuration`]). A variable set to blanks
/// counts as unset.
///
/// # Errors
/// As [`configuration`].
pub fn configuration_from_env() -> anyhow::Result<Config> {
    configuration(|k| std::env::var(k).ok().filter(|v| !v.trim().is_empty()))
}

/// The configuration through `get`: the server's own settings ([`Config::from_lookup`]), then
/// every wired area's ([`wiring::read_settings`]), all before the database is reached.
///
/// # Errors
/// The first variable set to something that does not parse, or what production lacks.
pub fn configuration(get: impl Fn(&str) -> Option<String>) -> anyhow::Result<Config> {
    let mut config = Config::from_lookup(&get)?;
    wiring::read_settings(Env::new(&get), &mut config.areas)?;
    Ok(config)
}

impl AppState {
    /// Wires the adapters into the services (`wiring::AREAS`, one line per area): the one place
    /// that holds the database. Returns the state, every area's services for the handlers and
    /// the areas' recurring jobs.
    ///
    /// # Errors
    /// When the password-hashing parameters are invalid, an HTTP client cannot be built, the
    /// development SMS adapter is asked for in production, or the database cannot be reached.
    pub async fn new(config: Config, db: Database) -> anyhow::Result<(Self, Services, Vec<Job>)> {
        let config = Arc::new(config);
        let (services, jobs) = Wiring::new(&config, &db).wire_all()?;
        let key = db
            .shared_secret("cookie_signing_key", &OsSecretGenerator::random_b64(32))
            .await?;
        let provided = |what: &str| anyhow::anyhow!("no area provides {what} (wiring::AREAS)");
        let state = Self {
            accounts: services
                .get::<AccountsService>()
                .ok_or_else(|| provided("AccountsService"))?,
            tokens: services
                .get::<TokensService>()
                .ok_or_else(|| provided("TokensService"))?,
            signer: Signer::new(key.as_bytes()),
            wechat_oauth: services
                .get::<WechatSignIn>()
                .ok_or_else(|| provided("WechatSignIn"))?
                .0
                .clone(),
            uploads: services
                .get::<UploadGate>()
                .ok_or_else(|| provided("UploadGate"))?,
            config: config.clone(),
        };
        Ok((state, services, jobs))
    }
}

pub struct Application {
    port: u16,
    server: Server,
    shutdown: Shutdown,
}

impl Application {
    /// Connects to and migrates the database, then binds the listener.
    ///
    /// # Errors
    /// When the database is unreachable, a migration fails or the address is taken.
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let pool = config
            .database_max_connections
            .unwrap_or_else(|| Database::default_pool_size(&config.database_url));
        let url = &config.database_url;
        let options = adapter_postgres::PoolOptions {
            max_connections: pool,
            acquire_timeout: config
                .database_acquire_timeout
                .unwrap_or_else(|| Database::default_acquire_timeout(url)),
            log_statements: config.database_log_statements,
        };
        let db = Database::connect_with(url, options).await?;
        db.migrate().await?;
        Self::build_with_db(config, db).await
    }

    /// Binds the listener over an already migrated database (tests share theirs this way).
    ///
    /// # Errors
    /// When the address is taken.
    pub async fn build_with_db(config: Config, db: Database) -> anyhow::Result<Self> {
        let address = format!("{}:{}", config.host, config.port);
        let listener = TcpListener::bind(&address).with_context(|| format!("binding {address}"))?;
        let port = listener.local_addr()?.port();
        let workers = config.workers;
        let shutdown = Shutdown::new(config.shutdown_grace);
        let (state, services, jobs) = AppState::new(config, db).await?;
        let state = web::Data::new(state);
        for job in jobs {
            job.spawn();
        }
        let static_dir = web::Data::new(StaticDir::new(
            state.config.static_dir.clone(),
            state.config.public_url.clone(),
        ));
        let json_limit = state.config.json_body_limit;
        let head_timeout = state.config.request_head_timeout;
        let keep_alive = state.config.keep_alive;
        let grace_secs = state.config.shutdown_grace.as_secs();
        // Who may call what with a token, read once from the document the handlers declare;
        // the document itself, in both languages, serialised once.
        let (access, docs) = http::document_tables()?;
        let (access, docs) = (web::Data::new(access), web::Data::new(docs));
        let stopping = web::Data::new(shutdown.clone());
        crate::metrics::serve_apart(&state.config, services.get(), &shutdown)?;

        let mut server = HttpServer::new(move || {
            App::new()
                .service(http::api_service())
                .app_data(docs.clone())
                .app_data(access.clone())
                .app_data(state.clone())
                .app_data(stopping.clone())
                .configure(|cfg| services.configure(cfg))
                .app_data(static_dir.clone())
                .app_data(
                    web::JsonConfig::default()
                        .limit(json_limit)
                        .error_handler(|e, _| ApiError::from(&e).into()),
                )
                .app_data(
                    web::PathConfig::default().error_handler(|e, _| ApiError::from(&e).into()),
                )
                .app_data(
                    web::QueryConfig::default().error_handler(|e, _| ApiError::from(&e).into()),
                )
                .default_service(web::to(spa::serve))
                .wrap(from_fn(middleware::admit))
                .wrap(from_fn(http::error::localize_errors))
                .wrap(Compress::default())
                // Outermost: every line logged while a request is served, the request line
                // included, carries its id.
                .wrap(from_fn(middleware::observe))
        })
        // Streamed answers are many small writes: without TCP_NODELAY, Nagle's algorithm holds
        // each event back until the previous one is acknowledged (tens of milliseconds).
        .tcp_nodelay(true)
        // A client must send a request's head this quickly (408 otherwise); its body has the
        // deadline of `middleware::admit`.
        .client_request_timeout(head_timeout)
        // actix-web's own is 5 s: a client (a proxy, or a test's connection pool) sending on a
        // connection idle that long raced the server closing it.
        .keep_alive(keep_alive)
        // Stopping (`crate::lifecycle`): from `Shutdown::begin` (SIGTERM or SIGINT in
        // `main.rs`, a test's call) the listener closes, idle connections close, and requests in
        // flight have the grace to finish before their connections are dropped. actix-web's own
        // signal handling is off (it would stop at once on SIGINT).
        .shutdown_signal(shutdown.begun())
        .shutdown_timeout(grace_secs)
        .listen(listener)?;
        if let Some(w) = workers {
            server = server.workers(w);
        }
        Ok(Self {
            port,
            server: server.run(),
            shutdown,
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// What stops the server: [`Shutdown::begin`] starts a graceful stop (docs/operations.md).
    pub fn shutdown(&self) -> Shutdown {
        self.shutdown.clone()
    }

    /// Serves until the shutdown has begun and the requests in flight have finished, or its
    /// grace is over.
    ///
    /// # Errors
    /// When the server fails.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.server.await
    }
}
