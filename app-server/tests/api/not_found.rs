//! A 404 says what was not found, in the request's language (on SQLite and PostgreSQL): a group,
//! a user's profile, an image, an article, a post — whether the id is unknown or does not even
//! parse. "No such API endpoint" is kept for a path that is no route.

use crate::helpers::spawn_app;
use adapter_postgres::testing::TestDb;
use reqwest::Method;
use serde_json::Value;

#[tokio::test]
async fn each_missing_thing_is_named_in_chinese_and_in_english() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        let owner = app.person("grace").await;
        let group = app.create_group(&owner, "读书会", "public", "open").await;
        let gid = group["id"].as_str().unwrap();
        let nobody = uuid::Uuid::new_v4();
        let cases: Vec<(String, &str, &str, &str)> = vec![
            (
                format!("/api/groups/{nobody}"),
                "group",
                "小组不存在",
                "No such group",
            ),
            (
                "/api/groups/not-an-id".into(),
                "group",
                "小组不存在",
                "No such group",
            ),
            (
                format!("/api/users/{nobody}"),
                "user",
                "用户不存在",
                "No such user",
            ),
            (
                "/api/users/not-an-id".into(),
                "user",
                "用户不存在",
                "No such user",
            ),
            (
                format!("/api/media/{nobody}"),
                "media",
                "图片不存在",
                "No such image",
            ),
            (
                format!("/api/media/{nobody}/thumbnail"),
                "media",
                "图片不存在",
                "No such image",
            ),
            (
                format!("/api/groups/{gid}/articles/{nobody}"),
                "article",
                "文章不存在",
                "No such article",
            ),
            (
                format!("/api/groups/{gid}/articles/not-an-id"),
                "article",
                "文章不存在",
                "No such article",
            ),
            (
                format!("/api/plaza/posts/{nobody}"),
                "post",
                "找不到这条动态或评论，可能已被删除",
                "No such post or comment; it may have been deleted",
            ),
        ];
        for (path, resource, zh, en) in &cases {
            for (lang, text) in [("zh", zh), ("en", en)] {
                let r = app.send(&owner.client, Method::GET, path, None, lang).await;
                assert_eq!(
                    (r.status, r.code(), r.message()),
                    (404, "not_found", *text),
                    "{path} in {lang}: {:?}",
                    r.body
                );
                assert_eq!(r.body["resource"], *resource, "{path}");
            }
        }
    }
}

#[tokio::test]
async fn a_path_that_is_no_route_stays_no_such_api_endpoint() {
    for db in TestDb::all().await {
        let app = spawn_app(db).await;
        for (lang, text) in [("zh", "请求的接口不存在"), ("en", "No such API endpoint")] {
            for path in ["/api/no/such/thing", "/api/groups/x/y/z/w"] {
                let r = app
                    .send(&reqwest::Client::new(), Method::GET, path, None, lang)
                    .await;
                assert_eq!(
                    (r.status, r.code(), r.message()),
                    (404, "not_found", text),
                    "{path}"
                );
                assert_eq!(r.body["resource"], Value::Null, "{path}");
            }
        }
    }
}
