use crate::AccountsError;

/// A few words about oneself, shown on the profile: at most 280 characters after trimming;
/// line breaks allowed, other control characters not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bio(String);

impl Bio {
    /// The longest bio, in characters (after trimming).
    pub const MAX_CHARS: usize = 280;

    /// `None` for an empty (or blank) bio: clearing it.
    ///
    /// # Errors
    /// `InvalidBio` past 280 characters or with control characters other than line breaks.
    pub fn parse(raw: &str) -> Result<Option<Self>, AccountsError> {
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            return Ok(None);
        }
        let bad_char = trimmed
            .chars()
            .any(|c| c.is_control() && c != '\n' && c != '\r');
        if trimmed.chars().count() > Self::MAX_CHARS || bad_char {
            return Err(AccountsError::InvalidBio);
        }
        Ok(Some(Self(trimmed.replace("\r\n", "\n"))))
    }

    /// A stored bio (valid when written).
    pub fn from_stored(raw: String) -> Self {
        Self(raw)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The colour mode a person chose (spec §3): light, dark, or as the system says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColorMode {
    Light,
    Dark,
    System,
}

impl ColorMode {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Light => "light",
            Self::Dark => "dark",
            Self::System => "system",
        }
    }

    pub fn from_stored(raw: &str) -> Option<Self> {
        match raw {
            "light" => Some(Self::Light),
            "dark" => Some(Self::Dark),
            "system" => Some(Self::System),
            _ => None,
        }
    }
}

/// The interface language a person chose (spec §4.2): Chinese, English, or as each browser
/// says (`system`, as the colour mode has it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    Zh,
    En,
    System,
}

impl Language {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Zh => "zh",
            Self::En => "en",
            Self::System => "system",
        }
    }

    pub fn from_stored(raw: &str) -> Option<Self> {
        match raw {
            "zh" => Some(Self::Zh),
            "en" => Some(Self::En),
            "system" => Some(Self::System),
            _ => None,
        }
    }
}

/// What a signed-in person saved of their appearance; `None` where they never chose (the
/// device's own choice stands).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Appearance {
    pub color_mode: Option<ColorMode>,
    pub language: Option<Language>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bios_are_trimmed_bounded_and_may_be_cleared() {
        assert_eq!(Bio::parse("  你好 ").unwrap().unwrap().as_str(), "你好");
        assert_eq!(Bio::parse("   ").unwrap(), None);
        assert!(Bio::parse(&"字".repeat(280)).unwrap().is_some());
        assert!(matches!(
            Bio::parse(&"字".repeat(281)),
            Err(AccountsError::InvalidBio)
        ));
        assert_eq!(Bio::parse("a\r\nb").unwrap().unwrap().as_str(), "a\nb");
        assert!(Bio::parse("a\u{0007}b").is_err());
    }

    #[test]
    fn modes_and_languages_round_trip() {
        for m in [ColorMode::Light, ColorMode::Dark, ColorMode::System] {
            assert_eq!(ColorMode::from_stored(m.as_str()), Some(m));
        }
        for l in [Language::Zh, Language::En, Language::System] {
            assert_eq!(Language::from_stored(l.as_str()), Some(l));
        }
        assert_eq!(ColorMode::from_stored("blue"), None);
        assert_eq!(Language::from_stored("fr"), None);
    }
}
