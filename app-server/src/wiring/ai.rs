//! The AI assistant over the configured OpenAI-compatible provider, or without one.

use super::Wiring;
use crate::config::DEFAULT_LLM_MODELS;
use crate::recorded::RecordedLlm;
use adapter_llm::{LlmConfig, OpenAiCompatibleProvider};
use anyhow::Context;
use chat::ports::LlmProvider;
use chat::{ChatPorts, ChatService, ModelCatalog};
use std::sync::Arc;

/// # Errors
/// When the provider's HTTP client cannot be built or no model is configured.
pub fn wire(w: &Wiring<'_>) -> anyhow::Result<Arc<ChatService>> {
    let ai = &w.config.ai;
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
                recorder: w.recorder.clone(),
            };
            (Some(Arc::new(recorded)), llm.models.clone())
        }
    };
    let catalog = ModelCatalog::new(&models).context("no AI models configured")?;
    Ok(Arc::new(ChatService::new(
        ChatPorts {
            provider,
            usage: Arc::new(w.db.chat_usage()),
            limiter: Arc::new(w.db.rate_limiter()),
            clock: w.clock.clone(),
        },
        catalog,
        ai.policy.clone(),
    )))
}
