//! What the adapter's tests share: the fixed clock, the people they store, and the two engines.
//!
//! Every test runs its body once per engine, each on its own fresh database:
//!
//! ```ignore
//! for t in TestDb::all().await { … }
//! ```
//!
//! [`TestDb::all`] yields a migrated SQLite file and a migrated PostgreSQL database (created on
//! the server of `TEST_POSTGRES_URL`, dropped when the test ends). Outside CI an unreachable
//! PostgreSQL is skipped, said loudly and recorded; with `CI=true` it fails the test.

use accounts::model::{NewUser, Nickname, PasswordHash, User, Username};
use accounts::ports::UserRepository;
use chrono::{DateTime, Duration, TimeZone, Utc};
use kernel::{Person, Role, UserId};

pub use adapter_postgres::testing::TestDb;

/// The tests' "now": every stored time is `t0()` or a fixed distance from it.
pub fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 25, 8, 0, 0).unwrap()
}

/// `minutes` after [`t0`].
pub fn at(minutes: i64) -> DateTime<Utc> {
    t0() + Duration::minutes(minutes)
}

/// A new user `name` (nickname `name`, a password hash that verifies nothing, no phone, no
/// WeChat) created at [`t0`], not yet stored.
pub fn new_user(name: &str) -> NewUser {
    NewUser {
        id: UserId::new_random(),
        username: Username::parse(name).unwrap(),
        nickname: Nickname::parse(name).unwrap(),
        password_hash: Some(PasswordHash::new("$argon2id$stub".into())),
        role: Role::User,
        avatar_url: None,
        phone: None,
        wechat: None,
        created_at: t0(),
    }
}

/// [`new_user`] stored, as the accounts domain's [`User`].
pub async fn user(t: &TestDb, name: &str) -> User {
    t.db.users().insert(new_user(name)).await.unwrap()
}

/// A user `name` stored at [`t0`], as the [`Person`] other domains show (nickname `昵称 name`, an
/// avatar URL).
pub async fn person(t: &TestDb, name: &str) -> Person {
    t.db.person_for_tests(name, t0()).await
}
