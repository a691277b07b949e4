#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]
//! What the API tests share, and the only place they share it from: the server on a fresh
//! database (`spawn_app`), browsers, replies, people (`helpers/people.rs`), phones and the fake
//! SMS provider (`helpers/phone.rs`), a fake WeChat (`helpers/wechat.rs`). A test file imports
//! from here, never from another test file. Images to upload come from the `image-fixtures`
//! crate (`test-support/image-fixtures`).

mod people;
mod phone;
mod wechat;

pub use people::{PASSWORD, Person};
pub use phone::{NUMBER, OTHER_NUMBER, code_body, phone_body, spawn_app_with_sms, wait_out_resend};
pub use wechat::{app_fetch, fake_wechat, json_req, oauth_round_trip, wechat_browser, with_origin};

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
    // What an empty environment reads: every default, the areas' too.
    let mut c = app_server::startup::configuration(|_| None).expect("the defaults are valid");
    c.port = 0;
    let argon2 = c.areas.get_mut::<adapter_crypto::Argon2Cost>();
    argon2.memory_kib = 8 * 1024;
    argon2.iterations = 1;
    c.static_dir = std::env::temp_dir().join("courtyard-no-static-dir");
    c.workers = Some(1);
    // No test reaches the internet: the weather tests point it at a local fake.
    *c.areas
        .get_mut::<Option<adapter_weather::OpenMeteoConfig>>() = None;
    c.areas
        .get_mut::<app_server::http::media::settings::MediaSettings>()
        .store = app_server::http::media::settings::MediaStoreSettings::Filesystem(
        std::env::temp_dir().join(format!(
            "courtyard-test-media-{}",
            uuid::Uuid::new_v4().simple()
        )),
    );
    c
}

/// The tables only the background jobs read while a request is measured: the search outbox's
/// poll (every 250 ms) and the word list's version check. No page reads either table.
const BACKGROUND: [&str; 2] = ["search_outbox", "word_list"];

/// The statements `log` recorded since its last `take`, the background jobs' left out
/// ([`BACKGROUND`]): what the requests meanwhile sent.
pub fn requests_statements(
    log: &adapter_postgres::testing::StatementLog,
) -> Vec<sea_orm::Statement> {
    log.take()
        .into_iter()
        .filter(|s| !BACKGROUND.iter().any(|table| s.sql.contains(table)))
        .collect()
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
    let app = Application::build_with_db(config, db)
        .await
        .expect("build the server");
    let address = format!("http://127.0.0.1:{}", app.port());
    tokio::spawn(app.run_until_stopped());
    TestApp {
        client: browser(&address),
        address,
        db_url: url.to_owned(),
        _db: None,
    }
}

/// Makes the server believe `X-Forwarded-For` from the tests' own connections (127.0.0.1), as
/// it would from a reverse proxy on the same machine (`TRUSTED_PROXIES=127.0.0.1/32`). With it,
/// [`browser_from`] presents any client address.
pub fn trust_local_proxy(config: &mut Config) {
    config.trusted_proxies = "127.0.0.1/32".parse().expect("a range");
}

/// A fresh browser whose requests arrive as if a proxy forwarded them for `ip`
/// (`X-Forwarded-For: ip`). The server counts them as `ip` only when set up with
/// [`trust_local_proxy`]; otherwise the header is ignored and the peer (127.0.0.1) counts.
pub fn browser_from(address: &str, ip: &str) -> reqwest::Client {
    let mut headers = HeaderMap::new();
    headers.insert(reqwest::header::ORIGIN, address.parse().expect("origin"));
    headers.insert("x-forwarded-for", ip.parse().expect("an address"));
    reqwest::Client::builder()
        .cookie_store(true)
        .default_headers(headers)
        .build()
        .expect("client")
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

    /// A `PUT` of `body` in the app's own browser, in English.
    pub async fn put(&self, path: &str, body: Value) -> Reply {
        reply(
            self.client
                .put(self.url(path))
                .header(ACCEPT_LANGUAGE, "en")
                .json(&body)
                .send()
                .await
                .unwrap(),
        )
        .await
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

/// A local stand-in for Aliyun's SMS API: answers `OK` and remembers every request, so a test
/// can read the code the server sent.
pub struct FakeSms {
    pub server: wiremock::MockServer,
}

impl FakeSms {
    pub async fn start() -> Self {
        use wiremock::{Mock, ResponseTemplate, matchers::method};
        let server = wiremock::MockServer::start().await;
        Mock::given(method("GET"))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({
                "Code": "OK", "Message": "OK", "RequestId": "req-1", "BizId": "biz-1"
            })))
            .mount(&server)
            .await;
        Self { server }
    }

    /// The codes sent to `phone_numbers` (Aliyun's `PhoneNumbers` form), oldest first.
    pub async fn codes_for(&self, phone_numbers: &str) -> Vec<String> {
        self.server
            .received_requests()
            .await
            .unwrap_or_default()
            .iter()
            .filter_map(|r| {
                let params: std::collections::HashMap<String, String> =
                    r.url.query_pairs().into_owned().collect();
                (params.get("PhoneNumbers").map(String::as_str) == Some(phone_numbers))
                    .then(|| params.get("TemplateParam").cloned())
                    .flatten()
            })
            .map(|p| {
                let v: Value = serde_json::from_str(&p).unwrap();
                v["code"].as_str().unwrap().to_owned()
            })
            .collect()
    }

    pub async fn last_code(&self, phone_numbers: &str) -> String {
        self.codes_for(phone_numbers)
            .await
            .pop()
            .unwrap_or_else(|| panic!("no code was sent to {phone_numbers}"))
    }

    pub fn configure(&self, config: &mut Config) {
        let mut aliyun = adapter_sms::AliyunSmsConfig::new(
            "test-key-id",
            secrecy::SecretString::from("test-key-secret"),
            "庭院",
            "SMS_000001",
        );
        aliyun.endpoint = self.server.uri();
        *config
            .areas
            .get_mut::<app_server::http::auth::settings::SmsSettings>() =
            app_server::http::auth::settings::SmsSettings::Aliyun(aliyun);
    }
}

/// Points the server's WeChat at a local fake.
pub fn configure_wechat(config: &mut Config, base: &str) {
    let mut wechat = adapter_wechat::WechatConfig::new(
        "wx-test-app",
        secrecy::SecretString::from("wx-test-secret"),
    );
    wechat.api_base = base.to_owned();
    wechat.oauth_base = base.to_owned();
    wechat.timeout = std::time::Duration::from_secs(5);
    *config
        .areas
        .get_mut::<Option<adapter_wechat::WechatConfig>>() = Some(wechat);
}

impl TestApp {
    /// Makes `username` an admin directly in the database (as `app-server admin create` would).
    pub async fn promote_to_admin(&self, username: &str) {
        let db = adapter_postgres::Database::connect(&self.db_url, 1)
            .await
            .unwrap();
        db.set_role_for_tests(username, "admin").await.unwrap();
    }
}

impl TestApp {
    /// Moves the sign-in of every session of `username` `ago` into the past and forgets any
    /// re-authentication: the sessions stay signed in, but their proof of the account is old.
    pub async fn sign_in_ago(&self, username: &str, ago: chrono::Duration) {
        let at = (chrono::Utc::now() - ago).format("%Y-%m-%dT%H:%M:%S%.6f+00:00");
        let db = adapter_postgres::Database::connect(&self.db_url, 1)
            .await
            .unwrap();
        let changed = db
            .execute_for_tests(&format!(
                "UPDATE sessions SET created_at = '{at}', reauthenticated_at = NULL \
                 WHERE user_id = (SELECT id FROM users WHERE username = '{username}')"
            ))
            .await
            .unwrap();
        assert!(changed > 0, "{username} has no session");
    }
}
