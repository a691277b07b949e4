//! The HTTP client: configuration, the request, and what a status means.

use crate::answer::{Answer, StreamLog};
use crate::error_answer::{classify_status, error_details};
use anyhow::{Context as _, anyhow};
use async_trait::async_trait;
use chat::LlmError;
use chat::model::ChatRequest;
use chat::ports::{EventStream, LlmProvider};
use reqwest::header::{ACCEPT, CONTENT_TYPE, HeaderMap, RETRY_AFTER};
use secrecy::{ExposeSecret as _, SecretString};
use serde::Serialize;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Where the model is and how to reach it. `Debug` hides the key.
#[derive(Debug, Clone)]
pub struct LlmConfig {
    /// The API's base URL, up to and without `/chat/completions`; a trailing `/` is ignored.
    /// DeepSeek: [`LlmConfig::DEEPSEEK_BASE_URL`]; Ollama: `http://localhost:11434/v1`;
    /// vLLM: `http://HOST:8000/v1`.
    pub base_url: String,
    /// Sent as `Authorization: Bearer <key>`; `None` sends no `Authorization` header (Ollama,
    /// a vLLM without `--api-key`).
    pub api_key: Option<SecretString>,
    /// For establishing the connection (TCP and TLS) only; see the crate docs for why there
    /// is no overall time-out.
    pub connect_timeout: Duration,
    /// A short name for logs and the admin console: "deepseek", "ollama" …
    pub name: String,
}

impl LlmConfig {
    pub const DEEPSEEK_BASE_URL: &'static str = "https://api.deepseek.com";
    pub const DEFAULT_CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

    /// DeepSeek's API with the default connect time-out, named "deepseek".
    pub fn deepseek(api_key: SecretString) -> Self {
        Self::new("deepseek", Self::DEEPSEEK_BASE_URL, Some(api_key))
    }

    /// Any OpenAI-compatible server, with the default connect time-out.
    pub fn new(
        name: impl Into<String>,
        base_url: impl Into<String>,
        api_key: Option<SecretString>,
    ) -> Self {
        Self {
            base_url: base_url.into(),
            api_key,
            connect_timeout: Self::DEFAULT_CONNECT_TIMEOUT,
            name: name.into(),
        }
    }
}

/// A language model behind an OpenAI-compatible `/chat/completions` streaming endpoint.
#[derive(Debug, Clone)]
pub struct OpenAiCompatibleProvider {
    http: reqwest::Client,
    endpoint: reqwest::Url,
    api_key: Option<SecretString>,
    name: Arc<str>,
}

impl OpenAiCompatibleProvider {
    /// # Errors
    /// When `base_url` is not an `http` or `https` URL, or the HTTP client cannot be built
    /// (TLS set-up).
    pub fn new(config: LlmConfig) -> anyhow::Result<Self> {
        let endpoint = format!("{}/chat/completions", config.base_url.trim_end_matches('/'));
        let endpoint = reqwest::Url::parse(&endpoint)
            .with_context(|| format!("the LLM base URL of {:?} is not a URL", config.name))?;
        if !matches!(endpoint.scheme(), "http" | "https") {
            return Err(anyhow!(
                "the LLM base URL of {:?} must be http or https",
                config.name
            ));
        }
        let http = reqwest::Client::builder()
            .connect_timeout(config.connect_timeout)
            .tcp_keepalive(Duration::from_secs(30))
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("courtyard-adapter-llm/", env!("CARGO_PKG_VERSION")))
            .build()
            .context("building the HTTP client for the LLM provider")?;
        Ok(Self {
            http,
            endpoint,
            api_key: config.api_key,
            name: config.name.into(),
        })
    }

    /// `{base_url}/chat/completions`, where requests go.
    pub fn endpoint(&self) -> &str {
        self.endpoint.as_str()
    }
}

/// The JSON body of `/chat/completions`. Nothing but role and content of each message goes
/// upstream (no reasoning, no names, no ids).
#[derive(Serialize)]
struct CompletionRequest<'a> {
    model: &'a str,
    messages: Vec<WireMessage<'a>>,
    stream: bool,
    temperature: f32,
    max_tokens: u32,
    stream_options: StreamOptions,
}

#[derive(Serialize)]
struct WireMessage<'a> {
    role: &'static str,
    content: &'a str,
}

#[derive(Serialize)]
struct StreamOptions {
    include_usage: bool,
}

impl<'a> From<&'a ChatRequest> for CompletionRequest<'a> {
    fn from(request: &'a ChatRequest) -> Self {
        Self {
            model: &request.model,
            messages: request
                .messages
                .iter()
                .map(|m| WireMessage {
                    role: m.role.as_str(),
                    content: &m.content,
                })
                .collect(),
            stream: true,
            temperature: request.temperature,
            max_tokens: request.max_tokens,
            stream_options: StreamOptions {
                include_usage: true,
            },
        }
    }
}

/// A transport failure before the response headers arrived.
fn before_headers(e: reqwest::Error) -> LlmError {
    // `without_url`: a base URL may carry credentials (proxies with `?key=`).
    let timeout = e.is_timeout();
    let connect = e.is_connect();
    let e = anyhow::Error::new(e.without_url());
    if connect {
        // Refused, DNS, TLS, and also the connect time-out: nobody could be reached.
        LlmError::Unreachable(e)
    } else if timeout {
        LlmError::Timeout
    } else {
        // The connection broke before the headers: still "cannot be reached".
        LlmError::Unreachable(e)
    }
}

/// The most of an error body read to find its message.
const MAX_ERROR_BODY_BYTES: usize = 64 * 1024;

/// Reads at most [`MAX_ERROR_BODY_BYTES`] of an error answer for its message.
async fn error_message(mut response: reqwest::Response) -> Option<String> {
    let mut body = Vec::new();
    while body.len() < MAX_ERROR_BODY_BYTES {
        match response.chunk().await {
            Ok(Some(chunk)) => body.extend_from_slice(&chunk),
            Ok(None) => break,
            Err(_) => return None,
        }
    }
    let value: serde_json::Value = serde_json::from_slice(&body).ok()?;
    error_details(&value).1
}

fn retry_after_secs(headers: &HeaderMap) -> Option<u64> {
    headers.get(RETRY_AFTER)?.to_str().ok()?.trim().parse().ok()
}

fn is_event_stream(headers: &HeaderMap) -> Result<(), String> {
    let content_type = headers
        .get(CONTENT_TYPE)
        .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned());
    let essence = content_type
        .as_deref()
        .and_then(|ct| ct.split(';').next())
        .map(str::trim);
    match essence {
        Some(e) if e.eq_ignore_ascii_case("text/event-stream") => Ok(()),
        _ => Err(format!(
            "expected text/event-stream, got {}",
            content_type.map_or_else(
                || "no content type".to_owned(),
                |ct| ct.chars().take(100).collect()
            )
        )),
    }
}

#[async_trait]
impl LlmProvider for OpenAiCompatibleProvider {
    /// # Errors
    /// - 401, 403 → [`LlmError::Unauthorized`];
    /// - 429 → [`LlmError::RateLimited`], with `Retry-After` when given in seconds (an
    ///   HTTP-date is ignored);
    /// - 400, 404, 413, 422 → [`LlmError::Rejected`] with the provider's error message (its
    ///   first 300 characters; the status's reason phrase when there is none);
    /// - any other status that is not 2xx, redirects included → [`LlmError::Upstream`];
    /// - 2xx whose content type is not `text/event-stream` → [`LlmError::Malformed`];
    /// - connection refused, DNS, TLS, the connect time-out, a connection closed before the
    ///   headers → [`LlmError::Unreachable`]; any other client time-out → [`LlmError::Timeout`].
    ///
    /// Once the stream runs, an item may fail and end it: an in-stream error object → the status it names (as above; no valid status →
    /// [`LlmError::Upstream`] with the response's status); an unreadable event, invalid
    /// UTF-8 or a line over 1 MiB → [`LlmError::Malformed`]; the connection ending or failing
    /// before `data: [DONE]` → [`LlmError::Dropped`], unless a `finish_reason` came already
    /// (some servers never send `[DONE]`): then the stream simply ends.
    #[tracing::instrument(
        name = "llm.stream_chat",
        skip_all,
        fields(provider = %self.name, model = %request.model)
    )]
    async fn stream_chat(&self, request: &ChatRequest) -> Result<EventStream, LlmError> {
        let started = Instant::now();
        let mut builder = self
            .http
            .post(self.endpoint.clone())
            .header(ACCEPT, "text/event-stream")
            .json(&CompletionRequest::from(request));
        if let Some(key) = &self.api_key {
            // `bearer_auth` marks the header sensitive.
            builder = builder.bearer_auth(key.expose_secret());
        }
        let response = builder.send().await.map_err(|e| {
            let error = before_headers(e);
            tracing::warn!(
                elapsed_ms = started.elapsed().as_millis(),
                error = format!("{error:#}"),
                "the LLM provider could not be reached"
            );
            error
        })?;

        let status = response.status();
        let headers_ms = started.elapsed().as_millis();
        if !status.is_success() {
            let retry_after = retry_after_secs(response.headers());
            let code = status.as_u16();
            let message = if matches!(code, 400 | 404 | 413 | 422) {
                error_message(response).await
            } else {
                None
            };
            let error = classify_status(code, message, retry_after);
            tracing::warn!(
                status = code,
                headers_ms,
                retry_after_secs = retry_after,
                "the LLM provider refused the request"
            );
            return Err(error);
        }
        if let Err(why) = is_event_stream(response.headers()) {
            tracing::warn!(
                status = status.as_u16(),
                headers_ms,
                "the LLM provider answered without an event stream"
            );
            return Err(LlmError::Malformed(why));
        }
        tracing::debug!(
            status = status.as_u16(),
            headers_ms,
            "answer stream started"
        );
        let log = StreamLog::new(self.name.clone(), request.model.clone(), started);
        Ok(Box::pin(Answer::new(response, log)))
    }

    fn name(&self) -> &str {
        &self.name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_types_are_compared_by_essence() {
        let mut headers = HeaderMap::new();
        assert!(is_event_stream(&headers).is_err());
        headers.insert(
            CONTENT_TYPE,
            "Text/Event-Stream; charset=utf-8".parse().unwrap(),
        );
        assert!(is_event_stream(&headers).is_ok());
        headers.insert(CONTENT_TYPE, "text/html".parse().unwrap());
        assert_eq!(
            is_event_stream(&headers).unwrap_err(),
            "expected text/event-stream, got text/html"
        );
    }

    #[test]
    fn base_urls_must_be_http() {
        let config = |url: &str| LlmConfig::new("t", url, None);
        let p = OpenAiCompatibleProvider::new(config("http://localhost:11434/v1/")).unwrap();
        assert_eq!(p.endpoint(), "http://localhost:11434/v1/chat/completions");
        let p = OpenAiCompatibleProvider::new(LlmConfig::deepseek("k".to_owned().into())).unwrap();
        assert_eq!(p.endpoint(), "https://api.deepseek.com/chat/completions");
        assert_eq!(p.name(), "deepseek");
        assert!(OpenAiCompatibleProvider::new(config("ftp://x")).is_err());
        assert!(OpenAiCompatibleProvider::new(config("not a url")).is_err());
    }
}
