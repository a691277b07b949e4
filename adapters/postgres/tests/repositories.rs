#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The accounts ports' `# Errors` contracts and the rate limiter, on SQLite and PostgreSQL.

use accounts::AccountsError;
use accounts::model::{NewUser, Nickname, PasswordHash, Session, SessionTokenHash, Username};
use accounts::ports::{SessionRepository, UserRepository};
use adapter_postgres::testing::TestDb;
use chrono::{DateTime, Duration, TimeZone, Utc};
use kernel::{RateDecision, RateLimitRule, RateLimiter, Role, SessionId, UserId};

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 21, 8, 0, 0).unwrap()
}

fn new_user(name: &str) -> NewUser {
    NewUser {
        id: UserId::new_random(),
        username: Username::parse(name).unwrap(),
        nickname: Nickname::parse("小明 Ming").unwrap(),
        password_hash: Some(PasswordHash::new("$argon2id$stub".into())),
        role: Role::User,
        created_at: t0(),
    }
}

fn session(user: UserId, hash: &str, created: DateTime<Utc>) -> Session {
    Session {
        id: SessionId::new_random(),
        user_id: user,
        token_hash: SessionTokenHash(hash.into()),
        user_agent: Some("Mozilla/5.0".into()),
        ip: Some("192.0.2.7".into()),
        created_at: created,
        last_seen_at: created,
        expires_at: created + Duration::days(30),
    }
}

#[tokio::test]
async fn users_round_trip_and_duplicates_are_username_taken() {
    for t in TestDb::all().await {
        let users = t.db.users();
        let created = users.insert(new_user("alice")).await.unwrap();
        assert_eq!(created.nickname.as_str(), "小明 Ming");
        assert_eq!(created.created_at, t0());

        let (found, hash) = users
            .find_by_username(&Username::parse("ALICE").unwrap())
            .await
            .unwrap()
            .unwrap();
        assert_eq!(found, created);
        assert_eq!(hash.unwrap().as_str(), "$argon2id$stub");
        assert_eq!(
            users.find_by_id(created.id).await.unwrap().unwrap().0,
            created
        );
        assert!(
            users
                .find_by_id(UserId::new_random())
                .await
                .unwrap()
                .is_none()
        );

        let dup = users.insert(new_user("alice")).await.unwrap_err();
        assert!(
            matches!(dup, AccountsError::UsernameTaken),
            "{} gave {dup:?}",
            t.url
        );

        users
            .set_password_hash(
                created.id,
                PasswordHash::new("$new".into()),
                t0() + Duration::hours(1),
            )
            .await
            .unwrap();
        let (after, hash) = users.find_by_id(created.id).await.unwrap().unwrap();
        assert_eq!(hash.unwrap().as_str(), "$new");
        assert_eq!(after.updated_at, t0() + Duration::hours(1));
    }
}

#[tokio::test]
async fn sessions_live_expire_list_and_delete_per_owner() {
    for t in TestDb::all().await {
        let alice = t.db.users().insert(new_user("alice")).await.unwrap();
        let bob = t.db.users().insert(new_user("bob")).await.unwrap();
        let repo = t.db.sessions();
        let older = session(alice.id, "h-older", t0());
        let newer = session(alice.id, "h-newer", t0() + Duration::minutes(1));
        let bobs = session(bob.id, "h-bob", t0());
        for s in [&older, &newer, &bobs] {
            repo.insert(s.clone()).await.unwrap();
        }

        let live = repo
            .find_live(&SessionTokenHash("h-older".into()), t0())
            .await
            .unwrap()
            .unwrap();
        assert_eq!(live, older);
        let later = t0() + Duration::days(31);
        assert!(
            repo.find_live(&SessionTokenHash("h-older".into()), later)
                .await
                .unwrap()
                .is_none(),
            "expired"
        );

        repo.touch(
            older.id,
            later - Duration::days(2),
            later + Duration::days(28),
        )
        .await
        .unwrap();
        assert!(
            repo.find_live(&SessionTokenHash("h-older".into()), later)
                .await
                .unwrap()
                .is_some(),
            "touch extends"
        );

        let listed: Vec<_> = repo
            .list_live_for_user(alice.id, t0())
            .await
            .unwrap()
            .into_iter()
            .map(|s| s.id)
            .collect();
        assert_eq!(
            listed,
            vec![newer.id, older.id],
            "newest first, only alice's"
        );

        assert!(
            !repo.delete_for_user(bob.id, older.id).await.unwrap(),
            "bob cannot delete alice's session"
        );
        assert!(repo.delete_for_user(alice.id, older.id).await.unwrap());
        assert!(
            !repo.delete_for_user(alice.id, older.id).await.unwrap(),
            "already gone"
        );

        let third = session(alice.id, "h-third", t0());
        repo.insert(third.clone()).await.unwrap();
        assert_eq!(repo.delete_others(alice.id, third.id).await.unwrap(), 1);
        let left: Vec<_> = repo
            .list_live_for_user(alice.id, t0())
            .await
            .unwrap()
            .into_iter()
            .map(|s| s.id)
            .collect();
        assert_eq!(left, vec![third.id]);
        assert!(
            repo.find_live(&SessionTokenHash("h-bob".into()), t0())
                .await
                .unwrap()
                .is_some(),
            "bob untouched"
        );

        repo.delete_by_token_hash(&SessionTokenHash("h-third".into()))
            .await
            .unwrap();
        assert!(
            repo.list_live_for_user(alice.id, t0())
                .await
                .unwrap()
                .is_empty()
        );

        assert_eq!(
            repo.purge_expired(t0() + Duration::days(31)).await.unwrap(),
            1,
            "bob's expired one"
        );
    }
}

#[tokio::test]
async fn rate_limiter_counts_windows_and_resets() {
    let rule = RateLimitRule {
        limit: 3,
        window_secs: 60,
    };
    for t in TestDb::all().await {
        let rl = t.db.rate_limiter();
        for i in 0..3 {
            assert_eq!(
                rl.hit("k", rule, t0() + Duration::seconds(i))
                    .await
                    .unwrap(),
                RateDecision::Allowed
            );
        }
        assert_eq!(
            rl.peek("k", rule, t0() + Duration::seconds(10))
                .await
                .unwrap(),
            RateDecision::Limited {
                retry_after_secs: 50
            }
        );
        assert_eq!(
            rl.hit("k", rule, t0() + Duration::seconds(10))
                .await
                .unwrap(),
            RateDecision::Limited {
                retry_after_secs: 50
            }
        );
        assert_eq!(
            rl.peek("other", rule, t0()).await.unwrap(),
            RateDecision::Allowed,
            "keys are independent"
        );
        // A new window starts once the old one is over.
        assert_eq!(
            rl.hit("k", rule, t0() + Duration::seconds(60))
                .await
                .unwrap(),
            RateDecision::Allowed
        );
        assert_eq!(
            rl.peek("k", rule, t0() + Duration::seconds(61))
                .await
                .unwrap(),
            RateDecision::Allowed
        );
        rl.reset("k").await.unwrap();
        for _ in 0..3 {
            assert_eq!(
                rl.hit("k", rule, t0() + Duration::seconds(61))
                    .await
                    .unwrap(),
                RateDecision::Allowed
            );
        }
        assert_eq!(
            rl.purge_older_than(t0() + Duration::days(1)).await.unwrap(),
            1
        );
    }
}

#[tokio::test]
async fn concurrent_hits_are_counted_exactly_once_each() {
    let rule = RateLimitRule {
        limit: 10,
        window_secs: 600,
    };
    for t in TestDb::all().await {
        let hits = (0..25).map(|_| {
            let rl = t.db.rate_limiter();
            tokio::spawn(async move { rl.hit("race", rule, t0()).await.unwrap() })
        });
        let mut allowed = 0;
        for h in hits {
            if h.await.unwrap() == RateDecision::Allowed {
                allowed += 1;
            }
        }
        assert_eq!(allowed, 10, "on {}", t.url);
    }
}
