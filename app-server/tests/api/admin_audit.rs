//! The audit log and the admin overview over HTTP, on SQLite and PostgreSQL: sign-ins and
//! refused sign-ins are recorded (never the password), the filters narrow, cursor pages see
//! every event once, the CSV export equals the filtered list, and every `/api/admin/*`
//! operation of the OpenAPI document answers 401 signed out and 403 to a user.

use crate::helpers::{PASSWORD, Person, Reply, TestApp, browser, spawn_app, spawn_app_with};
use adapter_postgres::testing::TestDb;
use app_server::http::ApiDoc;
use app_server::i18n::Lang;
use reqwest::Method;
use serde_json::{Value, json};

impl TestApp {
    async fn audit_page(&self, admin: &Person, query: &str) -> Reply {
        self.send(
            &admin.client,
            Method::GET,
            &format!("/api/admin/audit?{query}"),
            None,
            "en",
        )
        .await
    }

    /// Every event of the filtered list, walking its pages of `limit`.
    async fn audit_all(&self, admin: &Person, filter: &str, limit: u32) -> Vec<Value> {
        let mut items = Vec::new();
        let mut cursor: Option<String> = None;
        loop {
            let mut q = format!("{filter}&limit={limit}");
            if let Some(c) = &cursor {
                q.push_str(&format!("&cursor={c}"));
            }
            let r = self.audit_page(admin, &q).await;
            assert_eq!(r.status, 200, "{:?}", r.body);
            let page = r.body["items"].as_array().unwrap();
            assert!(page.len() <= limit as usize);
            items.extend(page.iter().cloned());
            match r.body["nextCursor"].as_str() {
                Some(c) => cursor = Some(c.to_owned()),
                None => break,
            }
        }
        items
    }
}

fn ids(items: &[Value]) -> Vec<String> {
    items
        .iter()
        .map(|i| i["id"].as_str().unwrap().to_owned())
        .collect()
}

/// The CSV's rows as maps of column → value (no field of these tests holds a comma or quote).
fn csv_rows(text: &str) -> Vec<std::collections::HashMap<String, String>> {
    let mut lines = text.split("\r\n").filter(|l| !l.is_empty());
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    assert_eq!(
        header,
        [
            "at",
            "action",
            "actor_id",
            "actor_username",
            "actor_nickname",
            "target",
            "ip",
            "detail",
            "id"
        ]
    );
    lines
        .map(|l| {
            header
                .iter()
                .map(|h| (*h).to_owned())
                .zip(l.split(',').map(str::to_owned))
                .collect()
        })
        .collect()
}

#[tokio::test]
async fn sign_ins_are_audited_filtered_paged_and_exported_alike() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let admin = app.person("root-admin").await;
        app.promote_to_admin("root-admin").await;
        let alice = app.person("alice").await;
        let _bob = app.person("bob").await;

        // Three refused sign-ins of alice, one of a name nobody has, then one that works.
        let stranger = browser(&app.address);
        for _ in 0..3 {
            let r = app.login_as(&stranger, "alice", "wrong-password-9").await;
            assert_eq!(r.status, 401, "{:?}", r.body);
        }
        assert_eq!(
            app.login_as(&stranger, "nobody", "whatever-123")
                .await
                .status,
            401
        );
        assert_eq!(app.login_as(&stranger, "alice", PASSWORD).await.status, 200);

        // The failed sign-ins of alice: no actor, her name as target, never the password.
        let r = app
            .audit_page(&admin, "action=auth.sign_in_failed&target=alice")
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let failed = r.body["items"].as_array().unwrap();
        assert_eq!(failed.len(), 3, "{failed:?}");
        for e in failed {
            assert_eq!(e["action"], "auth.sign_in_failed");
            assert_eq!(e["actorId"], Value::Null);
            assert_eq!(e["target"], "alice");
            assert_eq!(e["detail"], "password: wrong password");
            assert!(e["ip"].as_str().is_some_and(|ip| !ip.is_empty()));
        }
        assert!(!r.body.to_string().contains("wrong-password-9"));
        let unknown = app
            .audit_page(&admin, "action=auth.sign_in_failed&target=nobody")
            .await;
        assert_eq!(unknown.body["items"][0]["detail"], "password: unknown user");

        // By actor: alice's registration and sign-in, newest first, with her names.
        let r = app.audit_page(&admin, &format!("actor={}", alice.id)).await;
        let mine = r.body["items"].as_array().unwrap();
        let actions: Vec<&str> = mine.iter().map(|e| e["action"].as_str().unwrap()).collect();
        assert_eq!(actions, ["auth.sign_in", "account.registered"]);
        assert_eq!(mine[0]["actorUsername"], "alice");
        assert_eq!(mine[0]["actorNickname"], "alice");
        assert_eq!(mine[0]["detail"], "password");

        // Several actions at once; a time range that excludes everything.
        let both = app
            .audit_page(&admin, "action=auth.sign_in,auth.sign_in_failed&limit=50")
            .await;
        assert_eq!(both.body["items"].as_array().unwrap().len(), 4 + 1);
        let future = (chrono::Utc::now() + chrono::Duration::hours(1)).to_rfc3339();
        let none = app
            .audit_page(&admin, &format!("from={}", urlencode(&future)))
            .await;
        assert_eq!(none.status, 200);
        assert_eq!(none.body["items"], json!([]));

        // Pages of two see every event once, in the order of one big page.
        let whole = app.audit_all(&admin, "action=", 50).await;
        // Three registrations, four refused sign-ins and one that worked.
        assert_eq!(whole.len(), 8, "{whole:?}");
        let paged = app.audit_all(&admin, "action=", 2).await;
        assert_eq!(ids(&paged), ids(&whole));
        let times: Vec<&str> = whole.iter().map(|e| e["at"].as_str().unwrap()).collect();
        let mut sorted = times.clone();
        sorted.sort_by(|a, b| b.cmp(a));
        assert_eq!(times, sorted, "newest first");

        // The export equals the filtered list.
        let filter = "action=auth.sign_in_failed,auth.sign_in";
        let listed = app.audit_all(&admin, filter, 50).await;
        let res = admin
            .client
            .get(app.url(&format!("/api/admin/audit/export?{filter}")))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
        assert!(
            res.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("text/csv")
        );
        assert!(
            res.headers()["content-disposition"]
                .to_str()
                .unwrap()
                .starts_with("attachment; filename=\"audit-")
        );
        assert_eq!(res.headers()["x-export-truncated"], "false");
        let rows = csv_rows(&res.text().await.unwrap());
        assert_eq!(
            rows.iter().map(|r| r["id"].clone()).collect::<Vec<_>>(),
            ids(&listed)
        );
        for (row, item) in rows.iter().zip(&listed) {
            assert_eq!(row["action"], item["action"].as_str().unwrap());
            assert_eq!(row["target"], item["target"].as_str().unwrap_or(""));
            assert_eq!(
                row["actor_username"],
                item["actorUsername"].as_str().unwrap_or("")
            );
        }

        // Bad input is a 400 in the user's language, never a 500.
        let r = app.audit_page(&admin, "action=auth.nothing").await;
        assert_eq!((r.status, r.code()), (400, "invalid_query"));
        let r = app
            .audit_page(
                &admin,
                "from=2026-11-26T10:00:00Z&until=2026-11-26T09:00:00Z",
            )
            .await;
        assert_eq!((r.status, r.code()), (400, "invalid_range"));
        let r = app
            .send(
                &admin.client,
                Method::GET,
                "/api/admin/audit?cursor=nope",
                None,
                "zh",
            )
            .await;
        assert_eq!((r.status, r.code()), (400, "invalid_cursor"));
        assert!(
            r.message()
                .chars()
                .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
        );
        let r = app.audit_page(&admin, "actor=not-a-uuid").await;
        assert_eq!(r.status, 400, "{:?}", r.body);

        // The registry.
        let r = app
            .send(
                &admin.client,
                Method::GET,
                "/api/admin/audit/actions",
                None,
                "en",
            )
            .await;
        let names = r.body["actions"].as_array().unwrap();
        assert_eq!(names.len(), kernel::AuditAction::ALL.len());
        assert!(names.contains(&json!("auth.sign_in_failed")));
    }
}

fn urlencode(s: &str) -> String {
    s.replace('+', "%2B").replace(':', "%3A")
}

#[tokio::test]
async fn group_moderation_is_audited_with_its_actor_and_target() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let admin = app.person("root-admin").await;
        app.promote_to_admin("root-admin").await;
        let owner = app.person("grace").await;
        let member = app.person("member").await;
        let group = app.create_group(&owner, "读书会", "public", "open").await["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let r = app
            .send(
                &member.client,
                Method::POST,
                &format!("/api/groups/{group}/join"),
                Some(json!({})),
                "en",
            )
            .await;
        assert!(r.status < 300, "{:?}", r.body);
        let r = app
            .send(
                &owner.client,
                Method::PUT,
                &format!("/api/groups/{group}/bans/{}", member.id),
                None,
                "en",
            )
            .await;
        assert!(r.status < 300, "{:?}", r.body);
        let r = app.audit_page(&admin, "action=group.member.banned").await;
        let items = r.body["items"].as_array().unwrap();
        assert_eq!(items.len(), 1, "{items:?}");
        assert_eq!(items[0]["actorId"], owner.id.as_str());
        assert_eq!(items[0]["actorUsername"], "grace");
        assert_eq!(items[0]["target"], member.id.as_str());
        assert_eq!(items[0]["detail"], format!("group {group}").as_str());
    }
}

#[tokio::test]
async fn the_overview_counts_shows_the_latest_events_and_the_integrations() {
    for db in TestDb::all().await {
        let app = spawn_app_with(db, |_| {}).await;
        let admin = app.person("root-admin").await;
        app.promote_to_admin("root-admin").await;
        let _a = app.person("alice").await;
        let r = app
            .send(
                &admin.client,
                Method::GET,
                "/api/admin/overview",
                None,
                "en",
            )
            .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let c = &r.body["counts"];
        assert_eq!(c["users"], 2);
        assert_eq!(r.body["users"], 2);
        for k in [
            "groups",
            "plazaPosts",
            "articles",
            "mediaFiles",
            "storageBytes",
        ] {
            assert_eq!(c[k], 0, "{k}");
        }
        let latest = r.body["latestEvents"].as_array().unwrap();
        assert_eq!(latest.len(), 2);
        assert_eq!(latest[0]["action"], "account.registered");
        assert_eq!(latest[0]["actorUsername"], "alice");
        let i = &r.body["integrations"];
        assert!(i["database"] == "sqlite" || i["database"] == "postgres");
        assert_eq!(i["mediaStore"], "filesystem");
        assert_eq!(i["weather"], false);
        assert_eq!(i["wechat"], false);
    }
}

/// Every `/api/admin/…` operation the document declares, with a random id for each parameter.
fn admin_operations() -> Vec<(Method, String)> {
    let doc: Value = serde_json::from_str(&ApiDoc::pretty_json(Lang::En).unwrap()).unwrap();
    let mut ops = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        if !path.starts_with("/api/admin/") {
            continue;
        }
        let concrete: String = path
            .split('/')
            .map(|seg| {
                if seg.starts_with('{') {
                    uuid::Uuid::new_v4().to_string()
                } else {
                    seg.to_owned()
                }
            })
            .collect::<Vec<_>>()
            .join("/");
        for method in item.as_object().unwrap().keys() {
            let m = match method.as_str() {
                "get" => Method::GET,
                "post" => Method::POST,
                "put" => Method::PUT,
                "patch" => Method::PATCH,
                "delete" => Method::DELETE,
                _ => continue,
            };
            ops.push((m, concrete.clone()));
        }
    }
    ops
}

#[tokio::test]
async fn every_admin_operation_is_401_signed_out_and_403_for_a_user() {
    let ops = admin_operations();
    assert!(
        ops.len() >= 12 && ops.iter().any(|(_, p)| p == "/api/admin/audit/export"),
        "{ops:?}"
    );
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let user = app.person("just-a-user").await;
        let signed_out = browser(&app.address);
        for (method, path) in &ops {
            for (who, expected) in [(&signed_out, 401), (&user.client, 403)] {
                let mut req = who.request(method.clone(), app.url(path));
                if *method != Method::GET && *method != Method::DELETE {
                    req = req.json(&json!({}));
                }
                let status = req.send().await.unwrap().status().as_u16();
                assert_eq!(status, expected, "{method} {path}");
            }
        }
    }
}

/// The logs' and the gallery's filters take ids; an administrator finds them by name.
#[tokio::test]
async fn an_admin_finds_users_and_groups_by_name_for_the_filters() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let admin = app.person("root-admin").await;
        app.promote_to_admin("root-admin").await;
        let alice = app.person("alice").await;
        let _alicia = app.person("alicia").await;
        let _bob = app.person("bob").await;
        app.create_group(&alice, "Alice's Book Club", "private", "approval")
            .await;
        let open = app.create_group(&alice, "读书会", "public", "open").await;
        let find = |path: String| {
            let app = &app;
            let client = admin.client.clone();
            async move { app.send(&client, Method::GET, &path, None, "en").await }
        };

        let r = find("/api/admin/directory/users?q=ALIC".into()).await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let items = r.body["items"].as_array().unwrap();
        let names: Vec<&str> = items.iter().map(|i| i["name"].as_str().unwrap()).collect();
        assert_eq!(names, ["alice", "alicia"], "by username");
        let r = find("/api/admin/directory/users?q=alicia".into()).await;
        assert_eq!(
            r.body["items"][0]["name"], "alicia",
            "the exact username first"
        );
        assert_eq!(items[0]["id"], alice.id.as_str());

        let r = find("/api/admin/directory/users?q=%40bob".into()).await;
        assert_eq!(r.body["items"][0]["name"], "bob");

        // A private group too (an admin's lookup), and Chinese names.
        let r = find("/api/admin/directory/groups?q=book%20club".into()).await;
        assert_eq!(r.body["items"][0]["name"], "Alice's Book Club");
        assert_eq!(r.body["items"][0]["detail"], Value::Null);
        let r = find("/api/admin/directory/groups?q=%E8%AF%BB%E4%B9%A6".into()).await;
        assert_eq!(r.body["items"][0]["id"], open["id"]);

        // A pattern character is a character.
        let r = find("/api/admin/directory/users?q=%25".into()).await;
        assert_eq!(r.body["items"], json!([]));
        let r = find("/api/admin/directory/users?q=".into()).await;
        assert_eq!((r.status, r.code()), (400, "invalid_query"));
        let long = "a".repeat(101);
        let r = find(format!("/api/admin/directory/groups?q={long}")).await;
        assert_eq!((r.status, r.code()), (400, "invalid_query"));

        // The id found filters the log.
        let r = app.audit_page(&admin, &format!("actor={}", alice.id)).await;
        assert_eq!(r.status, 200);
        assert!(
            r.body["items"]
                .as_array()
                .unwrap()
                .iter()
                .all(|e| e["actorUsername"] == "alice")
        );

        // Only admins look.
        let r = app
            .send(
                &alice.client,
                Method::GET,
                "/api/admin/directory/users?q=a",
                None,
                "en",
            )
            .await;
        assert_eq!(r.status, 403);
    }
}
