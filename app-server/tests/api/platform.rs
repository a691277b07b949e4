use crate::helpers::{reply, spawn_app, spawn_app_with};
use adapter_postgres::testing::TestDb;
use serde_json::json;

#[tokio::test]
async fn health_reports_the_database_kind() {
    for db in TestDb::all().await {
        let kind = if db.url.starts_with("sqlite") {
            "sqlite"
        } else {
            "postgres"
        };
        let app = spawn_app(db).await;
        let r = app.get("/api/health").await;
        assert_eq!(
            (
                r.status,
                r.body["status"].as_str(),
                r.body["database"].as_str()
            ),
            (200, Some("ok"), Some(kind))
        );
    }
}

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let app = spawn_app(TestDb::sqlite().await).await;
    for path in ["/api/health", "/api/nope", "/some/page"] {
        let res = app.client.get(app.url(path)).send().await.unwrap();
        let h = res.headers();
        let header = |name: &str| h.get(name).map(|v| v.to_str().unwrap().to_owned());
        let csp = header("content-security-policy").unwrap();
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert_eq!(header("x-content-type-options").as_deref(), Some("nosniff"));
        assert_eq!(header("x-frame-options").as_deref(), Some("DENY"), "{path}");
        if path.starts_with("/api/") {
            // An answer of data: nothing may run, load or frame it, and the page-only
            // policies are left off (OWASP's REST guidance).
            assert_eq!(csp, "default-src 'none'; frame-ancestors 'none'", "{path}");
            for page_only in [
                "referrer-policy",
                "cross-origin-opener-policy",
                "permissions-policy",
            ] {
                assert_eq!(header(page_only), None, "{path}: {page_only}");
            }
        } else {
            assert!(
                csp.contains("script-src 'self'")
                    && csp.contains("font-src 'self'")
                    && !csp.contains("unsafe-eval"),
                "{path}: {csp}"
            );
            assert!(header("referrer-policy").is_some(), "{path}");
            assert!(header("permissions-policy").is_some(), "{path}");
        }
    }
}

#[tokio::test]
async fn openapi_documents_every_api_route() {
    let app = spawn_app(TestDb::sqlite().await).await;
    let doc = app.get("/api/docs.json").await.body;
    assert!(doc["openapi"].as_str().unwrap().starts_with("3.1"));
    let mut documented: Vec<String> = doc["paths"]
        .as_object()
        .unwrap()
        .iter()
        .flat_map(|(path, ops)| {
            ops.as_object()
                .unwrap()
                .keys()
                .map(move |m| format!("{} {path}", m.to_uppercase()))
        })
        .collect();
    documented.sort();
    let mut served = vec![
        "POST /api/auth/username/register",
        "POST /api/auth/username/login",
        "POST /api/auth/logout",
        "POST /api/auth/password/change",
        "POST /api/auth/reauthenticate",
        "POST /api/auth/reauthenticate/sendVerification",
        "GET /api/auth/token",
        "GET /api/auth/sessions",
        "DELETE /api/auth/sessions/{id}",
        "GET /api/health",
        "GET /api/health/live",
        "GET /api/health/ready",
        "GET /api/docs.json",
        "POST /api/auth/phone/sendVerification",
        "POST /api/auth/phone/login",
        "GET /api/auth/wechat/callback",
        "GET /api/auth/wechat/login",
        "POST /api/auth/wechat/register",
        "POST /api/auth/wechat/binding",
        "DELETE /api/auth/wechat/binding",
        "POST /api/account/phone/sendVerification",
        "PUT /api/account/phone",
        "PATCH /api/account/profile",
        "POST /api/account/avatar/upload",
        "PUT /api/account/avatar",
        "DELETE /api/account/avatar",
        "GET /api/account/appearance",
        "PUT /api/account/appearance",
        "GET /api/account/basics",
        "GET /api/admin/overview",
        "GET /api/admin/audit",
        "GET /api/admin/audit/export",
        "GET /api/admin/audit/actions",
        "GET /api/admin/wechat/token",
        "POST /api/admin/wechat/token/refresh",
        "GET /api/admin/wechat/menu",
        "POST /api/admin/wechat/menu/validate",
        "PUT /api/admin/wechat/menu",
        "DELETE /api/admin/wechat/menu",
        "GET /api/admin/wechat/menu/versions",
        "POST /api/admin/wechat/menu/versions/{id}/rollback",
        "POST /api/admin/districts",
        "PUT /api/admin/districts/{code}",
        "POST /api/admin/districts/import",
        "GET /api/admin/districts/export",
        "GET /api/admin/words",
        "POST /api/admin/words",
        "DELETE /api/admin/words/{key}",
        "POST /api/admin/words/import",
        "GET /api/admin/words/export",
        "POST /api/admin/words/check",
        "GET /api/districts",
        "GET /api/districts/search",
        "GET /api/districts/{code}",
        "GET /api/ai/models",
        "POST /api/ai/chat",
        "GET /api/tokens/scopes",
        "GET /api/tokens",
        "POST /api/tokens",
        "GET /api/tokens/current",
        "DELETE /api/tokens/{id}",
        "GET /api/groups",
        "POST /api/groups",
        "GET /api/groups/mine",
        "GET /api/groups/{id}",
        "PUT /api/groups/{id}",
        "DELETE /api/groups/{id}",
        "PUT /api/groups/{id}/cover",
        "DELETE /api/groups/{id}/cover",
        "POST /api/groups/{id}/invite-code",
        "POST /api/groups/{id}/transfer",
        "DELETE /api/groups/{id}/transfer",
        "POST /api/groups/{id}/transfer/accept",
        "POST /api/groups/{id}/transfer/decline",
        "POST /api/groups/{id}/join",
        "DELETE /api/groups/{id}/membership",
        "GET /api/groups/{id}/gallery",
        "POST /api/groups/{id}/gallery",
        "DELETE /api/groups/{id}/gallery/{mediaId}",
        "GET /api/groups/{id}/members",
        "PUT /api/groups/{id}/members/{userId}/role",
        "DELETE /api/groups/{id}/members/{userId}",
        "GET /api/groups/{id}/bans",
        "PUT /api/groups/{id}/bans/{userId}",
        "DELETE /api/groups/{id}/bans/{userId}",
        "GET /api/groups/{id}/requests",
        "POST /api/groups/{id}/requests/{requestId}/approve",
        "POST /api/groups/{id}/requests/{requestId}/reject",
        "GET /api/groups/{id}/articles",
        "GET /api/groups/{id}/articles/drafts",
        "POST /api/groups/{id}/articles",
        "GET /api/groups/{id}/articles/{articleId}",
        "PUT /api/groups/{id}/articles/{articleId}",
        "DELETE /api/groups/{id}/articles/{articleId}",
        "POST /api/groups/{id}/articles/{articleId}/publish",
        "POST /api/groups/{id}/articles/{articleId}/unpublish",
        "GET /api/groups/{id}/articles/{articleId}/replies",
        "POST /api/groups/{id}/articles/{articleId}/replies",
        "PUT /api/groups/{id}/articles/{articleId}/replies/lock",
        "DELETE /api/groups/{id}/articles/{articleId}/replies/{replyId}",
        "GET /api/media/{id}",
        "GET /api/media/{id}/thumbnail",
        "POST /api/media/keep",
        "GET /api/plaza/weather",
        "GET /api/plaza/posts",
        "GET /api/plaza/posts/new-count",
        "POST /api/plaza/posts",
        "GET /api/plaza/posts/{id}",
        "DELETE /api/plaza/posts/{id}",
        "POST /api/plaza/images",
        "PUT /api/plaza/posts/{id}/like",
        "DELETE /api/plaza/posts/{id}/like",
        "GET /api/users/{id}",
        "GET /api/users/{id}/groups",
        "GET /api/users/{id}/articles",
        "GET /api/users/{id}/posts",
        "POST /api/admin/users/{id}/disable",
        "POST /api/admin/users/{id}/enable",
        "GET /api/admin/media",
        "GET /api/admin/directory/users",
        "GET /api/admin/directory/groups",
        "GET /api/admin/media/usage",
        "POST /api/admin/media/{id}/hide",
        "POST /api/admin/media/{id}/unhide",
        "DELETE /api/admin/media/{id}",
        "GET /api/admin/metrics",
        "GET /api/plaza/posts/{id}/comments",
        "POST /api/plaza/posts/{id}/comments",
        "DELETE /api/plaza/comments/{id}",
        "PATCH /api/plaza/posts/{id}",
        "GET /api/plaza/posts/{id}/versions",
        "PATCH /api/plaza/comments/{id}",
        "GET /api/plaza/comments/{id}/versions",
        "GET /api/users/by-username/{username}",
        "PATCH /api/groups/{id}/articles/{articleId}/replies/{replyId}",
        "GET /api/groups/{id}/articles/{articleId}/replies/{replyId}/versions",
        "GET /api/notifications",
        "GET /api/notifications/unread-count",
        "GET /api/notifications/stream",
        "POST /api/notifications/{id}/read",
        "POST /api/notifications/read-all",
        "GET /api/notifications/preferences",
        "PUT /api/notifications/preferences",
        "GET /api/mentions/suggestions",
        "GET /api/search/posts",
        "GET /api/search/articles",
        "GET /api/search/replies",
        "GET /api/search/groups",
        "GET /api/search/people",
        "GET /api/blocks",
        "PUT /api/blocks/{userId}",
        "DELETE /api/blocks/{userId}",
        "POST /api/reports",
        "GET /api/admin/reports",
        "GET /api/admin/reports/{caseId}",
        "POST /api/admin/reports/{caseId}/close",
        "GET /api/groups/{id}/reports",
        "GET /api/groups/{id}/reports/{caseId}",
        "POST /api/groups/{id}/reports/{caseId}/close",
    ];
    served.sort_unstable();
    assert_eq!(documented, served);
    assert!(doc["components"]["schemas"]["ErrorBody"].is_object());
    assert!(doc["components"]["securitySchemes"]["session"].is_object());
    assert_eq!(
        doc["components"]["securitySchemes"]["bearer"]["scheme"],
        "bearer"
    );
    // Every operation says who may call it: public (`[{}]`), session only, or session or a
    // token with the listed scope.
    for (path, ops) in doc["paths"].as_object().unwrap() {
        for (method, op) in ops.as_object().unwrap() {
            let security = op["security"]
                .as_array()
                .unwrap_or_else(|| panic!("{method} {path} documents no security"));
            assert!(!security.is_empty(), "{method} {path}");
        }
    }
    assert_eq!(
        doc["paths"]["/api/auth/sessions"]["get"]["security"],
        json!([{ "session": [] }, { "bearer": ["account:read"] }])
    );
    assert_eq!(
        doc["paths"]["/api/tokens"]["post"]["security"],
        json!([{ "session": [] }])
    );
    assert_eq!(doc["paths"]["/api/health"]["get"]["security"], json!([{}]));
    // A bad bearer token is refused everywhere, public operations included, and documented so.
    for (path, ops) in doc["paths"].as_object().unwrap() {
        for (method, op) in ops.as_object().unwrap() {
            assert!(
                op["responses"]["401"].is_object(),
                "{method} {path} lacks 401"
            );
        }
    }
}

/// Every actix route macro under `app-server/src/http` is in the OpenAPI document: a handler
/// added without `#[utoipa::path]` or left out of `api_scope()` fails here.
#[tokio::test]
async fn every_route_in_the_source_is_documented() {
    let app = spawn_app(TestDb::sqlite().await).await;
    let doc = app.get("/api/docs.json").await.body;
    let mut found = 0;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/http");
    let mut stack = vec![dir];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let source = std::fs::read_to_string(&path).unwrap();
            assert!(
                !source.contains("web::resource(") && !source.contains(".route("),
                "{}: register routes with a utoipa-documented handler, not web::resource/route",
                path.display()
            );
            for line in source.lines() {
                let line = line.trim();
                for method in ["get", "post", "put", "delete", "patch"] {
                    let Some(rest) = line.strip_prefix(&format!("#[{method}(\"")) else {
                        continue;
                    };
                    let route = rest.split('"').next().unwrap();
                    let full = format!("/api{route}");
                    assert!(
                        doc["paths"][&full][method].is_object(),
                        "{method} {full} ({}) is served but not documented",
                        path.display()
                    );
                    found += 1;
                }
            }
        }
    }
    assert_eq!(
        found,
        doc["paths"]
            .as_object()
            .unwrap()
            .values()
            .map(|o| o.as_object().unwrap().len())
            .sum::<usize>()
    );
}

/// utoipa keys `components.schemas` by name and silently keeps the last of two types with the
/// same name (the PAT revoke answer once took the WeChat token answer's `TokenResponse` slot, so
/// one operation documented the other's body). Every `ToSchema` derive under `src/http` has a
/// name of its own, and every `$ref` of the document resolves.
#[tokio::test]
async fn schema_names_are_unique_and_every_reference_resolves() {
    let app = spawn_app(TestDb::sqlite().await).await;
    let doc = app.get("/api/docs.json").await.body;
    let schemas = doc["components"]["schemas"].as_object().unwrap();

    let mut names: Vec<(String, String)> = Vec::new();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/http");
    let mut stack = vec![dir];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let source = std::fs::read_to_string(&path).unwrap();
            let (mut deriving, mut renamed) = (false, None::<String>);
            for line in source.lines().map(str::trim) {
                if line.starts_with("#[derive(") && line.contains("ToSchema") {
                    deriving = true;
                } else if deriving && let Some(rest) = line.strip_prefix("#[schema(as = ") {
                    renamed = Some(rest.trim_end_matches(")]").to_owned());
                } else if deriving
                    && let Some(rest) = line
                        .strip_prefix("pub struct ")
                        .or_else(|| line.strip_prefix("struct "))
                        .or_else(|| line.strip_prefix("pub enum "))
                {
                    let ident: String = rest
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    let name = renamed.take().unwrap_or(ident);
                    names.push((name, path.display().to_string()));
                    deriving = false;
                }
            }
        }
    }
    assert!(names.len() > 30, "the scan found only {names:?}");
    names.sort();
    for pair in names.windows(2) {
        assert_ne!(
            pair[0].0, pair[1].0,
            "two schemas named {} ({} and {})",
            pair[0].0, pair[0].1, pair[1].1
        );
    }

    let text = doc.to_string();
    let mut refs = 0;
    for piece in text.split("\"$ref\":\"#/components/schemas/").skip(1) {
        let name = piece.split('"').next().unwrap();
        assert!(
            schemas.contains_key(name),
            "$ref to a missing schema {name}"
        );
        refs += 1;
    }
    assert!(refs > 50, "only {refs} references");
    // The chat stream's events are documented (itemSchema is not collected by utoipa itself),
    // in an extension: `itemSchema` itself is OpenAPI 3.2, and the document is 3.1.
    let ok = &doc["paths"]["/api/ai/chat"]["post"]["responses"]["200"]["content"];
    assert_eq!(
        ok["text/event-stream"]["x-itemSchema"]["$ref"],
        "#/components/schemas/ChatStreamEvent"
    );
    assert_eq!(
        ok["text/event-stream"]["schema"]["$ref"],
        "#/components/schemas/ChatStreamEvent"
    );
    assert!(!text.contains("\"itemSchema\""));
    assert_eq!(
        ok["application/json"]["schema"]["$ref"],
        "#/components/schemas/ChatCompletion"
    );
}

#[tokio::test]
async fn serves_the_spa_with_cache_rules_and_real_404s_for_missing_files() {
    let dir = std::env::temp_dir().join(format!(
        "courtyard-static-{}",
        uuid::Uuid::new_v4().simple()
    ));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::create_dir_all(dir.join("build")).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><title>庭院</title>").unwrap();
    std::fs::write(
        dir.join("assets/app-abc123.js"),
        "console.log('x');".repeat(200),
    )
    .unwrap();
    std::fs::write(
        dir.join("build/latest.json"),
        r#"{"buildId":"b1","builtAt":"2026-11-21T00:00:00Z"}"#,
    )
    .unwrap();
    std::fs::create_dir_all(dir.join("build/meta")).unwrap();
    std::fs::write(
        dir.join("build/meta/b1.json"),
        r#"{"buildId":"b1","builtAt":"2026-11-21T00:00:00Z","routeRules":{"redirects":[{"from":"/groups/$","to":"/group/$"}]}}"#,
    )
    .unwrap();
    let static_dir = dir.clone();
    let app = spawn_app_with(TestDb::sqlite().await, move |c| c.static_dir = static_dir).await;

    for route in ["/", "/group/42/articles", "/settings/security"] {
        let res = app.client.get(app.url(route)).send().await.unwrap();
        assert_eq!(res.status(), 200, "{route}");
        assert_eq!(res.headers().get("cache-control").unwrap(), "no-cache");
        // No language asked for: English, as the app decides.
        assert!(
            res.text()
                .await
                .unwrap()
                .contains("<title>Courtyard</title>")
        );
    }
    let res = app
        .client
        .get(app.url("/assets/app-abc123.js"))
        .header("Accept-Encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(
        res.headers().get("cache-control").unwrap(),
        "public, max-age=31536000, immutable"
    );
    assert_eq!(
        res.headers()
            .get("content-encoding")
            .map(|v| v.to_str().unwrap()),
        Some("gzip")
    );
    // The build's own compressed copies, when the browser takes them.
    let plain = "console.log('plain');".repeat(100);
    std::fs::write(dir.join("assets/pre-1.js"), &plain).unwrap();
    std::fs::write(dir.join("assets/pre-1.js.br"), "brotli bytes").unwrap();
    std::fs::write(dir.join("assets/pre-1.js.gz"), "gzip bytes").unwrap();
    for (accept, encoding, body) in [
        (Some("gzip, deflate, br, zstd"), Some("br"), "brotli bytes"),
        (Some("gzip"), Some("gzip"), "gzip bytes"),
        (Some("br;q=0, gzip"), Some("gzip"), "gzip bytes"),
        (None, None, plain.as_str()),
    ] {
        let mut req = app.client.get(app.url("/assets/pre-1.js"));
        if let Some(accept) = accept {
            req = req.header("Accept-Encoding", accept);
        }
        let res = req.send().await.unwrap();
        assert_eq!(res.status(), 200, "{accept:?}");
        assert_eq!(
            res.headers()
                .get("content-encoding")
                .map(|v| v.to_str().unwrap()),
            encoding,
            "{accept:?}"
        );
        assert!(
            res.headers()["content-type"]
                .to_str()
                .unwrap()
                .contains("javascript"),
            "{accept:?}"
        );
        assert_eq!(
            res.headers()["cache-control"],
            "public, max-age=31536000, immutable"
        );
        assert_eq!(res.text().await.unwrap(), body, "{accept:?}");
    }
    let latest = app.get("/build/latest.json").await;
    assert_eq!(latest.body["buildId"], "b1");
    let res = app
        .client
        .get(app.url("/build/latest.json"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers().get("cache-control").unwrap(), "no-cache");
    // A build id's manifest never changes; an unknown id is a real 404.
    let res = app
        .client
        .get(app.url("/build/meta/b1.json"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(
        res.headers().get("cache-control").unwrap(),
        "public, max-age=31536000, immutable"
    );
    let manifest = app.get("/build/meta/b1.json").await;
    assert_eq!(
        manifest.body["routeRules"]["redirects"][0]["to"],
        "/group/$"
    );
    assert_eq!(
        app.client
            .get(app.url("/build/meta/unknown.json"))
            .send()
            .await
            .unwrap()
            .status(),
        404
    );
    assert_eq!(
        app.client
            .get(app.url("/assets/missing-chunk.js"))
            .send()
            .await
            .unwrap()
            .status(),
        404
    );
    assert_eq!(
        app.client
            .get(app.url("/../Cargo.toml"))
            .send()
            .await
            .unwrap()
            .status(),
        404
    );
    let api404 = reply(
        app.client
            .get(app.url("/api/unknown"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!((api404.status, api404.code()), (404, "not_found"));
    let _ = std::fs::remove_dir_all(dir);
}

/// A static folder with the app's `index.html` (as the build writes it) and the build's
/// first-screen table: the plaza's route chunk, messages per language, and its API GETs.
fn spa_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("courtyard-spa-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(dir.join(".courtyard")).unwrap();
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html>\n<html lang=\"zh-CN\">\n  <head>\n    <meta charset=\"UTF-8\" />\n    \
         <meta\n      name=\"description\"\n      content=\"build-time text\"\n    />\n    \
         <title>庭院 · Courtyard</title>\n    <script src=\"/preferences.js\"></script>\n    \
         <script type=\"module\" crossorigin src=\"/assets/shell-1.js\"></script>\n  </head>\n  \
         <body>\n    <div id=\"root\"></div>\n  </body>\n</html>\n",
    )
    .unwrap();
    std::fs::write(
        dir.join(".courtyard/first-screen.json"),
        r#"{
          "locales": {
            "zh": { "messages": "/assets/zh-1.js", "namespaces": { "plaza": "/assets/plaza-zh.js" } },
            "en": { "messages": "/assets/en-1.js", "namespaces": { "plaza": "/assets/plaza-en.js" } }
          },
          "everyPageFetch": ["/api/auth/token"],
          "routes": [
            { "path": "/plaza", "modules": ["/assets/plaza-1.js"], "namespaces": ["plaza"],
              "fetch": ["/api/plaza/posts"] },
            { "path": "/group/$groupId", "modules": ["/assets/group-1.js"],
              "fetch": ["/api/groups/$groupId"] }
          ]
        }"#,
    )
    .unwrap();
    dir
}

/// The app's HTML is rendered per request in the visitor's language (the cookie, else the
/// browser's first language, as the app decides), with share tags, and the page's first screen
/// preloaded.
#[tokio::test]
async fn the_app_page_speaks_the_visitors_language() {
    let dir = spa_dir();
    let static_dir = dir.clone();
    let app = spawn_app_with(TestDb::sqlite().await, move |c| {
        c.static_dir = static_dir;
        c.public_url = Some("https://courtyard.example".into());
    })
    .await;
    let page = |path: &str, cookie: Option<&str>, accept: Option<&str>| {
        // A client without a cookie jar: each request carries only what the test gives it.
        let mut req = reqwest::Client::new().get(app.url(path));
        if let Some(cookie) = cookie {
            req = req.header("Cookie", format!("preference_language={cookie}"));
        }
        if let Some(accept) = accept {
            req = req.header("Accept-Language", accept);
        }
        req.send()
    };

    let res = page("/plaza", Some("zh"), Some("en-US")).await.unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["cache-control"], "no-cache");
    assert_eq!(res.headers()["vary"], "Accept-Language, Cookie");
    assert!(
        res.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html")
    );
    let zh_etag = res.headers()["etag"].to_str().unwrap().to_owned();
    let zh = res.text().await.unwrap();
    assert!(zh.contains("<html lang=\"zh-CN\">"), "{zh}");
    assert!(zh.contains("<title>庭院</title>"), "{zh}");
    assert!(zh.contains("<meta name=\"description\" content=\"庭院是一个中英双语社区"));
    assert!(zh.contains("<meta property=\"og:locale\" content=\"zh_CN\" />"));
    assert!(zh.contains("<meta property=\"og:type\" content=\"website\" />"));
    assert!(zh.contains("<meta property=\"og:site_name\" content=\"庭院\" />"));
    assert!(
        zh.contains("<meta property=\"og:url\" content=\"https://courtyard.example/plaza\" />")
    );
    assert!(zh.contains(
        "<meta property=\"og:image\" content=\"https://courtyard.example/icon-512.png\" />"
    ));
    assert!(
        !zh.contains("build-time text") && !zh.contains("庭院 · Courtyard"),
        "{zh}"
    );
    // Its first screen: the route's code, the language's messages, the API answers.
    for preload in [
        "<link rel=\"modulepreload\" crossorigin href=\"/assets/zh-1.js\">",
        "<link rel=\"modulepreload\" crossorigin href=\"/assets/plaza-1.js\">",
        "<link rel=\"modulepreload\" crossorigin href=\"/assets/plaza-zh.js\">",
        "<link rel=\"preload\" as=\"fetch\" crossorigin href=\"/api/auth/token\">",
        "<link rel=\"preload\" as=\"fetch\" crossorigin href=\"/api/plaza/posts\">",
    ] {
        assert!(zh.contains(preload), "{preload} in {zh}");
    }
    // After the app's own scripts, inside the head.
    assert!(zh.find("/assets/shell-1.js") < zh.find("/assets/plaza-1.js"));
    assert!(zh.find("/assets/plaza-1.js") < zh.find("</head>"));

    let en = page("/plaza", None, Some("en-GB,en;q=0.9,zh;q=0.8"))
        .await
        .unwrap();
    let en_etag = en.headers()["etag"].to_str().unwrap().to_owned();
    let en = en.text().await.unwrap();
    assert!(en.contains("<html lang=\"en\">"));
    assert!(en.contains("<title>Courtyard</title>"));
    assert!(en.contains("content=\"Courtyard is a bilingual (Chinese and English) community"));
    assert!(en.contains("<meta property=\"og:locale\" content=\"en_US\" />"));
    assert!(en.contains("/assets/plaza-en.js") && !en.contains("/assets/zh-1.js"));
    assert_ne!(zh_etag, en_etag, "each language has its own validator");
    // `system` follows the browser's first language.
    let system = page("/", Some("system"), Some("zh-TW,en;q=0.5"))
        .await
        .unwrap();
    assert!(system.text().await.unwrap().contains("<title>庭院</title>"));

    // Revalidation: the same page in the same language is not sent again.
    let again = reqwest::Client::new()
        .get(app.url("/plaza"))
        .header("Cookie", "preference_language=zh")
        .header("If-None-Match", &zh_etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
    assert_eq!(again.headers()["etag"], zh_etag.as_str());
    let other = reqwest::Client::new()
        .get(app.url("/plaza"))
        .header("Accept-Language", "en")
        .header("If-None-Match", &zh_etag)
        .send()
        .await
        .unwrap();
    assert_eq!(other.status(), 200, "another language is another page");

    // An English page whose API would answer in Chinese preloads no API answers.
    let mixed = page("/plaza", None, Some("fr-FR, zh;q=0.8"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(mixed.contains("<html lang=\"en\">"));
    assert!(!mixed.contains("as=\"fetch\""), "{mixed}");
    assert!(mixed.contains("/assets/plaza-1.js"));

    // A query string may change what the loaders ask for: only the session is preloaded.
    let filtered = page("/plaza?district=510000", None, None)
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(filtered.contains("href=\"/api/auth/token\""));
    assert!(!filtered.contains("href=\"/api/plaza/posts\""));

    // Parameters fill the route's API paths.
    let group = page("/group/6f1c0a52-9d6e-4c55-8f0e-0a1b2c3d4e5f", None, None)
        .await
        .unwrap();
    assert!(group.text().await.unwrap().contains(
        "<link rel=\"preload\" as=\"fetch\" crossorigin href=\"/api/groups/6f1c0a52-9d6e-4c55-8f0e-0a1b2c3d4e5f\">"
    ));

    // What comes from the address is escaped.
    let odd = page("/it's", None, None).await.unwrap();
    assert_eq!(odd.status(), 200, "an unknown path still gets the app");
    let odd = odd.text().await.unwrap();
    assert!(
        odd.contains("content=\"https://courtyard.example/it&#39;s\""),
        "{odd}"
    );
    assert!(odd.contains("<div id=\"root\"></div>"));

    // HEAD: the headers without the page.
    let head = reqwest::Client::new()
        .head(app.url("/plaza"))
        .send()
        .await
        .unwrap();
    assert_eq!(head.status(), 200);
    assert!(head.headers().contains_key("etag"));

    // The API's unknown paths stay JSON 404s.
    let api404 = reply(
        app.client
            .get(app.url("/api/nothing/here"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!((api404.status, api404.code()), (404, "not_found"));
    let _ = std::fs::remove_dir_all(dir);
}

/// Without a configured public address the page has no `og:url` nor `og:image`: the request's
/// `Host` is not to be trusted for them.
#[tokio::test]
async fn share_tags_need_a_configured_address() {
    let dir = spa_dir();
    let static_dir = dir.clone();
    let app = spawn_app_with(TestDb::sqlite().await, move |c| c.static_dir = static_dir).await;
    let page = app
        .client
        .get(app.url("/plaza"))
        .header("Host", "evil.example")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(page.contains("og:title"));
    assert!(!page.contains("og:url") && !page.contains("og:image") && !page.contains("evil"));
    let _ = std::fs::remove_dir_all(dir);
}

/// `/api/docs.json` is kept gzipped: a browser (which takes gzip) is sent it as kept, a client
/// that does not is sent the same document unpacked, and the two are the same JSON.
#[tokio::test]
async fn the_openapi_document_goes_gzipped_to_who_takes_it_and_plain_to_who_does_not() {
    use std::io::Read;
    let app = spawn_app(TestDb::sqlite().await).await;
    let client = reqwest::Client::new();
    let url = app.url("/api/docs.json");
    let plain = client.get(&url).send().await.unwrap();
    assert_eq!(plain.status(), 200);
    assert!(plain.headers().get("content-encoding").is_none());
    let plain: serde_json::Value = serde_json::from_slice(&plain.bytes().await.unwrap()).unwrap();
    for accept in ["gzip", "br;q=1.0, gzip;q=0.8", "gzip, deflate, br, zstd"] {
        let packed = client
            .get(&url)
            .header("Accept-Encoding", accept)
            .send()
            .await
            .unwrap();
        assert_eq!(packed.status(), 200);
        assert_eq!(packed.headers()["content-encoding"], "gzip", "{accept}");
        assert!(
            packed.headers()["vary"]
                .to_str()
                .unwrap()
                .contains("Accept-Encoding")
        );
        let bytes = packed.bytes().await.unwrap();
        assert!(
            bytes.len() * 4 < serde_json::to_vec(&plain).unwrap().len(),
            "{accept}"
        );
        let mut json = Vec::new();
        flate2::read::GzDecoder::new(&bytes[..])
            .read_to_end(&mut json)
            .unwrap();
        let unpacked: serde_json::Value = serde_json::from_slice(&json).unwrap();
        assert_eq!(unpacked, plain, "{accept}");
    }
    // gzip refused by its weight: plain.
    let refused = client
        .get(&url)
        .header("Accept-Encoding", "gzip;q=0, identity")
        .send()
        .await
        .unwrap();
    assert!(refused.headers().get("content-encoding").is_none());
}

/// `/api/docs.json` answers in the request's language: summaries, descriptions, tags.
#[tokio::test]
async fn the_openapi_document_speaks_chinese_when_asked() {
    let app = spawn_app(TestDb::sqlite().await).await;
    let get = |lang: &'static str| {
        let client = reqwest::Client::new();
        let url = app.url("/api/docs.json");
        async move {
            reply(
                client
                    .get(url)
                    .header("Accept-Language", lang)
                    .send()
                    .await
                    .unwrap(),
            )
            .await
        }
    };
    let en = get("en-US,en;q=0.9").await;
    let zh = get("zh-CN,zh;q=0.9,en;q=0.8").await;
    assert_eq!(en.headers["content-language"], "en");
    assert_eq!(zh.headers["content-language"], "zh");
    assert!(
        zh.headers["vary"]
            .to_str()
            .unwrap()
            .contains("Accept-Language")
    );
    let login = |d: &serde_json::Value| d["paths"]["/api/auth/username/login"]["post"].clone();
    assert_eq!(
        login(&en.body)["summary"],
        "Log in with a username and password"
    );
    assert_eq!(login(&zh.body)["summary"], "用用户名和密码登录");
    assert!(
        login(&zh.body)["description"]
            .as_str()
            .unwrap()
            .starts_with("设置新的会话 Cookie。尝试次数按客户端 IP 限制")
    );
    assert_eq!(zh.body["tags"][0]["description"], "账户、登录与会话");
    // Only the words differ: the same operations, schemas and security.
    assert_eq!(
        en.body["paths"].as_object().unwrap().len(),
        zh.body["paths"].as_object().unwrap().len()
    );
    // Schemas keep their names and shapes; only their descriptions are translated.
    let names = |d: &serde_json::Value| {
        d["components"]["schemas"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect::<Vec<_>>()
    };
    assert_eq!(names(&en.body), names(&zh.body));
    assert_eq!(login(&en.body)["security"], login(&zh.body)["security"]);
}
