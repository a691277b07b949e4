use super::{Appearance, Bio, PasswordHash, PhoneNumber, Username, WechatIdentity};
use crate::AccountsError;
use chrono::{DateTime, Utc};
use kernel::{MediaId, Role, UserId};

/// A display name: 1–32 characters after trimming; any script.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Nickname(String);

impl Nickname {
    /// The longest nickname, in characters (after trimming).
    pub const MAX_CHARS: usize = 32;

    /// # Errors
    /// `InvalidNickname` when empty after trimming, longer than 32 characters, or containing
    /// control characters.
    pub fn parse(raw: &str) -> Result<Self, AccountsError> {
        let trimmed = raw.trim();
        let len = trimmed.chars().count();
        if !(1..=Self::MAX_CHARS).contains(&len) || trimmed.chars().any(char::is_control) {
            return Err(AccountsError::InvalidNickname);
        }
        Ok(Self(trimmed.to_owned()))
    }

    /// A nickname taken from elsewhere (a WeChat profile): trimmed, control characters
    /// dropped, cut to 32 characters; `None` when nothing usable is left.
    pub fn lenient(raw: &str) -> Option<Self> {
        let cleaned: String = raw.chars().filter(|c| !c.is_control()).collect();
        let cut: String = cleaned.trim().chars().take(Self::MAX_CHARS).collect();
        Self::parse(&cut).ok()
    }

    /// The nickname of an account made by phone login: `用户` and the number's last four digits.
    pub fn for_phone(phone: &PhoneNumber) -> Self {
        Self(format!("用户{}", phone.last_four()))
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
    /// An avatar from elsewhere (the WeChat profile's), shown when there is no `avatar`.
    pub avatar_url: Option<String>,
    /// The avatar the user uploaded (a public `avatar` media file).
    pub avatar: Option<MediaId>,
    pub bio: Option<Bio>,
    pub appearance: Appearance,
    pub has_password: bool,
    pub phone: Option<PhoneNumber>,
    pub wechat: Option<WechatIdentity>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub disabled_at: Option<DateTime<Utc>>,
}

impl User {
    /// How many ways this account can sign in (password, phone, WeChat).
    pub fn sign_in_methods(&self) -> usize {
        usize::from(self.has_password)
            + usize::from(self.phone.is_some())
            + usize::from(self.wechat.is_some())
    }
}

/// Which account to read: by its id, or by its username (folded, as stored).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UserKey {
    Id(UserId),
    Username(Username),
}

/// Whose profile is asked for: an id, or a username as a link names it (an `@username`
/// mention), not yet parsed; a name no username could be finds nobody.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProfileKey<'a> {
    Id(UserId),
    Username(&'a str),
}

/// What the repository stores for a new account.
#[derive(Debug, Clone)]
pub struct NewUser {
    pub id: UserId,
    pub username: Username,
    pub nickname: Nickname,
    pub password_hash: Option<PasswordHash>,
    pub role: Role,
    pub avatar_url: Option<String>,
    pub phone: Option<PhoneNumber>,
    pub wechat: Option<WechatIdentity>,
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
