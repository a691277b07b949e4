//! The reports' stores, on SQLite and PostgreSQL: reports of one item fold into its open case
//! (a reporter counted once, two first reports at once one case), the queues route by group
//! and by age, a case closes once, and what is reported is described as the reporter may see
//! it.

use crate::groups::created;
use crate::plaza::posted;
use crate::support::{TestDb, at, person};
use chrono::Duration;
use groups::model::Visibility;
use kernel::{PageRequest, Person, UserId};
use reports::model::{Action, Closed, NewReport, Queue, Reason, Subject, SubjectKind, Target};
use reports::ports::{CaseStore, GroupManagers, Subjects};
use uuid::Uuid;

fn report(subject: Subject, reporter: &Person, reason: Reason, minutes: i64) -> NewReport {
    NewReport {
        subject,
        reporter: reporter.id,
        reason,
        note: (reason == Reason::Other).then(|| "说明".to_owned()),
        at: at(minutes),
    }
}

fn target(author: &Person, group: Option<kernel::GroupId>) -> Target {
    Target {
        author: author.id,
        group,
        parent: None,
        excerpt: "  买房   加微信  ".into(),
    }
}

fn post(id: Uuid) -> Subject {
    Subject {
        kind: SubjectKind::Post,
        id,
    }
}

#[tokio::test]
async fn reports_of_one_item_fold_into_its_open_case_each_reporter_once() {
    for t in TestDb::all().await {
        let (author, a, b) = (
            person(&t, "author").await,
            person(&t, "ann").await,
            person(&t, "bob").await,
        );
        let store = t.db.report_cases();
        let subject = post(Uuid::new_v4());
        let first = store
            .file(
                &report(subject, &a, Reason::Spam, 1),
                &target(&author, None),
            )
            .await
            .unwrap();
        assert!(first.counted);
        let again = store
            .file(
                &report(subject, &a, Reason::Abuse, 2),
                &target(&author, None),
            )
            .await
            .unwrap();
        assert_eq!((again.case, again.counted), (first.case, false));
        let other = store
            .file(
                &report(subject, &b, Reason::Spam, 3),
                &target(&author, None),
            )
            .await
            .unwrap();
        assert_eq!((other.case, other.counted), (first.case, true));
        let case = store.find(first.case).await.unwrap().unwrap();
        assert_eq!(case.reports, 2);
        assert_eq!(case.reasons, [(Reason::Spam, 2)]);
        assert_eq!(case.excerpt, "买房 加微信");
        assert_eq!((case.opened_at, case.last_reported_at), (at(1), at(3)));
        assert_eq!(case.author, author);

        // Closed, the next report opens a new case.
        let closed = Closed {
            action: Action::Dismiss,
            by: b.id,
            at: at(4),
            note: None,
        };
        assert!(store.close(first.case, &closed).await.unwrap());
        assert!(!store.close(first.case, &closed).await.unwrap(), "once");
        let later = store
            .file(
                &report(subject, &a, Reason::Other, 5),
                &target(&author, None),
            )
            .await
            .unwrap();
        assert_ne!(later.case, first.case);
        let reopened = store.find(first.case).await.unwrap().unwrap();
        assert_eq!(reopened.closed.map(|c| c.action), Some(Action::Dismiss));
    }
}

#[tokio::test]
async fn two_first_reports_at_once_open_one_case() {
    for t in TestDb::all().await {
        let author = person(&t, "author").await;
        let mut reporters = Vec::new();
        for i in 0..8 {
            reporters.push(person(&t, &format!("reporter{i}")).await);
        }
        let subject = post(Uuid::new_v4());
        let mut tasks = tokio::task::JoinSet::new();
        for r in &reporters {
            let store = t.db.report_cases();
            let report = report(subject, r, Reason::Spam, 1);
            let target = target(&author, None);
            tasks.spawn(async move { store.file(&report, &target).await });
        }
        let mut cases = std::collections::HashSet::new();
        while let Some(filed) = tasks.join_next().await {
            cases.insert(filed.unwrap().unwrap().case);
        }
        assert_eq!(cases.len(), 1);
        let case =
            t.db.report_cases()
                .find(*cases.iter().next().unwrap())
                .await
                .unwrap()
                .unwrap();
        assert_eq!(case.reports, 8);
    }
}

#[tokio::test]
async fn a_groups_cases_are_its_managers_and_reach_the_site_after_they_wait() {
    for t in TestDb::all().await {
        let (author, a) = (person(&t, "author").await, person(&t, "ann").await);
        let g = created(&t, &author, "读书会", Visibility::Public, at(0)).await;
        let store = t.db.report_cases();
        let plaza = store
            .file(
                &report(post(Uuid::new_v4()), &a, Reason::Spam, 10),
                &target(&author, None),
            )
            .await
            .unwrap()
            .case;
        let reply = Subject {
            kind: SubjectKind::Reply,
            id: Uuid::new_v4(),
        };
        let in_group = store
            .file(
                &report(reply, &a, Reason::Abuse, 20),
                &target(&author, Some(g.id)),
            )
            .await
            .unwrap()
            .case;
        let ids =
            |page: kernel::Page<reports::Case>| page.items.iter().map(|c| c.id).collect::<Vec<_>>();
        let page = PageRequest::first(20);
        let group_queue = store.queue(Queue::Group(g.id), true, page).await.unwrap();
        assert_eq!(ids(group_queue), [in_group]);
        // 48 hours after the group's case was opened it is the site's too; before, not.
        let before = Queue::Site {
            escalated_before: at(20) - Duration::seconds(1),
        };
        assert_eq!(ids(store.queue(before, true, page).await.unwrap()), [plaza]);
        let after = Queue::Site {
            escalated_before: at(20),
        };
        assert_eq!(
            ids(store.queue(after, true, page).await.unwrap()),
            [plaza, in_group]
        );
        // Oldest first, in pages.
        let first = store
            .queue(after, true, PageRequest::first(1))
            .await
            .unwrap();
        assert_eq!(first.items[0].id, plaza);
        let second = store
            .queue(after, true, PageRequest::new(first.next, Some(1)))
            .await
            .unwrap();
        assert_eq!(ids(second), [in_group]);

        let closed = Closed {
            action: Action::Delete,
            by: author.id,
            at: at(30),
            note: Some("广告".into()),
        };
        assert!(store.close(in_group, &closed).await.unwrap());
        assert!(ids(store.queue(Queue::Group(g.id), true, page).await.unwrap()).is_empty());
        let done = store.queue(Queue::Group(g.id), false, page).await.unwrap();
        assert_eq!(done.items[0].closed.as_ref(), Some(&closed));
        store.reopen(in_group).await.unwrap();
        assert_eq!(
            ids(store.queue(Queue::Group(g.id), true, page).await.unwrap()),
            [in_group]
        );
    }
}

#[tokio::test]
async fn a_subject_is_described_as_the_reporter_may_see_it() {
    for t in TestDb::all().await {
        let (author, stranger) = (person(&t, "author").await, person(&t, "stranger").await);
        let subjects = t.db.report_subjects();
        let p = posted(&t, &author, "买房加微信", None, at(1)).await;
        let described = subjects.describe(post(p.0), stranger.id).await.unwrap();
        assert_eq!(
            described,
            Some(Target {
                author: author.id,
                group: None,
                parent: None,
                excerpt: "买房加微信".into()
            })
        );
        assert_eq!(
            subjects
                .describe(post(Uuid::new_v4()), stranger.id)
                .await
                .unwrap(),
            None
        );

        let private = created(&t, &author, "私密", Visibility::Private, at(0)).await;
        let group = Subject {
            kind: SubjectKind::Group,
            id: private.id.0,
        };
        assert_eq!(
            subjects.describe(group, stranger.id).await.unwrap(),
            None,
            "not theirs to see"
        );
        let seen = subjects.describe(group, author.id).await.unwrap().unwrap();
        assert_eq!((seen.author, seen.group), (author.id, Some(private.id)));

        let someone = Subject {
            kind: SubjectKind::Person,
            id: author.id.0,
        };
        assert_eq!(
            subjects
                .describe(someone, stranger.id)
                .await
                .unwrap()
                .unwrap()
                .author,
            author.id
        );

        let managers = t.db.group_managers();
        assert!(managers.manages(private.id, author.id).await.unwrap());
        assert!(!managers.manages(private.id, stranger.id).await.unwrap());
        assert!(
            !managers
                .manages(private.id, UserId(Uuid::new_v4()))
                .await
                .unwrap()
        );
    }
}
