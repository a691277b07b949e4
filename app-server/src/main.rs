//! `app-server`: serve (the default), migrate, or create an administrator.

use accounts::model::{Password, Username};
use anyhow::{Context, bail};
use app_server::config::Config;
use app_server::startup::{AppState, Application};
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
    app_server::telemetry::init();
    let cli = Cli::parse();
    let config = Config::from_env()?;
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => {
            let app = Application::build(config.clone()).await?;
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
            let Ok(password) = Password::parse(&password) else {
                bail!("the password must be 8 to 128 characters");
            };
            let Ok(username) = Username::parse(&username) else {
                bail!("the username must be 3 to 32 characters of a-z, 0-9, '_' and '-'");
            };
            let db = adapter_postgres::Database::connect(&config.database_url, 2).await?;
            db.migrate().await?;
            let state = AppState::new(config, db).await?;
            let user = state
                .accounts
                .create_admin(username, &password)
                .await
                .map_err(|e| anyhow::anyhow!("creating the administrator: {e}"))?;
            println!("administrator {} created (id {})", user.username, user.id);
        }
    }
    Ok(())
}
