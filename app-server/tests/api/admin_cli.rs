use crate::helpers::spawn_on;
use adapter_postgres::testing::TestDb;
use std::io::Write;
use std::process::{Command, Stdio};

fn admin_create(
    db_url: &str,
    username: &str,
    env_password: Option<&str>,
    stdin: &str,
) -> std::process::Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_app-server"));
    cmd.args(["admin", "create", "--username", username])
        .env("DATABASE_URL", db_url)
        .env("RUST_LOG", "warn")
        .env_remove("COURTYARD_ADMIN_PASSWORD")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(p) = env_password {
        cmd.env("COURTYARD_ADMIN_PASSWORD", p);
    }
    let mut child = cmd.spawn().unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[tokio::test]
async fn the_cli_creates_an_admin_who_can_log_in_and_public_registration_cannot() {
    for t in TestDb::all().await {
        let out = admin_create(&t.url, "admin", Some("admin-password-1"), "");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let printed = String::from_utf8_lossy(&out.stdout);
        assert!(printed.contains("administrator admin created"), "{printed}");
        assert!(
            !printed.contains("admin-password-1"),
            "the password is never printed"
        );

        let out = admin_create(&t.url, "root", None, "root-password-1\n");
        assert!(
            out.status.success(),
            "password from stdin: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let out = admin_create(&t.url, "admin", Some("another-password"), "");
        assert!(
            !out.status.success(),
            "a second admin with the same name is refused"
        );
        let out = admin_create(&t.url, "shorty", Some("short"), "");
        assert!(!out.status.success(), "a short password is refused");
        let out = admin_create(&t.url, "weakling", Some("Password123"), "");
        assert!(!out.status.success(), "a common password is refused");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("most common"),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );

        let app = spawn_on(t.db.clone(), &t.url, |_| {}).await;
        let r = app.login("admin", "admin-password-1").await;
        assert_eq!(
            (r.status, r.body["user"]["role"].as_str()),
            (200, Some("admin"))
        );
        assert_eq!(
            app.login("root", "root-password-1").await.body["user"]["role"],
            "admin"
        );
        assert_eq!(
            app.register("admin2", "whatever-pass").await.code(),
            "reserved_username"
        );
    }
}

/// A log written to a file or a pipe carries no terminal colour codes (issue 22): the server's
/// stderr here is a pipe, and the info lines of a run (the migrations applied) are plain.
#[tokio::test]
async fn a_log_written_to_a_pipe_has_no_colour_codes() {
    let t = TestDb::sqlite().await;
    let out = Command::new(env!("CARGO_BIN_EXE_app-server"))
        .arg("migrate")
        .env("DATABASE_URL", &t.url)
        .env("RUST_LOG", "info")
        .env_remove("NO_COLOR")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{log}");
    assert!(log.contains("INFO"), "the run logs at info: {log}");
    assert!(
        !log.contains('\u{1b}'),
        "no escape codes in a piped log: {log:?}"
    );
}
