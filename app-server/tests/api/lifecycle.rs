//! The server's life as an operator sees it (docs/operations.md): liveness apart from readiness,
//! a clean stop, and the request id in the answer and in JSON log lines.
//!
//! The stop is tried twice: in process (`Shutdown::begin`, what SIGTERM calls) with every kind
//! of open request, and on the real binary with SIGTERM and with SIGINT, whose log is JSON
//! lines. Every wait is bounded; none is an assertion about speed except "within the grace",
//! which has a wide margin.

use crate::helpers::{browser, reply, test_config};
use adapter_llm::fake::{FakeLlm, Scenario};
use adapter_postgres::testing::TestDb;
use app_server::config::Config;
use app_server::http::ai::settings::{AiSettings, LlmSettings};
use app_server::http::media::settings::{MediaSettings, MediaStoreSettings};
use app_server::lifecycle::Shutdown;
use app_server::startup::Application;
use futures_util::StreamExt;
use serde_json::{Value, json};
use std::io::BufRead;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Long enough for anything that should happen to happen, on a loaded 2-core machine.
const BOUND: Duration = Duration::from_secs(20);
/// The grace the stop tests give requests in flight.
const GRACE: Duration = Duration::from_secs(5);

fn temp_dir(what: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "courtyard-lifecycle-{what}-{}",
        uuid::Uuid::new_v4().simple()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A server of the tests' configuration on `db`, with its shutdown and its running task.
struct Running {
    address: String,
    port: u16,
    shutdown: Shutdown,
    stopped: tokio::task::JoinHandle<std::io::Result<()>>,
}

async fn start(db: &TestDb, tweak: impl FnOnce(&mut Config)) -> Running {
    let mut config = test_config();
    config.database_url = db.url.clone();
    tweak(&mut config);
    let app = Application::build_with_db(config, db.db.clone())
        .await
        .unwrap();
    let port = app.port();
    let shutdown = app.shutdown();
    Running {
        address: format!("http://127.0.0.1:{port}"),
        port,
        shutdown,
        stopped: tokio::spawn(app.run_until_stopped()),
    }
}

async fn get(url: &str) -> crate::helpers::Reply {
    reply(reqwest::get(url).await.unwrap()).await
}

#[tokio::test]
async fn liveness_touches_nothing_and_readiness_names_what_failed() {
    for db in TestDb::all().await {
        let media = temp_dir("media");
        let app = start(&db, |c| {
            c.areas.get_mut::<MediaSettings>().store = MediaStoreSettings::Filesystem(media.clone())
        })
        .await;
        let url = |path: &str| format!("{}{path}", app.address);

        let ready = get(&url("/api/health/ready")).await;
        assert_eq!(ready.status, 200, "{:?}", ready.body);
        assert_eq!(
            ready.body,
            json!({
                "success": true, "status": "ready", "database": true, "mediaStore": true,
                "failed": []
            })
        );
        let live = get(&url("/api/health/live")).await;
        assert_eq!(live.status, 200);
        assert_eq!(
            (live.body["success"].as_bool(), live.body["status"].as_str()),
            (Some(true), Some("alive"))
        );

        // The media folder gone (an unmounted volume): not ready, still alive.
        std::fs::remove_dir_all(&media).unwrap();
        let ready = get(&url("/api/health/ready")).await;
        assert_eq!(
            (ready.status, &ready.body["failed"], &ready.body["status"]),
            (503, &json!(["mediaStore"]), &json!("not_ready")),
            "{:?}",
            ready.body
        );
        assert!(ready.headers.contains_key("retry-after"));
        assert_eq!(get(&url("/api/health/live")).await.status, 200);
        std::fs::create_dir_all(&media).unwrap();
        assert_eq!(get(&url("/api/health/ready")).await.status, 200);

        // The database gone (its pool closed under the server): readiness and the older health
        // check say so; liveness answers at once all the same.
        db.db.clone().close().await.unwrap();
        let ready = get(&url("/api/health/ready")).await;
        assert_eq!(
            (ready.status, &ready.body["failed"], &ready.body["database"]),
            (503, &json!(["database"]), &json!(false)),
            "{:?}",
            ready.body
        );
        assert_eq!(ready.body["mediaStore"], true);
        assert_eq!(get(&url("/api/health")).await.status, 503);
        let asked = Instant::now();
        let live = get(&url("/api/health/live")).await;
        assert_eq!(
            (live.status, live.body["status"].as_str()),
            (200, Some("alive"))
        );
        assert!(
            asked.elapsed() < Duration::from_secs(2),
            "liveness waited for something: {:?}",
            asked.elapsed()
        );
        let _ = std::fs::remove_dir_all(&media);
    }
}

/// A streamed answer read as it comes: all its text so far.
struct Body {
    chunks: std::pin::Pin<
        Box<dyn futures_util::Stream<Item = reqwest::Result<actix_web::web::Bytes>> + Send>,
    >,
    text: String,
}

impl Body {
    fn of(res: reqwest::Response) -> Self {
        Self {
            chunks: Box::pin(res.bytes_stream()),
            text: String::new(),
        }
    }

    /// Reads until `marker` has come (panics after [`BOUND`] or at the end).
    async fn until(&mut self, marker: &str) {
        let read = tokio::time::timeout(BOUND, async {
            while !self.text.contains(marker) {
                let chunk = self
                    .chunks
                    .next()
                    .await
                    .expect("the stream is open")
                    .unwrap();
                self.text.push_str(&String::from_utf8_lossy(&chunk));
            }
        })
        .await;
        assert!(read.is_ok(), "no {marker:?} in time: {}", self.text);
    }

    /// Reads to the end (within [`BOUND`]); whether it ended cleanly, with the body's last
    /// chunk, rather than with the connection breaking.
    async fn read_to_end(&mut self) -> bool {
        let read = tokio::time::timeout(BOUND, async {
            while let Some(chunk) = self.chunks.next().await {
                match chunk {
                    Ok(bytes) => self.text.push_str(&String::from_utf8_lossy(&bytes)),
                    Err(_) => return false,
                }
            }
            true
        })
        .await;
        read.unwrap_or_else(|_| panic!("the stream did not end in time: {}", self.text))
    }
}

/// The `retry:` values of an event stream's text, in order.
fn retries(text: &str) -> Vec<u64> {
    text.lines()
        .filter_map(|l| l.strip_prefix("retry: "))
        .map(|n| n.trim().parse().unwrap())
        .collect()
}

/// Waits until a new connection to `port` is refused (the listener is closed), within
/// [`BOUND`]. A connection made before that is dropped unanswered.
async fn refused(port: u16) -> bool {
    tokio::time::timeout(BOUND, async {
        loop {
            match tokio::net::TcpStream::connect(("127.0.0.1", port)).await {
                Err(e) if e.kind() == std::io::ErrorKind::ConnectionRefused => return,
                _ => tokio::time::sleep(Duration::from_millis(20)).await,
            }
        }
    })
    .await
    .is_ok()
}

fn chat(stream: bool) -> Value {
    json!({
        "messages": [{ "role": "user", "content": "你好" }],
        "stream": stream,
        "model": "deepseek-chat",
    })
}

fn configure_llm(config: &mut Config, fake: &FakeLlm) {
    config.areas.get_mut::<AiSettings>().llm = Some(LlmSettings {
        base_url: fake.base_url(),
        api_key: Some(secrecy::SecretString::from("sk-test-lifecycle")),
        models: vec!["deepseek-chat".into()],
        connect_timeout: Duration::from_secs(2),
    });
}

/// What both stop tests hold open when the stop comes: ada's notification stream (its first
/// event read) and her chat request waiting on the model, which has answered "Hello" and sends
/// `after` once released.
struct Open {
    ada: reqwest::Client,
    notifications: Body,
    slow: tokio::task::JoinHandle<crate::helpers::Reply>,
}

async fn open_a_stream_and_a_waiting_request(address: &str, fake: &FakeLlm, after: &str) -> Open {
    let ada = browser(address);
    let r = reply(
        ada.post(format!("{address}/api/auth/username/register"))
            .json(&json!({ "username": "ada", "password": "ada-password-1" }))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(r.status, 201, "{:?}", r.body);
    let res = ada
        .get(format!("{address}/api/notifications/stream"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let mut notifications = Body::of(res);
    notifications.until("event: unread").await;
    fake.set(Scenario::Gated {
        before: vec!["Hello".into()],
        after: vec![after.into()],
    });
    let slow = tokio::spawn({
        let (ada, url) = (ada.clone(), format!("{address}/api/ai/chat"));
        async move { reply(ada.post(url).json(&chat(false)).send().await.unwrap()).await }
    });
    assert!(fake.wait_for_open_streams(1, BOUND).await);
    Open {
        ada,
        notifications,
        slow,
    }
}

/// A stop with everything open: a notification stream, a chat answer being streamed, and a
/// request waiting on the language model. The stream ends at once with a reconnect hint while
/// the request is still waiting; new connections are refused; the request, released, is
/// answered in full; the chat answer ends with `ai_stream_interrupted` before the grace is
/// over, cleanly; and the server has stopped within the grace.
#[tokio::test]
async fn a_stop_finishes_requests_ends_streams_and_refuses_new_connections() {
    let db = TestDb::sqlite().await;
    let fake = FakeLlm::start().await;
    let app = start(&db, |c| {
        c.shutdown_grace = GRACE;
        configure_llm(c, &fake);
    })
    .await;
    // A request in flight: the model answers "Hello", then waits for the test.
    let Open {
        ada,
        mut notifications,
        slow,
    } = open_a_stream_and_a_waiting_request(&app.address, &fake, ", world").await;
    // An answer being streamed that would go on for ever.
    fake.set(Scenario::KeepAliveForever {
        interval: Duration::from_millis(200),
    });
    let res = ada
        .post(format!("{}/api/ai/chat", app.address))
        .json(&chat(true))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let mut answer = Body::of(res);
    assert!(fake.wait_for_open_streams(2, BOUND).await);

    let began = Instant::now();
    app.shutdown.begin();

    assert!(notifications.read_to_end().await, "{}", notifications.text);
    let hints = retries(&notifications.text);
    assert_eq!(hints.len(), 2, "{}", notifications.text);
    assert_eq!(hints[0], 3000, "the stream's own, first");
    assert!((1000..5000).contains(&hints[1]), "{hints:?}");
    assert!(
        notifications.text.ends_with(
            "

"
        ),
        "the hint is the last event: {}",
        notifications.text
    );
    assert!(
        !slow.is_finished(),
        "the stream ended while a request waited"
    );

    assert!(refused(app.port).await, "new connections still accepted");
    assert!(
        reqwest::get(format!("{}/api/health/live", app.address))
            .await
            .is_err_and(|e| e.is_connect())
    );

    fake.release();
    let done = tokio::time::timeout(BOUND, slow).await.unwrap().unwrap();
    assert_eq!(done.status, 200, "{:?}", done.body);
    assert_eq!(
        done.body["choices"][0]["message"]["content"],
        "Hello, world"
    );

    assert!(
        answer.read_to_end().await,
        "cut off, not ended: {}",
        answer.text
    );
    assert!(
        answer.text.contains(r#""code":"ai_stream_interrupted""#),
        "{}",
        answer.text
    );
    assert!(!answer.text.contains("[DONE]"), "{}", answer.text);

    // Within the grace, with a margin for a loaded machine: not the keep-alive's 75 s, nor the
    // stream's 30 minutes.
    let stopped = tokio::time::timeout(GRACE + SLACK, app.stopped).await;
    assert!(
        matches!(stopped, Ok(Ok(Ok(())))),
        "{stopped:?} after {:?}",
        began.elapsed()
    );
}

/// What a stop may take beyond its grace on a loaded machine.
const SLACK: Duration = Duration::from_secs(5);

/// The real binary on a fresh SQLite file, logging JSON lines, with a cheap password hash and
/// `fake` as its language model; its stderr lines as they come.
struct Binary {
    child: Child,
    address: String,
    port: u16,
    lines: Arc<Mutex<Vec<String>>>,
    dir: PathBuf,
}

impl Binary {
    async fn start(fake: &FakeLlm) -> Self {
        let dir = temp_dir("binary");
        let mut child = Command::new(env!("CARGO_BIN_EXE_app-server"))
            .arg("serve")
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env(
                "DATABASE_URL",
                format!("sqlite://{}/courtyard.db?mode=rwc", dir.display()),
            )
            .env("HOST", "127.0.0.1")
            .env("PORT", "0")
            .env("WORKERS", "1")
            .env("LOG_FORMAT", "json")
            .env("RUST_LOG", "info")
            .env("SHUTDOWN_GRACE_SECS", GRACE.as_secs().to_string())
            .env("TRUSTED_PROXIES", "127.0.0.1/32")
            .env("STATIC_DIR", dir.join("no-static"))
            .env("MEDIA_STORE", "filesystem")
            .env("MEDIA_DIR", dir.join("media"))
            .env("WEATHER_ENABLED", "false")
            .env("ARGON2_MEMORY_KIB", "8192")
            .env("ARGON2_ITERATIONS", "1")
            .env("LLM_BASE_URL", fake.base_url())
            .env("LLM_API_KEY", "sk-test-lifecycle")
            .env("LLM_MODELS", "deepseek-chat")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stderr = child.stderr.take().unwrap();
        let lines = Arc::new(Mutex::new(Vec::new()));
        std::thread::spawn({
            let lines = lines.clone();
            move || {
                for line in std::io::BufReader::new(stderr).lines() {
                    let Ok(line) = line else { break };
                    lines.lock().unwrap().push(line);
                }
            }
        });
        let mut binary = Self {
            child,
            address: String::new(),
            port: 0,
            lines,
            dir,
        };
        let listening = binary
            .wait_for_line(|l| {
                l["message"]
                    .as_str()
                    .is_some_and(|m| m.contains("listening on"))
            })
            .await;
        let message = listening["message"].as_str().unwrap();
        let port: u16 = message
            .split("127.0.0.1:")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no port in {message:?}"));
        binary.port = port;
        binary.address = format!("http://127.0.0.1:{port}");
        binary
    }

    /// Every stderr line so far, each as the JSON object it must be.
    fn json_lines(&self) -> Vec<Value> {
        self.lines
            .lock()
            .unwrap()
            .iter()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|_| panic!("not a JSON line: {l}")))
            .collect()
    }

    /// Waits for a log line that `wanted` (within [`BOUND`]; the process must be running).
    async fn wait_for_line(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + BOUND;
        loop {
            if let Some(found) = self.json_lines().into_iter().find(|l| wanted(l)) {
                return found;
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                panic!(
                    "the server exited with {status}: {:#?}",
                    self.lines.lock().unwrap()
                );
            }
            assert!(
                Instant::now() < deadline,
                "no such log line in time: {:#?}",
                self.lines.lock().unwrap()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    fn signal(&self, name: &str) {
        let sent = Command::new("kill")
            .args(["-s", name, &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success(), "kill -s {name}");
    }

    /// Waits for the process to exit, within `within`.
    async fn exit_within(&mut self, within: Duration) -> std::process::ExitStatus {
        let deadline = Instant::now() + within;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "still running {within:?} after the signal: {:#?}",
                self.lines.lock().unwrap()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

impl Drop for Binary {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// SIGTERM and SIGINT alike: the log is JSON lines with each request's id (a trusted proxy's,
/// or one of the server's making) echoed in `X-Request-Id`; the signal ends the event stream
/// with a reconnect hint, refuses new connections, lets a waiting request finish, and the
/// process exits with success within the grace.
#[tokio::test]
async fn the_binary_stops_cleanly_on_sigterm_and_sigint_and_logs_json_lines() {
    for signal in ["TERM", "INT"] {
        let fake = FakeLlm::start().await;
        let mut server = Binary::start(&fake).await;
        let client = reqwest::Client::new();
        let live = client
            .get(format!("{}/api/health/live", server.address))
            .header("X-Request-Id", "proxy-7f3a:42")
            .send()
            .await
            .unwrap();
        assert_eq!(live.status(), 200);
        assert_eq!(live.headers()["x-request-id"], "proxy-7f3a:42");
        let made = client
            .get(format!("{}/api/health/ready", server.address))
            .header("X-Request-Id", "not a valid id")
            .send()
            .await
            .unwrap();
        let made_id = made.headers()["x-request-id"].to_str().unwrap().to_owned();
        assert!(
            made_id.len() == 32 && made_id.chars().all(|c| c.is_ascii_hexdigit()),
            "{made_id}"
        );
        let line = server
            .wait_for_line(|l| l["request_id"] == "proxy-7f3a:42" && l["message"] == "request")
            .await;
        assert_eq!(line["path"], "/api/health/live");
        assert_eq!(line["method"], "GET");
        assert_eq!(line["status"], 200);
        assert!(line["ms"].is_u64(), "{line}");
        assert_eq!(line["level"], "INFO");
        assert!(
            line["timestamp"].is_string() && line["target"].is_string(),
            "{line}"
        );
        server
            .wait_for_line(|l| {
                l["request_id"] == made_id.as_str() && l["path"] == "/api/health/ready"
            })
            .await;

        let Open {
            mut notifications,
            slow,
            ..
        } = open_a_stream_and_a_waiting_request(&server.address, &fake, "!").await;

        server.signal(signal);
        assert!(notifications.read_to_end().await, "{}", notifications.text);
        assert_eq!(
            retries(&notifications.text).len(),
            2,
            "{}",
            notifications.text
        );
        assert!(!slow.is_finished());
        assert!(
            refused(server.port).await,
            "SIG{signal}: new connections still accepted"
        );
        fake.release();
        let done = tokio::time::timeout(BOUND, slow).await.unwrap().unwrap();
        assert_eq!(done.status, 200, "SIG{signal}: {:?}", done.body);
        assert_eq!(done.body["choices"][0]["message"]["content"], "Hello!");

        let status = server.exit_within(GRACE + SLACK).await;
        assert!(status.success(), "SIG{signal}: {status}");
        let lines = server.json_lines();
        assert!(
            lines.iter().any(|l| l["message"]
                .as_str()
                .is_some_and(|m| m.starts_with(&format!("SIG{signal}: stopping")))
                && l["grace_secs"] == GRACE.as_secs()),
            "{lines:#?}"
        );
        assert!(
            lines.iter().any(|l| l["message"] == "Courtyard stopped"),
            "{lines:#?}"
        );
    }
}
