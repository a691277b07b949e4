//! The accounts ports' `# Errors` contracts and the rate limiter, on SQLite and PostgreSQL.

use crate::support::{TestDb, new_user, t0};
use accounts::AccountsError;
use accounts::model::{
    CodePurpose, NewUser, Nickname, PasswordHash, PhoneNumber, Session, SessionTokenHash, Username,
    VerificationCode, WechatIdentity,
};
use accounts::ports::{
    AttemptOutcome, CodeId, SessionRepository, StoredCode, UserRepository,
    VerificationCodeRepository,
};
use chrono::{DateTime, Duration, Utc};
use kernel::{RateDecision, RateLimitRule, RateLimiter, SessionId, UserId};

fn phone(n: &str) -> PhoneNumber {
    PhoneNumber::parse("86", n).unwrap()
}

fn wechat(openid: &str) -> WechatIdentity {
    WechatIdentity {
        openid: openid.into(),
        unionid: Some(format!("union-{openid}")),
    }
}

fn code(digits: &str, p: &PhoneNumber, sent: DateTime<Utc>) -> StoredCode {
    StoredCode {
        id: CodeId::new_random(),
        phone: p.clone(),
        purpose: CodePurpose::Login,
        code_hash: VerificationCode::parse(digits)
            .unwrap()
            .hash(p, CodePurpose::Login),
        sent_at: sent,
        expires_at: sent + Duration::minutes(5),
        attempts: 0,
    }
}

#[tokio::test]
async fn phone_and_wechat_are_stored_found_and_unique() {
    for t in TestDb::all().await {
        let users = t.db.users();
        let mut with_both = new_user("phoney");
        with_both.phone = Some(phone("13800138000"));
        with_both.wechat = Some(wechat("o-1"));
        with_both.avatar_url = Some("https://wx.qlogo.cn/a.png".into());
        with_both.password_hash = None;
        let made = users.insert(with_both).await.unwrap();
        assert_eq!(made.phone, Some(phone("13800138000")));
        assert_eq!(made.wechat, Some(wechat("o-1")));
        assert!(!made.has_password);
        assert_eq!(made.sign_in_methods(), 2);
        let by_phone = users.find_by_phone(&phone("13800138000")).await.unwrap();
        assert_eq!(by_phone.as_ref(), Some(&made));
        assert_eq!(
            users.find_by_wechat_openid("o-1").await.unwrap(),
            Some(made.clone())
        );
        assert!(users.find_by_wechat_openid("o-2").await.unwrap().is_none());

        let mut same_phone = new_user("second");
        same_phone.phone = Some(phone("13800138000"));
        assert!(matches!(
            users.insert(same_phone).await,
            Err(AccountsError::PhoneTaken)
        ));
        let mut same_wechat = new_user("third");
        same_wechat.wechat = Some(wechat("o-1"));
        assert!(matches!(
            users.insert(same_wechat).await,
            Err(AccountsError::WechatTaken)
        ));

        // Accounts without phone or WeChat never collide (NULLs are distinct).
        let plain_a = users.insert(new_user("plaina")).await.unwrap();
        let plain_b = users.insert(new_user("plainb")).await.unwrap();
        assert!(matches!(
            users
                .set_phone(plain_a.id, &phone("13800138000"), t0())
                .await,
            Err(AccountsError::PhoneTaken)
        ));
        users
            .set_phone(plain_a.id, &phone("13900139000"), t0())
            .await
            .unwrap();
        assert!(matches!(
            users
                .set_wechat(plain_b.id, Some(wechat("o-1")), t0())
                .await,
            Err(AccountsError::WechatTaken)
        ));
        users.set_wechat(made.id, None, t0()).await.unwrap();
        users
            .set_wechat(plain_b.id, Some(wechat("o-1")), t0())
            .await
            .unwrap();
        let (b, _) = users.find_by_id(plain_b.id).await.unwrap().unwrap();
        assert_eq!(b.wechat, Some(wechat("o-1")));
        assert_eq!(users.count().await.unwrap(), 3);
    }
}

#[tokio::test]
async fn a_code_gets_exactly_five_tries_even_under_concurrency() {
    for t in TestDb::all().await {
        let codes = t.db.verification_codes();
        let p = phone("13800138000");
        codes.replace(code("123456", &p, t0())).await.unwrap();
        let mut handles = Vec::new();
        for _ in 0..12 {
            let codes = codes.clone();
            let p = p.clone();
            handles.push(tokio::spawn(async move {
                codes
                    .reserve_attempt(&p, CodePurpose::Login, 5, t0() + Duration::seconds(10))
                    .await
                    .unwrap()
            }));
        }
        let mut reserved = 0;
        for h in handles {
            match h.await.unwrap() {
                AttemptOutcome::Reserved(_) => reserved += 1,
                AttemptOutcome::Exhausted => {}
                AttemptOutcome::NoLiveCode => panic!("the code is live"),
            }
        }
        assert_eq!(reserved, 5, "{}", t.url);
    }
}

#[tokio::test]
async fn codes_expire_are_single_use_and_a_new_code_replaces_the_old() {
    for t in TestDb::all().await {
        let codes = t.db.verification_codes();
        let p = phone("13800138000");
        let first = code("111111", &p, t0());
        codes.replace(first.clone()).await.unwrap();
        let later = t0() + Duration::seconds(30);
        let AttemptOutcome::Reserved(got) = codes
            .reserve_attempt(&p, CodePurpose::Login, 5, later)
            .await
            .unwrap()
        else {
            panic!("live code expected");
        };
        assert_eq!((got.id, got.attempts), (first.id, 1));
        assert_eq!(got.code_hash, first.code_hash);
        // Another purpose has no code.
        assert_eq!(
            codes
                .reserve_attempt(&p, CodePurpose::BindPhone, 5, later)
                .await
                .unwrap(),
            AttemptOutcome::NoLiveCode
        );
        // A fresh code replaces the first.
        let second = code("222222", &p, t0() + Duration::seconds(60));
        codes.replace(second.clone()).await.unwrap();
        let AttemptOutcome::Reserved(got) = codes
            .reserve_attempt(&p, CodePurpose::Login, 5, later + Duration::seconds(60))
            .await
            .unwrap()
        else {
            panic!("live code expected");
        };
        assert_eq!(got.id, second.id);
        // Single use.
        assert!(codes.consume(second.id, later).await.unwrap());
        assert!(!codes.consume(second.id, later).await.unwrap());
        assert_eq!(
            codes
                .reserve_attempt(&p, CodePurpose::Login, 5, later)
                .await
                .unwrap(),
            AttemptOutcome::NoLiveCode
        );
        // Expiry after five minutes, and purging.
        let third = code("333333", &p, t0());
        codes.replace(third).await.unwrap();
        assert_eq!(
            codes
                .reserve_attempt(&p, CodePurpose::Login, 5, t0() + Duration::minutes(5))
                .await
                .unwrap(),
            AttemptOutcome::NoLiveCode
        );
        assert_eq!(
            codes
                .purge_expired(t0() + Duration::minutes(6))
                .await
                .unwrap(),
            1
        );
    }
}

#[tokio::test]
async fn a_shared_secret_is_made_once_and_then_read_by_everyone() {
    for t in TestDb::all().await {
        let first = t.db.shared_secret("cookie", "candidate-a").await.unwrap();
        let second = t.db.shared_secret("cookie", "candidate-b").await.unwrap();
        assert_eq!(
            (first.as_str(), second.as_str()),
            ("candidate-a", "candidate-a")
        );
        assert_eq!(t.db.shared_secret("other", "x").await.unwrap(), "x");
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
        reauthenticated_at: None,
    }
}

#[tokio::test]
async fn users_round_trip_and_duplicates_are_username_taken() {
    for t in TestDb::all().await {
        let users = t.db.users();
        let created = users
            .insert(NewUser {
                nickname: Nickname::parse("小明 Ming").unwrap(),
                ..new_user("alice")
            })
            .await
            .unwrap();
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
        assert_eq!(
            live,
            (older.clone(), alice.clone()),
            "the session with its user"
        );
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

        // Re-authentication is recorded on that session only, and read back.
        let proven = t0() + Duration::hours(3);
        repo.mark_reauthenticated(older.id, proven).await.unwrap();
        let (marked, _) = repo
            .find_live(&SessionTokenHash("h-older".into()), t0())
            .await
            .unwrap()
            .unwrap();
        assert_eq!(marked.reauthenticated_at, Some(proven));
        assert_eq!(marked.proven_at(), proven);
        let (other, _) = repo
            .find_live(&SessionTokenHash("h-newer".into()), t0())
            .await
            .unwrap()
            .unwrap();
        assert_eq!(other.reauthenticated_at, None);

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
async fn rate_limiter_counts_are_read_without_counting_and_forget_passed_windows() {
    let rule = RateLimitRule {
        limit: 2,
        window_secs: 60,
    };
    for t in TestDb::all().await {
        let rl = t.db.rate_limiter();
        assert_eq!(
            rl.count("n", rule, t0()).await.unwrap(),
            0,
            "no counter yet"
        );
        for i in 0..5 {
            rl.hit("n", rule, t0() + Duration::seconds(i))
                .await
                .unwrap();
        }
        // Past the limit the hits are still counted: the count says how far past.
        assert_eq!(
            rl.count("n", rule, t0() + Duration::seconds(30))
                .await
                .unwrap(),
            5
        );
        assert_eq!(
            rl.count("n", rule, t0() + Duration::seconds(30))
                .await
                .unwrap(),
            5,
            "reading counts nothing"
        );
        assert_eq!(rl.count("other", rule, t0()).await.unwrap(), 0);
        assert_eq!(
            rl.count("n", rule, t0() + Duration::seconds(60))
                .await
                .unwrap(),
            0,
            "the window has passed"
        );
        rl.reset("n").await.unwrap();
        assert_eq!(rl.count("n", rule, t0()).await.unwrap(), 0);
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
