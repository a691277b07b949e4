//! The reply repository's contract, on SQLite and PostgreSQL: replies stored and listed oldest
//! first by keyset pages, quotes shown one level and as deleted once deleted, the count moving
//! once per reply, and the lock refusing new replies.

use crate::groups::created;
use crate::support::{TestDb, at, person};
use chrono::{DateTime, Utc};
use groups::GroupsError;
use groups::model::{
    Article, ArticleStatus, NewReply, Person, Quote, ReplyBody, ReplyEdit, ReplyId, ReplyThread,
    ReplyVersion, Visibility,
};
use groups::ports::{ArticleRepository, ReplyRepository};
use kernel::{ArticleId, PageRequest};

/// A published article stored in a new public group of `author`.
async fn published(t: &TestDb, author: &Person) -> ArticleId {
    let g = created(t, author, "Club", Visibility::Public, at(0)).await;
    let a = Article {
        withheld: None,
        id: ArticleId::new_random(),
        group: g.id,
        author: author.clone(),
        title: "标题".into(),
        body: "正文".into(),
        excerpt: "正文".into(),
        status: ArticleStatus::Published,
        version: 1,
        created_at: at(1),
        updated_at: at(1),
        published_at: Some(at(1)),
        replies: ReplyThread::default(),
    };
    t.db.articles().insert(&a).await.unwrap();
    a.id
}

fn reply(
    article: ArticleId,
    author: &Person,
    body: &str,
    quote: Option<ReplyId>,
    created: DateTime<Utc>,
) -> NewReply {
    NewReply {
        held: None,
        id: ReplyId::new_random(),
        article,
        author: author.id,
        body: ReplyBody::parse(body).unwrap(),
        quote,
        created_at: created,
    }
}

/// The article's thread, as every read of the article carries it.
async fn thread(t: &TestDb, article: ArticleId) -> ReplyThread {
    let found = t.db.articles().find(article).await.unwrap();
    found.expect("the article is stored").replies
}

#[tokio::test]
async fn replies_are_listed_oldest_first_with_their_quotes_and_counted_once() {
    for t in TestDb::all().await {
        let repo = t.db.article_replies();
        let alice = person(&t, "alice").await;
        let bob = person(&t, "bob").await;
        let a = published(&t, &alice).await;
        assert_eq!(thread(&t, a).await, ReplyThread::default());

        let first = reply(a, &alice, "**第一**条回应", None, at(2));
        let second = reply(a, &bob, "第二", Some(first.id), at(3));
        let third = reply(a, &alice, "第三", Some(second.id), at(3));
        for r in [&first, &second, &third] {
            repo.insert(r).await.unwrap();
        }
        assert_eq!(thread(&t, a).await.count, 3, "on {}", t.url);

        let stored = repo.find(second.id).await.unwrap().unwrap();
        assert_eq!(stored.author, bob);
        assert_eq!(stored.body, "第二");
        assert_eq!(stored.created_at, at(3));
        assert_eq!(
            stored.quote,
            Some(Quote::Shown {
                id: first.id,
                author: alice.clone(),
                excerpt: "第一条回应".into()
            })
        );
        assert_eq!(repo.find(ReplyId::new_random()).await.unwrap(), None);

        // Oldest first; two at the same time in id order; pages of two.
        let mut same_time = [second.id, third.id];
        same_time.sort();
        let page = repo
            .of_article(a, None, PageRequest::first(2))
            .await
            .unwrap();
        let ids: Vec<ReplyId> = page.items.iter().map(|r| r.id).collect();
        assert_eq!(ids, vec![first.id, same_time[0]], "on {}", t.url);
        let rest = repo
            .of_article(a, None, PageRequest::new(page.next, Some(2)))
            .await
            .unwrap();
        assert_eq!(
            rest.items.iter().map(|r| r.id).collect::<Vec<_>>(),
            vec![same_time[1]]
        );
        assert_eq!(rest.next, None);

        // Deleted once: it leaves the list, its quoter shows it deleted, the count drops once.
        assert!(repo.delete(first.id, at(4)).await.unwrap());
        assert!(!repo.delete(first.id, at(5)).await.unwrap());
        assert!(!repo.delete(ReplyId::new_random(), at(5)).await.unwrap());
        assert_eq!(thread(&t, a).await.count, 2, "on {}", t.url);
        let gone = repo.find(first.id).await.unwrap().unwrap();
        assert_eq!((gone.deleted_at, gone.body.as_str()), (Some(at(4)), ""));
        let page = repo
            .of_article(a, None, PageRequest::first(10))
            .await
            .unwrap();
        assert_eq!(page.items.len(), 2);
        let quoting = page.items.iter().find(|r| r.id == second.id).unwrap();
        assert_eq!(quoting.quote, Some(Quote::Deleted { id: first.id }));

        // The article's deletion takes its replies.
        t.db.articles().delete(a).await.unwrap();
        assert_eq!(repo.find(second.id).await.unwrap(), None, "on {}", t.url);
        assert_eq!(t.db.articles().find(a).await.unwrap(), None);
    }
}

#[tokio::test]
async fn a_locked_or_missing_article_takes_no_reply() {
    for t in TestDb::all().await {
        let repo = t.db.article_replies();
        let alice = person(&t, "alice").await;
        let a = published(&t, &alice).await;
        let b = published(&t, &alice).await;

        assert!(repo.set_locked(a, true).await.unwrap());
        assert!(
            repo.set_locked(a, true).await.unwrap(),
            "locking twice is no change"
        );
        let refused = reply(a, &alice, "关了", None, at(2));
        assert!(matches!(
            repo.insert(&refused).await,
            Err(GroupsError::RepliesLocked)
        ));
        assert_eq!(repo.find(refused.id).await.unwrap(), None, "on {}", t.url);
        for id in [a, b] {
            let expected = ReplyThread {
                count: 0,
                locked: id == a,
            };
            assert_eq!(thread(&t, id).await, expected, "on {}", t.url);
        }

        assert!(repo.set_locked(a, false).await.unwrap());
        repo.insert(&reply(a, &alice, "开了", None, at(3)))
            .await
            .unwrap();
        assert_eq!(
            thread(&t, a).await,
            ReplyThread {
                count: 1,
                locked: false
            }
        );

        let missing = ArticleId::new_random();
        assert!(!repo.set_locked(missing, true).await.unwrap());
        assert!(matches!(
            repo.insert(&reply(missing, &alice, "无处", None, at(4)))
                .await,
            Err(GroupsError::NotFound)
        ));
    }
}

#[tokio::test]
async fn simultaneous_replies_and_deletions_count_once_each() {
    for t in TestDb::all().await {
        let repo = t.db.article_replies();
        let alice = person(&t, "alice").await;
        let a = published(&t, &alice).await;
        let replies: Vec<NewReply> = (0..12)
            .map(|i| reply(a, &alice, &format!("第{i}条"), None, at(2 + i)))
            .collect();
        let mut inserts = tokio::task::JoinSet::new();
        for r in replies.clone() {
            let repo = repo.clone();
            inserts.spawn(async move { repo.insert(&r).await });
        }
        for inserted in inserts.join_all().await {
            assert!(inserted.is_ok(), "on {}: {inserted:?}", t.url);
        }
        assert_eq!(thread(&t, a).await.count, 12, "on {}", t.url);

        // The same reply deleted five times at once: one deletion, one uncount.
        let target = replies[0].id;
        let mut deletes = tokio::task::JoinSet::new();
        for _ in 0..5 {
            let repo = repo.clone();
            deletes.spawn(async move { repo.delete(target, at(30)).await });
        }
        let deleted = deletes.join_all().await;
        let wins = deleted.iter().filter(|d| matches!(d, Ok(true))).count();
        assert_eq!(wins, 1, "on {}: {deleted:?}", t.url);
        assert_eq!(thread(&t, a).await.count, 11, "on {}", t.url);
    }
}

#[tokio::test]
async fn an_edit_keeps_the_replaced_body_and_a_stale_one_writes_nothing() {
    for t in TestDb::all().await {
        let repo = t.db.article_replies();
        let alice = person(&t, "alice").await;
        let bob = person(&t, "bob").await;
        let a = published(&t, &alice).await;
        let first = reply(a, &alice, "初稿", None, at(2));
        repo.insert(&first).await.unwrap();
        let quoting = reply(a, &bob, "引用", Some(first.id), at(3));
        repo.insert(&quoting).await.unwrap();
        let stored = repo.find(first.id).await.unwrap().unwrap();
        assert_eq!((stored.version, stored.edited_at), (1, None));
        assert!(repo.versions(first.id).await.unwrap().is_empty());

        let body = ReplyBody::parse("**改过**的回应").unwrap();
        let Some(ReplyEdit::Saved(saved)) =
            repo.edit(first.id, &body, 1, at(10), None).await.unwrap()
        else {
            panic!("saved on {}", t.url)
        };
        assert_eq!(saved.body, "**改过**的回应");
        assert_eq!((saved.version, saved.edited_at), (2, Some(at(10))));
        assert_eq!(saved.created_at, at(2));
        // The quote shows the new words.
        let q = repo.find(quoting.id).await.unwrap().unwrap();
        assert!(
            matches!(&q.quote, Some(Quote::Shown { excerpt, .. }) if excerpt == "改过的回应"),
            "on {}: {:?}",
            t.url,
            q.quote
        );

        // From version 1 again: a conflict with the reply as it is, nothing written.
        let stale = ReplyBody::parse("旧的").unwrap();
        assert_eq!(
            repo.edit(first.id, &stale, 1, at(11), None).await.unwrap(),
            Some(ReplyEdit::Conflict(saved.clone())),
            "on {}",
            t.url
        );
        let third = ReplyBody::parse("第三版").unwrap();
        assert!(matches!(
            repo.edit(first.id, &third, 2, at(12), None).await.unwrap(),
            Some(ReplyEdit::Saved(r)) if r.version == 3
        ));
        let versions = repo.versions(first.id).await.unwrap();
        assert_eq!(
            versions,
            vec![
                ReplyVersion {
                    version: 2,
                    body: "**改过**的回应".into(),
                    written_at: at(10)
                },
                ReplyVersion {
                    version: 1,
                    body: "初稿".into(),
                    written_at: at(2)
                },
            ],
            "on {}",
            t.url
        );

        // A deleted or unknown reply takes no edit; deleting drops its versions.
        assert!(repo.delete(first.id, at(20)).await.unwrap());
        assert!(repo.versions(first.id).await.unwrap().is_empty());
        assert_eq!(
            repo.edit(first.id, &third, 3, at(21), None).await.unwrap(),
            None
        );
        assert_eq!(
            repo.edit(ReplyId::new_random(), &third, 1, at(21), None)
                .await
                .unwrap(),
            None
        );
    }
}

#[tokio::test]
async fn of_simultaneous_edits_from_one_version_one_is_saved() {
    for t in TestDb::all().await {
        let repo = t.db.article_replies();
        let alice = person(&t, "alice").await;
        let a = published(&t, &alice).await;
        let r = reply(a, &alice, "原文", None, at(2));
        repo.insert(&r).await.unwrap();
        let mut edits = tokio::task::JoinSet::new();
        for i in 0..6 {
            let repo = repo.clone();
            let id = r.id;
            edits.spawn(async move {
                let body = ReplyBody::parse(&format!("第{i}版")).unwrap();
                repo.edit(id, &body, 1, at(10 + i), None).await
            });
        }
        let results = edits.join_all().await;
        let saved = results
            .iter()
            .filter(|e| matches!(e, Ok(Some(ReplyEdit::Saved(_)))))
            .count();
        let conflicts = results
            .iter()
            .filter(|e| matches!(e, Ok(Some(ReplyEdit::Conflict(_)))))
            .count();
        assert_eq!((saved, conflicts), (1, 5), "on {}: {results:?}", t.url);
        let now = repo.find(r.id).await.unwrap().unwrap();
        assert_eq!(now.version, 2);
        let versions = repo.versions(r.id).await.unwrap();
        assert_eq!(versions.len(), 1, "on {}", t.url);
        assert_eq!(versions[0].body, "原文");
    }
}

/// Replies asked by id are read in one statement, each as `find` reads it — a deleted one too,
/// with its quote (the service decides who may read them); an unknown id is left out, and no id
/// costs no statement.
#[tokio::test]
async fn replies_are_found_many_at_once_as_one_by_one() {
    for t in TestDb::all().await {
        let (db, log) = t.db.recording_for_tests();
        let repo = db.article_replies();
        let alice = person(&t, "alice").await;
        let a = published(&t, &alice).await;
        let first = reply(a, &alice, "第一", None, at(2));
        let second = reply(a, &alice, "第二", Some(first.id), at(3));
        for r in [&first, &second] {
            repo.insert(r).await.unwrap();
        }
        assert!(repo.delete(first.id, at(4)).await.unwrap());
        let ids = [first.id, second.id, ReplyId::new_random()];
        log.take();
        let mut found = repo.find_many(&ids).await.unwrap();
        assert_eq!(log.take().len(), 1);
        found.sort_by_key(|r| r.created_at);
        let mut one_by_one = Vec::new();
        for id in &ids {
            one_by_one.extend(repo.find(*id).await.unwrap());
        }
        assert_eq!(found, one_by_one, "on {}", t.url);
        assert_eq!(found.len(), 2);
        assert!(found[0].deleted_at.is_some());
        log.take();
        assert!(repo.find_many(&[]).await.unwrap().is_empty());
        assert!(log.take().is_empty());
    }
}
