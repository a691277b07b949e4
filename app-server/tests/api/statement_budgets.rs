//! The busy pages' statement budgets (issue 15's, measured at scale by the pages bench,
//! docs/benchmarks.md): each page's SQL statements, the session lookup included, for a
//! signed-in member and for a visitor, on both engines. A statement added to a busy page (a
//! second read of something the first already had, one read per row) fails here, in
//! `just test`, not months later in a benchmark.

use crate::helpers::{TestApp, browser, requests_statements, spawn_on};
use adapter_postgres::testing::{StatementLog, TestDb};
use serde_json::json;

/// The fewest statements `path` cost `who` over three tries, the background jobs' left out
/// ([`requests_statements`]; a slow try on a busy machine sees several of their polls).
async fn statements(app: &TestApp, log: &StatementLog, who: &reqwest::Client, path: &str) -> usize {
    let mut fewest = usize::MAX;
    for _ in 0..3 {
        log.take();
        let res = who.get(app.url(path)).send().await.unwrap();
        assert_eq!(res.status(), 200, "{path}");
        res.bytes().await.unwrap();
        fewest = fewest.min(requests_statements(log).len());
    }
    fewest
}

#[tokio::test]
async fn the_busy_pages_stay_within_their_statement_budgets() {
    for db in TestDb::all().await {
        let (recording, log) = db.db.recording_for_tests();
        let app = spawn_on(recording, &db.url, |_| {}).await;
        let owner = app.person("alice").await;
        let member = app.person("bob").await;
        let group = app.create_group(&owner, "读书会", "public", "open").await;
        let gid = group["id"].as_str().unwrap();
        let joined = app
            .send(
                &member.client,
                reqwest::Method::POST,
                &format!("/api/groups/{gid}/join"),
                Some(json!({ "message": "hi" })),
                "en",
            )
            .await;
        assert_eq!(joined.status, 200, "{:?}", joined.body);
        let article = app.published_article(&owner, gid, "第一篇").await;
        let replied = app
            .send(
                &member.client,
                reqwest::Method::POST,
                &format!("/api/groups/{gid}/articles/{article}/replies"),
                Some(json!({ "body": "写得好" })),
                "en",
            )
            .await;
        assert_eq!(replied.status, 201, "{:?}", replied.body);
        for body in ["周末去爬山", "读完了一本书"] {
            let posted = app
                .send(
                    &owner.client,
                    reqwest::Method::POST,
                    "/api/plaza/posts",
                    Some(json!({ "body": body })),
                    "en",
                )
                .await;
            assert_eq!(posted.status, 201, "{:?}", posted.body);
        }
        let visitor = browser(&app.address);
        // What the writes above put in the search outbox is indexed meanwhile (its statements
        // are the job's, and not all of them name the outbox).
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;

        // (page, path, member's budget, visitor's budget)
        let pages = [
            ("plaza", "/api/plaza/posts?limit=20".to_owned(), 3, 2),
            ("group home", format!("/api/groups/{gid}"), 5, 4),
            (
                "an article",
                format!("/api/groups/{gid}/articles/{article}"),
                3,
                2,
            ),
            ("a profile", format!("/api/users/{}", owner.id), 2, 1),
        ];
        for (page, path, signed_in, signed_out) in pages {
            let counted = (
                statements(&app, &log, &member.client, &path).await,
                statements(&app, &log, &visitor, &path).await,
            );
            assert!(
                counted.0 <= signed_in && counted.1 <= signed_out,
                "{page} on {}: {counted:?} statements (member, visitor), budget ({signed_in}, {signed_out})",
                db.url
            );
        }
    }
}
