//! The reports use cases.

use crate::error::ReportsError;
use crate::model::{
    Action, Case, CaseId, Closed, ESCALATE_AFTER, Filed, Moderator, NewReport, Queue, Reason,
    Subject, SubjectKind, parse_note,
};
use crate::ports::{CaseStore, Enforcer, GroupManagers, Subjects};
use kernel::notice::{Audience, Notice, NoticeKind};
use kernel::{
    AuditAction, AuditEvent, AuditLog, Clock, GroupId, Notifier, Page, PageRequest, RateDecision,
    RateLimitRule, RateLimiter, UserId,
};
use std::sync::Arc;

/// Reports one person may file: 20 an hour.
pub const REPORT_RATE: RateLimitRule = RateLimitRule {
    limit: 20,
    window_secs: 3600,
};

/// What [`ReportsService`] is made of.
pub struct ReportsPorts {
    pub cases: Arc<dyn CaseStore>,
    pub subjects: Arc<dyn Subjects>,
    pub managers: Arc<dyn GroupManagers>,
    pub enforcer: Arc<dyn Enforcer>,
    pub limiter: Arc<dyn RateLimiter>,
    pub audit: Arc<dyn AuditLog>,
    pub clock: Arc<dyn Clock>,
    pub notifier: Arc<dyn Notifier>,
}

/// Which queue is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QueueName {
    Site,
    Group(GroupId),
}

pub struct ReportsService {
    ports: ReportsPorts,
}

impl ReportsService {
    pub fn new(ports: ReportsPorts) -> Self {
        Self { ports }
    }

    /// `reporter` reports `subject`: into its open case (opened now if there is none).
    ///
    /// # Errors
    /// `NoteTooLong`, `NoteRequired`, `RateLimited`, `NotFound` (gone, or not theirs to see),
    /// `OwnContent`; `Unexpected`.
    pub async fn report(
        &self,
        reporter: UserId,
        subject: Subject,
        reason: Reason,
        note: Option<&str>,
    ) -> Result<Filed, ReportsError> {
        let note = parse_note(note, Some(reason))?;
        let now = self.ports.clock.now();
        let key = format!("report:{}", reporter.0);
        if let RateDecision::Limited { retry_after_secs } =
            self.ports.limiter.hit(&key, REPORT_RATE, now).await?
        {
            return Err(ReportsError::RateLimited { retry_after_secs });
        }
        let target = self
            .ports
            .subjects
            .describe(subject, reporter)
            .await?
            .ok_or(ReportsError::NotFound)?;
        if target.author == reporter {
            return Err(ReportsError::OwnContent);
        }
        let report = NewReport {
            subject,
            reporter,
            reason,
            note,
            at: now,
        };
        self.ports.cases.file(&report, &target).await
    }

    /// A queue's open (or closed) cases, oldest first: the site's for an administrator, a
    /// group's for its managers (and administrators).
    ///
    /// # Errors
    /// `NotAllowed`; `Unexpected`.
    pub async fn queue(
        &self,
        who: &Moderator,
        name: QueueName,
        open: bool,
        page: PageRequest,
    ) -> Result<Page<Case>, ReportsError> {
        let queue = match name {
            QueueName::Site if who.admin => Queue::Site {
                escalated_before: self.ports.clock.now() - ESCALATE_AFTER,
            },
            QueueName::Site => return Err(ReportsError::NotAllowed),
            QueueName::Group(group) => {
                self.may_manage(who, group).await?;
                Queue::Group(group)
            }
        };
        self.ports.cases.queue(queue, open, page).await
    }

    /// One case of a queue: any for an administrator in the site's, a group's own for its
    /// managers.
    ///
    /// # Errors
    /// `NotAllowed` (the queue is not theirs); `CaseNotFound` (also a case of another
    /// queue); `Unexpected`.
    pub async fn case(
        &self,
        who: &Moderator,
        queue: QueueName,
        id: CaseId,
    ) -> Result<Case, ReportsError> {
        match queue {
            QueueName::Site if !who.admin => return Err(ReportsError::NotAllowed),
            QueueName::Site => {}
            QueueName::Group(group) => self.may_manage(who, group).await?,
        }
        let case = self
            .ports
            .cases
            .find(id)
            .await?
            .ok_or(ReportsError::CaseNotFound)?;
        if let QueueName::Group(group) = queue
            && !case.in_group_queue(group)
        {
            return Err(ReportsError::CaseNotFound);
        }
        Ok(case)
    }

    /// Closes a case with `action`: the case is claimed first (a second moderator gets
    /// `AlreadyClosed`), then the action is carried out (the case opens again if it fails),
    /// and the closing is audited as `report.closed`. A group's managers may dismiss, delete
    /// and ban; disabling an account is the administrators'.
    ///
    /// # Errors
    /// `CaseNotFound`, `NotAllowed`, `ActionNotApplicable`, `AlreadyClosed`, `NoteTooLong`;
    /// what the action's use case refuses; `Unexpected`.
    pub async fn close(
        &self,
        who: &Moderator,
        queue: QueueName,
        id: CaseId,
        action: Action,
        note: Option<&str>,
    ) -> Result<Case, ReportsError> {
        let note = parse_note(note, None)?;
        let case = self.case(who, queue, id).await?;
        if case.closed.is_some() {
            return Err(ReportsError::AlreadyClosed);
        }
        match action {
            Action::Disable if !who.admin => return Err(ReportsError::NotAllowed),
            Action::Ban if case.group.is_none() => return Err(ReportsError::ActionNotApplicable),
            Action::Hide if !case.hideable() => return Err(ReportsError::ActionNotApplicable),
            Action::Delete
                if matches!(case.subject.kind, SubjectKind::Group | SubjectKind::Person) =>
            {
                return Err(ReportsError::ActionNotApplicable);
            }
            _ => {}
        }
        let closed = Closed {
            action,
            by: who.user,
            at: self.ports.clock.now(),
            note: note.clone(),
        };
        if !self.ports.cases.close(id, &closed).await? {
            return Err(ReportsError::AlreadyClosed);
        }
        // Hiding, and showing again what the word list held, were done by the closing itself.
        let done = match (action, case.group) {
            (Action::Dismiss | Action::Hide, _) => Ok(()),
            (Action::Delete, _) => self.ports.enforcer.delete(&case, who, note.clone()).await,
            (Action::Ban, Some(group)) => self.ports.enforcer.ban(group, case.author.id, who).await,
            (Action::Ban, None) => Err(ReportsError::ActionNotApplicable),
            (Action::Disable, _) => self.ports.enforcer.disable(case.author.id, who).await,
        };
        if let Err(e) = done {
            self.ports.cases.reopen(id).await?;
            return Err(e);
        }
        let mut event = AuditEvent::new(AuditAction::ReportClosed, closed.at);
        event.actor = Some(who.user);
        event.ip = who.ip.clone();
        event.target = Some(id.to_string());
        event.detail = Some(format!(
            "{} {} {} ({} reports)",
            action.as_str(),
            case.subject.kind.as_str(),
            case.subject.id,
            case.reports
        ));
        kernel::audit::record_or_log(self.ports.audit.as_ref(), event).await;
        self.tell_outcome(&case, action, note).await;
        Ok(Case {
            closed: Some(closed),
            ..case
        })
    }

    /// Tells the case's reporters its outcome (never who decided it), and a hidden item's
    /// author that it was hidden and why. A deletion, a ban and a disabling tell the author
    /// through the use case that carried them out.
    async fn tell_outcome(&self, case: &Case, action: Action, note: Option<String>) {
        let subject = notice_subject(case);
        let at = self.ports.clock.now();
        if action == Action::Hide {
            self.ports
                .notifier
                .notify(Notice {
                    kind: NoticeKind::ContentRemoved,
                    to: Audience::Users(vec![case.author.id]),
                    actor: None,
                    subject,
                    detail: note,
                    at,
                })
                .await;
        }
        match self.ports.cases.reporters(case.id).await {
            Ok(reporters) if reporters.is_empty() => {}
            Ok(reporters) => {
                self.ports
                    .notifier
                    .notify(Notice {
                        kind: NoticeKind::ReportDecided,
                        to: Audience::Users(reporters),
                        actor: None,
                        subject,
                        detail: Some(action.as_str().to_owned()),
                        at,
                    })
                    .await;
            }
            Err(e) => tracing::warn!(case = %case.id, error = %e, "reporters not told"),
        }
    }

    async fn may_manage(&self, who: &Moderator, group: GroupId) -> Result<(), ReportsError> {
        if who.admin || self.ports.managers.manages(group, who.user).await? {
            Ok(())
        } else {
            Err(ReportsError::NotAllowed)
        }
    }
}

/// What a notice of the case is about: its item, or where it lives (a group's image: the
/// group; a plaza image or a person: the person).
fn notice_subject(case: &Case) -> kernel::Subject {
    use kernel::{ArticleId, Subject as S};
    let id = case.subject.id;
    let parent = case.parent.unwrap_or_default();
    match (case.subject.kind, case.group) {
        (SubjectKind::Post, _) => S::PlazaPost { post: id },
        (SubjectKind::Comment, _) => S::PlazaComment {
            post: parent,
            comment: id,
        },
        (SubjectKind::Article, Some(group)) => S::Article {
            group,
            article: ArticleId(id),
        },
        (SubjectKind::Reply, Some(group)) => S::Reply {
            group,
            article: ArticleId(parent),
            reply: id,
        },
        (SubjectKind::Group | SubjectKind::Image, Some(group)) => S::Group { group },
        (SubjectKind::Group, None) => S::Group { group: GroupId(id) },
        _ => S::Person {
            user: case.author.id,
        },
    }
}

#[cfg(test)]
mod tests;
