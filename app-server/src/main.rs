//! `app-server`: serve (the default), migrate, create an administrator, or print the OpenAPI
//! document.

use accounts::model::{Password, Username};
use anyhow::{Context, bail};
use app_server::lifecycle::Shutdown;
use app_server::startup::{Application, configuration_from_env};
use app_server::state::AppState;
use clap::{Parser, Subcommand};
use std::io::BufRead;

#[derive(Parser)]
#[command(name = "app-server", version, about = "Courtyard's server")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Migrate the database and serve the API and the web app (the default).
    Serve,
    /// Bring the database schema up to date, then exit.
    Migrate,
    /// Administrator accounts.
    Admin {
        #[command(subcommand)]
        command: AdminCommand,
    },
    /// Print the OpenAPI document `/api/docs.json` serves (pretty, keys sorted), built from the
    /// code: no configuration, database or running server needed (`just api-types`).
    Openapi {
        /// The language of summaries and descriptions.
        #[arg(long, value_enum, default_value = "en")]
        lang: DocLang,
    },
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum DocLang {
    En,
    Zh,
}

#[derive(Subcommand)]
enum AdminCommand {
    /// Create an administrator. The password comes from COURTYARD_ADMIN_PASSWORD or, when that
    /// is unset, from the first line of standard input.
    Create {
        #[arg(long, default_value = "admin")]
        username: String,
    },
}

#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let command = cli.command.unwrap_or(Command::Serve);
    if let Command::Openapi { lang } = command {
        let lang = match lang {
            DocLang::En => app_server::i18n::Lang::En,
            DocLang::Zh => app_server::i18n::Lang::Zh,
        };
        print!("{}", app_server::http::ApiDoc::pretty_json(lang)?);
        return Ok(());
    }
    let config = configuration_from_env()?;
    app_server::telemetry::init(config.log_format);
    match command {
        Command::Serve => {
            let app = Application::build(config.clone()).await?;
            stop_on_signals(app.shutdown())?;
            tracing::info!(
                "Courtyard listening on http://{}:{} ({} database)",
                config.host,
                app.port(),
                if config.database_url.starts_with("sqlite") {
                    "SQLite"
                } else {
                    "PostgreSQL"
                }
            );
            app.run_until_stopped().await?;
            tracing::info!("Courtyard stopped");
        }
        Command::Migrate => {
            let db = adapter_postgres::Database::connect(&config.database_url, 2).await?;
            db.migrate().await?;
            println!("migrations applied ({})", db.kind().as_str());
        }
        Command::Admin {
            command: AdminCommand::Create { username },
        } => {
            let password = match std::env::var("COURTYARD_ADMIN_PASSWORD") {
                Ok(p) if !p.is_empty() => p,
                _ => {
                    eprintln!("Password for {username} (one line on standard input):");
                    let mut line = String::new();
                    std::io::stdin()
                        .lock()
                        .read_line(&mut line)
                        .context("reading the password")?;
                    line.trim_end_matches(['\r', '\n']).to_owned()
                }
            };
            let password = match Password::parse_new(&password) {
                Ok(p) => p,
                Err(accounts::AccountsError::PasswordTooCommon) => {
                    bail!("this password is one of the 10,000 most common ones; choose another")
                }
                Err(_) => bail!("the password must be 8 to 128 characters"),
            };
            let Ok(username) = Username::parse(&username) else {
                bail!("the username must be 3 to 32 characters of a-z, 0-9, '_' and '-'");
            };
            let db = adapter_postgres::Database::connect(&config.database_url, 2).await?;
            db.migrate().await?;
            let (state, _, _) = AppState::new(config, db).await?;
            let user = state
                .accounts
                .create_admin(username, &password)
                .await
                .map_err(|e| anyhow::anyhow!("creating the administrator: {e}"))?;
            println!("administrator {} created (id {})", user.username, user.id);
        }
        Command::Openapi { .. } => {}
    }
    Ok(())
}

/// SIGTERM or SIGINT (Ctrl-C) begins a graceful stop (`app_server::lifecycle`); a second one
/// ends the process at once. The handlers are in place when this returns.
///
/// # Errors
/// When a signal handler cannot be installed.
fn stop_on_signals(shutdown: Shutdown) -> anyhow::Result<()> {
    #[cfg(unix)]
    {
        use actix_web::rt::signal::unix::{SignalKind, signal};
        let mut term = signal(SignalKind::terminate()).context("handling SIGTERM")?;
        let mut int = signal(SignalKind::interrupt()).context("handling SIGINT")?;
        actix_web::rt::spawn(async move {
            let name = tokio::select! {
                _ = term.recv() => "SIGTERM",
                _ = int.recv() => "SIGINT",
            };
            tracing::info!(
                grace_secs = shutdown.grace().as_secs(),
                "{name}: stopping; no new connections, event streams told to reconnect, \
                 requests in flight finishing"
            );
            shutdown.begin();
            tokio::select! {
                _ = term.recv() => {}
                _ = int.recv() => {}
            }
            tracing::warn!("a second signal: stopping now");
            std::process::exit(1);
        });
    }
    #[cfg(not(unix))]
    actix_web::rt::spawn(async move {
        if actix_web::rt::signal::ctrl_c().await.is_ok() {
            shutdown.begin();
        }
    });
    Ok(())
}
