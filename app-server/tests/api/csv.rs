//! CSV exports over HTTP, on SQLite and PostgreSQL: names a spreadsheet would run as formulas
//! (`=HYPERLINK(…)`, `@SUM(…)`) leave the districts export guarded with a leading `'`, and the
//! import reads the guard back, so the export imports as unchanged, names and all.

use crate::helpers::{browser, reply, spawn_app};
use adapter_postgres::testing::TestDb;
use reqwest::header::CONTENT_TYPE;
use serde_json::json;

#[tokio::test]
async fn formula_names_are_guarded_in_the_export_and_read_back_by_the_import() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let admin = browser(&app.address);
        let r = app
            .post_as(
                &admin,
                "/api/auth/username/register",
                json!({ "username": "keeper", "password": "districts-password-1" }),
                "en",
            )
            .await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        app.promote_to_admin("keeper").await;
        let names = [
            (
                "510100",
                "=HYPERLINK(\"http://evil.example\",\"成都\")",
                "@SUM(1+1)",
            ),
            ("510700", "-2+3", "'=quoted already"),
            ("510800", "+广元", "\tGuangyuan"),
        ];
        for (code, zh, en) in names {
            let made = app
                .post_as(
                    &admin,
                    "/api/admin/districts",
                    json!({ "code": code, "nameZh": zh, "nameEn": en, "lat": 30.5, "lon": -0.25 }),
                    "en",
                )
                .await;
            assert_eq!(made.status, 201, "{code}: {:?}", made.body);
        }

        let file = admin
            .get(app.url("/api/admin/districts/export?format=csv"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        let line = |code: &str| {
            file.split("\r\n")
                .find(|l| l.starts_with(code))
                .unwrap_or_else(|| panic!("{code} in {file}"))
                .to_owned()
        };
        assert!(
            line("510100").contains(",\"'=HYPERLINK(\"\"http://evil.example\"\",")
                && line("510100").contains(",'@SUM(1+1),"),
            "{}",
            line("510100")
        );
        assert!(
            line("510700").contains(",'-2+3,''=quoted already,"),
            "{}",
            line("510700")
        );
        assert!(line("510800").contains(",'+广元,"), "{}", line("510800"));
        assert!(
            line("510100").contains(",-0.25,"),
            "a number is not guarded"
        );
        for l in file.split("\r\n") {
            for field in l.split(',') {
                assert!(
                    !field.starts_with(['=', '@', '+']),
                    "an unguarded formula: {field:?} in {l:?}"
                );
            }
        }

        let r = reply(
            admin
                .post(app.url("/api/admin/districts/import?dryRun=true"))
                .header(CONTENT_TYPE, "text/csv")
                .body(file)
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        for key in ["added", "changed", "refused"] {
            assert!(
                r.body[key].as_array().unwrap().is_empty(),
                "{key}: the round trip keeps every name: {:?}",
                r.body
            );
        }
        for (code, zh, en) in names {
            let d = app.get(&format!("/api/districts/{code}")).await;
            assert_eq!(
                (
                    d.body["district"]["nameZh"].as_str(),
                    d.body["district"]["nameEn"].as_str()
                ),
                (Some(zh), Some(en.trim())),
                "{:?}",
                d.body
            );
        }
    }
}
