//! What reports need from the outside world.

use crate::error::ReportsError;
use crate::model::{Case, CaseId, Closed, Filed, Moderator, NewReport, Queue, Subject, Target};
use async_trait::async_trait;
use kernel::{GroupId, Page, PageRequest, UserId};

/// Where cases and their reports are kept (the database).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait CaseStore: Send + Sync {
    /// Files `report` into the open case of its subject, opening one (with `target`'s author,
    /// group and excerpt) when there is none, in one transaction; a reporter counts once per
    /// case (`counted: false` for a repeat, nothing written). Two first reports at once open
    /// one case.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn file(&self, report: &NewReport, target: &Target) -> Result<Filed, ReportsError>;

    /// # Errors
    /// `Unexpected` only.
    async fn find(&self, id: CaseId) -> Result<Option<Case>, ReportsError>;

    /// A queue's cases, open ones (oldest first) or closed ones (most recently closed first
    /// is not needed: oldest opened first as well).
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn queue(
        &self,
        queue: Queue,
        open: bool,
        page: PageRequest,
    ) -> Result<Page<Case>, ReportsError>;

    /// Closes the case when it is open; `false` (nothing written) when it is closed already or
    /// gone. In the same transaction, [`crate::model::Action::Hide`] withholds the item (its
    /// author's only) and [`crate::model::Action::Dismiss`] shows again an item the word list held.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn close(&self, id: CaseId, closed: &Closed) -> Result<bool, ReportsError>;

    /// Who reported the case's item (each once), to be told the outcome.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn reporters(&self, id: CaseId) -> Result<Vec<UserId>, ReportsError>;

    /// Opens a case again that [`CaseStore::close`] closed but whose action failed.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn reopen(&self, id: CaseId) -> Result<(), ReportsError>;
}

/// What a subject is.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait Subjects: Send + Sync {
    /// The subject as `viewer` may see it — exactly as the pages show it: `None` when it is
    /// gone or out of their sight (a private group's content to a non-member).
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn describe(
        &self,
        subject: Subject,
        viewer: UserId,
    ) -> Result<Option<Target>, ReportsError>;
}

/// Who manages a group.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait GroupManagers: Send + Sync {
    /// Whether `user` is the group's owner or one of its admins.
    ///
    /// # Errors
    /// `Unexpected` only.
    async fn manages(&self, group: GroupId, user: UserId) -> Result<bool, ReportsError>;
}

/// Carries out a moderator's action through the use cases that own the content (each tells
/// the author what happened and why, and is audited there).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait Enforcer: Send + Sync {
    /// Deletes the case's content as `by` (a manager of its group or an administrator),
    /// giving `reason`.
    ///
    /// # Errors
    /// `ActionNotApplicable` for a group or a person; `Unexpected`.
    async fn delete(
        &self,
        case: &Case,
        by: &Moderator,
        reason: Option<String>,
    ) -> Result<(), ReportsError>;

    /// Bans `user` from `group` as `by`.
    ///
    /// # Errors
    /// `Unexpected` (and what the groups domain refuses, as `NotAllowed`).
    async fn ban(&self, group: GroupId, user: UserId, by: &Moderator) -> Result<(), ReportsError>;

    /// Disables `user`'s account as the administrator `by`.
    ///
    /// # Errors
    /// `Unexpected`.
    async fn disable(&self, user: UserId, by: &Moderator) -> Result<(), ReportsError>;
}
