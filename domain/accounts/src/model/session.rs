use chrono::{DateTime, Utc};
use kernel::{SessionId, UserId};
use sha2::{Digest, Sha256};
use std::fmt;

/// The secret a browser holds in its session cookie. Only its [`SessionTokenHash`] is stored.
#[derive(Clone, PartialEq, Eq)]
pub struct SessionToken(String);

impl SessionToken {
    /// Wraps a token made by a `TokenGenerator` or read from a cookie.
    pub fn new(raw: String) -> Self {
        Self(raw)
    }

    pub fn expose(&self) -> &str {
        &self.0
    }

    pub fn hash(&self) -> SessionTokenHash {
        SessionTokenHash(hex::encode(Sha256::digest(self.0.as_bytes())))
    }
}

impl fmt::Debug for SessionToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SessionToken(***)")
    }
}

/// SHA-256 of a session token, hex encoded: what the database keeps.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SessionTokenHash(pub String);

/// A signed-in browser or device.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    pub id: SessionId,
    pub user_id: UserId,
    pub token_hash: SessionTokenHash,
    pub user_agent: Option<String>,
    pub ip: Option<String>,
    pub created_at: DateTime<Utc>,
    pub last_seen_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_is_sha256_hex_and_hides_the_token() {
        let token = SessionToken::new("abc".into());
        assert_eq!(
            token.hash().0,
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert!(!format!("{token:?}").contains("abc"));
    }
}
