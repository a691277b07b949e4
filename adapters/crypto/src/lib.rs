//! Cryptographic adapters: [`Argon2Hasher`] (argon2id, run on the blocking pool) and
//! [`OsTokenGenerator`] (256-bit tokens from the operating system's CSPRNG).

use accounts::AccountsError;
use accounts::model::{Password, PasswordHash, SessionToken, VerificationCode};
use accounts::ports::{PasswordHasher, TokenGenerator};
use anyhow::{Context, anyhow};
use argon2::password_hash::phc::PasswordHash as PhcHash;
use argon2::{Algorithm, Argon2, Params, PasswordHasher as _, PasswordVerifier as _, Version};
use async_trait::async_trait;
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::TryRng as _;

/// argon2id cost parameters; the defaults are OWASP's minimum (m = 19 MiB, t = 2, p = 1).
#[derive(Debug, Clone, Copy)]
pub struct Argon2Cost {
    pub memory_kib: u32,
    pub iterations: u32,
    pub parallelism: u32,
}

impl Default for Argon2Cost {
    fn default() -> Self {
        Self {
            memory_kib: 19 * 1024,
            iterations: 2,
            parallelism: 1,
        }
    }
}

#[derive(Clone)]
pub struct Argon2Hasher {
    argon: Argon2<'static>,
}

impl Argon2Hasher {
    /// # Errors
    /// When the cost parameters are outside argon2's ranges.
    pub fn new(cost: Argon2Cost) -> anyhow::Result<Self> {
        let params = Params::new(cost.memory_kib, cost.iterations, cost.parallelism, None)
            .map_err(|e| anyhow!("argon2 parameters: {e}"))?;
        Ok(Self {
            argon: Argon2::new(Algorithm::Argon2id, Version::V0x13, params),
        })
    }
}

#[async_trait]
impl PasswordHasher for Argon2Hasher {
    async fn hash(&self, password: &Password) -> Result<PasswordHash, AccountsError> {
        let argon = self.argon.clone();
        let secret = password.expose().to_owned();
        let phc = tokio::task::spawn_blocking(move || {
            argon
                .hash_password(secret.as_bytes())
                .map(|h| h.to_string())
                .map_err(|e| anyhow!("argon2 hash: {e}"))
        })
        .await
        .context("argon2 worker")??;
        Ok(PasswordHash::new(phc))
    }

    async fn verify(
        &self,
        password: &Password,
        hash: &PasswordHash,
    ) -> Result<bool, AccountsError> {
        let argon = self.argon.clone();
        let secret = password.expose().to_owned();
        let stored = hash.as_str().to_owned();
        let ok = tokio::task::spawn_blocking(move || -> anyhow::Result<bool> {
            let parsed = PhcHash::new(&stored).map_err(|e| anyhow!("stored hash: {e}"))?;
            Ok(argon.verify_password(secret.as_bytes(), &parsed).is_ok())
        })
        .await
        .context("argon2 worker")??;
        Ok(ok)
    }
}

/// Secrets from the operating system's random source.
#[derive(Debug, Default, Clone, Copy)]
pub struct OsTokenGenerator;

impl OsTokenGenerator {
    /// `n` random bytes, base64url without padding.
    ///
    /// # Panics
    /// Never in practice: only if the OS random source fails, where no secret can be made.
    #[allow(clippy::expect_used)]
    pub fn random_b64(n: usize) -> String {
        let mut bytes = vec![0u8; n];
        rand::rngs::SysRng
            .try_fill_bytes(&mut bytes)
            .expect("the operating system's random source failed");
        URL_SAFE_NO_PAD.encode(bytes)
    }
}

impl OsTokenGenerator {
    /// A uniform number below 1 000 000 (rejection sampling, so no digit is favoured).
    #[allow(clippy::expect_used)]
    fn below_a_million() -> u32 {
        const LIMIT: u32 = u32::MAX - u32::MAX % 1_000_000;
        loop {
            let mut bytes = [0u8; 4];
            rand::rngs::SysRng
                .try_fill_bytes(&mut bytes)
                .expect("the operating system's random source failed");
            let n = u32::from_le_bytes(bytes);
            if n < LIMIT {
                return n % 1_000_000;
            }
        }
    }
}

impl TokenGenerator for OsTokenGenerator {
    fn session_token(&self) -> SessionToken {
        SessionToken::new(Self::random_b64(32))
    }

    #[allow(clippy::expect_used)]
    fn verification_code(&self) -> VerificationCode {
        VerificationCode::parse(&format!("{:06}", Self::below_a_million()))
            .expect("six zero-padded digits always parse")
    }
}

impl tokens::ports::SecretSource for OsTokenGenerator {
    /// Uniform base62 characters: bytes ≥ 248 (= 4 × 62) are thrown away rather than folded,
    /// so no character is favoured.
    #[allow(clippy::expect_used)]
    fn base62(&self, len: usize) -> String {
        const ALPHABET: &[u8; 62] =
            b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
        let mut out = String::with_capacity(len);
        while out.len() < len {
            let mut bytes = [0u8; 64];
            rand::rngs::SysRng
                .try_fill_bytes(&mut bytes)
                .expect("the operating system's random source failed");
            for b in bytes {
                if b < 248 && out.len() < len {
                    out.push(char::from(ALPHABET[usize::from(b % 62)]));
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cheap() -> Argon2Hasher {
        Argon2Hasher::new(Argon2Cost {
            memory_kib: 1024,
            iterations: 1,
            parallelism: 1,
        })
        .unwrap()
    }

    #[tokio::test]
    async fn hashes_verify_only_the_right_password() {
        let h = cheap();
        let pw = Password::parse("correct horse").unwrap();
        let hash = h.hash(&pw).await.unwrap();
        assert!(hash.as_str().starts_with("$argon2id$v=19$m=1024,t=1,p=1$"));
        assert!(h.verify(&pw, &hash).await.unwrap());
        assert!(
            !h.verify(&Password::parse("wrong horse").unwrap(), &hash)
                .await
                .unwrap()
        );
    }

    #[tokio::test]
    async fn salts_differ_per_hash() {
        let h = cheap();
        let pw = Password::parse("same password").unwrap();
        assert_ne!(h.hash(&pw).await.unwrap(), h.hash(&pw).await.unwrap());
    }

    #[tokio::test]
    async fn default_cost_meets_owasp_minimum() {
        let h = Argon2Hasher::new(Argon2Cost::default()).unwrap();
        let hash = h
            .hash(&Password::parse("password123").unwrap())
            .await
            .unwrap();
        assert!(
            hash.as_str().starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{hash:?}"
        );
    }

    #[tokio::test]
    async fn a_corrupt_stored_hash_is_an_error_not_a_match() {
        let err = cheap()
            .verify(
                &Password::parse("password123").unwrap(),
                &PasswordHash::new("garbage".into()),
            )
            .await;
        assert!(err.is_err());
    }

    #[test]
    fn verification_codes_are_six_digits_and_vary() {
        let codes: std::collections::HashSet<String> = (0..200)
            .map(|_| OsTokenGenerator.verification_code().expose().to_owned())
            .collect();
        assert!(
            codes
                .iter()
                .all(|c| c.len() == 6 && c.bytes().all(|b| b.is_ascii_digit()))
        );
        assert!(
            codes.len() > 190,
            "200 draws from a million should rarely repeat"
        );
        let leading_digits: std::collections::HashSet<u8> =
            codes.iter().map(|c| c.as_bytes()[0]).collect();
        assert!(
            leading_digits.len() >= 8,
            "leading zeros and every digit occur"
        );
    }

    #[test]
    fn session_tokens_carry_256_bits() {
        let a = OsTokenGenerator.session_token();
        let b = OsTokenGenerator.session_token();
        assert_eq!(a.expose().len(), 43, "32 bytes in unpadded base64url");
        assert_ne!(a, b);
    }

    #[test]
    fn base62_secrets_have_the_asked_length_and_alphabet_and_differ() {
        use tokens::ports::SecretSource;
        let a = OsTokenGenerator.base62(30);
        let b = OsTokenGenerator.base62(30);
        assert_eq!(a.len(), 30);
        assert!(a.bytes().all(|c| c.is_ascii_alphanumeric()));
        assert_ne!(a, b);
        // Over many characters every one of the 62 shows up.
        let many = OsTokenGenerator.base62(20_000);
        let distinct: std::collections::HashSet<char> = many.chars().collect();
        assert_eq!(distinct.len(), 62);
    }
}
