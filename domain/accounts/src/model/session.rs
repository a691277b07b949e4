use chrono::{DateTime, Utc};
use kernel::{SessionId, UserId};
use sha2::{Digest, Sha256};
use std::fmt;

/// The secret a browser holds in its session cookie. Only its [`SessionTokenHash`] is stored.
#[derive(Clone, PartialEq, Eq)]
pub struct SessionToken(String);

impl SessionToken {
    /// Wraps a token made by a `SecretGenerator` or read from a cookie.
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
    /// When the account was last proven again on this session (password or SMS code), after
    /// sign-in. See [`Session::proven_at`].
    pub reauthenticated_at: Option<DateTime<Utc>>,
}

impl Session {
    /// The last time this session proved the account: its sign-in or its latest
    /// re-authentication, whichever is later. Changing a sign-in method needs this to be recent.
    pub fn proven_at(&self) -> DateTime<Utc> {
        self.reauthenticated_at
            .map_or(self.created_at, |at| at.max(self.created_at))
    }
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

    #[test]
    fn proof_is_the_later_of_sign_in_and_re_authentication() {
        let t = |secs: i64| DateTime::<Utc>::from_timestamp(1_790_000_000 + secs, 0).unwrap();
        let mut s = Session {
            id: SessionId::new_random(),
            user_id: UserId::new_random(),
            token_hash: SessionTokenHash("h".into()),
            user_agent: None,
            ip: None,
            created_at: t(100),
            last_seen_at: t(100),
            expires_at: t(1000),
            reauthenticated_at: None,
        };
        assert_eq!(s.proven_at(), t(100));
        s.reauthenticated_at = Some(t(500));
        assert_eq!(s.proven_at(), t(500));
        s.reauthenticated_at = Some(t(50));
        assert_eq!(s.proven_at(), t(100));
    }
}
