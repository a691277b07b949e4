//! The shared vocabulary of Courtyard's domains: typed ids, roles, and the [`Clock`] and
//! [`RateLimiter`] ports.
//!
//! It must never depend on an adapter, a web framework or a database library, and it stays
//! tiny: anything that belongs to one domain lives in that domain's crate.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Declares a `Uuid`-backed id type that cannot be confused with another entity's id.
#[macro_export]
macro_rules! typed_id {
    ($(#[$meta:meta])* $name:ident) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, ::serde::Serialize, ::serde::Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub ::uuid::Uuid);

        impl $name {
            /// A fresh random (v4) id.
            pub fn new_random() -> Self {
                Self(::uuid::Uuid::new_v4())
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                self.0.fmt(f)
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = ::uuid::Error;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                ::uuid::Uuid::parse_str(s).map(Self)
            }
        }
    };
}

typed_id!(
    /// Identifies a user account.
    UserId
);
typed_id!(
    /// Identifies a signed-in session (not its secret token).
    SessionId
);
typed_id!(
    /// Identifies a community group. In the kernel because media, the plaza and profiles
    /// refer to groups without depending on the groups domain.
    GroupId
);
typed_id!(
    /// Identifies an article of a group.
    ArticleId
);
typed_id!(
    /// Identifies one stored image (its original and its thumbnail).
    MediaId
);

pub mod audit;
pub mod blocks;
pub mod csv;
pub mod fold;
pub mod markdown;
pub mod notice;
pub mod outage;
pub mod page;
pub mod words;
#[cfg(any(test, feature = "mocks"))]
pub use audit::MockAuditLog;
pub use audit::{AuditAction, AuditEvent, AuditLog};
#[cfg(any(test, feature = "mocks"))]
pub use blocks::MockBlocks;
pub use blocks::{BlockKind, Blocks, NoBlocks, Standing};
#[cfg(any(test, feature = "mocks"))]
pub use notice::MockNotifier;
pub use notice::{Audience, News, Notice, NoticeKind, Notifier, Subject};
pub use page::{Cursor, Page, PageRequest};
#[cfg(any(test, feature = "mocks"))]
pub use words::{ListedWords, MockWordFilter};
pub use words::{NoWords, Verdict, Withheld, WordAction, WordFilter, WordHit};

/// How a person is shown beside what they did: an article's author, a post's, a member.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Person {
    pub id: UserId,
    pub username: String,
    pub nickname: String,
    /// An avatar from elsewhere (a WeChat profile's), shown when there is no `avatar`.
    pub avatar_url: Option<String>,
    /// The avatar they uploaded (a public media file).
    pub avatar: Option<MediaId>,
}

/// The time source of every use case. Production uses [`SystemClock`]; tests pin the time.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
pub trait Clock: Send + Sync {
    fn now(&self) -> DateTime<Utc>;
}

/// The wall clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// A clock that always says the same time, for tests and for replaying events.
#[derive(Debug, Clone, Copy)]
pub struct FixedClock(pub DateTime<Utc>);

impl Clock for FixedClock {
    fn now(&self) -> DateTime<Utc> {
        self.0
    }
}

/// A user's role. `admin` is the spec's administrator (§6); everyone else is `user`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    User,
    Admin,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::User => "user",
            Role::Admin => "admin",
        }
    }

    /// Parses the stored form; anything unknown is the least privileged role.
    pub fn from_stored(raw: &str) -> Self {
        match raw {
            "admin" => Role::Admin,
            _ => Role::User,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A fixed-window counting rule: at most `limit` hits per `window_secs`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimitRule {
    pub limit: u32,
    pub window_secs: u64,
}

/// What a [`RateLimiter`] decided for one key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RateDecision {
    Allowed,
    /// Over the limit; the caller may try again after this many seconds.
    Limited {
        retry_after_secs: u64,
    },
}

/// Counters shared by every server instance (they live in the database, never in memory).
///
/// Shared here because several domains (accounts, chat, …) limit by the same mechanism.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait RateLimiter: Send + Sync {
    /// Counts one hit against `key` and says whether it was within `rule`.
    ///
    /// # Errors
    /// MUST return an error only when the counter store cannot be reached.
    async fn hit(
        &self,
        key: &str,
        rule: RateLimitRule,
        now: DateTime<Utc>,
    ) -> Result<RateDecision, anyhow::Error>;

    /// Says whether one more hit would be allowed, without counting it.
    ///
    /// # Errors
    /// MUST return an error only when the counter store cannot be reached.
    async fn peek(
        &self,
        key: &str,
        rule: RateLimitRule,
        now: DateTime<Utc>,
    ) -> Result<RateDecision, anyhow::Error>;

    /// Forgets the counter of `key` (e.g. after a successful login).
    ///
    /// # Errors
    /// MUST return an error only when the counter store cannot be reached.
    async fn reset(&self, key: &str) -> Result<(), anyhow::Error>;

    /// The hits counted against `key` in its current window of `rule` (0 when there is no
    /// counter or its window has passed), without counting one. For rules that grow with the
    /// count, such as the login delays of an account past its failure ceiling.
    ///
    /// # Errors
    /// MUST return an error only when the counter store cannot be reached.
    async fn count(
        &self,
        key: &str,
        rule: RateLimitRule,
        now: DateTime<Utc>,
    ) -> Result<u32, anyhow::Error>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_ids_round_trip_through_strings() {
        let id = UserId::new_random();
        let parsed: UserId = id.to_string().parse().unwrap();
        assert_eq!(parsed, id);
        assert!("not-a-uuid".parse::<UserId>().is_err());
    }

    #[test]
    fn unknown_stored_roles_are_least_privileged() {
        assert_eq!(Role::from_stored("admin"), Role::Admin);
        assert_eq!(Role::from_stored("user"), Role::User);
        assert_eq!(Role::from_stored("superuser"), Role::User);
    }
}
