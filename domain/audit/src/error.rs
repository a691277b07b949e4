//! Why reading the audit log failed: the one error enum of the crate.

#[derive(Debug, thiserror::Error)]
pub enum AuditError {
    /// `from` is not before `to`.
    #[error("the time range ends before it starts")]
    InvalidRange,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}
