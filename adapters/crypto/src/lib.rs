//! Cryptographic adapters: [`Argon2Hasher`] (argon2id on a fixed set of worker threads) and
//! [`OsSecretGenerator`] (256-bit tokens from the operating system's CSPRNG).
//!
//! Why a fixed set of workers: one argon2id hash holds `m` KiB (19 MiB by default) for its
//! whole run. Run on the blocking pool, a burst of sign-ins hashed on hundreds of threads at
//! once, each allocation landing in its own malloc arena that never shrank back (measured: 25 MiB
//! → 3.9 GB resident after 400 sign-ins, and it stayed there). Here at most `concurrency` hashes
//! run, each on a thread that keeps one memory buffer for every hash it computes, so the
//! hashing memory is `concurrency × m` however many requests come; the rest wait up to
//! `queue_wait` for a turn and are then told the server is busy (`AccountsError::Busy`).

use accounts::AccountsError;
use accounts::model::{Password, PasswordHash, SessionToken, VerificationCode};
use accounts::ports::{PasswordHasher, SecretGenerator};
use anyhow::{Context, anyhow};
use argon2::password_hash::phc::{Output, ParamsString, PasswordHash as PhcHash, Salt};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use async_trait::async_trait;
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::TryRng as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore, oneshot};

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

/// How many hashes run at once, and how long a request waits for a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HashLimits {
    /// Hashes in flight (worker threads, each keeping one argon2 buffer); at least 1.
    pub concurrency: usize,
    /// How long a hash waits for a free worker before the caller gets `Busy`.
    pub queue_wait: Duration,
}

impl Default for HashLimits {
    /// One worker per core the process may use; two seconds of queueing.
    fn default() -> Self {
        Self {
            concurrency: std::thread::available_parallelism().map_or(1, usize::from),
            queue_wait: Duration::from_millis(2000),
        }
    }
}

/// Work for a hashing thread: gets the thread's own argon2 memory.
type Job = Box<dyn FnOnce(&mut Vec<Block>) + Send>;

struct Pool {
    argon: Argon2<'static>,
    permits: Arc<Semaphore>,
    queue_wait: Duration,
    /// Jobs for the workers; dropping the last sender stops them.
    jobs: Mutex<mpsc::Sender<Job>>,
    /// The most hashes ever running at once (the workers count themselves in and out).
    peak: Arc<AtomicUsize>,
}

#[derive(Clone)]
pub struct Argon2Hasher {
    pool: Arc<Pool>,
}

impl Argon2Hasher {
    /// Starts `limits.concurrency` hashing threads.
    ///
    /// # Errors
    /// When the cost parameters are outside argon2's ranges or a thread cannot be started.
    pub fn new(cost: Argon2Cost, limits: HashLimits) -> anyhow::Result<Self> {
        let params = Params::new(cost.memory_kib, cost.iterations, cost.parallelism, None)
            .map_err(|e| anyhow!("argon2 parameters: {e}"))?;
        let concurrency = limits.concurrency.max(1);
        let (tx, rx) = mpsc::channel::<Job>();
        let rx = Arc::new(Mutex::new(rx));
        let in_flight = Arc::new(AtomicUsize::new(0));
        let peak = Arc::new(AtomicUsize::new(0));
        for i in 0..concurrency {
            let rx = rx.clone();
            let (in_flight, peak) = (in_flight.clone(), peak.clone());
            std::thread::Builder::new()
                .name(format!("argon2-{i}"))
                .spawn(move || worker(&rx, &in_flight, &peak))
                .context("starting a password-hashing thread")?;
        }
        Ok(Self {
            pool: Arc::new(Pool {
                argon: Argon2::new(Algorithm::Argon2id, Version::V0x13, params),
                permits: Arc::new(Semaphore::new(concurrency)),
                queue_wait: limits.queue_wait,
                jobs: Mutex::new(tx),
                peak,
            }),
        })
    }

    /// The most hashes that were ever running at the same moment (for tests and diagnostics).
    pub fn peak_in_flight(&self) -> usize {
        self.pool.peak.load(Ordering::SeqCst)
    }

    /// Runs `f` on a hashing thread once one is free; `Busy` after `queue_wait` without one.
    async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Vec<Block>) -> T + Send + 'static,
    ) -> Result<T, AccountsError> {
        let permit = self.turn().await?;
        let (tx, rx) = oneshot::channel();
        let job: Job = Box::new(move |memory| {
            let out = f(memory);
            // The turn ends when the hash does, even if the caller went away meanwhile.
            drop(permit);
            let _ = tx.send(out);
        });
        self.pool
            .jobs
            .lock()
            .map_err(|_| anyhow!("argon2 job queue poisoned"))?
            .send(job)
            .map_err(|_| anyhow!("the argon2 workers stopped"))?;
        Ok(rx.await.context("argon2 worker")?)
    }

    async fn turn(&self) -> Result<OwnedSemaphorePermit, AccountsError> {
        let permits = self.pool.permits.clone();
        if let Ok(p) = permits.clone().try_acquire_owned() {
            return Ok(p);
        }
        let busy = AccountsError::Busy {
            retry_after_secs: self.pool.queue_wait.as_secs().max(1),
        };
        if self.pool.queue_wait.is_zero() {
            return Err(busy);
        }
        match tokio::time::timeout(self.pool.queue_wait, permits.acquire_owned()).await {
            Ok(Ok(p)) => Ok(p),
            Ok(Err(_)) => Err(anyhow!("the argon2 workers stopped").into()),
            Err(_) => Err(busy),
        }
    }
}

fn worker(jobs: &Mutex<mpsc::Receiver<Job>>, in_flight: &AtomicUsize, peak: &AtomicUsize) {
    // Grown to the first hash's size, then reused by every hash on this thread.
    let mut memory: Vec<Block> = Vec::new();
    loop {
        let job = {
            let Ok(rx) = jobs.lock() else { return };
            match rx.recv() {
                Ok(job) => job,
                Err(_) => return,
            }
        };
        let now = in_flight.fetch_add(1, Ordering::SeqCst) + 1;
        peak.fetch_max(now, Ordering::SeqCst);
        job(&mut memory);
        in_flight.fetch_sub(1, Ordering::SeqCst);
    }
}

/// argon2 into the thread's reused buffer (grown if these parameters need more).
fn compute(
    argon: &Argon2<'_>,
    secret: &[u8],
    salt: &[u8],
    out: &mut [u8],
    memory: &mut Vec<Block>,
) -> anyhow::Result<()> {
    let need = argon.params().block_count();
    if memory.len() < need {
        memory.resize(need, Block::default());
    }
    argon
        .hash_password_into_with_memory(secret, salt, out, &mut memory[..need])
        .map_err(|e| anyhow!("argon2: {e}"))
}

fn hash_phc(argon: &Argon2<'_>, secret: &[u8], memory: &mut Vec<Block>) -> anyhow::Result<String> {
    let mut salt = [0u8; 16];
    rand::rngs::SysRng
        .try_fill_bytes(&mut salt)
        .map_err(|e| anyhow!("the operating system's random source failed: {e}"))?;
    let params = argon.params();
    let mut out = vec![0u8; params.output_len().unwrap_or(Params::DEFAULT_OUTPUT_LEN)];
    compute(argon, secret, &salt, &mut out, memory)?;
    let phc = PhcHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(params).map_err(|e| anyhow!("argon2 params: {e}"))?,
        salt: Some(Salt::new(&salt).map_err(|e| anyhow!("salt: {e}"))?),
        hash: Some(Output::new(&out).map_err(|e| anyhow!("output: {e}"))?),
    };
    Ok(phc.to_string())
}

/// Recomputes the hash with the stored string's own algorithm, version, cost and salt, and
/// compares in constant time.
fn verify_phc(stored: &str, secret: &[u8], memory: &mut Vec<Block>) -> anyhow::Result<bool> {
    let phc = PhcHash::new(stored).map_err(|e| anyhow!("stored hash: {e}"))?;
    let algorithm = Algorithm::try_from(phc.algorithm.as_str())
        .map_err(|e| anyhow!("stored hash algorithm: {e}"))?;
    let version = phc
        .version
        .map(Version::try_from)
        .transpose()
        .map_err(|e| anyhow!("stored hash version: {e}"))?
        .unwrap_or_default();
    let params = Params::try_from(&phc).map_err(|e| anyhow!("stored hash params: {e}"))?;
    let (Some(salt), Some(expected)) = (&phc.salt, &phc.hash) else {
        return Err(anyhow!("stored hash without salt or output"));
    };
    let mut out = vec![0u8; expected.len()];
    compute(
        &Argon2::new(algorithm, version, params),
        secret,
        salt,
        &mut out,
        memory,
    )?;
    // `Output`'s equality is constant-time.
    Ok(Output::new(&out).map_err(|e| anyhow!("output: {e}"))? == *expected)
}

#[async_trait]
impl PasswordHasher for Argon2Hasher {
    async fn hash(&self, password: &Password) -> Result<PasswordHash, AccountsError> {
        let pool = self.pool.clone();
        let secret = password.expose().to_owned();
        let phc = self
            .run(move |memory| hash_phc(&pool.argon, secret.as_bytes(), memory))
            .await??;
        Ok(PasswordHash::new(phc))
    }

    async fn verify(
        &self,
        password: &Password,
        hash: &PasswordHash,
    ) -> Result<bool, AccountsError> {
        let secret = password.expose().to_owned();
        let stored = hash.as_str().to_owned();
        Ok(self
            .run(move |memory| verify_phc(&stored, secret.as_bytes(), memory))
            .await??)
    }

    fn needs_rehash(&self, hash: &PasswordHash) -> bool {
        let Ok(phc) = PhcHash::new(hash.as_str()) else {
            // Not ours to judge: verify refuses it.
            return false;
        };
        let want = self.pool.argon.params();
        let same = phc.algorithm == Algorithm::Argon2id.ident()
            && phc.version == Some(Version::V0x13.into())
            && Params::try_from(&phc).is_ok_and(|got| {
                got.m_cost() == want.m_cost()
                    && got.t_cost() == want.t_cost()
                    && got.p_cost() == want.p_cost()
                    && got.output_len().unwrap_or(Params::DEFAULT_OUTPUT_LEN)
                        == want.output_len().unwrap_or(Params::DEFAULT_OUTPUT_LEN)
            });
        !same
    }
}

/// Secrets from the operating system's random source.
#[derive(Debug, Default, Clone, Copy)]
pub struct OsSecretGenerator;

impl OsSecretGenerator {
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

impl OsSecretGenerator {
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

impl SecretGenerator for OsSecretGenerator {
    fn session_token(&self) -> SessionToken {
        SessionToken::new(Self::random_b64(32))
    }

    #[allow(clippy::expect_used)]
    fn verification_code(&self) -> VerificationCode {
        VerificationCode::parse(&format!("{:06}", Self::below_a_million()))
            .expect("six zero-padded digits always parse")
    }

    #[allow(clippy::expect_used)]
    fn nonce(&self) -> String {
        let mut bytes = [0u8; 16];
        rand::rngs::SysRng
            .try_fill_bytes(&mut bytes)
            .expect("the operating system's random source failed");
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }
}

impl OsSecretGenerator {
    /// `len` characters drawn uniformly from `alphabet` (at most 256 characters): bytes at or
    /// above the largest multiple of its size are thrown away rather than folded, so no
    /// character is favoured.
    #[allow(clippy::expect_used)]
    fn uniform(alphabet: &[u8], len: usize) -> String {
        let n = alphabet.len();
        let cutoff = 256 - 256 % n;
        let mut out = String::with_capacity(len);
        while out.len() < len {
            let mut bytes = [0u8; 64];
            rand::rngs::SysRng
                .try_fill_bytes(&mut bytes)
                .expect("the operating system's random source failed");
            for b in bytes {
                if usize::from(b) < cutoff && out.len() < len {
                    out.push(char::from(alphabet[usize::from(b) % n]));
                }
            }
        }
        out
    }
}

impl tokens::ports::SecretSource for OsSecretGenerator {
    fn base62(&self, len: usize) -> String {
        Self::uniform(
            b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
            len,
        )
    }
}

impl groups::ports::InviteCodes for OsSecretGenerator {
    fn generate(&self) -> String {
        Self::uniform(groups::model::INVITE_ALPHABET, groups::model::INVITE_LEN)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHEAP: Argon2Cost = Argon2Cost {
        memory_kib: 1024,
        iterations: 1,
        parallelism: 1,
    };

    fn cheap() -> Argon2Hasher {
        Argon2Hasher::new(CHEAP, HashLimits::default()).unwrap()
    }

    fn pw(raw: &str) -> Password {
        Password::parse(raw).unwrap()
    }

    #[test]
    fn invite_codes_are_read_back_as_codes_and_use_the_whole_alphabet() {
        use groups::ports::InviteCodes as _;
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..200 {
            let code = OsSecretGenerator.generate();
            assert_eq!(
                groups::model::normalize_invite_code(&code).as_deref(),
                Some(code.as_str())
            );
            seen.extend(code.bytes());
        }
        assert_eq!(seen.len(), groups::model::INVITE_ALPHABET.len());
    }

    #[tokio::test]
    async fn our_hashes_are_standard_phc_strings_and_the_crates_own_hashes_verify() {
        use argon2::{PasswordHasher as _, PasswordVerifier as _};
        let ours = cheap().hash(&pw("correct horse")).await.unwrap();
        let parsed = PhcHash::new(ours.as_str()).unwrap();
        assert_eq!(parsed.salt.unwrap().len(), 16);
        assert_eq!(parsed.hash.unwrap().len(), 32);
        // The argon2 crate's own verifier accepts ours …
        assert!(
            Argon2::default()
                .verify_password(b"correct horse", &parsed)
                .is_ok()
        );
        // … and ours accepts the hashes stored before (made by the crate, other costs too).
        let params = Params::new(2048, 2, 2, None).unwrap();
        let theirs = Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
            .hash_password(b"correct horse")
            .unwrap()
            .to_string();
        let theirs = PasswordHash::new(theirs);
        let h = cheap();
        assert!(h.verify(&pw("correct horse"), &theirs).await.unwrap());
        assert!(!h.verify(&pw("correct horsf"), &theirs).await.unwrap());
    }

    #[tokio::test]
    async fn a_hash_needs_redoing_only_when_the_settings_differ() {
        let h = cheap();
        let now = h.hash(&pw("correct horse")).await.unwrap();
        assert!(!h.needs_rehash(&now));
        let stronger = Argon2Hasher::new(
            Argon2Cost {
                memory_kib: 2048,
                ..CHEAP
            },
            HashLimits::default(),
        )
        .unwrap();
        assert!(stronger.needs_rehash(&now), "m changed");
        let more_passes = Argon2Hasher::new(
            Argon2Cost {
                iterations: 2,
                ..CHEAP
            },
            HashLimits::default(),
        )
        .unwrap();
        assert!(more_passes.needs_rehash(&now), "t changed");
        let argon2i = PasswordHash::new(now.as_str().replacen("argon2id", "argon2i", 1));
        assert!(h.needs_rehash(&argon2i), "another algorithm");
        assert!(!h.needs_rehash(&PasswordHash::new("garbage".into())));
        // Rehashed with the new settings, the password still verifies and is settled.
        let redone = stronger.hash(&pw("correct horse")).await.unwrap();
        assert!(!stronger.needs_rehash(&redone));
        assert!(h.verify(&pw("correct horse"), &redone).await.unwrap());
    }

    #[tokio::test]
    async fn no_more_hashes_run_at_once_than_the_concurrency() {
        let h = Argon2Hasher::new(
            CHEAP,
            HashLimits {
                concurrency: 2,
                queue_wait: Duration::from_secs(60),
            },
        )
        .unwrap();
        let p = pw("correct horse");
        let hashes: Vec<_> = (0..8).map(|_| h.hash(&p)).collect();
        for r in futures_util::future::join_all(hashes).await {
            assert!(r.is_ok(), "every hash gets its turn within the queue wait");
        }
        let peak = h.peak_in_flight();
        assert!((1..=2).contains(&peak), "peak {peak}");
    }

    #[tokio::test]
    async fn past_the_queue_wait_the_excess_is_told_the_server_is_busy() {
        let h = Argon2Hasher::new(
            Argon2Cost {
                memory_kib: 16 * 1024,
                ..CHEAP
            },
            HashLimits {
                concurrency: 1,
                queue_wait: Duration::ZERO,
            },
        )
        .unwrap();
        let p = pw("correct horse");
        let results = futures_util::future::join_all((0..8).map(|_| h.hash(&p))).await;
        let ok = results.iter().filter(|r| r.is_ok()).count();
        let busy = results
            .iter()
            .filter(|r| {
                matches!(
                    r,
                    Err(AccountsError::Busy {
                        retry_after_secs: 1
                    })
                )
            })
            .count();
        assert!(ok >= 1, "the first gets the worker");
        assert_eq!(ok + busy, 8);
        assert!(busy >= 1, "the rest cannot wait");
        assert_eq!(h.peak_in_flight(), 1);
        // Once the worker is free, hashing works again.
        assert!(h.hash(&p).await.is_ok());
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
        let h = Argon2Hasher::new(Argon2Cost::default(), HashLimits::default()).unwrap();
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
            .map(|_| OsSecretGenerator.verification_code().expose().to_owned())
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
        let a = OsSecretGenerator.session_token();
        let b = OsSecretGenerator.session_token();
        assert_eq!(a.expose().len(), 43, "32 bytes in unpadded base64url");
        assert_ne!(a, b);
    }

    #[test]
    fn base62_secrets_have_the_asked_length_and_alphabet_and_differ() {
        use tokens::ports::SecretSource;
        let a = OsSecretGenerator.base62(30);
        let b = OsSecretGenerator.base62(30);
        assert_eq!(a.len(), 30);
        assert!(a.bytes().all(|c| c.is_ascii_alphanumeric()));
        assert_ne!(a, b);
        // Over many characters every one of the 62 shows up.
        let many = OsSecretGenerator.base62(20_000);
        let distinct: std::collections::HashSet<char> = many.chars().collect();
        assert_eq!(distinct.len(), 62);
    }
}
