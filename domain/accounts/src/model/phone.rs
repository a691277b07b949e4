use crate::AccountsError;
use sha2::{Digest, Sha256};
use std::fmt;

/// The phone regions the product serves (spec §5: +86 and +1 only).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PhoneRegion {
    /// Mainland China, +86.
    Cn,
    /// The North American Numbering Plan, +1.
    Nanp,
}

impl PhoneRegion {
    /// Every region served, in the order sign-in screens offer them.
    pub const ALL: [PhoneRegion; 2] = [PhoneRegion::Cn, PhoneRegion::Nanp];

    /// Parses a calling code as typed: `86`, `+86`, `1`, `+1`.
    ///
    /// # Errors
    /// `UnsupportedPhoneRegion` for any other code.
    pub fn parse(raw: &str) -> Result<Self, AccountsError> {
        match raw.trim().trim_start_matches('+') {
            "86" => Ok(Self::Cn),
            "1" => Ok(Self::Nanp),
            _ => Err(AccountsError::UnsupportedPhoneRegion),
        }
    }

    /// The calling code without `+`.
    pub fn prefix(self) -> &'static str {
        match self {
            Self::Cn => "86",
            Self::Nanp => "1",
        }
    }
}

/// A phone number whose format was checked for its region. Stored and compared in E.164.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PhoneNumber {
    region: PhoneRegion,
    /// Digits only, without the calling code.
    national: String,
}

impl PhoneNumber {
    /// Checks the number against its region's format. Spaces, `-`, `.`, `(` and `)` are
    /// ignored; a calling code repeated in front of the number is accepted.
    ///
    /// - +86: a mainland mobile number, 11 digits `1[3-9]xxxxxxxxx`.
    /// - +1: a NANP number, 10 digits `NXX NXX XXXX` (N is 2–9).
    ///
    /// # Errors
    /// `UnsupportedPhoneRegion` for a prefix other than 86 or 1; `InvalidPhone` otherwise.
    pub fn parse(prefix: &str, number: &str) -> Result<Self, AccountsError> {
        let region = PhoneRegion::parse(prefix)?;
        let mut digits = String::with_capacity(number.len());
        for (i, c) in number.trim().chars().enumerate() {
            match c {
                '0'..='9' => digits.push(c),
                ' ' | '-' | '.' | '(' | ')' => {}
                '+' if i == 0 => {}
                _ => return Err(AccountsError::InvalidPhone),
            }
        }
        let national = match region {
            PhoneRegion::Cn if digits.len() == 13 && digits.starts_with("86") => &digits[2..],
            PhoneRegion::Nanp if digits.len() == 11 && digits.starts_with('1') => &digits[1..],
            _ => digits.as_str(),
        };
        let b = national.as_bytes();
        let valid = match region {
            PhoneRegion::Cn => b.len() == 11 && b[0] == b'1' && (b'3'..=b'9').contains(&b[1]),
            PhoneRegion::Nanp => b.len() == 10 && b[0] >= b'2' && b[3] >= b'2',
        };
        if !valid {
            return Err(AccountsError::InvalidPhone);
        }
        Ok(Self {
            region,
            national: national.to_owned(),
        })
    }

    /// Rebuilds a number read back from storage (`+8613800138000`).
    ///
    /// # Errors
    /// `InvalidPhone` when the stored value is not a valid E.164 number of a served region.
    pub fn from_e164(raw: &str) -> Result<Self, AccountsError> {
        let digits = raw.strip_prefix('+').ok_or(AccountsError::InvalidPhone)?;
        if let Some(rest) = digits.strip_prefix("86") {
            Self::parse("86", rest)
        } else if let Some(rest) = digits.strip_prefix('1') {
            Self::parse("1", rest)
        } else {
            Err(AccountsError::InvalidPhone)
        }
    }

    pub fn region(&self) -> PhoneRegion {
        self.region
    }

    /// The digits without the calling code.
    pub fn national(&self) -> &str {
        &self.national
    }

    /// `+8613800138000`.
    pub fn e164(&self) -> String {
        format!("+{}{}", self.region.prefix(), self.national)
    }

    /// The number with its middle hidden, `138****8000` / `202***0123`, for screens and logs.
    pub fn masked(&self) -> String {
        let n = &self.national;
        let (head, tail) = (&n[..3], &n[n.len() - 4..]);
        format!("{head}{}{tail}", "*".repeat(n.len() - 7))
    }

    /// The last four digits (the default nickname of an account made by phone is `用户1234`).
    pub fn last_four(&self) -> &str {
        &self.national[self.national.len() - 4..]
    }
}

impl fmt::Debug for PhoneNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "PhoneNumber(+{} {})",
            self.region.prefix(),
            self.masked()
        )
    }
}

/// Logs and traces show the masked form only.
impl fmt::Display for PhoneNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "+{} {}", self.region.prefix(), self.masked())
    }
}

/// What a verification code is for; a code for one purpose never works for another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodePurpose {
    /// Phone login (and account creation on first use).
    Login,
    /// Binding or changing the phone number of a signed-in account.
    BindPhone,
    /// Proving the account again, to the number already bound, before changing how it signs in.
    Reauthenticate,
}

impl CodePurpose {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Login => "login",
            Self::BindPhone => "bind_phone",
            Self::Reauthenticate => "reauthenticate",
        }
    }

    /// # Errors
    /// `Unexpected` for an unknown stored purpose.
    pub fn from_stored(raw: &str) -> Result<Self, AccountsError> {
        match raw {
            "login" => Ok(Self::Login),
            "bind_phone" => Ok(Self::BindPhone),
            "reauthenticate" => Ok(Self::Reauthenticate),
            other => Err(anyhow::anyhow!("unknown code purpose {other:?}").into()),
        }
    }
}

/// A six-digit SMS verification code.
#[derive(Clone, PartialEq, Eq)]
pub struct VerificationCode(String);

impl VerificationCode {
    /// Digits in a code.
    pub const LEN: usize = 6;

    /// # Errors
    /// `InvalidVerificationCode` unless exactly six ASCII digits (surrounding space ignored).
    pub fn parse(raw: &str) -> Result<Self, AccountsError> {
        let t = raw.trim();
        if t.len() == Self::LEN && t.bytes().all(|b| b.is_ascii_digit()) {
            Ok(Self(t.to_owned()))
        } else {
            Err(AccountsError::InvalidVerificationCode)
        }
    }

    /// The code as it goes into the SMS.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// What is stored: SHA-256 over the code, the number and the purpose, so a stored hash is
    /// useless for any other number or purpose.
    pub fn hash(&self, phone: &PhoneNumber, purpose: CodePurpose) -> VerificationCodeHash {
        let mut h = Sha256::new();
        h.update(self.0.as_bytes());
        h.update(b"\0");
        h.update(phone.e164().as_bytes());
        h.update(b"\0");
        h.update(purpose.as_str().as_bytes());
        VerificationCodeHash(hex::encode(h.finalize()))
    }
}

impl fmt::Debug for VerificationCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("VerificationCode(******)")
    }
}

/// The stored hash of a verification code (hex SHA-256).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerificationCodeHash(pub String);

impl VerificationCodeHash {
    /// Compares without an early exit, so timing does not reveal how much of a guess matched.
    pub fn matches(&self, other: &VerificationCodeHash) -> bool {
        let (a, b) = (self.0.as_bytes(), other.0.as_bytes());
        a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mainland_numbers_are_eleven_digits_starting_13_to_19() {
        let n = PhoneNumber::parse("86", "138 0013 8000").unwrap();
        assert_eq!(n.e164(), "+8613800138000");
        assert_eq!(n.masked(), "138****8000");
        assert_eq!(n.last_four(), "8000");
        assert!(PhoneNumber::parse("+86", "19912345678").is_ok());
        assert!(PhoneNumber::parse("86", "+86 138-0013-8000").is_ok());
        for bad in [
            "12345",
            "1380013800",
            "138001380001",
            "12800138000",
            "23800138000",
            "1380013800a",
        ] {
            assert!(
                matches!(
                    PhoneNumber::parse("86", bad),
                    Err(AccountsError::InvalidPhone)
                ),
                "{bad}"
            );
        }
    }

    #[test]
    fn nanp_numbers_are_ten_digits_without_leading_0_or_1_in_area_and_exchange() {
        let n = PhoneNumber::parse("1", "(202) 555-0123").unwrap();
        assert_eq!(n.e164(), "+12025550123");
        assert_eq!(n.masked(), "202***0123");
        assert!(PhoneNumber::parse("+1", "1 202 555 0123").is_ok());
        for bad in [
            "12345",
            "0025550123",
            "1025550123",
            "2021550123",
            "20255501234",
            "202555012",
        ] {
            assert!(
                matches!(
                    PhoneNumber::parse("1", bad),
                    Err(AccountsError::InvalidPhone)
                ),
                "{bad}"
            );
        }
    }

    #[test]
    fn only_86_and_1_are_served() {
        assert!(matches!(
            PhoneNumber::parse("44", "7700900123"),
            Err(AccountsError::UnsupportedPhoneRegion)
        ));
        assert!(matches!(
            PhoneNumber::parse("", "13800138000"),
            Err(AccountsError::UnsupportedPhoneRegion)
        ));
    }

    #[test]
    fn e164_round_trips() {
        for (p, n) in [("86", "13800138000"), ("1", "2025550123")] {
            let phone = PhoneNumber::parse(p, n).unwrap();
            assert_eq!(PhoneNumber::from_e164(&phone.e164()).unwrap(), phone);
        }
        assert!(PhoneNumber::from_e164("8613800138000").is_err());
    }

    #[test]
    fn logs_never_show_the_whole_number() {
        let n = PhoneNumber::parse("86", "13800138000").unwrap();
        assert!(!format!("{n} {n:?}").contains("13800138000"));
    }

    #[test]
    fn codes_are_six_digits_and_hash_per_number_and_purpose() {
        assert!(VerificationCode::parse("12345").is_err());
        assert!(VerificationCode::parse("1234567").is_err());
        assert!(VerificationCode::parse("12345a").is_err());
        let code = VerificationCode::parse(" 012345 ").unwrap();
        assert!(!format!("{code:?}").contains("012345"));
        let a = PhoneNumber::parse("86", "13800138000").unwrap();
        let b = PhoneNumber::parse("86", "13800138001").unwrap();
        let h = code.hash(&a, CodePurpose::Login);
        assert!(h.matches(&code.hash(&a, CodePurpose::Login)));
        assert!(!h.matches(&code.hash(&b, CodePurpose::Login)));
        assert!(!h.matches(&code.hash(&a, CodePurpose::BindPhone)));
        assert_eq!(h.0.len(), 64);
    }
}
