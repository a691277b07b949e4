//! The AI assistant's settings: its provider (`LLM_*`) and its limits (`AI_*`, `RATE_AI_CHAT`).
//! Read at start by its wiring ([`crate::config::Settings`]) through the loader; every variable is in
//! `docs/configuration.md`.

use crate::config::env::{Env, check_http_url};
use crate::config::settings::Settings;
use anyhow::bail;
use chat::ChatPolicy;
use chat::model::ChatLimits;
use secrecy::SecretString;
use std::time::Duration;

/// DeepSeek, the default provider (`LLM_BASE_URL` replaces it).
pub const DEFAULT_LLM_BASE_URL: &str = "https://api.deepseek.com";
pub const DEFAULT_LLM_MODELS: &str = "deepseek-chat,deepseek-reasoner";

/// The language model behind the AI assistant.
#[derive(Debug, Clone)]
pub struct LlmSettings {
    /// An OpenAI-compatible API root; `/chat/completions` is appended.
    pub base_url: String,
    pub api_key: Option<SecretString>,
    /// The models offered, the first being the default.
    pub models: Vec<String>,
    pub connect_timeout: Duration,
}

/// The AI assistant (`POST /api/ai/chat`).
#[derive(Debug, Clone)]
pub struct AiSettings {
    /// `None` when no provider is configured: the chat endpoint answers 503 `ai_unavailable`.
    pub llm: Option<LlmSettings>,
    /// Every limit of the assistant, and whether visitors who are not signed in may chat
    /// (`allow_anonymous`, limited per address).
    pub policy: ChatPolicy,
    /// How long a stream may stay silent before the server sends a `:` comment. actix-web only
    /// notices a browser that went away when a write fails, so this bounds how long an upstream
    /// request outlives its reader.
    pub idle_ping: Duration,
}

impl Default for AiSettings {
    fn default() -> Self {
        Self {
            llm: None,
            policy: ChatPolicy::default(),
            idle_ping: Duration::from_millis(300),
        }
    }
}

impl Settings for AiSettings {
    /// A provider is configured by a key (DeepSeek or any hosted API) or by a base URL alone (a
    /// keyless local server such as Ollama or vLLM).
    ///
    /// # Errors
    /// A malformed value, no model, a base URL that is not http(s), or a zero limit or timeout.
    fn read(env: Env<'_>) -> anyhow::Result<Self> {
        let d = Self::default();
        let base_url = env.url("LLM_BASE_URL");
        let api_key = env.get("LLM_API_KEY").map(SecretString::from);
        let llm = if base_url.is_none() && api_key.is_none() {
            None
        } else {
            let models = env
                .list("LLM_MODELS")
                .unwrap_or_else(|| DEFAULT_LLM_MODELS.split(',').map(str::to_owned).collect());
            if models.is_empty() {
                bail!("LLM_MODELS must name at least one model");
            }
            let base_url = check_http_url(
                "LLM_BASE_URL",
                base_url.unwrap_or_else(|| DEFAULT_LLM_BASE_URL.to_owned()),
            )?;
            Some(LlmSettings {
                base_url,
                api_key,
                models,
                connect_timeout: env.millis("LLM_CONNECT_TIMEOUT_MS", Duration::from_secs(10))?,
            })
        };
        let p = &d.policy;
        let policy = ChatPolicy {
            allow_anonymous: env.flag("AI_ALLOW_ANONYMOUS", p.allow_anonymous)?,
            limits: ChatLimits {
                max_messages: env.num("AI_MAX_MESSAGES", p.limits.max_messages)?,
                max_message_chars: env.num("AI_MAX_MESSAGE_CHARS", p.limits.max_message_chars)?,
                max_total_chars: env.num("AI_MAX_TOTAL_CHARS", p.limits.max_total_chars)?,
                ..p.limits
            },
            max_concurrent_streams: env
                .num("AI_MAX_CONCURRENT_STREAMS", p.max_concurrent_streams)?,
            rate: env.rule("RATE_AI_CHAT", p.rate)?,
            daily_token_quota: env.num("AI_DAILY_TOKEN_QUOTA", p.daily_token_quota)?,
            first_token_timeout: env
                .positive_millis("AI_FIRST_TOKEN_TIMEOUT_MS", p.first_token_timeout)?,
            total_timeout: env.positive_millis("AI_TOTAL_TIMEOUT_MS", p.total_timeout)?,
        };
        if policy.max_concurrent_streams == 0 {
            bail!("AI_MAX_CONCURRENT_STREAMS must be above zero");
        }
        Ok(Self {
            llm,
            policy,
            idle_ping: env.positive_millis("AI_IDLE_PING_MS", d.idle_ping)?,
        })
    }
}
