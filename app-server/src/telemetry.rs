//! Logging: `tracing` to stderr, filtered by `RUST_LOG` (default `info`). Colours only when stderr
//! is a terminal and `NO_COLOR` is unset: a log written to a file or a pipe carries no escape codes.

use std::io::IsTerminal;
use tracing_subscriber::EnvFilter;

/// Whether the log may colour its lines: stderr is a terminal and `NO_COLOR` (no-color.org) is
/// unset or empty.
pub fn colour(stderr_is_terminal: bool, no_color: Option<&std::ffi::OsStr>) -> bool {
    stderr_is_terminal && no_color.is_none_or(|v| v.is_empty())
}

pub fn init() {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,sea_orm=warn"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false)
        .with_ansi(colour(
            std::io::stderr().is_terminal(),
            std::env::var_os("NO_COLOR").as_deref(),
        ))
        // Standard output stays for what a command prints (`app-server admin create`).
        .with_writer(std::io::stderr)
        .try_init();
}

#[cfg(test)]
mod tests {
    use super::colour;
    use std::ffi::OsStr;

    #[test]
    fn colours_only_a_terminal_without_no_color() {
        assert!(colour(true, None));
        assert!(colour(true, Some(OsStr::new(""))));
        assert!(
            !colour(false, None),
            "a file or a pipe gets no escape codes"
        );
        assert!(!colour(true, Some(OsStr::new("1"))));
    }
}
