//! Tokens, their secrets and their scopes.

use crate::TokensError;
use chrono::{DateTime, Duration, Utc};
use kernel::{Role, UserId};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt;

mod scope;
pub use scope::{Access, Area, Scope, Scopes};

kernel::typed_id!(
    /// Identifies a personal access token (not its secret).
    TokenId
);

/// The fixed start of every secret, so secret scanners can recognise a leaked one.
pub const SECRET_PREFIX: &str = "cyp_";
/// Random base62 characters after the prefix.
pub const RANDOM_LEN: usize = 30;
/// Base62 characters of the CRC32 checksum at the end (62⁶ > 2³²).
pub const CHECKSUM_LEN: usize = 6;
/// The whole secret: prefix, random part, checksum.
pub const SECRET_LEN: usize = SECRET_PREFIX.len() + RANDOM_LEN + CHECKSUM_LEN;
/// The longest token name, in characters.
pub const MAX_NAME_CHARS: usize = 50;

const BASE62: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// A token's secret: `cyp_` + 30 random base62 characters + the CRC32 of those 30, as 6 base62
/// characters. It exists in memory only while a token is created or a request authenticated;
/// `Debug` never shows it.
#[derive(Clone, PartialEq, Eq)]
pub struct TokenSecret(String);

impl fmt::Debug for TokenSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TokenSecret({})", self.hint())
    }
}

fn base62_checksum(random: &str) -> String {
    let mut n = crc32fast::hash(random.as_bytes());
    let mut out = [b'0'; CHECKSUM_LEN];
    for slot in out.iter_mut().rev() {
        *slot = BASE62[(n % 62) as usize];
        n /= 62;
    }
    out.iter().map(|&b| char::from(b)).collect()
}

impl TokenSecret {
    /// Builds the secret around a random part (exactly [`RANDOM_LEN`] base62 characters, from
    /// the [`crate::ports::SecretSource`]).
    ///
    /// # Errors
    /// When `random` is not [`RANDOM_LEN`] base62 characters.
    pub fn from_random(random: &str) -> Result<Self, TokensError> {
        if random.len() != RANDOM_LEN || !random.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(TokensError::Unexpected(anyhow::anyhow!(
                "the random part of a token must be {RANDOM_LEN} base62 characters"
            )));
        }
        Ok(Self(format!(
            "{SECRET_PREFIX}{random}{}",
            base62_checksum(random)
        )))
    }

    /// Checks the shape and the checksum, so a mistyped or made-up secret is refused without
    /// a database lookup.
    ///
    /// # Errors
    /// [`TokensError::InvalidToken`] for anything but a well-formed secret.
    pub fn parse(raw: &str) -> Result<Self, TokensError> {
        let rest = raw
            .strip_prefix(SECRET_PREFIX)
            .ok_or(TokensError::InvalidToken)?;
        if raw.len() != SECRET_LEN || !rest.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(TokensError::InvalidToken);
        }
        let (random, checksum) = rest.split_at(RANDOM_LEN);
        if base62_checksum(random) != checksum {
            return Err(TokensError::InvalidToken);
        }
        Ok(Self(raw.to_owned()))
    }

    /// The secret itself, to show once at creation.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// What is stored and looked up: the SHA-256 of the secret, hex.
    pub fn digest(&self) -> TokenDigest {
        TokenDigest(hex::encode(Sha256::digest(self.0.as_bytes())))
    }

    /// A short reminder that identifies the token in lists without revealing it: `cyp_…` and
    /// its last four characters.
    pub fn hint(&self) -> String {
        let tail = &self.0[self.0.len().saturating_sub(4)..];
        format!("{SECRET_PREFIX}…{tail}")
    }
}

/// The SHA-256 of a secret, hex: all the database ever holds.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TokenDigest(pub String);

/// When a new token stops working.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expiry {
    Days(u16),
    Never,
}

impl Expiry {
    /// The choices offered: 7, 30, 90 or 365 days, or never (docs/api.md, tokens).
    pub const DAYS: [u16; 4] = [7, 30, 90, 365];

    /// # Errors
    /// [`TokensError::InvalidExpiry`] for any other number of days.
    pub fn from_days(days: Option<u16>) -> Result<Self, TokensError> {
        match days {
            None => Ok(Expiry::Never),
            Some(d) if Self::DAYS.contains(&d) => Ok(Expiry::Days(d)),
            Some(_) => Err(TokensError::InvalidExpiry),
        }
    }

    pub fn expires_at(self, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        match self {
            Expiry::Days(d) => Some(now + Duration::days(i64::from(d))),
            Expiry::Never => None,
        }
    }
}

/// Where a token stands at a moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TokenState {
    Active,
    Expired,
    Revoked,
}

/// A personal access token as listed: everything but the secret.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonalAccessToken {
    pub id: TokenId,
    pub user_id: UserId,
    pub name: String,
    pub hint: String,
    pub scopes: Scopes,
    pub created_at: DateTime<Utc>,
    pub expires_at: Option<DateTime<Utc>>,
    pub last_used_at: Option<DateTime<Utc>>,
    pub revoked_at: Option<DateTime<Utc>>,
}

impl PersonalAccessToken {
    pub fn state(&self, now: DateTime<Utc>) -> TokenState {
        if self.revoked_at.is_some() {
            TokenState::Revoked
        } else if self.expires_at.is_some_and(|at| at <= now) {
            TokenState::Expired
        } else {
            TokenState::Active
        }
    }
}

/// Who a valid token speaks for, and what it may do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenGrant {
    pub token_id: TokenId,
    pub user_id: UserId,
    pub scopes: Scopes,
}

/// A user creating a token: who, and with which role (admin scopes need an admin).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Owner {
    pub id: UserId,
    pub role: Role,
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const RANDOM: &str = "AbCdEfGhIjKlMnOpQrStUvWxYz0123";

    #[test]
    fn a_secret_is_the_prefix_thirty_random_characters_and_a_six_character_checksum() {
        let s = TokenSecret::from_random(RANDOM).unwrap();
        assert_eq!(s.expose().len(), 40);
        assert!(s.expose().starts_with("cyp_AbCdEfGhIjKlMnOpQrStUvWxYz0123"));
        let checksum = &s.expose()[34..];
        assert_eq!(checksum.len(), 6);
        // CRC32 of the random part, as a zero-padded base62 number.
        let mut n: u64 = 0;
        for c in checksum.bytes() {
            let digit = BASE62.iter().position(|&b| b == c).unwrap() as u64;
            n = n * 62 + digit;
        }
        assert_eq!(n, u64::from(crc32fast::hash(RANDOM.as_bytes())));
        assert_eq!(TokenSecret::parse(s.expose()).unwrap(), s);
    }

    #[test]
    fn a_secret_with_any_character_changed_fails_the_checksum() {
        let s = TokenSecret::from_random(RANDOM).unwrap();
        let raw = s.expose();
        for i in 4..raw.len() {
            let mut bytes = raw.as_bytes().to_vec();
            bytes[i] = if bytes[i] == b'x' { b'y' } else { b'x' };
            let changed = String::from_utf8(bytes).unwrap();
            assert!(TokenSecret::parse(&changed).is_err(), "position {i}");
        }
    }

    #[test]
    fn malformed_secrets_are_refused() {
        let good = TokenSecret::from_random(RANDOM).unwrap();
        for bad in [
            "",
            "cyp_",
            "ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123000000",
            &good.expose()[..39],
            &format!("{}0", good.expose()),
            &good.expose().replace("cyp_", "CYP_"),
            "cyp_AbCdEfGhIjKlMnOpQrStUvWxYz01-3000000",
        ] {
            assert!(TokenSecret::parse(bad).is_err(), "{bad:?}");
        }
        assert!(TokenSecret::from_random("short").is_err());
    }

    #[test]
    fn the_hint_and_debug_show_only_the_last_four_characters() {
        let s = TokenSecret::from_random(RANDOM).unwrap();
        let tail = &s.expose()[36..];
        assert_eq!(s.hint(), format!("cyp_…{tail}"));
        assert!(!format!("{s:?}").contains(RANDOM));
    }

    #[test]
    fn the_digest_is_the_sha256_of_the_whole_secret() {
        let s = TokenSecret::from_random(RANDOM).unwrap();
        let digest = s.digest().0;
        assert_eq!(digest.len(), 64);
        assert_eq!(digest, hex::encode(Sha256::digest(s.expose().as_bytes())));
        assert_ne!(
            digest,
            TokenSecret::from_random(&RANDOM.replace('A', "B"))
                .unwrap()
                .digest()
                .0
        );
    }

    /// How a generated secret is changed before it is parsed.
    #[derive(Debug, Clone)]
    enum Mutation {
        /// Left as made: valid.
        None,
        /// A character of the random part replaced by another base62 character, checksum kept.
        RandomChar(usize, u8),
        /// A character of the checksum replaced by another base62 character.
        ChecksumChar(usize, u8),
        /// Two different neighbours of the random part swapped (a typical typo).
        Swap(usize),
        /// The random part changed and its checksum recomputed: valid again.
        Recomputed(usize, u8),
        /// The shape broken: a character outside base62, or the prefix's case.
        Shape(usize, char),
    }

    fn mutation() -> impl Strategy<Value = Mutation> {
        let b62 = (0..62usize).prop_map(|i| BASE62[i]);
        prop_oneof![
            Just(Mutation::None),
            (0..RANDOM_LEN, b62.clone()).prop_map(|(i, c)| Mutation::RandomChar(i, c)),
            (0..CHECKSUM_LEN, b62.clone()).prop_map(|(i, c)| Mutation::ChecksumChar(i, c)),
            (0..RANDOM_LEN - 1).prop_map(Mutation::Swap),
            (0..RANDOM_LEN, b62).prop_map(|(i, c)| Mutation::Recomputed(i, c)),
            (
                0..SECRET_LEN,
                prop::sample::select(vec!['-', '_', ' ', 'é', 'C'])
            )
                .prop_map(|(i, c)| Mutation::Shape(i, c)),
        ]
    }

    fn apply(random: &str, m: &Mutation) -> String {
        let valid = TokenSecret::from_random(random)
            .unwrap()
            .expose()
            .to_owned();
        let mut b = valid.clone().into_bytes();
        let p = SECRET_PREFIX.len();
        match *m {
            Mutation::None => return valid,
            Mutation::RandomChar(i, c) => b[p + i] = c,
            Mutation::ChecksumChar(i, c) => b[p + RANDOM_LEN + i] = c,
            Mutation::Swap(i) => b.swap(p + i, p + i + 1),
            Mutation::Recomputed(i, c) => {
                let mut r = random.as_bytes().to_vec();
                r[i] = c;
                let r = String::from_utf8(r).unwrap();
                return TokenSecret::from_random(&r).unwrap().expose().to_owned();
            }
            Mutation::Shape(i, c) => {
                let mut chars: Vec<char> = valid.chars().collect();
                // `C` in the prefix makes `Cyp_`; elsewhere it is a valid base62 character, so
                // it lands in the prefix only.
                let i = if c == 'C' { 0 } else { i };
                chars[i] = c;
                return chars.into_iter().collect();
            }
        }
        String::from_utf8(b).unwrap()
    }

    /// Generates real secrets and mutates them, so that most cases get past the shape checks to
    /// the checksum comparison and both of its outcomes happen often (random strings would
    /// almost never carry a valid checksum). The rule: a string is accepted exactly when it has
    /// the shape and its checksum is the CRC32 of its random part.
    #[test]
    fn mutated_secrets_are_accepted_exactly_when_their_checksum_matches() {
        use proptest::test_runner::{Config, TestRunner};
        use std::cell::Cell;
        const CASES: u32 = 600;
        let (accepted, checksum_refused, shape_refused) =
            (Cell::new(0), Cell::new(0), Cell::new(0));
        let mut runner = TestRunner::new(Config::with_cases(CASES));
        runner
            .run(&("[0-9A-Za-z]{30}", mutation()), |(random, m)| {
                let raw = apply(&random, &m);
                let shaped = raw.len() == SECRET_LEN
                    && raw.starts_with(SECRET_PREFIX)
                    && raw[SECRET_PREFIX.len()..]
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric());
                let sums = shaped && {
                    let (r, c) = raw[SECRET_PREFIX.len()..].split_at(RANDOM_LEN);
                    base62_checksum(r) == c
                };
                let parsed = TokenSecret::parse(&raw);
                prop_assert_eq!(parsed.is_ok(), sums, "{:?} → {}", m, raw);
                let unchanged = raw == TokenSecret::from_random(&random).unwrap().expose();
                match &m {
                    Mutation::None | Mutation::Recomputed(..) => prop_assert!(sums),
                    // A single changed character or swapped pair is always caught by CRC32.
                    Mutation::RandomChar(..) | Mutation::ChecksumChar(..) | Mutation::Swap(..)
                        if !unchanged =>
                    {
                        prop_assert!(shaped && !sums);
                    }
                    Mutation::Shape(..) if !unchanged => prop_assert!(!shaped),
                    _ => {}
                }
                if let Ok(s) = parsed {
                    prop_assert_eq!(s.expose(), raw.as_str());
                    accepted.set(accepted.get() + 1);
                } else if shaped {
                    checksum_refused.set(checksum_refused.get() + 1);
                } else {
                    shape_refused.set(shape_refused.get() + 1);
                }
                Ok(())
            })
            .unwrap();
        // Each branch is exercised for real: with six mutations drawn evenly, about a third of
        // the cases are accepted and half are refused by the checksum itself.
        let (a, c, s) = (accepted.get(), checksum_refused.get(), shape_refused.get());
        assert_eq!(a + c + s, CASES);
        assert!(a >= CASES / 10, "accepted only {a} of {CASES}");
        assert!(c >= CASES / 10, "the checksum refused only {c} of {CASES}");
        assert!(s > 0, "no shape refusal in {CASES}");
    }

    proptest! {
        #[test]
        fn arbitrary_forty_character_strings_are_never_accepted_by_accident(raw in "[ -~]{40}") {
            if let Ok(s) = TokenSecret::parse(&raw) {
                let (random, checksum) = raw[4..].split_at(30);
                prop_assert!(raw.starts_with("cyp_"));
                prop_assert_eq!(base62_checksum(random), checksum);
                prop_assert_eq!(s.expose(), raw.as_str());
            }
        }
    }

    #[test]
    fn scopes_parse_sort_dedupe_and_round_trip() {
        let s = Scopes::parse(&["ai:write", "account:read", "ai:write"]).unwrap();
        assert_eq!(s.to_stored(), "account:read ai:write");
        assert_eq!(Scopes::from_stored(&s.to_stored()).unwrap(), s);
        assert!(Scopes::parse::<&str>(&[]).is_err());
        assert!(Scopes::parse(&["account:delete"]).is_err());
        assert!(Scopes::parse(&["weather:read"]).is_err());
        assert_eq!(Scope::all().count(), 12);
    }

    #[test]
    fn write_covers_read_of_the_same_area_only() {
        let w = Scope::new(Area::Account, Access::Write);
        let r = Scope::new(Area::Account, Access::Read);
        assert!(w.covers(r));
        assert!(w.covers(w));
        assert!(!r.covers(w));
        assert!(!w.covers(Scope::new(Area::Ai, Access::Read)));
        let set = Scopes::parse(&["ai:read"]).unwrap();
        assert!(set.allow(Scope::new(Area::Ai, Access::Read)));
        assert!(!set.allow(Scope::new(Area::Ai, Access::Write)));
        assert!(Scope::new(Area::Admin, Access::Read).admin_only());
        assert!(!Scope::new(Area::Ai, Access::Read).admin_only());
    }

    #[test]
    fn expiry_offers_exactly_the_listed_choices() {
        let now = DateTime::<Utc>::from_timestamp(1_700_000_000, 0).unwrap();
        for d in [7u16, 30, 90, 365] {
            assert_eq!(
                Expiry::from_days(Some(d)).unwrap().expires_at(now),
                Some(now + Duration::days(i64::from(d)))
            );
        }
        assert_eq!(Expiry::from_days(None).unwrap().expires_at(now), None);
        for d in [0u16, 1, 8, 366] {
            assert!(Expiry::from_days(Some(d)).is_err());
        }
    }

    #[test]
    fn state_is_revoked_before_expired_before_active() {
        let now = DateTime::<Utc>::from_timestamp(1_700_000_000, 0).unwrap();
        let mut t = PersonalAccessToken {
            id: TokenId::new_random(),
            user_id: UserId::new_random(),
            name: "ci".into(),
            hint: "cyp_…abcd".into(),
            scopes: Scopes::parse(&["ai:read"]).unwrap(),
            created_at: now,
            expires_at: Some(now),
            last_used_at: None,
            revoked_at: None,
        };
        assert_eq!(t.state(now), TokenState::Expired);
        assert_eq!(t.state(now - Duration::seconds(1)), TokenState::Active);
        t.revoked_at = Some(now);
        assert_eq!(t.state(now - Duration::seconds(1)), TokenState::Revoked);
    }
}
