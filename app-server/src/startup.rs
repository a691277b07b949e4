//! The composition root: configuration → adapters → services → the HTTP server.

use crate::config::Config;
use crate::http::{self, error::ApiError, middleware};
use crate::spa::{self, StaticDir};
use accounts::AccountService;
use actix_web::dev::Server;
use actix_web::middleware::{Compress, from_fn};
use actix_web::{App, HttpServer, web};
use adapter_crypto::{Argon2Hasher, OsTokenGenerator};
use adapter_postgres::Database;
use anyhow::Context;
use kernel::{Clock, SystemClock};
use std::net::TcpListener;
use std::sync::Arc;
use std::time::Duration;
use utoipa::OpenApi;
use utoipa_actix_web::AppExt;

/// What every handler may use. Cheap to clone; nothing in it is per-instance state that
/// another server instance would need to see (that all lives in the database).
pub struct AppState {
    pub config: Arc<Config>,
    pub db: Database,
    pub accounts: Arc<AccountService>,
}

impl AppState {
    /// Wires the adapters into the services.
    ///
    /// # Errors
    /// When the password-hashing parameters are invalid.
    pub fn new(config: Config, db: Database) -> anyhow::Result<Self> {
        let clock: Arc<dyn Clock> = Arc::new(SystemClock);
        let accounts = AccountService::new(
            Arc::new(db.users()),
            Arc::new(db.sessions()),
            Arc::new(Argon2Hasher::new(config.argon2)?),
            Arc::new(OsTokenGenerator),
            Arc::new(db.rate_limiter()),
            clock,
            config.accounts.clone(),
        );
        Ok(Self {
            config: Arc::new(config),
            db,
            accounts: Arc::new(accounts),
        })
    }
}

pub struct Application {
    port: u16,
    server: Server,
}

impl Application {
    /// Connects to and migrates the database, then binds the listener.
    ///
    /// # Errors
    /// When the database is unreachable, a migration fails or the address is taken.
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let db = Database::connect(&config.database_url, config.database_max_connections).await?;
        db.migrate().await?;
        Self::build_with_db(config, db)
    }

    /// Binds the listener over an already migrated database (tests share theirs this way).
    ///
    /// # Errors
    /// When the address is taken.
    pub fn build_with_db(config: Config, db: Database) -> anyhow::Result<Self> {
        let address = format!("{}:{}", config.host, config.port);
        let listener = TcpListener::bind(&address).with_context(|| format!("binding {address}"))?;
        let port = listener.local_addr()?.port();
        let workers = config.workers;
        let state = web::Data::new(AppState::new(config, db)?);
        spawn_housekeeping(state.clone().into_inner());
        let static_dir = web::Data::new(StaticDir(state.config.static_dir.clone()));
        let json_limit = state.config.json_body_limit;

        let mut server = HttpServer::new(move || {
            let (app, api) = App::new()
                .into_utoipa_app()
                .openapi(http::ApiDoc::openapi())
                .service(http::api_scope())
                .split_for_parts();
            app.app_data(web::Data::new(api))
                .app_data(state.clone())
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
                .wrap(from_fn(middleware::refuse_cross_site_writes))
                .wrap(from_fn(http::error::localize_errors))
                .wrap(Compress::default())
                .wrap(middleware::security_headers())
                .wrap(from_fn(middleware::log_requests))
        })
        .listen(listener)?;
        if let Some(w) = workers {
            server = server.workers(w);
        }
        Ok(Self {
            port,
            server: server.run(),
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// Serves until the process is asked to stop.
    ///
    /// # Errors
    /// When the server fails.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.server.await
    }
}

/// Hourly clean-up of expired sessions and stale rate-limit counters. Safe on every instance
/// at once: both are idempotent deletes.
fn spawn_housekeeping(state: Arc<AppState>) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(3600));
        loop {
            tick.tick().await;
            if let Err(e) = state.accounts.purge_expired_sessions().await {
                tracing::warn!(error = %e, "purging expired sessions failed");
            }
            let day_ago = chrono::Utc::now() - chrono::Duration::days(1);
            if let Err(e) = state.db.rate_limiter().purge_older_than(day_ago).await {
                tracing::warn!(error = %e, "purging rate-limit counters failed");
            }
        }
    });
}
