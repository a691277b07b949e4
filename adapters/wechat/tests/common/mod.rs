//! What the code under test logs, as plain text (shared with the other adapters).

pub use log_capture::capture_logs;
