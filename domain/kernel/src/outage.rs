//! An outside system that cannot be reached, as its adapter tells it: the adapter that knows its
//! own failures (a refused connection, a pool that timed out, an object store that does not
//! answer) marks the error ([`mark`]); the HTTP layer recognises the mark ([`unreachable`]) and
//! answers 503 with `Retry-After` instead of 500 — without knowing any adapter.

use std::fmt;

/// An outside system whose absence is a 503 rather than a 500.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dependency {
    /// The database: the pool found no connection within its acquire timeout, or a connection
    /// broke mid-statement (a restart, a failover, a network cut).
    Database,
    /// The object store behind uploaded images.
    MediaStore,
}

impl fmt::Display for Dependency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Dependency::Database => "the database",
            Dependency::MediaStore => "the media store",
        })
    }
}

/// The mark: `dependency` could not be reached; the adapter's own error is its source.
#[derive(Debug)]
pub struct Unreachable {
    pub dependency: Dependency,
    source: Box<dyn std::error::Error + Send + Sync + 'static>,
}

impl fmt::Display for Unreachable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} cannot be reached", self.dependency)
    }
}

impl std::error::Error for Unreachable {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(self.source.as_ref())
    }
}

/// `cause` marked as `dependency` being unreachable (the whole cause stays its source chain).
pub fn mark(dependency: Dependency, cause: anyhow::Error) -> anyhow::Error {
    if unreachable(&cause).is_some() {
        return cause;
    }
    anyhow::Error::new(Unreachable {
        dependency,
        source: cause.into(),
    })
}

/// Which outside system, if any, `cause` says cannot be reached: the first mark anywhere in its
/// chain (context added after the mark keeps it).
pub fn unreachable(cause: &anyhow::Error) -> Option<Dependency> {
    cause
        .chain()
        .find_map(|e| e.downcast_ref::<Unreachable>())
        .map(|u| u.dependency)
}

#[cfg(test)]
mod tests {
    use super::*;
    use anyhow::Context as _;

    #[test]
    fn a_mark_is_found_under_later_context_and_keeps_the_cause() {
        let cause = anyhow::anyhow!("connection refused");
        assert_eq!(unreachable(&cause), None);
        let marked = mark(Dependency::Database, cause);
        let wrapped = Err::<(), _>(marked).context("listing groups").unwrap_err();
        assert_eq!(unreachable(&wrapped), Some(Dependency::Database));
        let text = format!("{wrapped:#}");
        assert!(text.contains("listing groups"), "{text}");
        assert!(text.contains("the database cannot be reached"), "{text}");
        assert!(text.contains("connection refused"), "{text}");
    }

    #[test]
    fn marking_twice_keeps_the_first() {
        let once = mark(Dependency::MediaStore, anyhow::anyhow!("timeout"));
        let twice = mark(Dependency::Database, once);
        assert_eq!(unreachable(&twice), Some(Dependency::MediaStore));
        assert_eq!(twice.chain().count(), 2);
    }
}
