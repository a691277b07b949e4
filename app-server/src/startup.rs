//! The composition root: configuration → adapters → services → the HTTP server.

use crate::config::Config;
use crate::http::signed::Signer;
use crate::http::{self, error::ApiError, middleware};
use crate::spa::{self, StaticDir};
use crate::state::AppState;
use crate::wiring::{self, Wiring};
use actix_web::dev::Server;
use actix_web::middleware::{Compress, from_fn};
use actix_web::{App, HttpServer, web};
use adapter_crypto::OsSecretGenerator;
use adapter_postgres::Database;
use anyhow::Context;
use std::net::TcpListener;
use std::sync::Arc;
use std::time::Duration;

impl AppState {
    /// Wires the adapters into the services: the one place that holds the database. Each
    /// area's construction is in `wiring/<area>.rs`; here, one line per area.
    ///
    /// # Errors
    /// When the password-hashing parameters are invalid, an HTTP client cannot be built, the
    /// development SMS adapter is asked for in production, or the database cannot be reached.
    pub async fn new(config: Config, db: Database) -> anyhow::Result<Self> {
        let config = Arc::new(config);
        let w = Wiring::new(&config, &db);
        let accounts = wiring::accounts::wire(&w)?;
        let wechat = wiring::wechat::wire(&w)?;
        let chat = wiring::ai::wire(&w)?;
        let system = wiring::system::wire(&w);
        let tokens = wiring::tokens::wire(&w);
        let community = wiring::community::wire(&w)?;
        let weather = wiring::weather::wire(&w)?;
        let districts = wiring::districts::wire(&w);
        let key = db
            .shared_secret("cookie_signing_key", &OsSecretGenerator::random_b64(32))
            .await?;
        Ok(Self {
            accounts,
            profiles: wiring::accounts::profiles(&w, community.media.clone()),
            moderation: wiring::accounts::moderation(&w),
            signer: Signer::new(key.as_bytes()),
            wechat_oauth: wechat.oauth,
            wechat_token: wechat.token,
            wechat_menu: wechat.menu,
            chat,
            tokens,
            system,
            uploads: wiring::community::uploads(&w),
            media_admin: wiring::community::media_admin(&w, &community.media),
            media: community.media,
            groups: community.groups,
            districts,
            plaza: community.plaza,
            weather,
            audit: wiring::system::audit(&w),
            config: config.clone(),
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
        let state = web::Data::new(AppState::new(config, db).await?);
        spawn_housekeeping(state.clone().into_inner());
        let static_dir = web::Data::new(StaticDir::new(
            state.config.static_dir.clone(),
            state.config.public_url.clone(),
        ));
        let json_limit = state.config.json_body_limit;
        let head_timeout = state.config.request_head_timeout;
        // Who may call what with a token, read once from the document the handlers declare;
        // the document itself, in both languages, serialised once.
        let doc = http::ApiDoc::openapi_with_routes();
        let access = web::Data::new(
            http::access::AccessTable::from_openapi(&doc)
                .map_err(|e| anyhow::anyhow!("the OpenAPI document's security: {e}"))?,
        );
        let docs = web::Data::new(http::system::handlers::DocsJson::new(&doc)?);

        let mut server = HttpServer::new(move || {
            App::new()
                .service(http::api_service())
                .app_data(docs.clone())
                .app_data(access.clone())
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
                .wrap(from_fn(http::admin::require_admin))
                .wrap(from_fn(http::access::authenticate_bearer))
                .wrap(from_fn(http::access::refuse_undeclared_methods))
                .wrap(from_fn(middleware::refuse_cross_site_writes))
                .wrap(from_fn(middleware::body_read_deadline))
                .wrap(from_fn(http::error::localize_errors))
                .wrap(Compress::default())
                .wrap(middleware::security_headers())
                .wrap(from_fn(middleware::strict_transport_security))
                .wrap(from_fn(middleware::log_requests))
        })
        // Streamed answers are many small writes: without TCP_NODELAY, Nagle's algorithm holds
        // each event back until the previous one is acknowledged (tens of milliseconds).
        .tcp_nodelay(true)
        // A client must send a request's head this quickly (408 otherwise); its body has the
        // deadline of `middleware::body_read_deadline`.
        .client_request_timeout(head_timeout)
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
    let wechat_token = state.wechat_token.clone();
    let sweeper = state.clone();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(3600));
        loop {
            tick.tick().await;
            if let Err(e) = state.accounts.purge_expired_sessions().await {
                tracing::warn!(error = %e, "purging expired sessions failed");
            }
            if let Err(e) = state.accounts.purge_expired_codes().await {
                tracing::warn!(error = %e, "purging verification codes failed");
            }
            if let Err(e) = state.chat.purge().await {
                tracing::warn!(error = %e, "purging AI stream slots and usage failed");
            }
            if let Err(e) = state.system.purge_stale_rate_counters().await {
                tracing::warn!(error = %e, "purging rate-limit counters failed");
            }
        }
    });
    // Abandoned uploads on their own clock (`MediaSettings::sweep_interval`): an upload that
    // failed while the object store was unreachable leaves a pending row to finish.
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(sweeper.config.media.sweep_interval);
        loop {
            tick.tick().await;
            match sweeper.media.sweep().await {
                Ok(0) => {}
                Ok(n) => tracing::info!(files = n, "swept abandoned uploads"),
                Err(e) => tracing::warn!(error = %e, "sweeping abandoned uploads failed"),
            }
        }
    });
    if let Some(wechat) = wechat_token {
        // Ahead of expiry, one instance at a time (the database lease decides which).
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(60));
            loop {
                tick.tick().await;
                match wechat.refresh_if_due().await {
                    Ok(true) => tracing::info!("WeChat access token refreshed ahead of expiry"),
                    Ok(false) => {}
                    Err(e) => {
                        tracing::warn!(error = %e, "refreshing the WeChat access token failed")
                    }
                }
            }
        });
    }
}
