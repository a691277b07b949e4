//! Reports and the moderation queue (issue 25, "Reports"), on SQLite and PostgreSQL: what a
//! person can see they can report, repeated reports fold into one case each reporter counted
//! once, a group's case is its managers' (not the site's, not anyone else's), the rest the
//! administrators', a case closes once with its action carried out and audited, and bad input
//! is a clear 4xx in the asker's language.

use crate::helpers::{Person, Reply, TestApp, spawn_app};
use adapter_postgres::testing::TestDb;
use reqwest::Method;
use serde_json::{Value, json};

impl TestApp {
    async fn by(&self, who: &Person, method: Method, path: &str, body: Option<Value>) -> Reply {
        self.send(&who.client, method, path, body, "en").await
    }

    async fn reports(&self, who: &Person, kind: &str, id: &str, reason: &str) -> Reply {
        self.by(
            who,
            Method::POST,
            "/api/reports",
            Some(json!({ "kind": kind, "id": id, "reason": reason, "note": "看看这个" })),
        )
        .await
    }
}

fn ids(r: &Reply) -> Vec<&str> {
    r.body["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["subject"]["id"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn a_groups_case_is_its_managers_and_closing_it_deletes_what_was_reported() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let owner = app.person("olga").await;
        let (mei, ray, eve) = (
            app.person("mei").await,
            app.person("ray").await,
            app.person("eve").await,
        );
        let g = app
            .create_group(&owner, "读书会", "private", "approval")
            .await;
        let gid = g["id"].as_str().unwrap().to_owned();
        for who in [&mei, &ray, &eve] {
            app.by(
                who,
                Method::POST,
                &format!("/api/groups/{gid}/join"),
                Some(json!({})),
            )
            .await;
        }
        let requests = app
            .by(
                &owner,
                Method::GET,
                &format!("/api/groups/{gid}/requests"),
                None,
            )
            .await;
        for request in requests.body["requests"].as_array().unwrap() {
            if request["user"]["username"] == "eve" {
                continue;
            }
            let rid = request["id"].as_str().unwrap();
            let r = app
                .by(
                    &owner,
                    Method::POST,
                    &format!("/api/groups/{gid}/requests/{rid}/approve"),
                    Some(json!({ "role": "member" })),
                )
                .await;
            assert_eq!(r.status, 200, "{:?}", r.body);
        }
        let article = app.published_article(&mei, &gid, "加微信买房").await;

        // Eve asked to join and was not let in: nothing of the group is hers to report.
        let r = app.reports(&eve, "article", &article, "spam").await;
        assert_eq!((r.status, r.code()), (404, "not_found"), "{:?}", r.body);
        let r = app.reports(&mei, "article", &article, "spam").await;
        assert_eq!((r.status, r.code()), (422, "report_own_content"));
        for _ in 0..2 {
            let r = app.reports(&ray, "article", &article, "spam").await;
            assert_eq!(r.status, 201, "{:?}", r.body);
        }
        let r = app.reports(&owner, "article", &article, "abuse").await;
        assert_eq!(r.status, 201, "{:?}", r.body);

        let queue = app
            .by(
                &owner,
                Method::GET,
                &format!("/api/groups/{gid}/reports"),
                None,
            )
            .await;
        assert_eq!(ids(&queue), [article.as_str()]);
        let case = &queue.body["cases"][0];
        assert_eq!(case["reports"], 2, "ray counted once");
        assert_eq!(case["author"]["username"], "mei");
        assert_eq!(case["excerpt"], "加微信买房");
        assert!(case.get("reporters").is_none() && !case.to_string().contains("\"ray\""));
        let case_id = case["id"].as_str().unwrap().to_owned();

        // Not the site's yet, and not a member's.
        let admin = app.person("chief").await;
        app.promote_to_admin("chief").await;
        let site = app
            .by(&admin, Method::GET, "/api/admin/reports", None)
            .await;
        assert!(ids(&site).is_empty(), "{:?}", site.body);
        let r = app
            .by(
                &ray,
                Method::GET,
                &format!("/api/groups/{gid}/reports"),
                None,
            )
            .await;
        assert_eq!(r.status, 403);
        let r = app.by(&ray, Method::GET, "/api/admin/reports", None).await;
        assert_eq!(r.status, 403);

        // The owner deletes it, once; the author is told why.
        let close = format!("/api/groups/{gid}/reports/{case_id}/close");
        let r = app
            .by(
                &owner,
                Method::POST,
                &close,
                Some(json!({ "action": "delete", "note": "广告" })),
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        assert_eq!(r.body["case"]["closed"]["action"], "delete");
        let r = app
            .by(
                &owner,
                Method::GET,
                &format!("/api/groups/{gid}/articles/{article}"),
                None,
            )
            .await;
        assert_eq!(r.status, 404, "deleted");
        let r = app
            .by(
                &owner,
                Method::POST,
                &close,
                Some(json!({ "action": "dismiss" })),
            )
            .await;
        assert_eq!((r.status, r.code()), (409, "case_closed"));
        let told = app.by(&mei, Method::GET, "/api/notifications", None).await;
        let removed: Vec<&Value> = told.body["notifications"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|n| n["kind"] == "content_removed")
            .collect();
        assert_eq!(removed.len(), 1, "{:?}", told.body);
        assert_eq!(removed[0]["detail"], "广告");
        let closed = app
            .by(
                &owner,
                Method::GET,
                &format!("/api/groups/{gid}/reports?state=closed"),
                None,
            )
            .await;
        assert_eq!(ids(&closed), [article.as_str()]);
        let audit = app
            .by(
                &admin,
                Method::GET,
                "/api/admin/audit?action=report.closed",
                None,
            )
            .await;
        assert_eq!(audit.status, 200, "{:?}", audit.body);
        assert!(
            audit.body.to_string().contains("report.closed"),
            "{:?}",
            audit.body
        );
    }
}

#[tokio::test]
async fn the_rest_is_the_administrators_who_may_disable_the_author() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let (spammer, ann) = (app.person("spammer").await, app.person("ann").await);
        let admin = app.person("chief").await;
        app.promote_to_admin("chief").await;
        let post = app
            .by(
                &spammer,
                Method::POST,
                "/api/plaza/posts",
                Some(json!({ "body": "加微信" })),
            )
            .await;
        let post = post.body["post"]["id"].as_str().unwrap().to_owned();
        let r = app.reports(&ann, "post", &post, "spam").await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        let r = app.reports(&ann, "person", &spammer.id, "other").await;
        assert_eq!(r.status, 201, "{:?}", r.body);

        let site = app
            .by(&admin, Method::GET, "/api/admin/reports", None)
            .await;
        assert_eq!(ids(&site), [post.as_str(), spammer.id.as_str()]);
        let person_case = site.body["cases"][1]["id"].as_str().unwrap().to_owned();
        let r = app
            .by(
                &admin,
                Method::POST,
                &format!("/api/admin/reports/{person_case}/close"),
                Some(json!({ "action": "delete" })),
            )
            .await;
        assert_eq!((r.status, r.code()), (422, "case_action_not_applicable"));
        let r = app
            .by(
                &admin,
                Method::POST,
                &format!("/api/admin/reports/{person_case}/close"),
                Some(json!({ "action": "disable" })),
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let r = app
            .by(&spammer, Method::GET, "/api/account/basics", None)
            .await;
        assert_eq!(r.status, 401, "signed out everywhere: {:?}", r.body);
        let r = app
            .by(
                &admin,
                Method::GET,
                &format!("/api/admin/reports/{person_case}"),
                None,
            )
            .await;
        assert_eq!(r.body["case"]["closed"]["action"], "disable");
    }
}

#[tokio::test]
async fn a_bad_report_is_a_clear_4xx_in_the_askers_language_and_reports_are_bounded() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let (author, ann) = (app.person("author").await, app.person("ann").await);
        let post = app
            .by(
                &author,
                Method::POST,
                "/api/plaza/posts",
                Some(json!({ "body": "hello" })),
            )
            .await;
        let post = post.body["post"]["id"].as_str().unwrap().to_owned();
        for (body, lang, status, code, field, message) in [
            (
                json!({ "kind": "poem", "id": post, "reason": "spam" }),
                "en",
                422,
                "invalid_report",
                "kind",
                "Please check the report",
            ),
            (
                json!({ "kind": "post", "id": post, "reason": "meh" }),
                "zh",
                422,
                "invalid_report",
                "reason",
                "请检查举报的填写",
            ),
            (
                json!({ "kind": "post", "id": post, "reason": "other" }),
                "zh",
                422,
                "invalid_report",
                "note",
                "请检查举报的填写",
            ),
            (
                json!({ "kind": "post", "id": post, "reason": "spam", "note": "长".repeat(501) }),
                "en",
                422,
                "invalid_report",
                "note",
                "Please check the report",
            ),
            (
                json!({ "kind": "post", "id": uuid_nil(), "reason": "spam" }),
                "en",
                404,
                "not_found",
                "",
                "There is nothing you can see there to report",
            ),
        ] {
            let r = app
                .send(
                    &ann.client,
                    Method::POST,
                    "/api/reports",
                    Some(body.clone()),
                    lang,
                )
                .await;
            assert_eq!((r.status, r.code()), (status, code), "{body}: {:?}", r.body);
            assert_eq!(r.message(), message, "{body}");
            if !field.is_empty() {
                assert!(r.body["fields"][field].is_string(), "{body}: {:?}", r.body);
            }
        }
        // At most 20 an hour, repeats and refusals counted.
        let mut last = 0;
        for _ in 0..20 {
            last = app.reports(&ann, "post", &post, "spam").await.status;
        }
        assert_eq!(last, 429);
        let r = app.reports(&ann, "post", &post, "spam").await;
        assert_eq!((r.status, r.code()), (429, "rate_limited"));
        assert!(r.headers.get("retry-after").is_some());
    }
}

fn uuid_nil() -> &'static str {
    "00000000-0000-4000-8000-000000000000"
}

#[tokio::test]
async fn an_administrator_deletes_and_bans_in_a_case_a_groups_managers_left_open() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let owner = app.person("esc-owner").await;
        let (mia, rex) = (app.person("esc-mia").await, app.person("esc-rex").await);
        let g = app.create_group(&owner, "夜读会", "public", "open").await;
        let gid = g["id"].as_str().unwrap().to_owned();
        for who in [&mia, &rex] {
            let r = app
                .by(
                    who,
                    Method::POST,
                    &format!("/api/groups/{gid}/join"),
                    Some(json!({})),
                )
                .await;
            assert!(r.status < 300, "{:?}", r.body);
        }
        let article = app.published_article(&owner, &gid, "书单").await;
        let replies = format!("/api/groups/{gid}/articles/{article}/replies");
        let r = app
            .by(
                &mia,
                Method::POST,
                &replies,
                Some(json!({ "body": "加微信买房" })),
            )
            .await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        let reply = r.body["reply"]["id"].as_str().unwrap().to_owned();
        let r = app.reports(&rex, "reply", &reply, "spam").await;
        assert_eq!(r.status, 201, "{:?}", r.body);

        // The managers leave it open for 48 hours: the site's queue has it from then on.
        let db = adapter_postgres::Database::connect(&app.db_url, 1)
            .await
            .unwrap();
        let ago = (chrono::Utc::now() - chrono::Duration::hours(49))
            .format("%Y-%m-%dT%H:%M:%S%.6f+00:00");
        db.execute_for_tests(&format!("UPDATE report_cases SET opened_at = '{ago}'"))
            .await
            .unwrap();
        let admin = app.person("esc-chief").await;
        app.promote_to_admin("esc-chief").await;
        let site = app
            .by(&admin, Method::GET, "/api/admin/reports", None)
            .await;
        assert_eq!(ids(&site), [reply.as_str()], "{:?}", site.body);
        let case = site.body["cases"][0]["id"].as_str().unwrap().to_owned();

        // Not a member of the group, the administrator deletes the reply as the site's; the
        // author is told why and the reporter how it ended.
        let r = app
            .by(
                &admin,
                Method::POST,
                &format!("/api/admin/reports/{case}/close"),
                Some(json!({ "action": "delete", "note": "广告" })),
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let shown = app.by(&owner, Method::GET, &replies, None).await;
        assert!(
            !shown.body["replies"]
                .as_array()
                .unwrap()
                .iter()
                .any(|x| x["id"] == reply.as_str()),
            "{:?}",
            shown.body
        );
        let told = app.by(&mia, Method::GET, "/api/notifications", None).await;
        assert!(
            told.body["notifications"]
                .as_array()
                .unwrap()
                .iter()
                .any(|n| n["kind"] == "content_removed" && n["detail"] == "广告"),
            "{:?}",
            told.body
        );
        let told = app.by(&rex, Method::GET, "/api/notifications", None).await;
        assert!(
            told.body["notifications"]
                .as_array()
                .unwrap()
                .iter()
                .any(|n| n["kind"] == "report_decided" && n["detail"] == "delete"),
            "{:?}",
            told.body
        );

        // A second report of Mia (her article), left open as long: the administrator bans her.
        let hers = app.published_article(&mia, &gid, "再来一次").await;
        let r = app.reports(&rex, "article", &hers, "spam").await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        db.execute_for_tests(&format!(
            "UPDATE report_cases SET opened_at = '{ago}' WHERE closed_at IS NULL"
        ))
        .await
        .unwrap();
        let site = app
            .by(&admin, Method::GET, "/api/admin/reports", None)
            .await;
        let case = site.body["cases"][0]["id"].as_str().unwrap().to_owned();
        let r = app
            .by(
                &admin,
                Method::POST,
                &format!("/api/admin/reports/{case}/close"),
                Some(json!({ "action": "ban" })),
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let banned = app
            .by(
                &owner,
                Method::GET,
                &format!("/api/groups/{gid}/bans"),
                None,
            )
            .await;
        assert_eq!(banned.status, 200, "{:?}", banned.body);
        assert!(
            banned.body.to_string().contains("esc-mia"),
            "{:?}",
            banned.body
        );
    }
}
