//! Districts over HTTP, on SQLite and PostgreSQL: anyone browses the tree and searches it;
//! admins add and edit (audited), import a file — a dry run line by line, then all or nothing —
//! and export it back as a file that imports unchanged; a file that is not its format is 400.

use crate::helpers::{Reply, TestApp, browser, reply, spawn_app};
use adapter_postgres::testing::TestDb;
use reqwest::header::{ACCEPT_LANGUAGE, CONTENT_DISPOSITION, CONTENT_TYPE};
use serde_json::{Value, json};

const PASSWORD: &str = "districts-password-1";

/// Registers `username` in a browser of their own; an admin when `admin`.
async fn signed_in(app: &TestApp, username: &str, admin: bool) -> reqwest::Client {
    let client = browser(&app.address);
    let r = app
        .post_as(
            &client,
            "/api/auth/username/register",
            json!({ "username": username, "password": PASSWORD }),
            "en",
        )
        .await;
    assert_eq!(r.status, 201, "{:?}", r.body);
    if admin {
        app.promote_to_admin(username).await;
    }
    client
}

async fn import(
    app: &TestApp,
    who: &reqwest::Client,
    body: impl Into<reqwest::Body>,
    content_type: &str,
    dry_run: bool,
    lang: &str,
) -> Reply {
    reply(
        who.post(app.url(&format!("/api/admin/districts/import?dryRun={dry_run}")))
            .header(CONTENT_TYPE, content_type)
            .header(ACCEPT_LANGUAGE, lang)
            .body(body)
            .send()
            .await
            .unwrap(),
    )
    .await
}

fn codes(r: &Reply) -> Vec<&str> {
    r.body["districts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
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

async fn audit_actions(app: &TestApp) -> Vec<(String, Option<String>, Option<String>)> {
    let db = adapter_postgres::Database::connect(&app.db_url, 1)
        .await
        .unwrap();
    db.audit_log()
        .recent(20)
        .await
        .unwrap()
        .into_iter()
        .filter(|e| e.action.starts_with("district."))
        .map(|e| (e.action, e.target, e.detail))
        .collect()
}

const CITIES_WITH_A_BAD_LINE: &str = "code,name_zh,name_en,lat,lon\n\
     510100,成都市,Chengdu,30.5728,104.0668\n\
     510700,绵阳市,Mianyang,31.4675,104.6796\n\
     5108XX,广元市,Guangyuan,32.4355,105.8434\n\
     510900,遂宁市,Suining,30.5327,105.5929\n";

#[tokio::test]
async fn anyone_browses_the_provinces_by_page_searches_and_finds_one() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let first = app.get("/api/districts?limit=20").await;
        assert_eq!(first.status, 200, "{:?}", first.body);
        assert_eq!(codes(&first).len(), 20);
        assert_eq!(codes(&first)[0], "110000");
        let cursor = first.body["nextCursor"].as_str().unwrap().to_owned();
        let rest = app
            .get(&format!("/api/districts?limit=20&cursor={cursor}"))
            .await;
        assert_eq!(codes(&rest).len(), 14);
        assert!(rest.body["nextCursor"].is_null());
        assert!(codes(&rest)[0] > cursor.as_str());

        let sichuan = &app.get("/api/districts/510000").await.body["district"];
        assert_eq!(sichuan["nameZh"], "四川省");
        assert_eq!(sichuan["level"], "province");
        assert!(sichuan["parentCode"].is_null());
        assert_eq!(sichuan["tile"], json!({ "col": 2, "row": 4 }));

        for q in ["四川", "SICHUAN", "51"] {
            let found = app.get(&format!("/api/districts/search?q={q}")).await;
            assert_eq!(codes(&found), ["510000"], "{q}");
        }
        assert!(
            codes(&app.get("/api/districts/search?q=%20").await).is_empty(),
            "a blank search finds nothing"
        );
        assert!(codes(&app.get("/api/districts?parent=510000").await).is_empty());

        assert_eq!(app.get("/api/districts/510100").await.code(), "not_found");
        assert_eq!(app.get("/api/districts/nope").await.status, 404);
        assert_eq!(
            app.get("/api/districts?parent=51").await.code(),
            "invalid_query"
        );
        assert_eq!(
            app.get("/api/districts?cursor=abc").await.code(),
            "invalid_cursor"
        );
    }
}

#[tokio::test]
async fn the_admin_endpoints_refuse_strangers_401_and_non_admins_403() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let user = signed_in(&app, "mere-user", false).await;
        let stranger = browser(&app.address);
        for (who, status) in [(&stranger, 401), (&user, 403)] {
            let add = app
                .post_as(
                    who,
                    "/api/admin/districts",
                    json!({ "code": "510100", "nameZh": "成都市", "nameEn": "Chengdu", "lat": 30.5, "lon": 104.0 }),
                    "en",
                )
                .await;
            assert_eq!(add.status, status);
            let edit = reply(
                who.put(app.url("/api/admin/districts/510000"))
                    .json(&json!({ "nameZh": "川", "nameEn": "S", "lat": 30.5, "lon": 104.0 }))
                    .send()
                    .await
                    .unwrap(),
            )
            .await;
            assert_eq!(edit.status, status);
            let r = import(&app, who, CITIES_WITH_A_BAD_LINE, "text/csv", true, "en").await;
            assert_eq!(r.status, status);
            let export = app
                .get_as(who, "/api/admin/districts/export?format=csv")
                .await;
            assert_eq!(export.status, status);
        }
        assert!(audit_actions(&app).await.is_empty());
        assert_eq!(
            app.get("/api/districts/510000").await.body["district"]["nameEn"],
            "Sichuan"
        );
    }
}

#[tokio::test]
async fn an_admin_adds_and_edits_a_district_within_the_rules_and_both_are_audited() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let admin = signed_in(&app, "keeper", true).await;
        let city = |code: &str, zh: &str, en: &str| json!({ "code": code, "nameZh": zh, "nameEn": en, "lat": 30.5728, "lon": 104.0668 });
        let made = app
            .post_as(
                &admin,
                "/api/admin/districts",
                city("510100", " 成都市 ", "Chengdu"),
                "en",
            )
            .await;
        assert_eq!(made.status, 201, "{:?}", made.body);
        assert_eq!(made.body["district"]["nameZh"], "成都市");
        assert_eq!(made.body["district"]["parentCode"], "510000");
        assert_eq!(made.body["district"]["level"], "city");
        assert_eq!(
            codes(&app.get("/api/districts?parent=510000").await),
            ["510100"]
        );

        let again = app
            .post_as(
                &admin,
                "/api/admin/districts",
                city("510100", "成都", "C"),
                "en",
            )
            .await;
        assert_eq!((again.status, again.code()), (409, "district_exists"));
        let orphan = app
            .post_as(
                &admin,
                "/api/admin/districts",
                city("440305", "南山区", "Nanshan"),
                "zh",
            )
            .await;
        assert_eq!((orphan.status, orphan.code()), (422, "missing_parent"));
        assert_eq!(orphan.message(), "上级行政区不存在");
        let unnamed = app
            .post_as(
                &admin,
                "/api/admin/districts",
                city("510700", "", "Mianyang"),
                "en",
            )
            .await;
        assert_eq!((unnamed.status, unnamed.code()), (422, "invalid_district"));
        assert!(unnamed.body["fields"]["nameZh"].is_string());
        let mut tiled = city("510700", "绵阳市", "Mianyang");
        tiled["tile"] = json!({ "col": 1, "row": 1 });
        let r = app
            .post_as(&admin, "/api/admin/districts", tiled, "en")
            .await;
        assert!(r.body["fields"]["tile"].is_string(), "{:?}", r.body);

        let edited = reply(
            admin
                .put(app.url("/api/admin/districts/510100"))
                .json(&json!({ "nameZh": "成都市", "nameEn": "Chengdu City", "lat": 30.57, "lon": 104.07 }))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(edited.status, 200, "{:?}", edited.body);
        assert_eq!(
            app.get("/api/districts/510100").await.body["district"]["nameEn"],
            "Chengdu City"
        );
        let unknown = reply(
            admin
                .put(app.url("/api/admin/districts/510800"))
                .json(&json!({ "nameZh": "广元市", "nameEn": "Guangyuan", "lat": 32.4, "lon": 105.8 }))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(unknown.status, 404);

        let audit = audit_actions(&app).await;
        let actions: Vec<(&str, Option<&str>)> = audit
            .iter()
            .map(|(a, t, _)| (a.as_str(), t.as_deref()))
            .collect();
        assert_eq!(
            actions,
            [
                ("district.updated", Some("510100")),
                ("district.created", Some("510100"))
            ]
        );
        assert!(audit[0].2.as_deref().unwrap().contains("Chengdu City"));
    }
}

#[tokio::test]
async fn an_import_with_one_bad_line_changes_nothing_and_the_fixed_file_applies_whole() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let admin = signed_in(&app, "keeper", true).await;

        let dry = import(&app, &admin, CITIES_WITH_A_BAD_LINE, "text/csv", true, "zh").await;
        assert_eq!(dry.status, 200, "{:?}", dry.body);
        assert_eq!(dry.body["applied"], false);
        assert_eq!(lines(&dry.body, "added"), [2, 3, 5]);
        assert_eq!(dry.body["added"][0]["district"]["nameEn"], "Chengdu");
        let refused = &dry.body["refused"];
        assert_eq!(lines(&dry.body, "refused"), [4]);
        assert_eq!(refused[0]["code"], "5108XX");
        assert_eq!(refused[0]["reason"], "invalid_code");
        assert!(
            refused[0]["message"].as_str().unwrap().contains("6 位数字"),
            "{refused}"
        );

        let applied = import(
            &app,
            &admin,
            CITIES_WITH_A_BAD_LINE,
            "text/csv",
            false,
            "en",
        )
        .await;
        assert_eq!(applied.status, 200);
        assert_eq!(applied.body["applied"], false, "one bad line stops it all");
        assert!(
            codes(&app.get("/api/districts?parent=510000").await).is_empty(),
            "nothing was written"
        );
        assert!(audit_actions(&app).await.is_empty());

        let fixed = CITIES_WITH_A_BAD_LINE.replace("5108XX", "510800");
        let dry = import(&app, &admin, fixed.clone(), "text/csv", true, "en").await;
        assert_eq!(lines(&dry.body, "added"), [2, 3, 4, 5]);
        assert!(dry.body["refused"].as_array().unwrap().is_empty());
        assert!(
            codes(&app.get("/api/districts?parent=510000").await).is_empty(),
            "a dry run writes nothing"
        );
        let applied = import(&app, &admin, fixed, "text/csv; charset=utf-8", false, "en").await;
        assert_eq!(applied.body["applied"], true, "{:?}", applied.body);
        assert_eq!(
            codes(&app.get("/api/districts?parent=510000").await),
            ["510100", "510700", "510800", "510900"]
        );

        // A JSON file changing one city and adding a county under another.
        let file = json!([
            { "code": "510100", "nameZh": "成都市", "nameEn": "Chengdu City", "lat": 30.5728, "lon": 104.0668 },
            { "code": "510104", "nameZh": "锦江区", "nameEn": "Jinjiang", "lat": "30.657", "lon": "104.083" },
            { "code": "510700", "nameZh": "绵阳市", "nameEn": "Mianyang", "lat": 31.4675, "lon": 104.6796 }
        ]);
        let r = import(
            &app,
            &admin,
            serde_json::to_string_pretty(&file).unwrap(),
            "application/json",
            false,
            "en",
        )
        .await;
        assert_eq!(r.body["applied"], true, "{:?}", r.body);
        assert_eq!(lines(&r.body, "added"), [9], "the line of its brace");
        assert_eq!(lines(&r.body, "changed"), [2]);
        assert_eq!(r.body["changed"][0]["before"]["nameEn"], "Chengdu");
        assert_eq!(r.body["changed"][0]["after"]["nameEn"], "Chengdu City");
        assert_eq!(r.body["unchanged"], 1);
        assert_eq!(
            codes(&app.get("/api/districts?parent=510100").await),
            ["510104"]
        );

        let audit = audit_actions(&app).await;
        let details: Vec<&str> = audit
            .iter()
            .map(|(_, _, d)| d.as_deref().unwrap())
            .collect();
        assert_eq!(
            details,
            [
                "added 1, changed 1, unchanged 1",
                "added 4, changed 0, unchanged 0"
            ]
        );
        assert!(audit.iter().all(|(a, _, _)| a == "district.imported"));
    }
}

#[tokio::test]
async fn an_export_in_either_format_imports_back_unchanged() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let admin = signed_in(&app, "keeper", true).await;
        let made = app
            .post_as(
                &admin,
                "/api/admin/districts",
                json!({ "code": "510100", "nameZh": "成都市", "nameEn": "Chengdu, \"Rong\"", "lat": 30.5728, "lon": 104.0668 }),
                "en",
            )
            .await;
        assert_eq!(made.status, 201);
        for (format, content_type) in [("csv", "text/csv"), ("json", "application/json")] {
            let res = admin
                .get(app.url(&format!("/api/admin/districts/export?format={format}")))
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), 200);
            let headers = res.headers().clone();
            assert!(
                headers[CONTENT_TYPE]
                    .to_str()
                    .unwrap()
                    .starts_with(content_type)
            );
            assert_eq!(
                headers[CONTENT_DISPOSITION],
                format!("attachment; filename=\"districts.{format}\"").as_str()
            );
            let file = res.bytes().await.unwrap();
            let text = String::from_utf8(file.to_vec()).unwrap();
            assert!(text.contains("510100") && text.contains("510000"));
            let r = import(&app, &admin, file, content_type, true, "en").await;
            assert_eq!(r.status, 200, "{:?}", r.body);
            assert_eq!(r.body["unchanged"], 35, "{format}: {:?}", r.body);
            for key in ["added", "changed", "refused"] {
                assert!(r.body[key].as_array().unwrap().is_empty(), "{format} {key}");
            }
        }
        assert_eq!(
            app.get_as(&admin, "/api/admin/districts/export?format=xml")
                .await
                .status,
            400
        );
    }
}

#[tokio::test]
async fn a_file_that_is_not_its_format_is_400_in_the_askers_language_and_changes_nothing() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let admin = signed_in(&app, "keeper", true).await;
        let cases: [(&[u8], &str, &str); 7] = [
            (
                b"code,name_zh,name_en,lat,lon\n510100,\"Cheng,du,1,2\n",
                "text/csv",
                "2",
            ),
            (b"code,name_zh,name_en,lat,lon\n510100,1\n", "text/csv", "2"),
            (b"name,where\nx,y\n", "text/csv", "name"),
            (&[0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "text/csv", ""),
            (b"", "text/csv", ""),
            (
                b"[\n{\"code\": \"510100\"},\n{nope}\n]",
                "application/json",
                "3",
            ),
            (b"{\"code\": \"510100\"}", "application/json", ""),
        ];
        for (body, content_type, detail) in cases {
            for lang in ["zh", "en"] {
                let r = import(&app, &admin, body.to_vec(), content_type, false, lang).await;
                assert_eq!(
                    (r.status, r.code()),
                    (400, "invalid_import_file"),
                    "{:?}",
                    String::from_utf8_lossy(body)
                );
                assert_eq!(r.body["detail"].as_str().unwrap_or_default(), detail);
                assert_eq!(r.headers["content-language"], lang);
                let chinese = r
                    .message()
                    .chars()
                    .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
                assert_eq!(chinese, lang == "zh", "{}", r.message());
            }
        }
        let wrong_type = import(&app, &admin, "a,b", "text/plain", true, "en").await;
        assert_eq!(
            (wrong_type.status, wrong_type.code()),
            (415, "unsupported_media_type")
        );
        let huge = vec![b'1'; 3 * 1024 * 1024];
        assert_eq!(
            import(&app, &admin, huge, "text/csv", true, "en")
                .await
                .status,
            413
        );
        assert!(codes(&app.get("/api/districts?parent=510000").await).is_empty());
        assert!(audit_actions(&app).await.is_empty());
    }
}
