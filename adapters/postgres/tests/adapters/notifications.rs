//! The notification store's contract, on SQLite and PostgreSQL: per-recipient sequence numbers
//! in commit order (also under concurrent writers), folded likes counting distinct people,
//! read marks up to what was seen, preferences; the people lookups; and, on PostgreSQL, the
//! wake-up bus between two "instances" (two buses over one database).

use crate::support::{TestDb, at, person};
use adapter_postgres::PgWakeBus;
use kernel::{NoticeKind, Subject, UserId};
use notifications::ports::{NotificationStore, People, WakeBus};
use notifications::{NewNotification, Preferences, Wake};
use std::time::Duration;
use uuid::Uuid;

fn row(recipient: UserId, kind: NoticeKind, actor: UserId, subject: Subject) -> NewNotification {
    NewNotification {
        id: Uuid::new_v4(),
        recipient,
        kind,
        actor: Some(actor),
        subject,
        detail: Some("回应".into()),
        at: at(1),
    }
}

#[tokio::test]
async fn rows_take_each_recipients_next_sequence_number_and_read_back_in_order() {
    for t in TestDb::all().await {
        let store = t.db.notifications();
        let (a, b, c) = (
            person(&t, "ann").await.id,
            person(&t, "bob").await.id,
            person(&t, "cat").await.id,
        );
        let post = Subject::PlazaPost {
            post: Uuid::new_v4(),
        };
        let reply = Subject::Reply {
            group: kernel::GroupId::new_random(),
            article: kernel::ArticleId::new_random(),
            reply: Uuid::new_v4(),
        };
        let stored = store
            .record(&[
                row(b, NoticeKind::Replied, a, post),
                row(c, NoticeKind::Replied, a, post),
            ])
            .await
            .unwrap();
        assert_eq!(stored, vec![Some(1), Some(1)], "on {}", t.url);
        store
            .record(&[row(b, NoticeKind::Mentioned, a, reply)])
            .await
            .unwrap();
        assert_eq!(store.latest(b).await.unwrap(), 2);
        assert_eq!(store.latest(a).await.unwrap(), 0, "never told: 0");
        let after = store.after(b, 0, 10).await.unwrap();
        assert_eq!(after.iter().map(|n| n.seq).collect::<Vec<_>>(), vec![1, 2]);
        assert_eq!(after[1].subject, reply, "the subject round-trips");
        assert_eq!(after[1].detail.as_deref(), Some("回应"));
        assert_eq!(after[1].actor, Some(a));
        assert_eq!(store.after(b, 1, 10).await.unwrap().len(), 1);
        let newest_first = store.before(b, None, 1).await.unwrap();
        assert_eq!(newest_first[0].seq, 2);
        assert_eq!(store.before(b, Some(2), 10).await.unwrap()[0].seq, 1);
        assert_eq!(store.unread(b).await.unwrap(), 2);

        // A batch (what one instance's writer gathers): answers in the rows' order, whatever
        // the order the recipients are locked in; one recipient's rows in the batch's order.
        let batch = store
            .record(&[
                row(c, NoticeKind::Replied, a, post),
                row(a, NoticeKind::Replied, b, post),
                row(c, NoticeKind::Mentioned, b, reply),
            ])
            .await
            .unwrap();
        assert_eq!(batch, vec![Some(2), Some(1), Some(3)], "on {}", t.url);
        let kinds: Vec<_> = store
            .after(c, 1, 10)
            .await
            .unwrap()
            .iter()
            .map(|n| n.kind)
            .collect();
        assert_eq!(kinds, vec![NoticeKind::Replied, NoticeKind::Mentioned]);
    }
}

#[tokio::test]
async fn likes_fold_into_the_unread_row_counting_each_person_once() {
    for t in TestDb::all().await {
        let store = t.db.notifications();
        let owner = person(&t, "owner").await.id;
        let fans = [
            person(&t, "fan1").await.id,
            person(&t, "fan2").await.id,
            person(&t, "fan3").await.id,
        ];
        let post = Subject::PlazaPost {
            post: Uuid::new_v4(),
        };
        let other = Subject::PlazaPost {
            post: Uuid::new_v4(),
        };
        for fan in [fans[0], fans[1], fans[0], fans[2]] {
            store
                .record(&[row(owner, NoticeKind::Liked, fan, post)])
                .await
                .unwrap();
        }
        store
            .record(&[row(owner, NoticeKind::Liked, fans[0], other)])
            .await
            .unwrap();
        let rows = store.before(owner, None, 10).await.unwrap();
        assert_eq!(rows.len(), 2, "one row per post, on {}", t.url);
        let folded = rows.iter().find(|n| n.subject == post).unwrap();
        assert_eq!(
            folded.others, 2,
            "fan1 and two others (fan1 twice counts once)"
        );
        assert_eq!(folded.actor, Some(fans[2]), "the newest liker");
        assert_eq!(
            folded.seq, 4,
            "it took the sequence number of its last growth"
        );
        store.mark_all_read(owner, 5).await.unwrap();
        store
            .record(&[row(owner, NoticeKind::Liked, fans[1], post)])
            .await
            .unwrap();
        assert_eq!(
            store.before(owner, None, 10).await.unwrap().len(),
            3,
            "read: a new row"
        );
    }
}

#[tokio::test]
async fn marks_reach_only_the_recipients_rows_up_to_what_was_seen() {
    for t in TestDb::all().await {
        let store = t.db.notifications();
        let (a, b) = (person(&t, "ann").await.id, person(&t, "bob").await.id);
        let post = Subject::PlazaPost {
            post: Uuid::new_v4(),
        };
        for _ in 0..3 {
            store
                .record(&[row(b, NoticeKind::Replied, a, post)])
                .await
                .unwrap();
        }
        let first = store.after(b, 0, 1).await.unwrap()[0].id;
        assert!(!store.mark_read(a, first).await.unwrap(), "not Ann's");
        assert!(store.mark_read(b, first).await.unwrap());
        assert!(
            store.mark_read(b, first).await.unwrap(),
            "again: still found"
        );
        assert_eq!(store.mark_all_read(b, 2).await.unwrap(), 1, "on {}", t.url);
        assert_eq!(
            store.unread(b).await.unwrap(),
            1,
            "the third, after what was seen"
        );
    }
}

#[tokio::test]
async fn preferences_are_stored_and_a_kind_turned_off_is_not_recorded() {
    for t in TestDb::all().await {
        let store = t.db.notifications();
        let (a, b) = (person(&t, "ann").await.id, person(&t, "bob").await.id);
        assert_eq!(store.preferences(a).await.unwrap(), Preferences::default());
        let prefs = Preferences {
            muted: vec![NoticeKind::Liked, NoticeKind::Mentioned],
        };
        store.set_preferences(a, &prefs).await.unwrap();
        assert_eq!(store.preferences(a).await.unwrap(), prefs, "on {}", t.url);
        store
            .set_preferences(
                a,
                &Preferences {
                    muted: vec![NoticeKind::Liked],
                },
            )
            .await
            .unwrap();
        assert_eq!(
            store.muting(&[a, b], NoticeKind::Liked).await.unwrap(),
            vec![a]
        );
        assert!(
            store
                .muting(&[a, b], NoticeKind::Mentioned)
                .await
                .unwrap()
                .is_empty()
        );
        assert!(
            store
                .muting(&[], NoticeKind::Liked)
                .await
                .unwrap()
                .is_empty()
        );

        // `record` leaves out who turned the kind off, in the statement that stores the rest:
        // rows that fold (a transaction) and rows that do not (one statement each on
        // PostgreSQL).
        let c = person(&t, "cat").await.id;
        let post = Subject::PlazaPost {
            post: Uuid::new_v4(),
        };
        let liked = store
            .record(&[
                row(a, NoticeKind::Liked, c, post),
                row(b, NoticeKind::Liked, c, post),
            ])
            .await
            .unwrap();
        assert_eq!(liked, vec![None, Some(1)], "one answer a row, in order");
        let replied = store
            .record(&[
                row(a, NoticeKind::Replied, c, post),
                row(b, NoticeKind::Replied, c, post),
            ])
            .await
            .unwrap();
        assert_eq!(
            replied,
            vec![Some(1), Some(2)],
            "Replied is on for both, on {}",
            t.url
        );
        store
            .set_preferences(
                b,
                &Preferences {
                    muted: vec![NoticeKind::Replied],
                },
            )
            .await
            .unwrap();
        let replied = store
            .record(&[
                row(a, NoticeKind::Replied, c, post),
                row(b, NoticeKind::Replied, c, post),
            ])
            .await
            .unwrap();
        assert_eq!(replied, vec![Some(2), None], "on {}", t.url);
        let kinds =
            |n: Vec<notifications::Notification>| n.iter().map(|n| n.kind).collect::<Vec<_>>();
        assert_eq!(
            kinds(store.after(a, 0, 10).await.unwrap()),
            vec![NoticeKind::Replied, NoticeKind::Replied]
        );
        assert_eq!(
            kinds(store.after(b, 0, 10).await.unwrap()),
            vec![NoticeKind::Liked, NoticeKind::Replied]
        );
        assert_eq!(
            store.latest(b).await.unwrap(),
            2,
            "a left-out row takes no number"
        );
    }
}

#[tokio::test]
async fn people_are_found_by_username_and_suggested_by_prefix() {
    for t in TestDb::all().await {
        let ann = person(&t, "ann").await;
        let anna = person(&t, "anna_li").await;
        person(&t, "bob").await;
        let found =
            t.db.by_usernames(&["ANN".into(), "nobody".into()])
                .await
                .unwrap();
        assert_eq!(found, vec![ann.id], "on {}", t.url);
        let persons = t.db.persons(&[ann.id, UserId::new_random()]).await.unwrap();
        assert_eq!(persons.len(), 1);
        assert_eq!(persons[&ann.id].username, "ann");
        let suggested =
            t.db.suggest(UserId::new_random(), "an", None, 5)
                .await
                .unwrap();
        let names: Vec<_> = suggested.iter().map(|p| p.username.as_str()).collect();
        assert_eq!(names, vec!["ann", "anna_li"]);
        assert_eq!(
            t.db.suggest(UserId::new_random(), "%", None, 5)
                .await
                .unwrap()
                .len(),
            0,
            "wildcards are text"
        );
        let in_group =
            t.db.suggest(
                UserId::new_random(),
                "an",
                Some(kernel::GroupId::new_random()),
                5,
            )
            .await
            .unwrap();
        assert!(
            in_group.is_empty(),
            "nobody is a member of a group that does not exist"
        );
        assert_ne!(anna.id, ann.id);
    }
}

#[tokio::test]
async fn concurrent_writers_commit_each_recipients_rows_in_sequence_order() {
    for t in TestDb::all().await {
        let store = t.db.notifications();
        let owner = person(&t, "owner").await.id;
        let writer = person(&t, "writer").await.id;
        let mut tasks = Vec::new();
        // Single rows, and batches naming both in either order (two instances' writers):
        // nothing waits on anything for ever, and each recipient's numbers have no gap.
        for n in 0..20 {
            let store = store.clone();
            tasks.push(tokio::spawn(async move {
                let post = Subject::PlazaPost {
                    post: Uuid::new_v4(),
                };
                let one = row(owner, NoticeKind::Replied, writer, post);
                let other = row(writer, NoticeKind::Replied, owner, post);
                let rows = match n % 3 {
                    0 => vec![one],
                    1 => vec![one, other],
                    _ => vec![other, one],
                };
                store.record(&rows).await.unwrap()
            }));
        }
        let mut seqs = Vec::new();
        for task in tasks {
            seqs.extend(task.await.unwrap().into_iter().flatten());
        }
        assert_eq!(seqs.len(), 20 + 13, "every row stored on {}", t.url);
        let owners = store_seqs(&store, owner).await;
        assert_eq!(owners, (1..=20).collect::<Vec<_>>(), "no gap, no repeat");
        assert_eq!(
            store_seqs(&store, writer).await,
            (1..=13).collect::<Vec<_>>()
        );
    }
}

/// `who`'s sequence numbers, as stored, in order.
async fn store_seqs(store: &impl NotificationStore, who: UserId) -> Vec<i64> {
    store
        .after(who, 0, 100)
        .await
        .unwrap()
        .iter()
        .map(|n| n.seq)
        .collect()
}

async fn received(rx: &mut tokio::sync::broadcast::Receiver<Wake>, want: Wake) {
    tokio::time::timeout(Duration::from_secs(3), async {
        loop {
            if rx.recv().await.unwrap() == want {
                return;
            }
        }
    })
    .await
    .unwrap_or_else(|_| panic!("{want:?} within 3 s"));
}

#[tokio::test]
async fn the_postgres_bus_wakes_the_other_instance_after_the_commit() {
    for t in TestDb::all().await {
        if t.db.kind() != adapter_postgres::DatabaseKind::Postgres {
            assert!(PgWakeBus::start(&t.db).is_err(), "SQLite has no LISTEN");
            continue;
        }
        let a = PgWakeBus::start(&t.db).unwrap();
        let b = PgWakeBus::start(&t.db).unwrap();
        let mut on_b = b.subscribe();
        // The listener connects in the background: publish until it hears.
        let user = UserId::new_random();
        tokio::time::timeout(Duration::from_secs(10), async {
            loop {
                a.publish(vec![Wake::User(user), Wake::Plaza]);
                match tokio::time::timeout(Duration::from_millis(300), on_b.recv()).await {
                    Ok(Ok(Wake::User(u))) if u == user => return,
                    _ => continue,
                }
            }
        })
        .await
        .expect("instance B hears instance A within 10 s");
        received(&mut on_b, Wake::Plaza).await;
        // Many wake-ups in one burst arrive, batched, each distinct one at least once.
        let users: Vec<UserId> = (0..300).map(|_| UserId::new_random()).collect();
        a.publish(users.iter().map(|u| Wake::User(*u)).collect());
        let mut seen = std::collections::HashSet::new();
        tokio::time::timeout(Duration::from_secs(5), async {
            while seen.len() < users.len() {
                if let Ok(Wake::User(u)) = on_b.recv().await
                    && users.contains(&u)
                {
                    seen.insert(u);
                }
            }
        })
        .await
        .expect("all 300 wake-ups within 5 s");
    }
}
