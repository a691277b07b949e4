//! Password sign-in against a fixed-window limiter kept in memory (the same rules as the
//! database's) and a clock the tests move: who is refused, for how long, and what a success
//! clears.

use super::tests::{t0, user};
use super::*;
use crate::model::PasswordHash;
use crate::ports::{
    MockPasswordHasher, MockSecretGenerator, MockSessionRepository, MockSmsSender,
    MockUserRepository, MockVerificationCodeRepository,
};
use chrono::{DateTime, Utc};
use mockall::predicate::{always, eq};
use std::collections::HashMap;
use std::sync::Mutex;

/// The database limiter's rules, in memory.
#[derive(Default)]
struct MemoryLimiter {
    counters: Mutex<HashMap<String, (u32, DateTime<Utc>)>>,
}

fn live(
    entry: Option<&(u32, DateTime<Utc>)>,
    rule: RateLimitRule,
    now: DateTime<Utc>,
) -> Option<(u32, DateTime<Utc>)> {
    let window = Duration::seconds(i64::try_from(rule.window_secs).unwrap());
    entry.copied().filter(|(_, start)| *start + window > now)
}

fn decide(
    count: u32,
    start: DateTime<Utc>,
    rule: RateLimitRule,
    now: DateTime<Utc>,
) -> RateDecision {
    if count <= rule.limit {
        return RateDecision::Allowed;
    }
    let left = start + Duration::seconds(i64::try_from(rule.window_secs).unwrap()) - now;
    let secs = u64::try_from((left.num_milliseconds() + 999) / 1000).unwrap_or(0);
    RateDecision::Limited {
        retry_after_secs: secs.max(1),
    }
}

#[async_trait::async_trait]
impl RateLimiter for MemoryLimiter {
    async fn hit(
        &self,
        key: &str,
        rule: RateLimitRule,
        now: DateTime<Utc>,
    ) -> anyhow::Result<RateDecision> {
        let mut map = self.counters.lock().unwrap();
        let (count, start) = match live(map.get(key), rule, now) {
            Some((c, s)) => (c + 1, s),
            None => (1, now),
        };
        map.insert(key.to_owned(), (count, start));
        Ok(decide(count, start, rule, now))
    }

    async fn peek(
        &self,
        key: &str,
        rule: RateLimitRule,
        now: DateTime<Utc>,
    ) -> anyhow::Result<RateDecision> {
        let map = self.counters.lock().unwrap();
        Ok(match live(map.get(key), rule, now) {
            Some((c, s)) => decide(c + 1, s, rule, now),
            None => RateDecision::Allowed,
        })
    }

    async fn reset(&self, key: &str) -> anyhow::Result<()> {
        self.counters.lock().unwrap().remove(key);
        Ok(())
    }

    async fn count(
        &self,
        key: &str,
        rule: RateLimitRule,
        now: DateTime<Utc>,
    ) -> anyhow::Result<u32> {
        let map = self.counters.lock().unwrap();
        Ok(live(map.get(key), rule, now).map_or(0, |(c, _)| c))
    }
}

/// A clock the test moves forward.
struct StepClock(Mutex<DateTime<Utc>>);

impl StepClock {
    fn advance(&self, secs: u64) {
        let mut now = self.0.lock().unwrap();
        *now += Duration::seconds(i64::try_from(secs).unwrap());
    }
}

impl Clock for StepClock {
    fn now(&self) -> DateTime<Utc> {
        *self.0.lock().unwrap()
    }
}

const RIGHT: &str = "the-right-password";

struct Rig {
    service: AccountsService,
    limiter: Arc<MemoryLimiter>,
    clock: Arc<StepClock>,
}

/// alice exists with the password [`RIGHT`]; sessions are stored; nothing needs a rehash.
fn rig(policy: AccountsPolicy) -> Rig {
    let mut hasher = MockPasswordHasher::new();
    hasher
        .expect_verify()
        .returning(|p, _| Ok(p.expose() == RIGHT));
    hasher
        .expect_hash()
        .returning(|_| Ok(PasswordHash::new("$dummy".into())));
    hasher.expect_needs_rehash().return_const(false);
    rig_with(policy, hasher, MockUserRepository::new())
}

fn rig_with(
    policy: AccountsPolicy,
    hasher: MockPasswordHasher,
    mut users: MockUserRepository,
) -> Rig {
    let alice = user("alice");
    users.expect_find_by_username().returning(move |name| {
        Ok((name.as_str() == "alice").then(|| {
            (
                alice.clone(),
                Some(PasswordHash::new("$argon2id$stored".into())),
            )
        }))
    });
    let mut sessions = MockSessionRepository::new();
    sessions.expect_insert().returning(|_| Ok(()));
    let mut secrets = MockSecretGenerator::new();
    secrets
        .expect_session_token()
        .returning(|| SessionToken::new("tok".into()));
    let limiter = Arc::new(MemoryLimiter::default());
    let clock = Arc::new(StepClock(Mutex::new(t0())));
    let service = AccountsService::new(
        AccountsPorts {
            users: Arc::new(users),
            sessions: Arc::new(sessions),
            hasher: Arc::new(hasher),
            secrets: Arc::new(secrets),
            limiter: limiter.clone(),
            codes: Arc::new(MockVerificationCodeRepository::new()),
            sms: Arc::new(MockSmsSender::new()),
            clock: clock.clone(),
            audit: Arc::new(super::tests::RecordedAudit::default()),
        },
        policy,
    );
    Rig {
        service,
        limiter,
        clock,
    }
}

fn from(ip: &str) -> ClientContext {
    ClientContext {
        ip: Some(ip.into()),
        user_agent: None,
    }
}

impl Rig {
    async fn login(&self, name: &str, password: &str, ip: &str) -> Result<(), AccountsError> {
        self.service
            .login_with_password(
                &Username::parse(name).unwrap(),
                &Password::for_login(password).unwrap(),
                &from(ip),
            )
            .await
            .map(|_| ())
    }

    async fn account_failures(&self, name: &str) -> u32 {
        let rule = RateLimitRule {
            limit: 0,
            window_secs: 3600,
        };
        self.limiter
            .count(&format!("login:fail:{name}"), rule, self.clock.now())
            .await
            .unwrap()
    }
}

fn retry_after(r: Result<(), AccountsError>) -> u64 {
    match r {
        Err(AccountsError::RateLimited { retry_after_secs }) => retry_after_secs,
        other => panic!("expected RateLimited, got {other:?}"),
    }
}

#[tokio::test]
async fn a_strangers_guesses_refuse_the_stranger_but_not_the_owner_elsewhere() {
    let r = rig(AccountsPolicy::default());
    for _ in 0..5 {
        assert!(matches!(
            r.login("alice", "guess-guess", "203.0.113.66").await,
            Err(AccountsError::InvalidCredentials)
        ));
    }
    // The stranger's pair is refused for the rest of its window, the right password included.
    assert_eq!(
        retry_after(r.login("alice", RIGHT, "203.0.113.66").await),
        900
    );
    r.clock.advance(300);
    assert_eq!(
        retry_after(r.login("alice", "guess-guess", "203.0.113.66").await),
        600
    );
    // The owner, from another address, signs in.
    r.login("alice", RIGHT, "198.51.100.7").await.unwrap();
    // The stranger may still try other accounts (their own limits apply there).
    assert!(matches!(
        r.login("bob", "guess-guess", "203.0.113.66").await,
        Err(AccountsError::InvalidCredentials)
    ));
    // An IPv6 stranger is one client per /64: hopping addresses inside it does not help.
    for i in 0..5 {
        let _ = r
            .login("alice", "guess-guess", &format!("2001:db8:5:6::{i}"))
            .await;
    }
    retry_after(r.login("alice", RIGHT, "2001:db8:5:6::99").await);
}

#[tokio::test]
async fn a_success_clears_its_own_pair_but_not_the_accounts_count() {
    let r = rig(AccountsPolicy::default());
    for _ in 0..4 {
        let _ = r.login("alice", "typo-typo", "198.51.100.7").await;
    }
    r.login("alice", RIGHT, "198.51.100.7").await.unwrap();
    // Four more mistakes would have been refused had the success not cleared the pair.
    for _ in 0..4 {
        assert!(matches!(
            r.login("alice", "typo-typo", "198.51.100.7").await,
            Err(AccountsError::InvalidCredentials)
        ));
    }
    assert_eq!(
        r.account_failures("alice").await,
        8,
        "a success gives a guesser elsewhere no fresh tries"
    );
}

#[tokio::test]
async fn past_the_ceiling_each_attempt_waits_a_doubling_delay_but_is_never_locked_out() {
    // The default ceiling (20 failures) over an hour, so the whole run stays in one window.
    let policy = AccountsPolicy {
        login_account_ceiling: RateLimitRule {
            limit: 20,
            window_secs: 3600,
        },
        ..AccountsPolicy::default()
    };
    let r = rig(policy);
    // 20 failures from four addresses (5 each, the pair limit).
    for client in 0..4 {
        for _ in 0..5 {
            let _ = r
                .login("alice", "guess-guess", &format!("203.0.113.{client}"))
                .await;
        }
    }
    assert_eq!(r.account_failures("alice").await, 20);
    let mut waits = Vec::new();
    for round in 0..11 {
        // Right away, anyone (the owner too) is told to wait.
        let wait = retry_after(r.login("alice", RIGHT, "198.51.100.7").await);
        waits.push(wait);
        r.clock.advance(wait);
        // Once the delay is over, one attempt is let through: a new guesser's wrong one.
        let guesser = format!("192.0.2.{round}");
        assert!(matches!(
            r.login("alice", "guess-guess", &guesser).await,
            Err(AccountsError::InvalidCredentials)
        ));
    }
    assert_eq!(waits, [1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300]);
    // However long it goes on, the owner waits at most the cap, then signs in.
    let wait = retry_after(r.login("alice", RIGHT, "198.51.100.7").await);
    assert!(wait <= 300, "{wait}");
    r.clock.advance(wait);
    r.login("alice", RIGHT, "198.51.100.7").await.unwrap();
}

#[tokio::test]
async fn an_opened_delay_lets_one_attempt_through_and_the_next_waits() {
    let r = rig(AccountsPolicy {
        login_account_ceiling: RateLimitRule {
            limit: 2,
            window_secs: 900,
        },
        ..AccountsPolicy::default()
    });
    let _ = r.login("alice", "guess-guess", "203.0.113.1").await;
    let _ = r.login("alice", "guess-guess", "203.0.113.2").await;
    r.clock.advance(1);
    // The first request after the delay claims the attempt; a second one at the same moment
    // (from anywhere) waits, so a burst cannot share one opening.
    r.login("alice", RIGHT, "198.51.100.7").await.unwrap();
    assert_eq!(
        retry_after(r.login("alice", RIGHT, "198.51.100.8").await),
        1
    );
    // A new window forgets the failures.
    r.clock.advance(900);
    r.login("alice", RIGHT, "198.51.100.8").await.unwrap();
}

#[tokio::test]
async fn the_per_ip_limit_counts_every_attempt() {
    let r = rig(AccountsPolicy {
        login_per_ip: RateLimitRule {
            limit: 3,
            window_secs: 900,
        },
        ..AccountsPolicy::default()
    });
    for _ in 0..3 {
        r.login("alice", RIGHT, "198.51.100.7").await.unwrap();
    }
    assert_eq!(
        retry_after(r.login("alice", RIGHT, "198.51.100.7").await),
        900
    );
}

#[tokio::test]
async fn an_unknown_user_costs_a_hash_and_counts_like_a_wrong_password() {
    let r = rig(AccountsPolicy::default());
    for _ in 0..5 {
        assert!(matches!(
            r.login("ghost", "guess-guess", "203.0.113.9").await,
            Err(AccountsError::InvalidCredentials)
        ));
    }
    assert_eq!(r.account_failures("ghost").await, 5);
    retry_after(r.login("ghost", "guess-guess", "203.0.113.9").await);
}

#[tokio::test]
async fn a_busy_hasher_is_busy_and_counts_no_failure() {
    let mut hasher = MockPasswordHasher::new();
    hasher.expect_verify().returning(|_, _| {
        Err(AccountsError::Busy {
            retry_after_secs: 1,
        })
    });
    let r = rig_with(AccountsPolicy::default(), hasher, MockUserRepository::new());
    assert!(matches!(
        r.login("alice", RIGHT, "198.51.100.7").await,
        Err(AccountsError::Busy {
            retry_after_secs: 1
        })
    ));
    assert_eq!(r.account_failures("alice").await, 0);
}

#[tokio::test]
async fn a_hash_with_old_settings_is_replaced_after_a_right_password_only() {
    let mut hasher = MockPasswordHasher::new();
    hasher
        .expect_verify()
        .returning(|p, _| Ok(p.expose() == RIGHT));
    hasher
        .expect_needs_rehash()
        .withf(|h| h.as_str() == "$argon2id$stored")
        .return_const(true);
    hasher
        .expect_hash()
        .times(1)
        .returning(|_| Ok(PasswordHash::new("$argon2id$fresh".into())));
    let mut users = MockUserRepository::new();
    users
        .expect_set_password_hash()
        .with(
            always(),
            eq(PasswordHash::new("$argon2id$fresh".into())),
            eq(t0()),
        )
        .times(1)
        .returning(|_, _, _| Ok(()));
    let r = rig_with(AccountsPolicy::default(), hasher, users);
    // A wrong password rehashes nothing (the one hash allowed is the right password's).
    let _ = r.login("alice", "guess-guess", "198.51.100.7").await;
    r.login("alice", RIGHT, "198.51.100.7").await.unwrap();
}

#[tokio::test]
async fn a_failed_rehash_does_not_fail_the_sign_in() {
    let mut hasher = MockPasswordHasher::new();
    hasher.expect_verify().returning(|_, _| Ok(true));
    hasher.expect_needs_rehash().return_const(true);
    hasher.expect_hash().returning(|_| {
        Err(AccountsError::Busy {
            retry_after_secs: 1,
        })
    });
    let mut users = MockUserRepository::new();
    users.expect_set_password_hash().never();
    let r = rig_with(AccountsPolicy::default(), hasher, users);
    r.login("alice", RIGHT, "198.51.100.7").await.unwrap();
}

#[test]
fn delays_double_from_the_ceiling_up_to_the_cap() {
    let p = AccountsPolicy::default();
    let delays: Vec<Option<u64>> = [0, 19, 20, 21, 22, 28, 29, 30, 5000]
        .into_iter()
        .map(|n| p.login_delay_secs(n))
        .collect();
    assert_eq!(
        delays,
        [
            None,
            None,
            Some(1),
            Some(2),
            Some(4),
            Some(256),
            Some(300),
            Some(300),
            Some(300)
        ]
    );
}
