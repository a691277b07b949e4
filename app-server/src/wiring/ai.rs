//! The AI assistant over the configured OpenAI-compatible provider, or without one.

use super::{HOUSEKEEPING, Wiring};
use crate::config::AreaSettings;
use crate::config::env::Env;
use crate::http::ai::settings::{AiSettings, DEFAULT_LLM_MODELS};
use crate::recorded::RecordedLlm;
use adapter_llm::{LlmConfig, OpenAiCompatibleProvider};
use anyhow::Context;
use chat::ports::LlmProvider;
use chat::{ChatPorts, ChatService, ModelCatalog};
use std::sync::Arc;

/// The provider and the assistant's limits.
///
/// # Errors
/// A malformed value, no model, or a zero limit.
pub fn settings(env: Env<'_>, areas: &mut AreaSettings) -> anyhow::Result<()> {
    areas.read::<AiSettings>(env)
}

/// # Errors
/// When the provider's HTTP client cannot be built or no model is configured.
pub fn wire(w: &mut Wiring<'_>) -> anyhow::Result<()> {
    let config = w.config;
    let ai = config.areas.get::<AiSettings>();
    let (provider, models): (Option<Arc<dyn LlmProvider>>, Vec<String>) = match &ai.llm {
        None => (
            None,
            DEFAULT_LLM_MODELS.split(',').map(str::to_owned).collect(),
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
                recorder: w.recorder()?,
            };
            (Some(Arc::new(recorded)), llm.models.clone())
        }
    };
    let catalog = ModelCatalog::new(&models).context("no AI models configured")?;
    let chat = w.provide(Arc::new(ChatService::new(
        ChatPorts {
            provider,
            usage: Arc::new(w.db.chat_usage()),
            limiter: Arc::new(w.db.rate_limiter()),
            clock: w.clock.clone(),
        },
        catalog,
        ai.policy.clone(),
    )));
    w.every(HOUSEKEEPING, move || {
        let chat = chat.clone();
        async move {
            if let Err(e) = chat.purge().await {
                tracing::warn!(error = %e, "purging AI stream slots and usage failed");
            }
        }
    });
    Ok(())
}
