//! Why a reports use case failed.

use thiserror::Error;

#[derive(Debug, Error)]
pub enum ReportsError {
    /// Nothing the reporter can see is there to report.
    #[error("no such thing to report")]
    NotFound,
    #[error("a note has at most 500 characters")]
    NoteTooLong,
    /// "Other" needs a note saying what is wrong.
    #[error("say what is wrong in a note")]
    NoteRequired,
    #[error("one cannot report oneself or what one wrote")]
    OwnContent,
    #[error("too many reports; try again in {retry_after_secs} s")]
    RateLimited { retry_after_secs: u64 },
    /// The asker may not see this queue or act on this case.
    #[error("not allowed")]
    NotAllowed,
    #[error("no such case")]
    CaseNotFound,
    /// Someone closed the case first.
    #[error("the case is closed already")]
    AlreadyClosed,
    /// The action does not apply to what was reported (a ban without a group, say).
    #[error("that action does not apply to this case")]
    ActionNotApplicable,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}
