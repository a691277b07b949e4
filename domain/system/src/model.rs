//! What the operator sees of the running system: the database's kind and health, the
//! community's counts, the outside systems and how their last calls ended, a directory entry.

use chrono::{DateTime, Utc};

/// Which engine the product's database is.
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

/// What the health check reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Health {
    pub database: DatabaseKind,
    /// Whether the database answered a round trip just now.
    pub database_reachable: bool,
}

/// How much the community holds, for the admin overview. Media and storage come from the media
/// domain; these are the rows of the other domains, counted where they are kept.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ContentCounts {
    pub users: u64,
    pub groups: u64,
    pub plaza_posts: u64,
    /// Articles of every group, drafts included.
    pub articles: u64,
}

/// How this server is set up to reach the outside systems, as the admin overview shows it:
/// gathered once at start from the services that call them (`app-server`'s wiring).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfiguredIntegrations {
    pub database: DatabaseKind,
    /// The SMS provider's name (`aliyun`, `log`, `none`).
    pub sms: &'static str,
    /// Whether WeChat's app id and secret are configured.
    pub wechat: bool,
    /// The AI assistant's provider, `None` when none is configured.
    pub llm: Option<String>,
    /// Whether the weather provider is turned on.
    pub weather: bool,
    /// Where media files are kept (`filesystem`, `s3`).
    pub media_store: &'static str,
}

/// An outside system the product calls, whose last attempt the admin overview shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Integration {
    /// The SMS provider (verification codes).
    Sms,
    /// WeChat's API (OAuth code exchange, the access token).
    Wechat,
    /// The AI assistant's language model.
    Llm,
    /// The weather provider (the plaza's map).
    Weather,
}

impl Integration {
    pub const ALL: [Integration; 4] = [
        Integration::Sms,
        Integration::Wechat,
        Integration::Llm,
        Integration::Weather,
    ];

    /// The stored name: `sms`, `wechat`, `llm`, `weather`.
    pub fn as_str(self) -> &'static str {
        match self {
            Integration::Sms => "sms",
            Integration::Wechat => "wechat",
            Integration::Llm => "llm",
            Integration::Weather => "weather",
        }
    }

    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|i| i.as_str() == name)
    }
}

/// How one call to an outside system ended: `Ok`, or the failure's kind — a stable snake_case
/// word chosen by the code (`timeout`, `unreachable`, `refused` …), never the provider's text,
/// so no secret, phone number or message can reach the stored state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Ok,
    Failed(&'static str),
}

/// What the instances together last saw of one integration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IntegrationState {
    pub integration: Integration,
    /// When the last call was made (by any instance).
    pub attempted_at: DateTime<Utc>,
    /// `None` when the last call succeeded; else its failure's kind.
    pub error: Option<String>,
    /// When a call last succeeded, if ever.
    pub succeeded_at: Option<DateTime<Utc>>,
}

/// A user or a group as an administrator looks for one by name (the logs' and the gallery's
/// filters take its id).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirectoryEntry {
    pub id: uuid::Uuid,
    /// The username, or the group's name.
    pub name: String,
    /// The user's nickname; `None` for a group.
    pub detail: Option<String>,
}
