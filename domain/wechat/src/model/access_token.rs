//! The central access token and what the admin console shows of it.

use chrono::{DateTime, Utc};
use std::fmt;

/// An access token as WeChat issued it.
#[derive(Clone, PartialEq, Eq)]
pub struct IssuedAccessToken {
    pub token: String,
    pub expires_in_secs: i64,
}

impl fmt::Debug for IssuedAccessToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "IssuedAccessToken({}, {} s)",
            mask_token(&self.token),
            self.expires_in_secs
        )
    }
}

/// The stored cache row (one per app id).
#[derive(Clone, PartialEq, Eq, Default)]
pub struct CachedAccessToken {
    pub token: Option<String>,
    pub obtained_at: Option<DateTime<Utc>>,
    pub expires_at: Option<DateTime<Utc>>,
    pub last_error: Option<String>,
    pub last_error_at: Option<DateTime<Utc>>,
}

impl fmt::Debug for CachedAccessToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CachedAccessToken")
            .field("token", &self.token.as_deref().map(mask_token))
            .field("obtained_at", &self.obtained_at)
            .field("expires_at", &self.expires_at)
            .field("last_error", &self.last_error)
            .finish()
    }
}

/// The token with its middle hidden: `81_Ab…x9Z`. Short tokens show nothing.
pub fn mask_token(token: &str) -> String {
    let chars: Vec<char> = token.chars().collect();
    if chars.len() < 12 {
        return "…".to_owned();
    }
    let head: String = chars[..5].iter().collect();
    let tail: String = chars[chars.len() - 3..].iter().collect();
    format!("{head}…{tail}")
}
