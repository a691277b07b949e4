//! The composition root: configuration → adapters → services → the HTTP server.

use crate::config::{Config, MediaStoreSettings, SmsSettings};
use crate::http::signed::Signer;
use crate::http::upload::UploadGate;
use crate::http::{self, error::ApiError, middleware};
use crate::recorded::{RecordedLlm, RecordedSms, RecordedWeather, RecordedWechat};
use crate::spa::{self, StaticDir};
use crate::state::AppState;
use accounts::model::{PhoneNumber, VerificationCode};
use accounts::moderation::{ModerationPorts, ModerationService};
use accounts::ports::{SmsSender, WechatOAuth};
use accounts::{
    AccountPorts, AccountsService, AccountsError, AvatarMediaAccess, ProfilePorts, ProfileService,
};
use actix_web::dev::Server;
use actix_web::middleware::{Compress, from_fn};
use actix_web::{App, HttpServer, web};
use adapter_crypto::{Argon2Hasher, OsTokenGenerator};
use adapter_llm::{LlmConfig, OpenAiCompatibleProvider};
use adapter_media::{FsMediaStore, ImageWorkers, S3MediaStore};
use adapter_postgres::Database;
use adapter_sms::{AliyunSmsSender, LogSmsSender};
use adapter_weather::OpenMeteo;
use adapter_wechat::WechatClient;
use anyhow::Context;
use async_trait::async_trait;
use audit::AuditService;
use chat::ports::LlmProvider;
use chat::{ChatPorts, ChatService, ModelCatalog};
use districts::{DistrictPorts, DistrictsService};
use groups::{GroupMediaAccess, GroupPorts, GroupsService};
use kernel::{Clock, SystemClock};
use media::MediaKind;
use media::ports::AccessByKind;
use media::ports::MediaStore;
use media::{MediaAdmin, MediaPorts, MediaService};
use plaza::{PlazaMediaAccess, PlazaPorts, PlazaService};
use std::net::TcpListener;
use std::sync::Arc;
use std::time::Duration;
use system::{IntegrationRecorder, SystemService};
use tokens::{TokenPorts, TokensService};
use weather::{WeatherMap, WeatherPolicy, WeatherService};
use wechat::service::{AccessTokenService, MenuService, TokenPolicy};

/// Which outside system, if any, an unexpected failure says cannot be reached: each adapter
/// classifies its own errors, and the HTTP error table answers 503 for these instead of 500
/// (`http::error::ApiError::internal`). Here because only the composition root knows the
/// adapters (the HTTP layer never names the database's).
pub fn unreachable_dependency(cause: &anyhow::Error) -> Option<http::error::Dependency> {
    if adapter_postgres::is_unreachable(cause) {
        Some(http::error::Dependency::Database)
    } else if adapter_media::is_unreachable(cause) {
        Some(http::error::Dependency::MediaStore)
    } else {
        None
    }
}

/// Answers every send with `SmsUnavailable`: the honest adapter when no SMS provider is
/// configured (phone login then says so instead of pretending).
struct NoSmsProvider;

#[async_trait]
impl SmsSender for NoSmsProvider {
    async fn send_code(&self, _: &PhoneNumber, _: &VerificationCode) -> Result<(), AccountsError> {
        Err(AccountsError::SmsUnavailable(anyhow::anyhow!(
            "no SMS provider is configured (SMS_PROVIDER=none)"
        )))
    }

    fn provider(&self) -> &'static str {
        "none"
    }
}

impl AppState {
    /// Wires the adapters into the services: the one place that holds the database.
    ///
    /// # Errors
    /// When the password-hashing parameters are invalid, an HTTP client cannot be built, the
    /// development SMS adapter is asked for in production, or the database cannot be reached.
    pub async fn new(config: Config, db: Database) -> anyhow::Result<Self> {
        let clock: Arc<dyn Clock> = Arc::new(SystemClock);
        // Every call to an outside system records its outcome for the admin overview.
        let recorder = IntegrationRecorder::new(Arc::new(db.clone()), clock.clone());
        let recorded_sms = |inner: Arc<dyn SmsSender>| -> Arc<dyn SmsSender> {
            Arc::new(RecordedSms {
                inner,
                recorder: recorder.clone(),
            })
        };
        let sms: Arc<dyn SmsSender> = match &config.sms {
            SmsSettings::Disabled => Arc::new(NoSmsProvider),
            SmsSettings::Log => recorded_sms(Arc::new(
                LogSmsSender::new(config.is_production()).map_err(|e| anyhow::anyhow!("{e}"))?,
            )),
            SmsSettings::Aliyun(c) => recorded_sms(Arc::new(AliyunSmsSender::new(c.clone())?)),
        };
        let accounts = AccountsService::new(
            AccountPorts {
                users: Arc::new(db.users()),
                sessions: Arc::new(db.sessions()),
                hasher: Arc::new(Argon2Hasher::new(config.argon2, config.hash_limits)?),
                tokens: Arc::new(OsTokenGenerator),
                limiter: Arc::new(db.rate_limiter()),
                codes: Arc::new(db.verification_codes()),
                sms,
                clock: clock.clone(),
                audit: Arc::new(db.audit_log()),
            },
            config.accounts.clone(),
        );
        let (wechat_oauth, wechat_token, wechat_menu) = match &config.wechat {
            None => (None, None, None),
            Some(c) => {
                let client = Arc::new(RecordedWechat {
                    inner: Arc::new(WechatClient::new(c.clone())?),
                    recorder: recorder.clone(),
                });
                let token = Arc::new(AccessTokenService::new(
                    client.clone(),
                    Arc::new(db.wechat_tokens()),
                    Arc::new(db.rate_limiter()),
                    clock.clone(),
                    Arc::new(db.audit_log()),
                    // WeChat's stable_token hands out a new token only in the last five minutes
                    // of the old one; refreshing earlier just returns the same token again.
                    TokenPolicy {
                        refresh_ahead_secs: 240,
                        ..TokenPolicy::default()
                    },
                    format!("{}-{}", std::process::id(), OsTokenGenerator::random_b64(6)),
                ));
                let menu = MenuService::new(
                    client.clone(),
                    token.clone(),
                    Arc::new(db.menu_versions()),
                    clock.clone(),
                    Arc::new(db.audit_log()),
                );
                let oauth: Arc<dyn WechatOAuth> = client;
                (Some(oauth), Some(token), Some(Arc::new(menu)))
            }
        };
        let chat = chat_service(&config, &db, clock.clone(), &recorder)?;
        let system = SystemService::new(Arc::new(db.clone()), Arc::new(db.clone()), clock.clone())
            .with_directory(Arc::new(db.clone()));
        let tokens = TokensService::new(
            TokenPorts {
                repo: Arc::new(db.tokens()),
                secrets: Arc::new(OsTokenGenerator),
                audit: Arc::new(db.audit_log()),
                clock: clock.clone(),
            },
            tokens::TokenPolicy::default(),
        );
        let (media, groups, plaza) = community(&config, &db, clock.clone())?;
        let weather = weather_map(&config, &db, clock.clone(), &recorder)?;
        let districts = DistrictsService::new(DistrictPorts {
            repo: Arc::new(db.districts()),
            audit: Arc::new(db.audit_log()),
            clock: clock.clone(),
        });
        let key = db
            .shared_secret("cookie_signing_key", &OsTokenGenerator::random_b64(32))
            .await?;
        let uploads = UploadGate::new(
            config.media.upload_concurrency,
            config.media.upload_per_user,
            config.media.upload_queue_wait,
            config.media.upload_body,
        );
        let profile_policy = config.profiles;
        Ok(Self {
            config: Arc::new(config),
            accounts: Arc::new(accounts),
            profiles: Arc::new(ProfileService::new(
                ProfilePorts {
                    users: Arc::new(db.users()),
                    media: media.clone(),
                    clock: clock.clone(),
                },
                profile_policy,
            )),
            moderation: Arc::new(ModerationService::new(ModerationPorts {
                users: Arc::new(db.users()),
                audit: Arc::new(db.audit_log()),
                clock: clock.clone(),
            })),
            signer: Signer::new(key.as_bytes()),
            wechat_oauth,
            wechat_token,
            wechat_menu,
            chat: Arc::new(chat),
            tokens: Arc::new(tokens),
            system: Arc::new(system),
            uploads,
            media_admin: Arc::new(MediaAdmin::new(
                media.clone(),
                Arc::new(db.media()),
                Arc::new(db.audit_log()),
                clock.clone(),
            )),
            media,
            groups,
            districts: Arc::new(districts),
            plaza,
            weather,
            audit: Arc::new(AuditService::new(Arc::new(db.audit_log()))),
        })
    }
}

/// The weather map: Open-Meteo (unless turned off) behind the database's cache, whose refresh
/// lease this instance takes under a name of its own; the provinces from the districts.
fn weather_map(
    config: &Config,
    db: &Database,
    clock: Arc<dyn Clock>,
    recorder: &IntegrationRecorder,
) -> anyhow::Result<Arc<WeatherMap>> {
    let provider: Option<Arc<dyn weather::ports::WeatherProvider>> = match &config.weather {
        None => None,
        Some(c) => Some(Arc::new(RecordedWeather {
            inner: Arc::new(
                OpenMeteo::new(c.clone()).context("building the weather provider's HTTP client")?,
            ),
            recorder: recorder.clone(),
        })),
    };
    let service = WeatherService::new(
        provider,
        Arc::new(db.weather_cache()),
        clock,
        WeatherPolicy::default(),
        format!("{}-{}", std::process::id(), OsTokenGenerator::random_b64(6)),
    );
    Ok(Arc::new(WeatherMap::new(
        Arc::new(db.districts()),
        Arc::new(service),
    )))
}

/// Stored images (on the configured store, decoded by a bounded set of workers) and the
/// groups and the plaza over them; who may read a file is asked of the domain owning its kind
/// (`GroupMediaAccess` for galleries and covers, `PlazaMediaAccess` for posts' images,
/// `AvatarMediaAccess` for avatars).
fn community(
    config: &Config,
    db: &Database,
    clock: Arc<dyn Clock>,
) -> anyhow::Result<(Arc<MediaService>, Arc<GroupsService>, Arc<PlazaService>)> {
    let store: Arc<dyn MediaStore> = match &config.media.store {
        MediaStoreSettings::Filesystem(dir) => {
            Arc::new(FsMediaStore::new(dir).map_err(|e| anyhow::anyhow!("MEDIA_DIR: {e}"))?)
        }
        MediaStoreSettings::S3(s3) => Arc::new(
            S3MediaStore::new(s3.clone()).map_err(|e| anyhow::anyhow!("S3 media store: {e}"))?,
        ),
    };
    let group_repo: Arc<dyn groups::ports::GroupRepository> = Arc::new(db.groups());
    let article_repo: Arc<dyn groups::ports::ArticleRepository> = Arc::new(db.articles());
    let group_access: Arc<dyn media::ports::MediaAccess> = Arc::new(GroupMediaAccess::new(
        group_repo.clone(),
        article_repo.clone(),
    ));
    let media = Arc::new(MediaService::new(
        MediaPorts {
            store,
            repo: Arc::new(db.media()),
            processor: Arc::new(ImageWorkers::new(config.media.workers)),
            access: Arc::new(AccessByKind::new(vec![
                (MediaKind::Gallery, group_access.clone()),
                (MediaKind::Cover, group_access),
                (MediaKind::Plaza, Arc::new(PlazaMediaAccess)),
                (MediaKind::Avatar, Arc::new(AvatarMediaAccess)),
            ])),
            limiter: Arc::new(db.rate_limiter()),
            clock: clock.clone(),
        },
        config.media.policy.clone(),
    ));
    let groups = Arc::new(GroupsService::new(
        GroupPorts {
            groups: group_repo,
            articles: article_repo,
            codes: Arc::new(OsTokenGenerator),
            limiter: Arc::new(db.rate_limiter()),
            clock: clock.clone(),
            audit: Arc::new(db.audit_log()),
        },
        media.clone(),
        config.groups.clone(),
    ));
    let plaza = Arc::new(PlazaService::new(
        PlazaPorts {
            posts: Arc::new(db.plaza_posts()),
            districts: Arc::new(db.districts()),
            limiter: Arc::new(db.rate_limiter()),
            audit: Arc::new(db.audit_log()),
            clock,
        },
        media.clone(),
        config.plaza.clone(),
    ));
    Ok((media, groups, plaza))
}

/// The assistant over the configured OpenAI-compatible provider, or without one.
fn chat_service(
    config: &Config,
    db: &Database,
    clock: Arc<dyn Clock>,
    recorder: &IntegrationRecorder,
) -> anyhow::Result<ChatService> {
    let ai = &config.ai;
    let (provider, models): (Option<Arc<dyn LlmProvider>>, Vec<String>) = match &ai.llm {
        None => (
            None,
            crate::config::DEFAULT_LLM_MODELS
                .split(',')
                .map(str::to_owned)
                .collect(),
        ),
        Some(llm) => {
            let name = if llm.base_url.contains("deepseek.com") {
                "deepseek"
            } else {
                "openai-compatible"
            };
            let provider = OpenAiCompatibleProvider::new(LlmConfig {
                base_url: llm.base_url.clone(),
                api_key: llm.api_key.clone(),
                connect_timeout: llm.connect_timeout,
                name: name.to_owned(),
            })?;
            let recorded = RecordedLlm {
                inner: Arc::new(provider),
                recorder: recorder.clone(),
            };
            (Some(Arc::new(recorded)), llm.models.clone())
        }
    };
    let catalog = ModelCatalog::new(&models).context("no AI models configured")?;
    Ok(ChatService::new(
        ChatPorts {
            provider,
            usage: Arc::new(db.chat_usage()),
            limiter: Arc::new(db.rate_limiter()),
            clock,
        },
        catalog,
        ai.policy.clone(),
    ))
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
