use crate::AccountsError;
use std::fmt;

/// Names that only the admin bootstrap (`app-server admin create`) may take.
const RESERVED: &[&str] = &[
    "admin",
    "administrator",
    "admins",
    "root",
    "system",
    "sysadmin",
    "superuser",
    "super",
    "moderator",
    "mod",
    "staff",
    "support",
    "help",
    "official",
    "courtyard",
    "api",
    "www",
    "null",
    "undefined",
    "anonymous",
    "guest",
    "owner",
    "security",
    "webmaster",
    "postmaster",
];

/// A login name: 3–32 characters of `a-z0-9_-`. Upper case is folded to lower case, so names
/// are unique case-insensitively.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Username(String);

impl Username {
    /// The shortest name, in characters.
    pub const MIN_CHARS: usize = 3;
    /// The longest name, in characters.
    pub const MAX_CHARS: usize = 32;

    /// Parses a name typed by a person (trimmed, folded to lower case).
    ///
    /// # Errors
    /// `InvalidUsername` when the length or a character is outside the rule.
    pub fn parse(raw: &str) -> Result<Self, AccountsError> {
        let folded = raw.trim().to_ascii_lowercase();
        let len = folded.chars().count();
        let chars_ok = folded
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-');
        if !(Self::MIN_CHARS..=Self::MAX_CHARS).contains(&len) || !chars_ok {
            return Err(AccountsError::InvalidUsername);
        }
        Ok(Self(folded))
    }

    /// Parses a name for public registration, which may not take a reserved name.
    ///
    /// # Errors
    /// `InvalidUsername` as [`Username::parse`]; `ReservedUsername` for a reserved name.
    pub fn parse_public(raw: &str) -> Result<Self, AccountsError> {
        let name = Self::parse(raw)?;
        if name.is_reserved() {
            return Err(AccountsError::ReservedUsername);
        }
        Ok(name)
    }

    /// Reserved: one of the list, or a list entry followed by digits or separators
    /// (`admin1`, `root_`, `system-2`).
    pub fn is_reserved(&self) -> bool {
        RESERVED.iter().any(|r| {
            self.0.strip_prefix(r).is_some_and(|rest| {
                rest.chars()
                    .all(|c| c.is_ascii_digit() || c == '_' || c == '-')
            })
        })
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Username {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_and_folds_valid_names() {
        assert_eq!(Username::parse(" Alice_01 ").unwrap().as_str(), "alice_01");
        assert_eq!(Username::parse("a-b").unwrap().as_str(), "a-b");
        assert!(Username::parse(&"x".repeat(32)).is_ok());
    }

    #[test]
    fn rejects_bad_lengths_and_characters() {
        for bad in [
            "ab",
            "",
            &"x".repeat(33),
            "has space",
            "点点点",
            "a.b",
            "emoji😀",
        ] {
            assert!(
                matches!(Username::parse(bad), Err(AccountsError::InvalidUsername)),
                "{bad:?} should be invalid"
            );
        }
    }

    #[test]
    fn reserved_names_and_their_variants_are_refused_publicly() {
        for name in [
            "admin", "ADMIN", "root", "system", "admin1", "root_", "system-2",
        ] {
            assert!(
                matches!(
                    Username::parse_public(name),
                    Err(AccountsError::ReservedUsername)
                ),
                "{name} should be reserved"
            );
            assert!(
                Username::parse(name).is_ok(),
                "{name} parses for the bootstrap"
            );
        }
        for name in ["administrate", "rooted", "adminx", "alice"] {
            assert!(
                Username::parse_public(name).is_ok(),
                "{name} is not reserved"
            );
        }
    }
}
