//! Renaming over HTTP, on SQLite and PostgreSQL: it changes how the owner signs in, so it needs
//! a browser session with fresh proof of the account; and the name given up is held for its
//! former owner for `USERNAME_HOLD_DAYS` (30) before anyone else may register or rename to it.

use crate::helpers::{PASSWORD, Person, Reply, TestApp, browser, spawn_app, spawn_app_with};
use adapter_postgres::testing::TestDb;
use reqwest::Method;
use serde_json::json;

async fn rename(app: &TestApp, who: &Person, to: &str) -> Reply {
    app.send(
        &who.client,
        Method::PATCH,
        "/api/account/profile",
        Some(json!({ "username": to })),
        "en",
    )
    .await
}

async fn register(app: &TestApp, username: &str) -> Reply {
    app.post_as(
        &browser(&app.address),
        "/api/auth/username/register",
        json!({ "username": username, "password": PASSWORD }),
        "en",
    )
    .await
}

/// Ends every hold now, as 30 days passing would.
async fn let_holds_end(app: &TestApp) {
    let db = adapter_postgres::Database::connect(&app.db_url, 1)
        .await
        .unwrap();
    let ended =
        (chrono::Utc::now() - chrono::Duration::seconds(1)).format("%Y-%m-%dT%H:%M:%S%.6f+00:00");
    db.execute_for_tests(&format!("UPDATE username_holds SET held_until = '{ended}'"))
        .await
        .unwrap();
}

#[tokio::test]
async fn a_rename_needs_fresh_proof_of_the_account() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let alice = app.person("alice").await;
        app.sign_in_ago("alice", chrono::Duration::hours(1)).await;

        for lang in ["en", "zh"] {
            let r = app
                .send(
                    &alice.client,
                    Method::PATCH,
                    "/api/account/profile",
                    Some(json!({ "username": "alice_new" })),
                    lang,
                )
                .await;
            assert_eq!(
                (r.status, r.code()),
                (403, "reauthentication_required"),
                "{:?}",
                r.body
            );
        }
        // Nothing changed; the nickname and bio need no proof.
        let r = app
            .send(
                &alice.client,
                Method::PATCH,
                "/api/account/profile",
                Some(json!({ "username": "ALICE", "nickname": "爱丽丝" })),
                "en",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["user"]["username"], "alice");

        let r = app
            .send(
                &alice.client,
                Method::POST,
                "/api/auth/reauthenticate",
                Some(json!({ "password": PASSWORD })),
                "en",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let r = rename(&app, &alice, "alice_new").await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["user"]["username"], "alice_new");
    }
}

#[tokio::test]
async fn a_name_given_up_is_held_for_its_owner_until_the_hold_ends() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let alice = app.person("alice").await;
        let bob = app.person("bob").await;
        let r = rename(&app, &alice, "alice2").await;
        assert_eq!(r.status, 200, "{:?}", r.body);

        // Nobody else may take it, by registering or renaming, in any case.
        for name in ["alice", "ALICE"] {
            let r = register(&app, name).await;
            assert_eq!(
                (r.status, r.code()),
                (409, "username_taken"),
                "{:?}",
                r.body
            );
            let r = rename(&app, &bob, name).await;
            assert_eq!(
                (r.status, r.code()),
                (409, "username_taken"),
                "{:?}",
                r.body
            );
        }
        // Its owner may take it back; the name given up then is held in turn.
        let r = rename(&app, &alice, "alice").await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["user"]["username"], "alice");
        let r = register(&app, "alice2").await;
        assert_eq!(
            (r.status, r.code()),
            (409, "username_taken"),
            "{:?}",
            r.body
        );

        let r = rename(&app, &alice, "alice3").await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let_holds_end(&app).await;
        let r = rename(&app, &bob, "alice").await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let r = register(&app, "alice2").await;
        assert_eq!(r.body["success"], true, "{:?}", r.body);
        // And bob's old name, given up after the change, is held for bob.
        let r = register(&app, "bob").await;
        assert_eq!(
            (r.status, r.code()),
            (409, "username_taken"),
            "{:?}",
            r.body
        );
    }
}

#[tokio::test]
async fn with_no_hold_a_name_given_up_is_free_at_once() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, |c| {
            c.areas
                .get_mut::<::accounts::ProfilePolicy>()
                .username_hold_days = 0
        })
        .await;
        let alice = app.person("alice").await;
        let r = rename(&app, &alice, "alice2").await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let r = register(&app, "alice").await;
        assert_eq!(r.body["success"], true, "{:?}", r.body);
    }
}
