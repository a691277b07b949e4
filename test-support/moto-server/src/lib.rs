//! A real S3-protocol server for tests: moto's (PyPI `moto[server]`), in-memory, on a free
//! loopback port, one per test and killed when its [`MotoServer`] is dropped.
//!
//! The Python environment is made once and cached in `$HOME/.cache/courtyard/moto-venv`
//! (`python3 -m venv` + `pip install 'moto[server]==5.2.5'`). Failing to make it or to start the
//! server fails the test, in CI and outside it alike: a skipped S3 test would be a silent hole.

use std::io::{Read as _, Write as _};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

const MOTO: &str = "moto[server]==5.2.5";
/// Written last into a finished environment; its name carries the version.
const MARKER: &str = ".courtyard-moto-5.2.5";
/// The bucket every server starts with.
pub const BUCKET: &str = "courtyard-media";
/// moto accepts any key pair.
pub const ACCESS_KEY_ID: &str = "courtyard-test";
pub const SECRET_ACCESS_KEY: &str = "courtyard-test-secret";

/// Runs moto, then exits when its standard input closes, so a test process that dies without
/// unwinding (SIGKILL, abort) leaves no server behind.
const LAUNCHER: &str = "
import os, sys, threading
def watch():
    sys.stdin.read()
    os._exit(0)
threading.Thread(target=watch, daemon=True).start()
from moto.server import main
main(sys.argv[1:])
";

/// A running moto server with the bucket [`BUCKET`] created.
pub struct MotoServer {
    child: Child,
    port: u16,
    log: PathBuf,
}

impl MotoServer {
    /// Starts a server and creates [`BUCKET`]; panics (never skips) when it cannot.
    pub fn start() -> Self {
        let python = python_with_moto();
        let port = free_port();
        let log =
            std::env::temp_dir().join(format!("courtyard-moto-{}-{port}.log", std::process::id()));
        let log_file = std::fs::File::create(&log)
            .unwrap_or_else(|e| fail(&format!("creating {}: {e}", log.display())));
        let child = Command::new(&python)
            .args(["-c", LAUNCHER, "-H", "127.0.0.1", "-p", &port.to_string()])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(log_file)
            .spawn()
            .unwrap_or_else(|e| fail(&format!("starting {}: {e}", python.display())));
        let mut server = Self { child, port, log };
        server.wait_until_ready();
        let status = server.request("PUT", &format!("/{BUCKET}"));
        if status != 200 {
            fail(&format!(
                "creating the bucket answered {status}\n{}",
                server.log_tail()
            ));
        }
        server
    }

    /// `http://127.0.0.1:<port>`.
    pub fn endpoint(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    fn wait_until_ready(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                fail(&format!("moto exited with {status}\n{}", self.log_tail()));
            }
            if self.try_request("GET", "/").is_some() {
                return;
            }
            if Instant::now() > deadline {
                fail(&format!(
                    "moto did not answer within 60 s\n{}",
                    self.log_tail()
                ));
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// The status code of a bodiless HTTP/1.1 request.
    fn request(&self, method: &str, path: &str) -> u16 {
        self.try_request(method, path)
            .unwrap_or_else(|| fail(&format!("{method} {path} got no answer")))
    }

    fn try_request(&self, method: &str, path: &str) -> Option<u16> {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).ok()?;
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .ok()?;
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
            self.port
        )
        .ok()?;
        let mut answer = String::new();
        stream.read_to_string(&mut answer).ok()?;
        answer.split(' ').nth(1)?.parse().ok()
    }

    fn log_tail(&self) -> String {
        let log = std::fs::read_to_string(&self.log).unwrap_or_default();
        let start = log.len().saturating_sub(4000);
        format!(
            "moto's log ({}):\n{}",
            self.log.display(),
            log.get(start..).unwrap_or(&log)
        )
    }
}

impl Drop for MotoServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_file(&self.log);
    }
}

fn fail(what: &str) -> ! {
    let hint = if std::env::var("CI").is_ok_and(|v| v == "true") {
        "CI must run the S3 tests; fix the runner rather than skipping them."
    } else {
        "The S3 tests need python3 with the venv module (Debian: apt-get install python3-venv) \
         and access to PyPI once, to install moto into $HOME/.cache/courtyard/moto-venv."
    };
    panic!("moto S3 test server: {what}\n{hint}")
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap_or_else(|e| fail(&format!("finding a free port: {e}")))
}

/// The cached environment's python, made on first use (once per process; concurrent
/// processes each build in a folder of their own and the first to finish wins).
fn python_with_moto() -> PathBuf {
    static MAKING: Mutex<()> = Mutex::new(());
    let _one_at_a_time = MAKING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let home = std::env::var_os("HOME").unwrap_or_else(|| fail("HOME is not set"));
    let venv = Path::new(&home).join(".cache/courtyard/moto-venv");
    if venv.join(MARKER).exists() {
        return venv.join("bin/python");
    }
    let parent = venv.parent().unwrap_or(&venv);
    std::fs::create_dir_all(parent)
        .unwrap_or_else(|e| fail(&format!("creating {}: {e}", parent.display())));
    let building = parent.join(format!("moto-venv.building-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&building);
    run(Command::new("python3").arg("-m").arg("venv").arg(&building));
    run(Command::new(building.join("bin/python")).args([
        "-m",
        "pip",
        "install",
        "--quiet",
        "--disable-pip-version-check",
        MOTO,
    ]));
    std::fs::write(building.join(MARKER), MOTO)
        .unwrap_or_else(|e| fail(&format!("marking {}: {e}", building.display())));
    // A venv's python finds its packages relative to itself, so the folder may be renamed
    // (its bin/ scripts would not survive that, which is why moto is run as `python -c`).
    if !venv.join(MARKER).exists() {
        let _ = std::fs::remove_dir_all(&venv);
        // Another process may have won the race; its environment serves as well.
        if let Err(e) = std::fs::rename(&building, &venv)
            && !venv.join(MARKER).exists()
        {
            fail(&format!(
                "moving {} to {}: {e}",
                building.display(),
                venv.display()
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&building);
    venv.join("bin/python")
}

fn run(command: &mut Command) {
    let shown = format!("{command:?}");
    let output = command
        .output()
        .unwrap_or_else(|e| fail(&format!("running {shown}: {e}")));
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let stdout = String::from_utf8_lossy(&output.stdout);
        let hint = if stderr.contains("ensurepip") {
            "\npython3 has no ensurepip: apt-get install -y python3-venv"
        } else {
            ""
        };
        fail(&format!(
            "{shown} failed with {}\n{stdout}\n{stderr}{hint}",
            output.status
        ));
    }
}
