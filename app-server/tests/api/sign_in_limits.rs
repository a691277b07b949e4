//! Who a failed sign-in holds back (the stranger, not the owner), the per-account ceiling's
//! growing delays, the bound on password hashes in flight, rehashing after the argon2 settings
//! change, and the common-password rule. Distinct clients connect from distinct loopback
//! addresses (127.0.0.2, 127.0.0.3, …), which the server sees as their peer addresses.

use crate::helpers::{Reply, TestApp, reply, spawn_app_with, spawn_on};
use accounts::model::Username;
use accounts::ports::UserRepository;
use adapter_postgres::testing::TestDb;
use kernel::RateLimitRule;
use reqwest::header::{HeaderMap, ORIGIN};
use serde_json::json;
use std::net::{IpAddr, Ipv4Addr};
use std::time::Duration;

/// A browser connecting from `127.0.0.{n}`.
fn client_from(app: &TestApp, n: u8) -> reqwest::Client {
    let mut headers = HeaderMap::new();
    headers.insert(ORIGIN, app.address.parse().unwrap());
    reqwest::Client::builder()
        .cookie_store(true)
        .default_headers(headers)
        .local_address(IpAddr::V4(Ipv4Addr::new(127, 0, 0, n)))
        .build()
        .unwrap()
}

async fn login_from(app: &TestApp, n: u8, username: &str, password: &str) -> Reply {
    app.login_as(&client_from(app, n), username, password).await
}

fn retry_after(r: &Reply) -> u64 {
    let header: u64 = r
        .headers
        .get("retry-after")
        .expect("Retry-After")
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(r.body["retryAfter"], header, "body and header agree");
    header
}

#[tokio::test]
async fn a_strangers_wrong_guesses_refuse_the_stranger_while_the_owner_signs_in_elsewhere() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, |_| {}).await;
        assert_eq!(app.register("olivia", "olivia-password").await.status, 201);
        for _ in 0..5 {
            let r = login_from(&app, 66, "olivia", "guessing-1234").await;
            assert_eq!((r.status, r.code()), (401, "invalid_credentials"));
        }
        // The stranger's address is refused, even with the right password …
        let r = login_from(&app, 66, "olivia", "olivia-password").await;
        assert_eq!((r.status, r.code()), (429, "rate_limited"));
        let wait = retry_after(&r);
        assert!((890..=900).contains(&wait), "the pair's window: {wait}");
        // … the owner, from another address, is not.
        let r = login_from(&app, 7, "olivia", "olivia-password").await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        // And the owner's own mistakes are counted apart from the stranger's.
        let r = login_from(&app, 7, "olivia", "typo-password").await;
        assert_eq!(r.status, 401);
        assert_eq!(
            login_from(&app, 7, "olivia", "olivia-password")
                .await
                .status,
            200
        );
    }
}

#[tokio::test]
async fn past_the_account_ceiling_attempts_wait_growing_delays_but_are_never_locked_out() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, |c| {
            c.areas
                .get_mut::<::accounts::AccountsPolicy>()
                .login_account_ceiling = RateLimitRule {
                limit: 3,
                window_secs: 900,
            };
        })
        .await;
        assert_eq!(app.register("peter", "peter-password").await.status, 201);
        // Three wrong guesses from three addresses: no pair is over its limit, the account is
        // at its ceiling.
        for n in 20..23 {
            assert_eq!(
                login_from(&app, n, "peter", "guessing-1234").await.status,
                401
            );
        }
        // Now every attempt on the account waits, the owner's from a fresh address too: one
        // second after the third failure.
        let r = login_from(&app, 7, "peter", "peter-password").await;
        assert_eq!((r.status, r.code()), (429, "rate_limited"));
        assert_eq!(retry_after(&r), 1);
        tokio::time::sleep(Duration::from_millis(1100)).await;
        // The delay over, one attempt goes through: another wrong guess, the fourth failure …
        let sent = std::time::Instant::now();
        assert_eq!(
            login_from(&app, 23, "peter", "guessing-1234").await.status,
            401
        );
        // … after which the delay has doubled: 2 s from the failure, so while less than a
        // second has passed since the guess was sent, 2 s are left to wait (rounded up).
        let r = login_from(&app, 7, "peter", "peter-password").await;
        assert_eq!((r.status, r.code()), (429, "rate_limited"));
        let wait = retry_after(&r);
        if sent.elapsed() < Duration::from_millis(1000) {
            assert_eq!(wait, 2, "the delay doubles with each failure");
        } else {
            assert!((1..=2).contains(&wait), "{wait}");
        }
        // Not a lock for the window (900 s): once the delay is over the owner signs in.
        tokio::time::sleep(Duration::from_millis(2100)).await;
        let r = login_from(&app, 7, "peter", "peter-password").await;
        assert_eq!(r.status, 200, "{:?}", r.body);
    }
}

#[tokio::test]
async fn a_flood_beyond_the_hash_bound_is_told_503_server_busy_with_retry_after() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, |c| {
            // One hash at a time, no queueing, and a hash slow enough for requests to overlap.
            c.areas.get_mut::<adapter_crypto::HashLimits>().concurrency = 1;
            c.areas.get_mut::<adapter_crypto::HashLimits>().queue_wait = Duration::ZERO;
            c.areas.get_mut::<adapter_crypto::Argon2Cost>().memory_kib = 32 * 1024;
        })
        .await;
        let attempts = (0..12u8).map(|i| {
            let client = client_from(&app, 30 + i);
            let url = app.url("/api/auth/username/login");
            async move {
                reply(
                    client
                        .post(url)
                        .header("Accept-Language", "zh")
                        .json(&json!({ "username": format!("ghost{i}"), "password": "guessing-1234" }))
                        .send()
                        .await
                        .unwrap(),
                )
                .await
            }
        });
        let replies = futures_util::future::join_all(attempts).await;
        let busy: Vec<&Reply> = replies.iter().filter(|r| r.status == 503).collect();
        assert!(
            replies.iter().all(|r| matches!(r.status, 401 | 503)),
            "{:?}",
            replies.iter().map(|r| r.status).collect::<Vec<_>>()
        );
        assert!(
            replies.iter().any(|r| r.status == 401),
            "the first is checked"
        );
        assert!(
            !busy.is_empty(),
            "the excess is refused, not queued without end"
        );
        for r in busy {
            assert_eq!(r.code(), "server_busy");
            assert_eq!(retry_after(r), 1);
            assert_eq!(r.message(), "服务器正忙，请稍后再试");
        }
        // The flood over, sign-ins work again.
        assert_eq!(app.register("quinn", "quinn-password").await.status, 201);
    }
}

#[tokio::test]
async fn a_hash_made_with_other_argon2_settings_is_replaced_at_sign_in() {
    for db in TestDb::all().await {
        let (conn, url) = (db.db.clone(), db.url.clone());
        let stored = |conn: adapter_postgres::Database| async move {
            let (_, hash) = conn
                .users()
                .find_by_username(&Username::parse("rosa").unwrap())
                .await
                .unwrap()
                .unwrap();
            hash.unwrap().as_str().to_owned()
        };
        let old = spawn_app_with(db, |_| {}).await;
        assert_eq!(old.register("rosa", "rosa-password").await.status, 201);
        let before = stored(conn.clone()).await;
        assert!(before.contains("m=8192,t=1,p=1"), "{before}");

        // A second instance with stronger settings: a wrong password changes nothing, the
        // right one signs in and stores a hash with the new settings.
        let new = spawn_on(conn.clone(), &url, |c| {
            c.areas.get_mut::<adapter_crypto::Argon2Cost>().memory_kib = 9 * 1024;
            c.areas.get_mut::<adapter_crypto::Argon2Cost>().iterations = 2;
        })
        .await;
        assert_eq!(new.login("rosa", "wrong-password").await.status, 401);
        assert_eq!(stored(conn.clone()).await, before);
        assert_eq!(new.login("rosa", "rosa-password").await.status, 200);
        let after = stored(conn.clone()).await;
        assert!(after.contains("m=9216,t=2,p=1"), "{after}");
        // Signed in again with the same settings, the hash stays; the password still works.
        assert_eq!(new.login("rosa", "rosa-password").await.status, 200);
        assert_eq!(stored(conn.clone()).await, after);
    }
}

#[tokio::test]
async fn the_most_common_passwords_are_refused_when_chosen_in_both_languages() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, |_| {}).await;
        for (lang, text) in [
            (
                "en",
                "This password is one of the most common ones and easy to guess; please choose another",
            ),
            ("zh", "这个密码太常见，很容易被猜中，请换一个"),
        ] {
            let r = app
                .post_as(
                    &app.client,
                    "/api/auth/username/register",
                    json!({ "username": "sam", "password": "Password1" }),
                    lang,
                )
                .await;
            assert_eq!((r.status, r.code()), (422, "password_too_common"));
            assert_eq!(r.body["fields"]["password"], text);
            assert_eq!(r.message(), text);
        }
        assert_eq!(app.register("sam", "sam-password-7").await.status, 201);
        let r = app
            .post(
                "/api/auth/password/change",
                json!({ "currentPassword": "sam-password-7", "newPassword": "ILOVEYOU" }),
            )
            .await;
        assert_eq!((r.status, r.code()), (422, "password_too_common"));
        assert_eq!(
            r.body["fields"]["newPassword"],
            "This password is one of the most common ones and easy to guess; please choose another"
        );
        // A common password still signs in an account that already has one (login never
        // judges a password's shape).
        assert_eq!(app.login("sam", "sam-password-7").await.status, 200);
    }
}
