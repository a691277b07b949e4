//! One call to WeChat and what can come of it, before a port decides what it means.

use anyhow::anyhow;
use serde::de::DeserializeOwned;

/// Why a call to WeChat did not produce its answer.
#[derive(Debug)]
pub(crate) enum CallError {
    /// WeChat answered with a non-zero `errcode`.
    Refused { code: i64, message: String },
    /// Time-out, network failure, HTTP error without an `errcode`, unreadable answer.
    Unavailable(anyhow::Error),
}

/// Sends `request` and reads WeChat's JSON answer as `T`. `what` names the call in errors.
pub(crate) async fn call<T: DeserializeOwned>(
    request: reqwest::RequestBuilder,
    what: &'static str,
) -> Result<T, CallError> {
    // `without_url`: URLs carry the secret, the OAuth code or the access token.
    let transport = |e: reqwest::Error| {
        CallError::Unavailable(anyhow::Error::new(e.without_url()).context(what))
    };
    let response = request.send().await.map_err(transport)?;
    let status = response.status();
    let body = response.bytes().await.map_err(transport)?;

    let Ok(value) = serde_json::from_slice::<serde_json::Value>(&body) else {
        return Err(CallError::Unavailable(anyhow!(
            "{what}: HTTP {status}, unreadable answer ({} bytes)",
            body.len()
        )));
    };
    if let Some(code) = value.get("errcode").and_then(serde_json::Value::as_i64)
        && code != 0
    {
        let message = value
            .get("errmsg")
            .and_then(serde_json::Value::as_str)
            .unwrap_or_default()
            .to_owned();
        return Err(CallError::Refused { code, message });
    }
    if !status.is_success() {
        return Err(CallError::Unavailable(anyhow!(
            "{what}: HTTP {status} without an errcode"
        )));
    }
    serde_json::from_value(value).map_err(|e| {
        CallError::Unavailable(anyhow::Error::new(e).context(format!("{what}: unexpected answer")))
    })
}
