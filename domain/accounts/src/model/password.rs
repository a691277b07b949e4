use crate::AccountsError;
use std::fmt;

/// A plaintext password on its way to the hasher: 8–128 characters (not bytes), never printed.
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

impl Password {
    /// # Errors
    /// `InvalidPassword` when shorter than 8 or longer than 128 characters.
    pub fn parse(raw: &str) -> Result<Self, AccountsError> {
        let len = raw.chars().count();
        if !(8..=128).contains(&len) {
            return Err(AccountsError::InvalidPassword);
        }
        Ok(Self(raw.to_owned()))
    }

    /// A password as typed at login: never rejected for its shape (the hash decides), but
    /// capped so a huge body cannot make the hasher work for nothing.
    ///
    /// # Errors
    /// `InvalidCredentials` when empty or longer than 1024 bytes.
    pub fn for_login(raw: &str) -> Result<Self, AccountsError> {
        if raw.is_empty() || raw.len() > 1024 {
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
    fn login_passwords_are_only_capped() {
        assert!(Password::for_login("short").is_ok());
        assert!(Password::for_login("").is_err());
        assert!(Password::for_login(&"a".repeat(1025)).is_err());
    }
}
