//! The word list over HTTP, on SQLite and PostgreSQL: only administrators (a session, or a token
//! within `admin:read` / `admin:write`) read and change it; a phrase is listed in one spelling
//! (`ＦＯＯ` is `foo`), audited; an import is a dry run line by line in the asker's language,
//! then all or nothing; an export imports back unchanged; and every instance — a second server
//! over the same PostgreSQL too — checks with an added word within seconds.

use crate::helpers::{Person, Reply, TestApp, browser, reply, spawn_app, spawn_on};
use adapter_postgres::testing::TestDb;
use reqwest::Method;
use reqwest::header::{ACCEPT_LANGUAGE, AUTHORIZATION, CONTENT_DISPOSITION, CONTENT_TYPE};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

async fn import(
    app: &TestApp,
    who: &reqwest::Client,
    body: impl Into<reqwest::Body>,
    content_type: &str,
    dry_run: bool,
    lang: &str,
) -> Reply {
    reply(
        who.post(app.url(&format!("/api/admin/words/import?dryRun={dry_run}")))
            .header(CONTENT_TYPE, content_type)
            .header(ACCEPT_LANGUAGE, lang)
            .body(body)
            .send()
            .await
            .unwrap(),
    )
    .await
}

async fn add(app: &TestApp, who: &Person, phrase: &str, action: &str) -> Reply {
    app.post_as(
        &who.client,
        "/api/admin/words",
        json!({ "phrase": phrase, "action": action }),
        "en",
    )
    .await
}

async fn export(app: &TestApp, who: &reqwest::Client, format: &str) -> (u16, String, String) {
    let r = who
        .get(app.url(&format!("/api/admin/words/export?format={format}")))
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    let disposition = r
        .headers()
        .get(CONTENT_DISPOSITION)
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (status, disposition, r.text().await.unwrap())
}

/// `DELETE /api/admin/words/{key}` (`key` as it goes in the path): the status, and the error
/// code when there is a body.
async fn remove(app: &TestApp, who: &reqwest::Client, key: &str) -> (u16, String) {
    let r = who
        .delete(app.url(&format!("/api/admin/words/{key}")))
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    let body: Value = serde_json::from_str(&r.text().await.unwrap()).unwrap_or(Value::Null);
    (status, body["code"].as_str().unwrap_or_default().to_owned())
}

fn phrases(r: &Reply) -> Vec<&str> {
    r.body["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["phrase"].as_str().unwrap())
        .collect()
}

fn lines(plan: &Value, key: &str) -> Vec<u64> {
    plan[key]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["line"].as_u64().unwrap())
        .collect()
}

fn chinese(text: &str) -> bool {
    text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

async fn audit_actions(app: &TestApp) -> Vec<(String, Option<String>, Option<String>)> {
    let db = adapter_postgres::Database::connect(&app.db_url, 1)
        .await
        .unwrap();
    db.audit_log()
        .recent(20)
        .await
        .unwrap()
        .into_iter()
        .filter(|e| e.action.starts_with("word."))
        .map(|e| (e.action, e.target, e.detail))
        .collect()
}

/// What `app`'s own filter finds in `text` (`POST /api/admin/words/check`).
async fn check(app: &TestApp, who: &Person, text: &str) -> Reply {
    app.post_as(
        &who.client,
        "/api/admin/words/check",
        json!({ "text": text }),
        "en",
    )
    .await
}

/// Asks `app` until its filter finds `phrase` in `text`; how long it took.
async fn found_within(app: &TestApp, who: &Person, text: &str, phrase: &str) -> Duration {
    let started = Instant::now();
    loop {
        let r = check(app, who, text).await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        if r.body["hits"]
            .as_array()
            .unwrap()
            .iter()
            .any(|h| h["phrase"] == phrase)
        {
            return started.elapsed();
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{phrase} not found by this instance in 10 s: {:?}",
            r.body
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn with_token(
    app: &TestApp,
    bearer: &str,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> Reply {
    let mut req = reqwest::Client::new()
        .request(method, app.url(path))
        .header(AUTHORIZATION, bearer);
    if let Some(b) = body {
        req = req.json(&b);
    }
    reply(req.send().await.unwrap()).await
}

const TXT_WITH_A_BAD_LINE: &str =
    "# the operator's list\n法轮\nfoo bar\thold\n…!?\nＳＰＡＭ\tban\n";

#[tokio::test]
async fn only_administrators_and_their_admin_scoped_tokens_reach_the_list() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let user = app.person("mere-user").await;
        let stranger = browser(&app.address);
        for (who, status) in [(&stranger, 401), (&user.client, 403)] {
            let list = app.get_as(who, "/api/admin/words").await;
            assert_eq!(list.status, status);
            let added = app
                .post_as(
                    who,
                    "/api/admin/words",
                    json!({ "phrase": "foo", "action": "refuse" }),
                    "en",
                )
                .await;
            assert_eq!(added.status, status);
            let r = import(&app, who, "foo\n", "text/plain", false, "en").await;
            assert_eq!(r.status, status);
            assert_eq!(export(&app, who, "csv").await.0, status);
            assert_eq!(remove(&app, who, "foo").await.0, status);
            let checked = app
                .post_as(
                    who,
                    "/api/admin/words/check",
                    json!({ "text": "foo" }),
                    "en",
                )
                .await;
            assert_eq!(checked.status, status);
        }

        let boss = app.person("boss").await;
        app.promote_to_admin("boss").await;
        let plaza_only = app.token_of(&boss, &["plaza:write"]).await;
        let r = with_token(&app, &plaza_only, Method::GET, "/api/admin/words", None).await;
        assert_eq!(
            (r.status, r.code()),
            (403, "insufficient_scope"),
            "{:?}",
            r.body
        );
        let reader = app.token_of(&boss, &["admin:read"]).await;
        let r = with_token(&app, &reader, Method::GET, "/api/admin/words", None).await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let word = json!({ "phrase": "foo", "action": "refuse" });
        let r = with_token(
            &app,
            &reader,
            Method::POST,
            "/api/admin/words",
            Some(word.clone()),
        )
        .await;
        assert_eq!(
            (r.status, r.code()),
            (403, "insufficient_scope"),
            "admin:read does not write"
        );
        let writer = app.token_of(&boss, &["admin:write"]).await;
        let r = with_token(&app, &writer, Method::POST, "/api/admin/words", Some(word)).await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        assert_eq!(audit_actions(&app).await.len(), 1);
    }
}

#[tokio::test]
async fn a_phrase_is_listed_once_in_any_spelling_filtered_paged_removed_and_audited() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let boss = app.person("boss").await;
        app.promote_to_admin("boss").await;
        let r = add(&app, &boss, " ＦＯＯ ", "hold").await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        assert_eq!(r.body["word"]["phrase"], "ＦＯＯ");
        assert_eq!(r.body["word"]["key"], "foo");
        assert_eq!(r.body["word"]["action"], "hold");
        let again = add(&app, &boss, "f-o-o", "refuse").await;
        assert_eq!((again.status, again.code()), (409, "word_listed"));
        let empty = add(&app, &boss, "…!", "refuse").await;
        assert_eq!((empty.status, empty.code()), (422, "invalid_word"));
        assert!(
            empty.body["fields"]["phrase"].is_string(),
            "{:?}",
            empty.body
        );
        let bad_action = add(&app, &boss, "bar", "ban").await;
        assert!(
            bad_action.body["fields"]["action"].is_string(),
            "{:?}",
            bad_action.body
        );
        for w in ["法轮", "alpha", "beta", "gamma"] {
            assert_eq!(add(&app, &boss, w, "refuse").await.status, 201);
        }

        let first = app.get_as(&boss.client, "/api/admin/words?limit=2").await;
        assert_eq!(phrases(&first), ["alpha", "beta"]);
        assert_eq!(first.body["total"], 5);
        let cursor = first.body["nextCursor"].as_str().unwrap().to_owned();
        let rest = app
            .get_as(
                &boss.client,
                &format!("/api/admin/words?limit=2&cursor={cursor}"),
            )
            .await;
        assert_eq!(phrases(&rest), ["ＦＯＯ", "gamma"]);
        let filtered = app
            .get_as(&boss.client, "/api/admin/words?q=%EF%BC%A1%EF%BC%AC")
            .await;
        assert_eq!(phrases(&filtered), ["alpha"], "ＡＬ folds to al");
        assert_eq!(
            app.get_as(&boss.client, "/api/admin/words?limit=0")
                .await
                .code(),
            "invalid_limit"
        );

        assert_eq!(
            remove(&app, &boss.client, "%E6%B3%95%E8%BD%AE").await.0,
            204
        );
        assert_eq!(remove(&app, &boss.client, "foo").await.0, 204);
        assert_eq!(
            remove(&app, &boss.client, "foo").await,
            (404, "not_found".to_owned())
        );
        let audit = audit_actions(&app).await;
        let names: Vec<&str> = audit.iter().map(|(a, _, _)| a.as_str()).collect();
        assert_eq!(names.iter().filter(|a| **a == "word.added").count(), 5);
        assert_eq!(names.iter().filter(|a| **a == "word.removed").count(), 2);
        assert!(
            audit
                .iter()
                .any(|(a, t, _)| a == "word.removed" && t.as_deref() == Some("法轮"))
        );
    }
}

#[tokio::test]
async fn an_import_is_planned_line_by_line_in_the_askers_language_then_applied_whole() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let boss = app.person("boss").await;
        app.promote_to_admin("boss").await;
        assert_eq!(add(&app, &boss, "spam", "refuse").await.status, 201);

        for lang in ["en", "zh"] {
            let dry = import(
                &app,
                &boss.client,
                TXT_WITH_A_BAD_LINE,
                "text/plain",
                true,
                lang,
            )
            .await;
            assert_eq!(dry.status, 200, "{:?}", dry.body);
            assert_eq!(dry.body["applied"], false);
            assert_eq!(lines(&dry.body, "added"), [2, 3]);
            assert_eq!(lines(&dry.body, "refused"), [4, 5]);
            let refused = dry.body["refused"].as_array().unwrap();
            assert_eq!(refused[0]["reason"], "empty_phrase");
            assert_eq!(refused[1]["reason"], "invalid_action");
            assert_eq!(refused[1]["phrase"], "ＳＰＡＭ");
            for r in refused {
                assert_eq!(chinese(r["message"].as_str().unwrap()), lang == "zh", "{r}");
            }
            let applied = import(
                &app,
                &boss.client,
                TXT_WITH_A_BAD_LINE,
                "text/plain",
                false,
                lang,
            )
            .await;
            assert_eq!(
                (applied.status, applied.code()),
                (422, "word_import_refused"),
                "{:?}",
                applied.body
            );
            assert_eq!(applied.body["detail"], "4, 5");
            assert_eq!(chinese(applied.message()), lang == "zh");
        }
        let listed = app.get_as(&boss.client, "/api/admin/words").await;
        assert_eq!(
            phrases(&listed),
            ["spam"],
            "nothing of a refused import is written"
        );

        let fixed = "# the operator's list\n法轮\nfoo bar\thold\nＳＰＡＭ\thold\n";
        let done = import(&app, &boss.client, fixed, "text/plain", false, "en").await;
        assert_eq!(done.status, 200, "{:?}", done.body);
        assert_eq!(done.body["applied"], true);
        assert_eq!(lines(&done.body, "added"), [2, 3]);
        assert_eq!(lines(&done.body, "changed"), [4]);
        assert_eq!(done.body["changed"][0]["before"]["action"], "refuse");
        assert_eq!(done.body["changed"][0]["after"]["phrase"], "ＳＰＡＭ");
        let listed = app.get_as(&boss.client, "/api/admin/words").await;
        assert_eq!(listed.body["total"], 3);
        let audit = audit_actions(&app).await;
        assert_eq!(audit[0].0, "word.imported");
        assert_eq!(
            audit[0].2.as_deref(),
            Some("added 2, changed 1, unchanged 0")
        );
    }
}

#[tokio::test]
async fn an_export_in_either_format_imports_back_unchanged() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let boss = app.person("boss").await;
        app.promote_to_admin("boss").await;
        let csv = "phrase,action,note\n法轮,refuse,\"rule 3, \"\"quoted\"\"\"\n=cmd(),hold,\nfoo bar,hold,@SUM(1)\n";
        let r = import(&app, &boss.client, csv, "text/csv", false, "en").await;
        assert_eq!(
            (r.status, r.body["applied"].as_bool()),
            (200, Some(true)),
            "{:?}",
            r.body
        );

        let (status, disposition, file) = export(&app, &boss.client, "csv").await;
        assert_eq!(status, 200);
        assert!(disposition.contains("word-list.csv"), "{disposition}");
        assert!(
            file.contains("'=cmd()"),
            "guarded against spreadsheets: {file}"
        );
        let back = import(&app, &boss.client, file, "text/csv", true, "en").await;
        assert_eq!(back.body["unchanged"], 3, "{:?}", back.body);
        assert!(back.body["added"].as_array().unwrap().is_empty());
        assert!(back.body["changed"].as_array().unwrap().is_empty());

        let (status, disposition, file) = export(&app, &boss.client, "txt").await;
        assert_eq!(status, 200);
        assert!(disposition.contains("word-list.txt"));
        assert!(file.contains("foo bar\thold\n"), "{file}");
        // TXT has no notes: it changes the entries that have one, and only them.
        let back = import(&app, &boss.client, file, "text/plain", true, "en").await;
        assert_eq!(back.body["unchanged"], 1, "{:?}", back.body);
        assert_eq!(lines(&back.body, "changed").len(), 2);
        assert_eq!(export(&app, &boss.client, "json").await.0, 400);
    }
}

#[tokio::test]
async fn a_file_that_is_not_its_format_is_400_with_its_line_in_the_askers_language() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let boss = app.person("boss").await;
        app.promote_to_admin("boss").await;
        let cases: [(&[u8], &str, &str); 6] = [
            (b"foo,refuse\nbar,hold,note,extra\n", "text/csv", "2"),
            (b"phrase,level\nfoo,1\n", "text/csv", "level"),
            (&[0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "text/plain", ""),
            (b"", "text/plain", ""),
            (b"\n# only a comment\n", "text/plain", ""),
            (b"phrase,action\n", "text/csv", ""),
        ];
        for (body, content_type, detail) in cases {
            for lang in ["zh", "en"] {
                let r = import(&app, &boss.client, body.to_vec(), content_type, false, lang).await;
                assert_eq!(
                    (r.status, r.code()),
                    (400, "invalid_word_file"),
                    "{:?} {:?}",
                    String::from_utf8_lossy(body),
                    r.body
                );
                assert_eq!(r.body["detail"].as_str().unwrap_or_default(), detail);
                assert_eq!(r.headers["content-language"], lang);
                assert_eq!(chinese(r.message()), lang == "zh", "{}", r.message());
            }
        }
        let wrong_type = import(&app, &boss.client, "[]", "application/json", true, "en").await;
        assert_eq!(
            (wrong_type.status, wrong_type.code()),
            (415, "unsupported_media_type")
        );
        let huge = vec![b'a'; 3 * 1024 * 1024];
        assert_eq!(
            import(&app, &boss.client, huge, "text/plain", true, "en")
                .await
                .status,
            413
        );
        assert_eq!(
            app.get_as(&boss.client, "/api/admin/words").await.body["total"],
            0
        );
    }
}

#[tokio::test]
async fn the_instance_checks_with_an_added_word_within_seconds_and_without_a_removed_one() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let boss = app.person("boss").await;
        app.promote_to_admin("boss").await;
        let before = check(&app, &boss, "他说法 轮。").await;
        assert!(before.body["hits"].as_array().unwrap().is_empty());
        assert_eq!(add(&app, &boss, "法轮", "refuse").await.status, 201);
        assert_eq!(add(&app, &boss, "ass", "hold").await.status, 201);
        let took = found_within(&app, &boss, "他说法 轮。", "法轮").await;
        assert!(took < Duration::from_secs(5), "{took:?}");
        let r = check(&app, &boss, "a class act, you Ａ.Ｓ.Ｓ!").await;
        assert_eq!(
            r.body["hits"],
            json!([{ "phrase": "ass", "found": "Ａ.Ｓ.Ｓ", "action": "hold" }])
        );
        assert!(r.body["version"].as_u64().unwrap() >= 2);
        let too_long = check(&app, &boss, &"字".repeat(20_001)).await;
        assert_eq!((too_long.status, too_long.code()), (422, "invalid_word"));

        assert_eq!(remove(&app, &boss.client, "ass").await.0, 204);
        let started = Instant::now();
        while !check(&app, &boss, "ass").await.body["hits"]
            .as_array()
            .unwrap()
            .is_empty()
        {
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "still refused after removal"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

#[tokio::test]
async fn a_second_instance_over_the_same_postgresql_checks_with_a_word_added_on_the_first() {
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let (conn, url) = (db.db.clone(), db.url.clone());
    let a = spawn_app(db).await;
    let b = spawn_on(conn, &url, |_| {}).await;
    let boss = a.person("boss").await;
    a.promote_to_admin("boss").await;
    let boss_on_b = Person {
        client: browser(&b.address),
        id: boss.id.clone(),
    };
    assert_eq!(
        b.login_as(&boss_on_b.client, "boss", crate::helpers::PASSWORD)
            .await
            .status,
        200
    );
    assert!(
        check(&b, &boss_on_b, "ＢＡＤＷＯＲＤ").await.body["hits"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    assert_eq!(add(&a, &boss, "badword", "refuse").await.status, 201);
    let took = found_within(&b, &boss_on_b, "a ＢＡＤＷＯＲＤ here", "badword").await;
    assert!(
        took < Duration::from_secs(5),
        "the other instance took {took:?}"
    );
}
