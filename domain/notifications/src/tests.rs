//! The notifications use cases over an in-memory store, the in-process bus and mocked people
//! and access rules.

use crate::model::{NewNotification, Notification, Preferences, Seq, StreamEvent, SubjectView};
use crate::ports::{MockAccess, MockPeople, NotificationStore};
use crate::{LocalBus, NotificationsPolicy, NotificationsPorts, NotificationsService};
use async_trait::async_trait;
use chrono::{TimeZone, Utc};
use futures_util::StreamExt;
use kernel::{Audience, News, Notice, NoticeKind, Notifier, Person, Subject, UserId};
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use uuid::Uuid;

/// The store's contract, in memory (the adapter tests hold the SQL to the same contract).
#[derive(Default, Clone)]
struct MemStore {
    rows: Arc<Mutex<Vec<Notification>>>,
    seqs: Arc<Mutex<HashMap<UserId, Seq>>>,
    prefs: Arc<Mutex<HashMap<UserId, Preferences>>>,
    folded: Arc<Mutex<HashSet<(Uuid, UserId)>>>,
    /// How many rows each `record` was given.
    batches: Arc<Mutex<Vec<usize>>>,
    /// When set, the next `record` waits for it before writing.
    gate: Arc<Mutex<Option<Arc<tokio::sync::Notify>>>>,
}

#[async_trait]
impl NotificationStore for MemStore {
    async fn record(&self, rows: &[NewNotification]) -> Result<Vec<Option<Seq>>, anyhow::Error> {
        self.batches.lock().unwrap().push(rows.len());
        let gate = self.gate.lock().unwrap().take();
        if let Some(gate) = gate {
            gate.notified().await;
        }
        let mut stored = Vec::new();
        let mut all = self.rows.lock().unwrap();
        for row in rows {
            let prefs = self.prefs.lock().unwrap().get(&row.recipient).cloned();
            if prefs.is_some_and(|p| !p.wants(row.kind)) {
                stored.push(None);
                continue;
            }
            let mut seqs = self.seqs.lock().unwrap();
            let seq = seqs.entry(row.recipient).or_default();
            *seq += 1;
            let seq = *seq;
            let open = all.iter_mut().find(|n| {
                row.folds()
                    && n.recipient == row.recipient
                    && n.kind == row.kind
                    && n.subject == row.subject
                    && !n.read
            });
            match open {
                Some(n) => {
                    let actor = row.actor.expect("a folded notice has an actor");
                    if self.folded.lock().unwrap().insert((n.id, actor)) {
                        n.others += 1;
                    }
                    n.actor = row.actor;
                    n.seq = seq;
                    n.updated_at = row.at;
                }
                None => {
                    if let Some(actor) = row.actor {
                        self.folded.lock().unwrap().insert((row.id, actor));
                    }
                    all.push(Notification {
                        id: row.id,
                        recipient: row.recipient,
                        seq,
                        kind: row.kind,
                        actor: row.actor,
                        others: 0,
                        subject: row.subject,
                        detail: row.detail.clone(),
                        created_at: row.at,
                        updated_at: row.at,
                        read: false,
                    });
                }
            }
            stored.push(Some(seq));
        }
        Ok(stored)
    }

    async fn after(
        &self,
        r: UserId,
        after: Seq,
        limit: u64,
    ) -> Result<Vec<Notification>, anyhow::Error> {
        let mut rows: Vec<_> = self
            .rows
            .lock()
            .unwrap()
            .iter()
            .filter(|n| n.recipient == r && n.seq > after)
            .cloned()
            .collect();
        rows.sort_by_key(|n| n.seq);
        rows.truncate(limit as usize);
        Ok(rows)
    }

    async fn before(
        &self,
        r: UserId,
        before: Option<Seq>,
        limit: u64,
    ) -> Result<Vec<Notification>, anyhow::Error> {
        let mut rows: Vec<_> = self
            .rows
            .lock()
            .unwrap()
            .iter()
            .filter(|n| n.recipient == r && before.is_none_or(|b| n.seq < b))
            .cloned()
            .collect();
        rows.sort_by_key(|n| std::cmp::Reverse(n.seq));
        rows.truncate(limit as usize);
        Ok(rows)
    }

    async fn latest(&self, r: UserId) -> Result<Seq, anyhow::Error> {
        Ok(self.seqs.lock().unwrap().get(&r).copied().unwrap_or(0))
    }

    async fn unread(&self, r: UserId) -> Result<u64, anyhow::Error> {
        Ok(self
            .rows
            .lock()
            .unwrap()
            .iter()
            .filter(|n| n.recipient == r && !n.read)
            .count() as u64)
    }

    async fn mark_read(&self, r: UserId, id: Uuid) -> Result<bool, anyhow::Error> {
        let mut rows = self.rows.lock().unwrap();
        Ok(rows
            .iter_mut()
            .find(|n| n.recipient == r && n.id == id)
            .map(|n| n.read = true)
            .is_some())
    }

    async fn mark_all_read(&self, r: UserId, up_to: Seq) -> Result<u64, anyhow::Error> {
        let mut changed = 0;
        for n in self
            .rows
            .lock()
            .unwrap()
            .iter_mut()
            .filter(|n| n.recipient == r && n.seq <= up_to && !n.read)
        {
            n.read = true;
            changed += 1;
        }
        Ok(changed)
    }

    async fn preferences(&self, user: UserId) -> Result<Preferences, anyhow::Error> {
        Ok(self
            .prefs
            .lock()
            .unwrap()
            .get(&user)
            .cloned()
            .unwrap_or_default())
    }

    async fn set_preferences(
        &self,
        user: UserId,
        prefs: &Preferences,
    ) -> Result<(), anyhow::Error> {
        self.prefs.lock().unwrap().insert(user, prefs.clone());
        Ok(())
    }

    async fn muting(
        &self,
        users: &[UserId],
        kind: NoticeKind,
    ) -> Result<Vec<UserId>, anyhow::Error> {
        let prefs = self.prefs.lock().unwrap();
        Ok(users
            .iter()
            .filter(|u| prefs.get(u).is_some_and(|p| !p.wants(kind)))
            .copied()
            .collect())
    }
}

struct World {
    svc: Arc<NotificationsService>,
    store: MemStore,
    alice: UserId,
    bob: UserId,
    carol: UserId,
    post: Subject,
    secret: Subject,
    /// The subjects of each call of the access rules, in order.
    asked: Arc<Mutex<Vec<Vec<Subject>>>>,
}

fn person(id: UserId, name: &str) -> Person {
    Person {
        id,
        username: name.into(),
        nickname: name.to_uppercase(),
        avatar_url: None,
        avatar: None,
    }
}

/// Alice, Bob and Carol; everyone reads `post`; only Alice and Bob read `secret`.
fn world() -> World {
    let (alice, bob, carol) = (
        UserId::new_random(),
        UserId::new_random(),
        UserId::new_random(),
    );
    let post = Subject::PlazaPost {
        post: Uuid::new_v4(),
    };
    let secret = Subject::Article {
        group: kernel::GroupId::new_random(),
        article: kernel::ArticleId::new_random(),
    };
    let names: HashMap<String, UserId> = [
        ("alice".into(), alice),
        ("bob".into(), bob),
        ("carol".into(), carol),
    ]
    .into();
    let mut people = MockPeople::new();
    let by_name = names.clone();
    people.expect_by_usernames().returning(move |wanted| {
        Ok(wanted
            .iter()
            .filter_map(|n| by_name.get(n).copied())
            .collect())
    });
    people.expect_persons().returning(move |ids| {
        Ok(ids
            .iter()
            .filter_map(|id| {
                names
                    .iter()
                    .find(|(_, v)| *v == id)
                    .map(|(n, _)| (*id, person(*id, n)))
            })
            .collect())
    });
    let mut access = MockAccess::new();
    let asked = Arc::new(Mutex::new(Vec::new()));
    let asks = asked.clone();
    access.expect_views().returning(move |viewer, subjects| {
        asks.lock().unwrap().push(subjects.to_vec());
        Ok(subjects
            .iter()
            .map(|subject| {
                let readable = *subject != secret || viewer != carol;
                SubjectView {
                    readable,
                    title: readable.then(|| "Title".into()),
                }
            })
            .collect())
    });
    let store = MemStore::default();
    let svc = Arc::new(NotificationsService::new(
        NotificationsPorts {
            store: Arc::new(store.clone()),
            people: Arc::new(people),
            access: Arc::new(access),
            bus: Arc::new(LocalBus::default()),
        },
        NotificationsPolicy {
            streams_per_user: 2,
            keep_alive: Duration::from_secs(15),
        },
    ));
    tokio::spawn(svc.clone().pump());
    World {
        svc,
        store,
        alice,
        bob,
        carol,
        post,
        secret,
        asked,
    }
}

fn notice(kind: NoticeKind, to: Audience, actor: UserId, subject: Subject) -> Notice {
    Notice {
        kind,
        to,
        actor: Some(actor),
        subject,
        detail: Some("  a   reply\n text ".into()),
        at: Utc.with_ymd_and_hms(2026, 11, 27, 12, 0, 0).unwrap(),
    }
}

async fn inbox(w: &World, user: UserId) -> Vec<Notification> {
    w.svc
        .inbox(user, None, 50)
        .await
        .unwrap()
        .items
        .into_iter()
        .map(|v| v.notification)
        .collect()
}

#[tokio::test]
async fn the_actor_is_never_told_of_their_own_act_and_details_are_excerpts() {
    let w = world();
    w.svc
        .notify(notice(
            NoticeKind::Replied,
            Audience::Users(vec![w.alice, w.bob, w.bob]),
            w.alice,
            w.post,
        ))
        .await;
    assert!(inbox(&w, w.alice).await.is_empty());
    let bobs = inbox(&w, w.bob).await;
    assert_eq!(bobs.len(), 1, "Bob once, though named twice");
    assert_eq!(bobs[0].detail.as_deref(), Some("a reply text"));
    assert_eq!(bobs[0].actor, Some(w.alice));
}

#[tokio::test]
async fn a_mention_reaches_only_those_who_may_read_the_subject() {
    let w = world();
    let text = Audience::MentionedIn("hi @bob @carol @nobody @alice".into());
    w.svc
        .notify(notice(
            NoticeKind::Mentioned,
            text.clone(),
            w.alice,
            w.secret,
        ))
        .await;
    assert_eq!(inbox(&w, w.bob).await.len(), 1);
    assert!(
        inbox(&w, w.carol).await.is_empty(),
        "Carol may not read the private article"
    );
    assert!(inbox(&w, w.alice).await.is_empty());
    w.svc
        .notify(notice(NoticeKind::Mentioned, text, w.alice, w.post))
        .await;
    assert_eq!(
        inbox(&w, w.carol).await.len(),
        1,
        "the public post reaches Carol"
    );
}

#[tokio::test]
async fn notices_that_arrive_while_a_batch_is_written_share_the_next_one() {
    let w = world();
    let gate = Arc::new(tokio::sync::Notify::new());
    *w.store.gate.lock().unwrap() = Some(gate.clone());
    let tasks: Vec<_> = (0..30)
        .map(|_| {
            let svc = w.svc.clone();
            let (alice, bob) = (w.alice, w.bob);
            tokio::spawn(async move {
                let post = Subject::PlazaPost {
                    post: Uuid::new_v4(),
                };
                svc.notify(notice(
                    NoticeKind::Replied,
                    Audience::Users(vec![bob]),
                    alice,
                    post,
                ))
                .await;
            })
        })
        .collect();
    // The first is being written (held at the gate); the other 29 queue behind it.
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(*w.store.batches.lock().unwrap(), vec![1]);
    gate.notify_one();
    for task in tasks {
        task.await.unwrap();
    }
    assert_eq!(
        *w.store.batches.lock().unwrap(),
        vec![1, 29],
        "one commit for the 29"
    );
    let seqs: Vec<Seq> = inbox(&w, w.bob).await.iter().map(|n| n.seq).collect();
    assert_eq!(
        seqs,
        (1..=30).rev().collect::<Vec<_>>(),
        "every one, each its own number"
    );
}

#[tokio::test]
async fn a_kind_turned_off_is_not_recorded() {
    let w = world();
    let prefs = Preferences {
        muted: vec![NoticeKind::Liked, NoticeKind::Liked],
    };
    assert_eq!(
        w.svc.set_preferences(w.bob, prefs).await.unwrap().muted,
        vec![NoticeKind::Liked]
    );
    w.svc
        .notify(notice(
            NoticeKind::Liked,
            Audience::Users(vec![w.bob]),
            w.alice,
            w.post,
        ))
        .await;
    assert!(inbox(&w, w.bob).await.is_empty());
    w.svc
        .notify(notice(
            NoticeKind::Replied,
            Audience::Users(vec![w.bob]),
            w.alice,
            w.post,
        ))
        .await;
    assert_eq!(inbox(&w, w.bob).await.len(), 1, "other kinds still arrive");
}

#[tokio::test]
async fn what_the_recipient_may_no_longer_read_stays_without_its_content() {
    let w = world();
    // Carol is told while she may read it (a Users audience is checked too).
    w.svc
        .notify(notice(
            NoticeKind::Replied,
            Audience::Users(vec![w.carol]),
            w.alice,
            w.secret,
        ))
        .await;
    assert!(
        inbox(&w, w.carol).await.is_empty(),
        "never told of what she may not read"
    );
    w.svc
        .notify(notice(
            NoticeKind::Replied,
            Audience::Users(vec![w.bob]),
            w.alice,
            w.secret,
        ))
        .await;
    let page = w.svc.inbox(w.bob, None, 10).await.unwrap();
    assert_eq!(page.items[0].subject.title.as_deref(), Some("Title"));
    assert_eq!(
        page.items[0].actor.as_ref().map(|p| p.username.as_str()),
        Some("alice")
    );
}

/// A page asks the rules once, each of its subjects once, however many rows name them; what
/// each row shows is its own subject's view.
#[tokio::test]
async fn a_page_asks_the_rules_once_for_all_its_subjects() {
    let w = world();
    for subject in [w.post, w.secret, w.post, w.secret, w.post] {
        w.svc
            .notify(notice(
                NoticeKind::Replied,
                Audience::Users(vec![w.bob, w.carol]),
                w.alice,
                subject,
            ))
            .await;
    }
    w.asked.lock().unwrap().clear();
    let page = w.svc.inbox(w.bob, None, 10).await.unwrap();
    assert_eq!(page.items.len(), 5);
    assert_eq!(*w.asked.lock().unwrap(), vec![vec![w.post, w.secret]]);
    assert!(page.items.iter().all(|v| v.subject.readable));
    // Carol was told of the post only; an empty page asks nothing.
    w.asked.lock().unwrap().clear();
    let page = w.svc.inbox(w.carol, None, 10).await.unwrap();
    assert_eq!(page.items.len(), 3);
    assert_eq!(*w.asked.lock().unwrap(), vec![vec![w.post]]);
    w.asked.lock().unwrap().clear();
    assert!(
        w.svc
            .inbox(w.alice, None, 10)
            .await
            .unwrap()
            .items
            .is_empty()
    );
    assert!(w.asked.lock().unwrap().is_empty());
}

#[tokio::test]
async fn likes_fold_into_one_unread_notification_per_subject() {
    let w = world();
    for actor in [w.alice, w.carol, w.alice] {
        w.svc
            .notify(notice(
                NoticeKind::Liked,
                Audience::Users(vec![w.bob]),
                actor,
                w.post,
            ))
            .await;
    }
    let rows = inbox(&w, w.bob).await;
    assert_eq!(rows.len(), 1);
    assert_eq!(
        (rows[0].others, rows[0].actor),
        (1, Some(w.alice)),
        "Alice and one other"
    );
    w.svc.mark_all_read(w.bob, None).await.unwrap();
    w.svc
        .notify(notice(
            NoticeKind::Liked,
            Audience::Users(vec![w.bob]),
            w.carol,
            w.post,
        ))
        .await;
    assert_eq!(
        inbox(&w, w.bob).await.len(),
        2,
        "a like after reading starts a new one"
    );
}

#[tokio::test]
async fn the_inbox_pages_by_sequence_and_marks_read_up_to_what_was_seen() {
    let w = world();
    for _ in 0..5 {
        w.svc
            .notify(notice(
                NoticeKind::Replied,
                Audience::Users(vec![w.bob]),
                w.alice,
                w.post,
            ))
            .await;
    }
    let first = w.svc.inbox(w.bob, None, 2).await.unwrap();
    let seqs: Vec<Seq> = first.items.iter().map(|v| v.notification.seq).collect();
    assert_eq!((seqs, first.next), (vec![5, 4], Some(4)));
    let last = w.svc.inbox(w.bob, Some(2), 2).await.unwrap();
    assert_eq!((last.items.len(), last.next), (1, None));
    assert_eq!(w.svc.mark_all_read(w.bob, Some(3)).await.unwrap(), 3);
    assert_eq!(w.svc.unread(w.bob).await.unwrap(), 2);
    let newest = first.items[0].notification.id;
    w.svc.mark_read(w.bob, newest).await.unwrap();
    assert_eq!(w.svc.unread(w.bob).await.unwrap(), 1);
    assert!(
        matches!(
            w.svc.mark_read(w.alice, newest).await,
            Err(crate::NotificationsError::NotFound)
        ),
        "nobody marks someone else's"
    );
    assert!(
        w.store
            .rows
            .lock()
            .unwrap()
            .iter()
            .all(|n| n.recipient == w.bob)
    );
}

async fn next(stream: &mut (impl futures_util::Stream<Item = StreamEvent> + Unpin)) -> StreamEvent {
    tokio::time::timeout(Duration::from_secs(5), stream.next())
        .await
        .expect("an event within 5 s")
        .expect("the stream is open")
}

fn seq_of(event: &StreamEvent) -> Seq {
    match event {
        StreamEvent::Notification(view) => view.notification.seq,
        other => panic!("a notification, not {other:?}"),
    }
}

#[tokio::test]
async fn a_stream_opens_with_the_count_then_carries_each_new_notification() {
    let w = world();
    w.svc
        .notify(notice(
            NoticeKind::Replied,
            Audience::Users(vec![w.bob]),
            w.alice,
            w.post,
        ))
        .await;
    let mut stream = Box::pin(w.svc.stream(w.bob, None).await.unwrap());
    assert_eq!(
        next(&mut stream).await,
        StreamEvent::Unread(1),
        "nothing old is replayed"
    );
    w.svc
        .notify(notice(
            NoticeKind::Replied,
            Audience::Users(vec![w.bob]),
            w.alice,
            w.post,
        ))
        .await;
    assert_eq!(seq_of(&next(&mut stream).await), 2);
    assert_eq!(next(&mut stream).await, StreamEvent::Unread(2));
    w.svc.announce(News::PlazaPosted).await;
    assert_eq!(next(&mut stream).await, StreamEvent::PlazaPosted);
}

#[tokio::test]
async fn a_resumed_stream_sends_everything_after_its_last_event_once() {
    let w = world();
    for _ in 0..3 {
        w.svc
            .notify(notice(
                NoticeKind::Replied,
                Audience::Users(vec![w.bob]),
                w.alice,
                w.post,
            ))
            .await;
    }
    let mut stream = Box::pin(w.svc.stream(w.bob, Some(1)).await.unwrap());
    assert_eq!(seq_of(&next(&mut stream).await), 2);
    assert_eq!(seq_of(&next(&mut stream).await), 3);
    assert_eq!(next(&mut stream).await, StreamEvent::Unread(3));
    // A resume beyond the newest starts at the newest (a forged id cannot silence the stream).
    let mut forged = Box::pin(w.svc.stream(w.bob, Some(1_000)).await.unwrap());
    assert_eq!(next(&mut forged).await, StreamEvent::Unread(3));
    w.svc
        .notify(notice(
            NoticeKind::Replied,
            Audience::Users(vec![w.bob]),
            w.alice,
            w.post,
        ))
        .await;
    assert_eq!(seq_of(&next(&mut forged).await), 4);
}

#[tokio::test]
async fn a_stream_past_the_cap_closes_the_oldest_and_a_dropped_one_frees_its_slot() {
    let w = world();
    let mut first = Box::pin(w.svc.stream(w.bob, None).await.unwrap());
    let second = w.svc.stream(w.bob, None).await.unwrap();
    assert_eq!(w.svc.hub().streams_of(w.bob), 2);
    let _third = w.svc.stream(w.bob, None).await.unwrap();
    assert_eq!(w.svc.hub().streams_of(w.bob), 2);
    assert_eq!(
        tokio::time::timeout(Duration::from_secs(5), first.next())
            .await
            .unwrap(),
        None,
        "the oldest stream ended"
    );
    drop(second);
    assert_eq!(w.svc.hub().streams_of(w.bob), 1);
}

#[tokio::test(start_paused = true)]
async fn a_quiet_stream_sends_keep_alives() {
    let w = world();
    let mut stream = Box::pin(w.svc.stream(w.bob, None).await.unwrap());
    assert_eq!(next(&mut stream).await, StreamEvent::Unread(0));
    let quiet = tokio::time::timeout(Duration::from_secs(20), stream.next()).await;
    assert_eq!(quiet.unwrap(), Some(StreamEvent::KeepAlive));
}

#[tokio::test]
async fn the_author_of_removed_content_is_told_with_the_reason_though_nobody_can_read_it() {
    let w = world();
    // Carol may not read `secret` (here: it is gone); a removal still reaches her.
    let mut removed = notice(
        NoticeKind::ContentRemoved,
        Audience::Users(vec![w.carol]),
        w.alice,
        w.secret,
    );
    removed.detail = Some("广告".into());
    w.svc.notify(removed).await;
    let page = w.svc.inbox(w.carol, None, 10).await.unwrap();
    assert_eq!(page.items.len(), 1);
    let view = &page.items[0];
    assert!(!view.subject.readable);
    assert_eq!(view.subject.title, None, "no content");
    assert_eq!(
        view.notification.detail.as_deref(),
        Some("广告"),
        "the reason stays"
    );
    // Any other kind about what she may not read is never recorded.
    w.svc
        .notify(notice(
            NoticeKind::Replied,
            Audience::Users(vec![w.carol]),
            w.alice,
            w.secret,
        ))
        .await;
    assert_eq!(w.svc.inbox(w.carol, None, 10).await.unwrap().items.len(), 1);
}

#[test]
fn blocks_leave_out_everything_but_the_decisions_about_the_recipient() {
    let row = |kind: NoticeKind, actor: Option<UserId>| NewNotification {
        id: Uuid::new_v4(),
        recipient: UserId::new_random(),
        kind,
        actor,
        subject: Subject::PlazaPost {
            post: Uuid::new_v4(),
        },
        detail: None,
        at: Utc.with_ymd_and_hms(2026, 11, 28, 12, 0, 0).unwrap(),
    };
    let someone = Some(UserId::new_random());
    let heeding: Vec<NoticeKind> = NoticeKind::ALL
        .iter()
        .copied()
        .filter(|k| row(*k, someone).heeds_blocks())
        .collect();
    assert_eq!(
        heeding,
        [
            NoticeKind::Replied,
            NoticeKind::Mentioned,
            NoticeKind::Liked,
            NoticeKind::JoinRequested,
            NoticeKind::TransferOffered,
        ]
    );
    assert!(!row(NoticeKind::Replied, None).heeds_blocks());
}

#[tokio::test]
async fn mention_suggestions_are_asked_for_the_asker_and_never_list_them() {
    let me = UserId::new_random();
    let other = UserId::new_random();
    let mut people = MockPeople::new();
    people
        .expect_suggest()
        .withf(move |asker, prefix, group, limit| {
            *asker == me && prefix == "li" && group.is_none() && *limit == 3
        })
        .returning(move |_, _, _, _| Ok(vec![person(me, "lily"), person(other, "li_lei")]));
    let svc = NotificationsService::new(
        NotificationsPorts {
            store: Arc::new(MemStore::default()),
            people: Arc::new(people),
            access: Arc::new(MockAccess::new()),
            bus: Arc::new(LocalBus::default()),
        },
        NotificationsPolicy::default(),
    );
    let found = svc.mention_suggestions(me, "@li", None, 2).await.unwrap();
    assert_eq!(found, vec![person(other, "li_lei")]);
}
