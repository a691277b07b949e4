use super::{PasswordHash, Username};
use crate::AccountsError;
use chrono::{DateTime, Utc};
use kernel::{Role, UserId};

/// A display name: 1–32 characters after trimming; any script.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Nickname(String);

impl Nickname {
    /// # Errors
    /// `InvalidNickname` when empty after trimming, longer than 32 characters, or containing
    /// control characters.
    pub fn parse(raw: &str) -> Result<Self, AccountsError> {
        let trimmed = raw.trim();
        let len = trimmed.chars().count();
        if !(1..=32).contains(&len) || trimmed.chars().any(char::is_control) {
            return Err(AccountsError::InvalidNickname);
        }
        Ok(Self(trimmed.to_owned()))
    }

    /// The nickname a new account gets when none is given.
    pub fn from_username(username: &Username) -> Self {
        Self(username.as_str().to_owned())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// An account as the rest of the product sees it (no credentials).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    pub id: UserId,
    pub username: Username,
    pub nickname: Nickname,
    pub role: Role,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub disabled_at: Option<DateTime<Utc>>,
}

/// What the repository stores for a new account.
#[derive(Debug, Clone)]
pub struct NewUser {
    pub id: UserId,
    pub username: Username,
    pub nickname: Nickname,
    pub password_hash: Option<PasswordHash>,
    pub role: Role,
    pub created_at: DateTime<Utc>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nicknames_are_trimmed_and_bounded() {
        assert_eq!(Nickname::parse("  小明 ").unwrap().as_str(), "小明");
        assert!(Nickname::parse("   ").is_err());
        assert!(Nickname::parse(&"字".repeat(32)).is_ok());
        assert!(Nickname::parse(&"字".repeat(33)).is_err());
        assert!(Nickname::parse("a\u{0007}b").is_err());
    }
}
