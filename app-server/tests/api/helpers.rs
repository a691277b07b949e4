#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use adapter_postgres::testing::TestDb;
use app_server::config::Config;
use app_server::startup::Application;
use reqwest::header::{ACCEPT_LANGUAGE, HeaderMap};
use serde_json::{Value, json};

pub struct TestApp {
    pub address: String,
    /// A browser: keeps cookies, sends a same-origin `Origin` on writes like a browser does.
    pub client: reqwest::Client,
    pub db_url: String,
    _db: Option<TestDb>,
}

/// The configuration tests start from: port 0, cheap-but-real argon2id, no static files.
pub fn test_config() -> Config {
    let mut c = Config {
        port: 0,
        ..Config::default()
    };
    c.argon2.memory_kib = 8 * 1024;
    c.argon2.iterations = 1;
    c.static_dir = std::env::temp_dir().join("courtyard-no-static-dir");
    c.workers = Some(1);
    c
}

pub async fn spawn_app(db: TestDb) -> TestApp {
    spawn_app_with(db, |_| {}).await
}

pub async fn spawn_app_with(db: TestDb, tweak: impl FnOnce(&mut Config)) -> TestApp {
    let url = db.url.clone();
    let mut app = spawn_on(db.db.clone(), &url, tweak).await;
    app._db = Some(db);
    app
}

/// A further server instance over the same database (for the scale-out tests).
pub async fn spawn_on(
    db: adapter_postgres::Database,
    url: &str,
    tweak: impl FnOnce(&mut Config),
) -> TestApp {
    let mut config = test_config();
    config.database_url = url.to_owned();
    tweak(&mut config);
    let app = Application::build_with_db(config, db).expect("build the server");
    let address = format!("http://127.0.0.1:{}", app.port());
    tokio::spawn(app.run_until_stopped());
    TestApp {
        client: browser(&address),
        address,
        db_url: url.to_owned(),
        _db: None,
    }
}

/// A fresh cookie jar, like a second browser or device.
pub fn browser(address: &str) -> reqwest::Client {
    let mut headers = HeaderMap::new();
    headers.insert(reqwest::header::ORIGIN, address.parse().expect("origin"));
    reqwest::Client::builder()
        .cookie_store(true)
        .default_headers(headers)
        .build()
        .expect("client")
}

pub struct Reply {
    pub status: u16,
    pub headers: HeaderMap,
    pub body: Value,
}

impl Reply {
    pub fn code(&self) -> &str {
        self.body["code"].as_str().unwrap_or_default()
    }
    pub fn message(&self) -> &str {
        self.body["message"].as_str().unwrap_or_default()
    }
}

pub async fn reply(res: reqwest::Response) -> Reply {
    let status = res.status().as_u16();
    let headers = res.headers().clone();
    let text = res.text().await.expect("body");
    let body =
        serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON ({status}): {text}"));
    Reply {
        status,
        headers,
        body,
    }
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    pub async fn post_as(
        &self,
        client: &reqwest::Client,
        path: &str,
        body: Value,
        lang: &str,
    ) -> Reply {
        reply(
            client
                .post(self.url(path))
                .header(ACCEPT_LANGUAGE, lang)
                .json(&body)
                .send()
                .await
                .expect("request"),
        )
        .await
    }

    pub async fn post(&self, path: &str, body: Value) -> Reply {
        self.post_as(&self.client, path, body, "en").await
    }

    pub async fn get_as(&self, client: &reqwest::Client, path: &str) -> Reply {
        reply(client.get(self.url(path)).send().await.expect("request")).await
    }

    pub async fn get(&self, path: &str) -> Reply {
        self.get_as(&self.client, path).await
    }

    pub async fn register(&self, username: &str, password: &str) -> Reply {
        self.post(
            "/api/auth/username/register",
            json!({ "username": username, "password": password }),
        )
        .await
    }

    pub async fn login_as(
        &self,
        client: &reqwest::Client,
        username: &str,
        password: &str,
    ) -> Reply {
        self.post_as(
            client,
            "/api/auth/username/login",
            json!({ "username": username, "password": password }),
            "en",
        )
        .await
    }

    pub async fn login(&self, username: &str, password: &str) -> Reply {
        self.login_as(&self.client, username, password).await
    }
}
