//! Behind a real reverse proxy (issue 26, docs/deployment.md): Debian's nginx with TLS (a
//! certificate made for the test) runs `deploy/nginx/courtyard.conf` itself, with test ports and
//! paths, in front of two production-mode instances over one database. Through it: HSTS and a
//! `Secure` session cookie; the client's address taken from `X-Forwarded-For` only as far as the
//! trusted proxy (a forged entry is not believed); an upload at the full size the app allows
//! reaches the app, which answers for itself; an event stream passes through without buffering;
//! a session made on one instance works on the other.

use crate::helpers::{FakeSms, TestApp, spawn_on};
use adapter_postgres::testing::TestDb;
use app_server::config::Environment;
use eventsource_stream::Eventsource;
use futures_util::StreamExt;
use reqwest::header::{HeaderMap, HeaderValue};
use serde_json::{Value, json};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

const NGINX: &str = "/usr/sbin/nginx";
const SITE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../deploy/nginx/courtyard.conf"
);

/// The documented site, made to run here: each replacement must find its text, so the test
/// fails when the file drifts from what it was written against.
fn site_for_test(tls_port: u16, upstreams: &[u16], dir: &Path) -> String {
    let mut site = std::fs::read_to_string(SITE).expect("deploy/nginx/courtyard.conf");
    let mut replace = |from: &str, to: &str| {
        assert!(
            site.contains(from),
            "deploy/nginx/courtyard.conf no longer has {from:?}"
        );
        site = site.replace(from, to);
    };
    let servers: String = upstreams
        .iter()
        .map(|p| format!("    server 127.0.0.1:{p} max_fails=3 fail_timeout=10s;\n"))
        .collect();
    replace(
        "    server 127.0.0.1:8080 max_fails=3 fail_timeout=10s;\n    server 127.0.0.1:8081 max_fails=3 fail_timeout=10s;\n",
        &servers,
    );
    // The redirect from port 80 is not what is tested (and port 80 is not ours to take).
    replace(
        "    listen 80;\n    listen [::]:80;\n",
        "    listen 127.0.0.1:0 ssl;\n",
    );
    replace(
        "    return 301 https://$host$request_uri;\n",
        &format!(
            "    ssl_certificate {0}/cert.pem;\n    ssl_certificate_key {0}/key.pem;\n    return 301 https://$host$request_uri;\n",
            dir.display()
        ),
    );
    replace(
        "    listen 443 ssl http2;\n    listen [::]:443 ssl http2;\n",
        &format!("    listen 127.0.0.1:{tls_port} ssl http2;\n"),
    );
    replace(
        "/etc/letsencrypt/live/courtyard.example/fullchain.pem",
        &format!("{}/cert.pem", dir.display()),
    );
    replace(
        "/etc/letsencrypt/live/courtyard.example/privkey.pem",
        &format!("{}/key.pem", dir.display()),
    );
    // nginx refuses a listen on port 0; the unused redirect server gets a port of its own.
    site.replace("127.0.0.1:0 ssl", &format!("127.0.0.1:{} ssl", free_port()))
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .expect("a free port")
        .local_addr()
        .expect("its address")
        .port()
}

/// nginx in the foreground, stopped when dropped.
struct Nginx {
    child: Child,
    dir: PathBuf,
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn run(cmd: &mut Command) {
    let out = cmd.output().expect("run a command");
    assert!(
        out.status.success(),
        "{cmd:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A certificate for `localhost` and 127.0.0.1, nginx's configuration around the site, and
/// nginx started on `tls_port` (chosen before the instances: their `PUBLIC_URL` names it);
/// returns when it accepts connections.
fn start_nginx(tls_port: u16, upstreams: &[u16]) -> (Nginx, u16, Vec<u8>) {
    assert!(
        Path::new(NGINX).exists(),
        "{NGINX} is missing: install Debian's nginx (apt-get install -y nginx); .ci/run does"
    );
    let dir =
        std::env::temp_dir().join(format!("courtyard-nginx-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(dir.join("temp")).expect("a folder for nginx");
    // A test authority and a certificate it signed for localhost (a self-signed certificate is
    // an authority, which TLS clients refuse as a server's).
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    std::fs::write(
        dir.join("leaf.ext"),
        "subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\n\
         keyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n",
    )
    .expect("write the extensions");
    let openssl = |args: &[&str]| run(Command::new("openssl").args(args).stderr(Stdio::piped()));
    openssl(&[
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=Courtyard test authority",
        "-keyout",
        &path("ca.key"),
        "-out",
        &path("ca.pem"),
    ]);
    openssl(&[
        "req",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-subj",
        "/CN=localhost",
        "-keyout",
        &path("key.pem"),
        "-out",
        &path("leaf.csr"),
    ]);
    openssl(&[
        "x509",
        "-req",
        "-in",
        &path("leaf.csr"),
        "-CA",
        &path("ca.pem"),
        "-CAkey",
        &path("ca.key"),
        "-CAcreateserial",
        "-days",
        "1",
        "-extfile",
        &path("leaf.ext"),
        "-out",
        &path("cert.pem"),
    ]);
    std::fs::write(
        dir.join("site.conf"),
        site_for_test(tls_port, upstreams, &dir),
    )
    .expect("write the site");
    // As root, nginx's workers would run as `nobody`, who may not use the test's folder.
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0"));
    let d = dir.display();
    let main = format!(
        "{user}daemon off;\nworker_processes 1;\npid {d}/nginx.pid;\nerror_log {d}/error.log warn;\n\
         events {{ worker_connections 256; }}\n\
         http {{\n  access_log off;\n  client_body_temp_path {d}/temp/body;\n  proxy_temp_path {d}/temp/proxy;\n  \
         fastcgi_temp_path {d}/temp/fastcgi;\n  uwsgi_temp_path {d}/temp/uwsgi;\n  scgi_temp_path {d}/temp/scgi;\n  \
         include {d}/site.conf;\n}}\n",
        user = if root { "user root;\n" } else { "" },
    );
    std::fs::write(dir.join("nginx.conf"), main).expect("write nginx.conf");
    let conf = dir.join("nginx.conf");
    run(Command::new(NGINX)
        .args([
            "-t",
            "-p",
            &d.to_string(),
            "-e",
            &format!("{d}/error.log"),
            "-c",
        ])
        .arg(&conf));
    let child = Command::new(NGINX)
        .args(["-p", &d.to_string(), "-e", &format!("{d}/error.log"), "-c"])
        .arg(&conf)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start nginx");
    let cert = std::fs::read(dir.join("ca.pem")).expect("the test authority");
    let nginx = Nginx { child, dir };
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while std::net::TcpStream::connect(("127.0.0.1", tls_port)).is_err() {
        assert!(std::time::Instant::now() < deadline, "nginx did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    (nginx, tls_port, cert)
}

/// A browser reaching the proxy at `https://localhost:{port}` from `from` (a loopback address:
/// the proxy sees it as the client's), trusting the test's certificate.
fn browser(port: u16, cert: &[u8], from: Ipv4Addr, forged: Option<&str>) -> reqwest::Client {
    let origin = format!("https://localhost:{port}");
    let mut headers = HeaderMap::new();
    headers.insert(
        reqwest::header::ORIGIN,
        HeaderValue::from_str(&origin).expect("origin"),
    );
    if let Some(forged) = forged {
        headers.insert(
            "x-forwarded-for",
            HeaderValue::from_str(forged).expect("an address"),
        );
    }
    reqwest::Client::builder()
        .cookie_store(true)
        .default_headers(headers)
        .add_root_certificate(reqwest::Certificate::from_pem(cert).expect("a certificate"))
        .resolve("localhost", SocketAddr::from(([127, 0, 0, 1], port)))
        .local_address(IpAddr::V4(from))
        .build()
        .expect("a client")
}

async fn json_of(res: reqwest::Response) -> (u16, HeaderMap, Value) {
    let status = res.status().as_u16();
    let headers = res.headers().clone();
    let body = res.json().await.unwrap_or(Value::Null);
    (status, headers, body)
}

#[tokio::test]
async fn two_instances_behind_nginx_with_tls_behave_as_one_site() {
    for db in TestDb::all().await {
        let tls_port = free_port();
        let public = format!("https://localhost:{tls_port}");
        // Production refuses the development SMS adapter: a local stand-in for the real one.
        let sms = FakeSms::start().await;
        let production = |c: &mut app_server::config::Config| {
            c.environment = Environment::Production;
            c.trusted_proxies = "127.0.0.1/32".parse().expect("a range");
            c.public_url = Some(public.clone());
            sms.configure(c);
        };
        let a = spawn_on(db.db.clone(), &db.url, production).await;
        let b = spawn_on(db.db.clone(), &db.url, production).await;
        let ports: Vec<u16> = [&a, &b].iter().map(|app| port_of(app)).collect();
        let (_nginx, port, cert) = start_nginx(tls_port, &ports);
        let url = |path: &str| format!("https://localhost:{port}{path}");

        // HSTS on what came over https, and a Secure session cookie.
        let ann = browser(
            port,
            &cert,
            Ipv4Addr::new(127, 0, 0, 2),
            Some("203.0.113.9"),
        );
        let res = ann
            .get(url("/api/health"))
            .send()
            .await
            .expect("through nginx");
        assert_eq!(res.status(), 200);
        assert!(
            res.headers()
                .get("strict-transport-security")
                .is_some_and(|v| v.to_str().unwrap_or("").starts_with("max-age=")),
            "{:?}",
            res.headers()
        );
        let res = ann
            .post(url("/api/auth/username/register"))
            .json(&json!({ "username": "proxied", "password": "correct horse battery" }))
            .send()
            .await
            .expect("register");
        let (status, headers, body) = json_of(res).await;
        assert_eq!(status, 201, "{body:?}");
        let cookie = headers
            .get_all("set-cookie")
            .iter()
            .map(|v| v.to_str().unwrap_or("").to_owned())
            .collect::<Vec<_>>()
            .join("\n");
        assert!(
            cookie.contains("; Secure") || cookie.contains(";Secure"),
            "{cookie}"
        );
        assert!(cookie.to_ascii_lowercase().contains("httponly"), "{cookie}");

        // The session works whichever instance answers (nginx takes turns).
        for _ in 0..4 {
            let (status, _, body) =
                json_of(ann.get(url("/api/auth/token")).send().await.unwrap()).await;
            assert_eq!(status, 200, "{body:?}");
            assert_eq!(body["user"]["username"], "proxied", "{body:?}");
        }

        // The client's address: the peer nginx saw (127.0.0.2), never the entry the client
        // forged before it (203.0.113.9) — as the audit log records a sign-in.
        let admin = browser(port, &cert, Ipv4Addr::new(127, 0, 0, 3), None);
        let r = admin
            .post(url("/api/auth/username/register"))
            .json(&json!({ "username": "proxyboss", "password": "correct horse battery" }))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 201);
        a.promote_to_admin("proxyboss").await;
        let r = ann
            .post(url("/api/auth/username/login"))
            .json(&json!({ "username": "proxied", "password": "wrong password here" }))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 401);
        let (status, _, audit) = json_of(
            admin
                .get(url("/api/admin/audit?action=auth.sign_in_failed"))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, 200, "{audit:?}");
        let ips: Vec<&str> = audit["items"]
            .as_array()
            .expect("items")
            .iter()
            .filter_map(|e| e["ip"].as_str())
            .collect();
        assert_eq!(ips, ["127.0.0.2"], "{audit:?}");

        // An upload at the size the app allows reaches the app (nginx does not answer first):
        // the app itself refuses what is not an image, in the user's language.
        let limit = 20 * 1024 * 1024;
        let res = ann
            .post(url("/api/account/avatar/upload"))
            .header("content-type", "application/octet-stream")
            .header("accept-language", "en")
            .body(vec![7_u8; limit])
            .send()
            .await
            .expect("a large upload");
        let (status, _, body) = json_of(res).await;
        assert!(
            (400..500).contains(&status) && status != 413 && body["code"].is_string(),
            "the app's own answer, not nginx's: {status} {body:?}"
        );
        let res = ann
            .post(url("/api/account/avatar/upload"))
            .header("content-type", "application/octet-stream")
            .body(vec![7_u8; limit + 1])
            .send()
            .await
            .expect("a too large upload");
        let (status, _, body) = json_of(res).await;
        assert_eq!(status, 413, "{body:?}");
        assert!(
            body["code"].is_string(),
            "the app's 413, with its code: {body:?}"
        );

        // An event stream passes through as it is written: a post by someone else reaches an
        // open stream at once, without nginx holding it back.
        let res = ann
            .get(url("/api/notifications/stream"))
            .send()
            .await
            .expect("a stream through nginx");
        assert_eq!(res.status(), 200);
        let mut events = Box::pin(
            res.bytes_stream()
                .eventsource()
                .filter_map(|e| async move { e.ok() }),
        );
        let bob = browser(port, &cert, Ipv4Addr::new(127, 0, 0, 4), None);
        let r = bob
            .post(url("/api/auth/username/register"))
            .json(&json!({ "username": "proxybob", "password": "correct horse battery" }))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 201);
        let r = bob
            .post(url("/api/plaza/posts"))
            .json(&json!({ "body": "hello through nginx" }))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 201);
        let seen = tokio::time::timeout(Duration::from_secs(15), async {
            while let Some(e) = events.next().await {
                if e.event == "plaza" {
                    return true;
                }
            }
            false
        })
        .await;
        assert_eq!(seen, Ok(true), "the plaza event came through in time");
        drop(db);
    }
}

fn port_of(app: &TestApp) -> u16 {
    app.address
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .expect("the instance's port")
}
