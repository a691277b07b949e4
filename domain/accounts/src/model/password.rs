use crate::AccountsError;
use std::collections::HashSet;
use std::fmt;
use std::sync::LazyLock;

/// A plaintext password on its way to the hasher: 8–128 characters (not bytes), never printed.
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

impl Password {
    /// The shortest password, in characters.
    pub const MIN_CHARS: usize = 8;
    /// The longest password, in characters.
    pub const MAX_CHARS: usize = 128;
    /// The longest password accepted at login, in bytes (UTF-8).
    pub const LOGIN_MAX_BYTES: usize = 1024;

    /// # Errors
    /// `InvalidPassword` when shorter than 8 or longer than 128 characters.
    pub fn parse(raw: &str) -> Result<Self, AccountsError> {
        let len = raw.chars().count();
        if !(Self::MIN_CHARS..=Self::MAX_CHARS).contains(&len) {
            return Err(AccountsError::InvalidPassword);
        }
        Ok(Self(raw.to_owned()))
    }

    /// A password being chosen (registration, a password change, a new administrator): the
    /// shape rule of [`Password::parse`], and not one of the 10,000 most common passwords
    /// (compared case-insensitively; the list and its source are in `common-passwords.txt`).
    ///
    /// # Errors
    /// `InvalidPassword` outside 8–128 characters; `PasswordTooCommon` for a listed password.
    pub fn parse_new(raw: &str) -> Result<Self, AccountsError> {
        let password = Self::parse(raw)?;
        if is_common(raw) {
            return Err(AccountsError::PasswordTooCommon);
        }
        Ok(password)
    }

    /// A password as typed at login: never rejected for its shape (the hash decides), but
    /// capped so a huge body cannot make the hasher work for nothing.
    ///
    /// # Errors
    /// `InvalidCredentials` when empty or longer than 1024 bytes.
    pub fn for_login(raw: &str) -> Result<Self, AccountsError> {
        if raw.is_empty() || raw.len() > Self::LOGIN_MAX_BYTES {
            return Err(AccountsError::InvalidCredentials);
        }
        Ok(Self(raw.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Password {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Password(***)")
    }
}

static COMMON_PASSWORDS: LazyLock<HashSet<&'static str>> = LazyLock::new(|| {
    include_str!("common-passwords.txt")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with("# "))
        .collect()
});

/// Whether `raw` is on the common-password list, in any letter case.
fn is_common(raw: &str) -> bool {
    COMMON_PASSWORDS.contains(raw.to_lowercase().as_str())
}

/// A stored password hash in PHC string form (`$argon2id$v=19$m=…`).
#[derive(Clone, PartialEq, Eq)]
pub struct PasswordHash(String);

impl PasswordHash {
    pub fn new(phc: String) -> Self {
        Self(phc)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for PasswordHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PasswordHash(***)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_is_counted_in_characters() {
        assert!(
            Password::parse("密码密码密码密码").is_ok(),
            "8 Chinese characters"
        );
        assert!(Password::parse("1234567").is_err());
        assert!(Password::parse(&"a".repeat(128)).is_ok());
        assert!(Password::parse(&"a".repeat(129)).is_err());
    }

    #[test]
    fn never_prints_the_secret() {
        let p = Password::parse("hunter2hunter2").unwrap();
        assert!(!format!("{p:?}").contains("hunter2"));
    }

    #[test]
    fn the_list_holds_ten_thousand_lower_case_passwords_of_a_valid_length() {
        assert_eq!(COMMON_PASSWORDS.len(), 10_000);
        assert!(COMMON_PASSWORDS.iter().all(|p| {
            let n = p.chars().count();
            (8..=128).contains(&n) && p.to_lowercase() == *p
        }));
    }

    #[test]
    fn common_passwords_are_refused_in_any_case_but_only_when_chosen() {
        for common in [
            "password",
            "12345678",
            "PassWord1",
            "iloveyou",
            "QWERTYUIOP",
            "trustno1",
        ] {
            assert!(
                matches!(
                    Password::parse_new(common),
                    Err(AccountsError::PasswordTooCommon)
                ),
                "{common}"
            );
            assert!(
                Password::for_login(common).is_ok(),
                "login takes any password"
            );
        }
        assert!(Password::parse_new("correct horse battery").is_ok());
        assert!(Password::parse_new("密码密码密码密码").is_ok());
        assert!(
            matches!(
                Password::parse_new("pass"),
                Err(AccountsError::InvalidPassword)
            ),
            "the length rule comes first"
        );
    }

    #[test]
    fn login_passwords_are_only_capped() {
        assert!(Password::for_login("short").is_ok());
        assert!(Password::for_login("").is_err());
        assert!(Password::for_login(&"a".repeat(1025)).is_err());
    }
}
