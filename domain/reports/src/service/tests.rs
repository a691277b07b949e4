use super::*;
use crate::model::Target;
use crate::ports::{MockCaseStore, MockEnforcer, MockGroupManagers, MockSubjects};
use chrono::{DateTime, TimeZone, Utc};
use kernel::{FixedClock, MockAuditLog, MockRateLimiter, Person};
use mockall::predicate::eq;
use uuid::Uuid;

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 28, 8, 0, 0)
        .single()
        .unwrap_or_default()
}

fn user(n: u128) -> UserId {
    UserId(Uuid::from_u128(n))
}

const REPORTER: u128 = 1;
const AUTHOR: u128 = 2;
const MANAGER: u128 = 3;
const ADMIN: u128 = 4;

fn group() -> GroupId {
    GroupId(Uuid::from_u128(50))
}

fn post() -> Subject {
    Subject {
        kind: SubjectKind::Post,
        id: Uuid::from_u128(100),
    }
}

fn reply() -> Subject {
    Subject {
        kind: SubjectKind::Reply,
        id: Uuid::from_u128(101),
    }
}

fn case(subject: Subject, group: Option<GroupId>) -> Case {
    Case {
        id: CaseId(Uuid::from_u128(7)),
        subject,
        author: Person {
            id: user(AUTHOR),
            username: "seller".into(),
            nickname: "卖家".into(),
            avatar_url: None,
            avatar: None,
        },
        group,
        parent: None,
        excerpt: "买房加微信".into(),
        reports: 3,
        reasons: vec![(Reason::Spam, 3)],
        opened_at: t0(),
        last_reported_at: t0(),
        closed: None,
        held_words: None,
    }
}

/// Remembers what it was told.
#[derive(Default)]
struct Told(std::sync::Mutex<Vec<Notice>>);

#[async_trait::async_trait]
impl Notifier for Told {
    async fn notify(&self, notice: Notice) {
        self.0.lock().unwrap().push(notice);
    }
    async fn announce(&self, _news: kernel::News) {}
}

struct Doubles {
    cases: MockCaseStore,
    subjects: MockSubjects,
    managers: MockGroupManagers,
    enforcer: MockEnforcer,
    limiter: MockRateLimiter,
    audit: MockAuditLog,
    told: Arc<Told>,
}

impl Doubles {
    fn new() -> Self {
        let mut managers = MockGroupManagers::new();
        managers
            .expect_manages()
            .returning(|_, u| Ok(u == user(MANAGER)));
        Self {
            cases: MockCaseStore::new(),
            subjects: MockSubjects::new(),
            managers,
            enforcer: MockEnforcer::new(),
            limiter: MockRateLimiter::new(),
            audit: MockAuditLog::new(),
            told: Arc::default(),
        }
    }

    fn allow(mut self) -> Self {
        self.limiter
            .expect_hit()
            .returning(|_, _, _| Ok(RateDecision::Allowed));
        self
    }

    fn service(mut self) -> ReportsService {
        self.cases
            .expect_reporters()
            .returning(|_| Ok(vec![user(REPORTER)]));
        ReportsService::new(ReportsPorts {
            cases: Arc::new(self.cases),
            subjects: Arc::new(self.subjects),
            managers: Arc::new(self.managers),
            enforcer: Arc::new(self.enforcer),
            limiter: Arc::new(self.limiter),
            audit: Arc::new(self.audit),
            clock: Arc::new(FixedClock(t0())),
            notifier: self.told,
        })
    }
}

fn target() -> Target {
    Target {
        author: user(AUTHOR),
        group: None,
        parent: None,
        excerpt: "买房加微信".into(),
    }
}

#[tokio::test]
async fn a_report_of_what_the_reporter_sees_is_filed_into_its_case() {
    let mut d = Doubles::new().allow();
    d.subjects
        .expect_describe()
        .with(eq(post()), eq(user(REPORTER)))
        .returning(|_, _| Ok(Some(target())));
    d.cases
        .expect_file()
        .withf(|r, t| {
            r.subject == post()
                && r.reporter == user(REPORTER)
                && r.reason == Reason::Other
                && r.note.as_deref() == Some("卖房广告")
                && r.at == t0()
                && *t == target()
        })
        .times(1)
        .returning(|_, _| {
            Ok(Filed {
                case: CaseId(Uuid::from_u128(7)),
                counted: true,
            })
        });
    let filed = d
        .service()
        .report(user(REPORTER), post(), Reason::Other, Some(" 卖房广告 "))
        .await;
    assert_eq!(filed.ok().map(|f| f.counted), Some(true));
}

#[tokio::test]
async fn what_is_gone_unseen_or_ones_own_is_not_filed() {
    let mut d = Doubles::new().allow();
    d.subjects
        .expect_describe()
        .returning(|s, _| Ok((s == post()).then(target)));
    d.cases.expect_file().never();
    let service = d.service();
    let unseen = service
        .report(user(REPORTER), reply(), Reason::Spam, None)
        .await;
    assert!(matches!(unseen, Err(ReportsError::NotFound)));
    let own = service
        .report(user(AUTHOR), post(), Reason::Spam, None)
        .await;
    assert!(matches!(own, Err(ReportsError::OwnContent)));
}

#[tokio::test]
async fn other_needs_a_note_and_reports_are_rate_limited_before_anything_is_read() {
    let mut d = Doubles::new();
    d.limiter
        .expect_hit()
        .withf(|key, rule, _| key == format!("report:{}", user(REPORTER).0) && *rule == REPORT_RATE)
        .times(1)
        .returning(|_, _, _| {
            Ok(RateDecision::Limited {
                retry_after_secs: 60,
            })
        });
    d.subjects.expect_describe().never();
    let service = d.service();
    let no_note = service
        .report(user(REPORTER), post(), Reason::Other, Some(" "))
        .await;
    assert!(matches!(no_note, Err(ReportsError::NoteRequired)));
    let limited = service
        .report(user(REPORTER), post(), Reason::Spam, None)
        .await;
    assert!(matches!(
        limited,
        Err(ReportsError::RateLimited {
            retry_after_secs: 60
        })
    ));
}

#[tokio::test]
async fn the_site_queue_is_the_administrators_and_a_groups_its_managers() {
    let mut d = Doubles::new();
    d.cases
        .expect_queue()
        .withf(|q, open, _| {
            *open
                && (*q == Queue::Group(group())
                    || *q
                        == Queue::Site {
                            escalated_before: t0() - ESCALATE_AFTER,
                        })
        })
        .times(3)
        .returning(|_, _, _| {
            Ok(Page {
                items: vec![],
                next: None,
            })
        });
    let service = d.service();
    let admin = Moderator {
        user: user(ADMIN),
        admin: true,
        ip: None,
    };
    let manager = Moderator {
        user: user(MANAGER),
        admin: false,
        ip: None,
    };
    let page = PageRequest::first(20);
    assert!(
        service
            .queue(&admin, QueueName::Site, true, page)
            .await
            .is_ok()
    );
    assert!(
        service
            .queue(&admin, QueueName::Group(group()), true, page)
            .await
            .is_ok()
    );
    assert!(
        service
            .queue(&manager, QueueName::Group(group()), true, page)
            .await
            .is_ok()
    );
    assert!(matches!(
        service.queue(&manager, QueueName::Site, true, page).await,
        Err(ReportsError::NotAllowed)
    ));
    let member = Moderator {
        user: user(REPORTER),
        admin: false,
        ip: None,
    };
    assert!(matches!(
        service
            .queue(&member, QueueName::Group(group()), true, page)
            .await,
        Err(ReportsError::NotAllowed)
    ));
}

#[tokio::test]
async fn a_manager_deletes_their_groups_content_and_the_closing_is_audited() {
    let mut d = Doubles::new();
    d.cases
        .expect_find()
        .returning(|_| Ok(Some(case(reply(), Some(group())))));
    d.cases
        .expect_close()
        .withf(|_, c| {
            c.action == Action::Delete && c.by == user(MANAGER) && c.note.as_deref() == Some("广告")
        })
        .times(1)
        .returning(|_, _| Ok(true));
    d.enforcer
        .expect_delete()
        .withf(|c, by, reason| {
            c.subject == reply()
                && by.user == user(MANAGER)
                && !by.admin
                && reason.as_deref() == Some("广告")
        })
        .times(1)
        .returning(|_, _, _| Ok(()));
    d.audit
        .expect_record()
        .withf(|e| {
            e.action == "report.closed"
                && e.actor == Some(user(MANAGER))
                && e.detail
                    .as_deref()
                    .is_some_and(|d| d.starts_with("delete reply"))
        })
        .times(1)
        .returning(|_| Ok(()));
    let manager = Moderator {
        user: user(MANAGER),
        admin: false,
        ip: None,
    };
    let told = d.told.clone();
    let closed = d
        .service()
        .close(
            &manager,
            QueueName::Group(group()),
            CaseId(Uuid::from_u128(7)),
            Action::Delete,
            Some("广告"),
        )
        .await;
    assert_eq!(
        closed.ok().and_then(|c| c.closed).map(|c| c.action),
        Some(Action::Delete)
    );
    // The reporters hear the outcome, from nobody in particular; the author hears of the
    // deletion from the use case that carried it out, not twice.
    let told = told.0.lock().unwrap().clone();
    assert_eq!(told.len(), 1, "{told:?}");
    assert_eq!(told[0].kind, NoticeKind::ReportDecided);
    assert_eq!(told[0].to, Audience::Users(vec![user(REPORTER)]));
    assert_eq!(told[0].actor, None);
    assert_eq!(told[0].detail.as_deref(), Some("delete"));
}

#[tokio::test]
async fn hiding_is_the_closing_itself_and_tells_the_author_why_and_the_reporters_how() {
    let mut d = Doubles::new();
    d.cases
        .expect_find()
        .returning(|_| Ok(Some(case(post(), None))));
    d.cases
        .expect_close()
        .withf(|_, c| c.action == Action::Hide)
        .times(1)
        .returning(|_, _| Ok(true));
    d.enforcer.expect_delete().never();
    d.audit.expect_record().times(1).returning(|_| Ok(()));
    let told = d.told.clone();
    let admin = Moderator {
        user: user(ADMIN),
        admin: true,
        ip: None,
    };
    let service = d.service();
    let closed = service
        .close(
            &admin,
            QueueName::Site,
            CaseId(Uuid::from_u128(7)),
            Action::Hide,
            Some("广告"),
        )
        .await;
    assert!(closed.is_ok(), "{closed:?}");
    let told = told.0.lock().unwrap().clone();
    let kinds: Vec<NoticeKind> = told.iter().map(|n| n.kind).collect();
    assert_eq!(
        kinds,
        [NoticeKind::ContentRemoved, NoticeKind::ReportDecided]
    );
    assert_eq!(told[0].to, Audience::Users(vec![user(AUTHOR)]));
    assert_eq!(told[0].detail.as_deref(), Some("广告"));
    assert_eq!(
        told[0].subject,
        kernel::Subject::PlazaPost {
            post: Uuid::from_u128(100)
        }
    );
    assert_eq!(told[1].detail.as_deref(), Some("hide"));
}

#[tokio::test]
async fn a_group_or_a_person_cannot_be_hidden_and_the_word_lists_cases_are_the_sites() {
    let mut d = Doubles::new();
    d.cases.expect_find().returning(|id| {
        Ok(Some(if id.0 == Uuid::from_u128(1) {
            case(
                Subject {
                    kind: SubjectKind::Person,
                    id: Uuid::from_u128(2),
                },
                None,
            )
        } else {
            Case {
                held_words: Some(vec!["审词".into()]),
                ..case(reply(), Some(group()))
            }
        }))
    });
    d.cases.expect_close().never();
    let service = d.service();
    let admin = Moderator {
        user: user(ADMIN),
        admin: true,
        ip: None,
    };
    let manager = Moderator {
        user: user(MANAGER),
        admin: false,
        ip: None,
    };
    let person = service
        .close(
            &admin,
            QueueName::Site,
            CaseId(Uuid::from_u128(1)),
            Action::Hide,
            None,
        )
        .await;
    assert!(matches!(person, Err(ReportsError::ActionNotApplicable)));
    // What the word list held in a group is not its managers' case.
    let held = service
        .case(
            &manager,
            QueueName::Group(group()),
            CaseId(Uuid::from_u128(3)),
        )
        .await;
    assert!(matches!(held, Err(ReportsError::CaseNotFound)));
    let held = Case {
        held_words: Some(vec!["审词".into()]),
        ..case(reply(), Some(group()))
    };
    assert!(held.in_site_queue(t0()), "at once, not after 48 hours");
}

#[tokio::test]
async fn what_a_moderator_may_not_do_is_refused_before_anything_changes() {
    let mut d = Doubles::new();
    d.cases.expect_find().returning(|id| {
        Ok(Some(if id.0 == Uuid::from_u128(1) {
            case(reply(), Some(group()))
        } else {
            case(post(), None)
        }))
    });
    d.cases.expect_close().never();
    d.enforcer.expect_delete().never();
    let service = d.service();
    let manager = Moderator {
        user: user(MANAGER),
        admin: false,
        ip: None,
    };
    let admin = Moderator {
        user: user(ADMIN),
        admin: true,
        ip: None,
    };
    let in_group = CaseId(Uuid::from_u128(1));
    let plaza = CaseId(Uuid::from_u128(2));
    let mine = QueueName::Group(group());
    let disable = service
        .close(&manager, mine, in_group, Action::Disable, None)
        .await;
    assert!(matches!(disable, Err(ReportsError::NotAllowed)));
    let not_theirs = service
        .close(&manager, mine, plaza, Action::Dismiss, None)
        .await;
    assert!(matches!(not_theirs, Err(ReportsError::CaseNotFound)));
    let site = service
        .close(&manager, QueueName::Site, plaza, Action::Dismiss, None)
        .await;
    assert!(matches!(site, Err(ReportsError::NotAllowed)));
    let ban = service
        .close(&admin, QueueName::Site, plaza, Action::Ban, None)
        .await;
    assert!(matches!(ban, Err(ReportsError::ActionNotApplicable)));
}

#[tokio::test]
async fn a_case_closed_meanwhile_is_refused_and_a_failed_action_reopens_it() {
    let mut d = Doubles::new();
    d.cases
        .expect_find()
        .returning(|_| Ok(Some(case(post(), None))));
    let mut first = true;
    d.cases.expect_close().times(2).returning(move |_, _| {
        let won = first;
        first = false;
        Ok(won)
    });
    d.enforcer
        .expect_disable()
        .withf(|u, by| *u == user(AUTHOR) && by.user == user(ADMIN))
        .times(1)
        .returning(|_, _| Err(ReportsError::Unexpected(anyhow::anyhow!("database down"))));
    d.cases.expect_reopen().times(1).returning(|_| Ok(()));
    d.audit.expect_record().never();
    let service = d.service();
    let admin = Moderator {
        user: user(ADMIN),
        admin: true,
        ip: None,
    };
    let id = CaseId(Uuid::from_u128(7));
    let failed = service
        .close(&admin, QueueName::Site, id, Action::Disable, None)
        .await;
    assert!(matches!(failed, Err(ReportsError::Unexpected(_))));
    let lost = service
        .close(&admin, QueueName::Site, id, Action::Dismiss, None)
        .await;
    assert!(matches!(lost, Err(ReportsError::AlreadyClosed)));
}

#[test]
fn a_groups_case_reaches_the_site_after_48_hours_and_the_rest_at_once() {
    let in_group = case(reply(), Some(group()));
    assert!(!in_group.in_site_queue(t0() + ESCALATE_AFTER - chrono::Duration::seconds(1)));
    assert!(in_group.in_site_queue(t0() + ESCALATE_AFTER));
    assert!(case(post(), None).in_site_queue(t0()));
}
