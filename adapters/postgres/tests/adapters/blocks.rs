//! Blocking and muting on SQLite and PostgreSQL: the store's contract (an entry set, changed,
//! listed a kind at a time, removed; none for someone without an account; gone with either
//! person), the kernel's `Blocks` port (a block either way, a mute never), and what the other
//! adapters' statements leave out for a viewer — the feed, a post, a profile, comments, a
//! group's articles, replies, search, notifications and mention suggestions: a mute one way, a
//! block both ways.

use crate::groups::created;
use crate::plaza::posted;
use crate::support::{TestDb, at, person};
use blocks::model::{Block, BlockKind, Blocked};
use blocks::ports::BlockStore;
use chrono::{DateTime, Utc};
use groups::model::{Article, ArticleStatus, NewReply, Quote, ReplyBody, ReplyId, Visibility};
use groups::ports::{ArticleRepository, GroupRepository, ReplyRepository};
use kernel::{
    ArticleId, Blocks, Cursor, FixedClock, NoticeKind, PageRequest, Person, Subject, UserId,
};
use notifications::NewNotification;
use notifications::ports::{NotificationStore, People};
use plaza::model::{CommentId, NewComment, PostId};
use plaza::ports::PostRepository;
use search::{SearchKind, SearchRequest, SearchService};
use std::sync::Arc;
use uuid::Uuid;

fn entry(blocker: &Person, target: &Person, kind: BlockKind, at: DateTime<Utc>) -> Block {
    Block {
        blocker: blocker.id,
        target: target.id,
        kind,
        created_at: at,
    }
}

/// `blocker` blocks (or mutes) `target`, stored.
async fn set(t: &TestDb, blocker: &Person, target: &Person, kind: BlockKind) {
    t.db.blocks()
        .put(entry(blocker, target, kind, at(0)))
        .await
        .unwrap()
        .unwrap();
}

fn names(list: &[Blocked]) -> Vec<&str> {
    list.iter().map(|b| b.person.username.as_str()).collect()
}

#[tokio::test]
async fn an_entry_is_set_changed_listed_a_kind_at_a_time_and_removed() {
    for t in TestDb::all().await {
        let store = t.db.blocks();
        let me = person(&t, "myself").await;
        let others = [
            person(&t, "ann").await,
            person(&t, "bob").await,
            person(&t, "cat").await,
            person(&t, "dan").await,
        ];
        let [ann, bob, cat, dan] = &others;
        assert_eq!(store.find(me.id, ann.id).await.unwrap(), None);

        let stored = store
            .put(entry(&me, ann, BlockKind::Block, at(1)))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(stored.person, *ann, "on {}", t.url);
        assert_eq!((stored.kind, stored.created_at), (BlockKind::Block, at(1)));
        assert_eq!(
            store.find(me.id, ann.id).await.unwrap(),
            Some(entry(&me, ann, BlockKind::Block, at(1)))
        );
        // Set again with another kind: the one row changes, its kind and time with it.
        let changed = store
            .put(entry(&me, ann, BlockKind::Mute, at(5)))
            .await
            .unwrap()
            .unwrap();
        assert_eq!((changed.kind, changed.created_at), (BlockKind::Mute, at(5)));
        assert_eq!(store.count(me.id).await.unwrap(), 1);

        store
            .put(entry(&me, bob, BlockKind::Block, at(2)))
            .await
            .unwrap();
        store
            .put(entry(&me, cat, BlockKind::Block, at(3)))
            .await
            .unwrap();
        store
            .put(entry(&me, dan, BlockKind::Block, at(3)))
            .await
            .unwrap();
        store
            .put(entry(bob, &me, BlockKind::Block, at(4)))
            .await
            .unwrap();
        assert_eq!(store.count(me.id).await.unwrap(), 4);

        // Each kind its own list, newest first; the id breaks a tie; a cursor goes on after.
        let mutes = store.page(me.id, BlockKind::Mute, None, 10).await.unwrap();
        assert_eq!(names(&mutes), ["ann"]);
        let first = store.page(me.id, BlockKind::Block, None, 2).await.unwrap();
        let (cd_first, cd_second) = if cat.id.0 > dan.id.0 {
            ("cat", "dan")
        } else {
            ("dan", "cat")
        };
        assert_eq!(names(&first), [cd_first, cd_second], "on {}", t.url);
        let rest = store
            .page(me.id, BlockKind::Block, Some(first[0].cursor()), 10)
            .await
            .unwrap();
        assert_eq!(names(&rest), [cd_second, "bob"]);
        let none = store
            .page(
                me.id,
                BlockKind::Block,
                Some(Cursor::new(at(0), Uuid::nil())),
                10,
            )
            .await
            .unwrap();
        assert!(none.is_empty());

        // Someone without an account: nothing written.
        let ghost = Person {
            id: UserId::new_random(),
            ..ann.clone()
        };
        assert_eq!(
            store
                .put(entry(&me, &ghost, BlockKind::Block, at(6)))
                .await
                .unwrap(),
            None
        );
        assert_eq!(store.count(me.id).await.unwrap(), 4);

        assert!(store.remove(me.id, cat.id).await.unwrap());
        assert!(!store.remove(me.id, cat.id).await.unwrap());
        assert_eq!(store.find(me.id, cat.id).await.unwrap(), None);
        assert_eq!(store.count(me.id).await.unwrap(), 3);

        // A person deleted takes every entry naming them with them.
        t.db.execute_for_tests("DELETE FROM users WHERE username = 'dan'")
            .await
            .unwrap();
        assert_eq!(store.count(me.id).await.unwrap(), 2);
    }
}

#[tokio::test]
async fn a_block_stands_both_ways_and_a_mute_is_no_block() {
    for t in TestDb::all().await {
        let store = t.db.blocks();
        let me = person(&t, "myself").await;
        let blocker = person(&t, "blocker").await;
        let muted = person(&t, "muted").await;
        let stranger = person(&t, "stranger").await;
        set(&t, &blocker, &me, BlockKind::Block).await;
        set(&t, &me, &muted, BlockKind::Mute).await;

        assert!(store.is_blocked(me.id, blocker.id).await.unwrap());
        assert!(store.is_blocked(blocker.id, me.id).await.unwrap());
        assert!(!store.is_blocked(me.id, muted.id).await.unwrap());
        assert!(!store.is_blocked(muted.id, me.id).await.unwrap());
        assert!(!store.is_blocked(me.id, stranger.id).await.unwrap());

        let asked = vec![
            "stranger".to_owned(),
            "blocker".to_owned(),
            "nobody".to_owned(),
            "muted".to_owned(),
        ];
        assert_eq!(
            store.blocked_among(me.id, asked).await.unwrap(),
            ["blocker"],
            "on {}",
            t.url
        );
        assert_eq!(
            store
                .blocked_among(blocker.id, vec!["myself".into()])
                .await
                .unwrap(),
            ["myself"]
        );
        assert!(
            store
                .blocked_among(me.id, Vec::new())
                .await
                .unwrap()
                .is_empty()
        );
    }
}

/// The ids of the feed as `viewer` sees it.
async fn feed(t: &TestDb, viewer: &Person) -> Vec<PostId> {
    t.db.plaza_posts()
        .feed(Some(viewer.id), None, PageRequest::first(50))
        .await
        .unwrap()
        .items
        .iter()
        .map(|p| p.id)
        .collect()
}

#[tokio::test]
async fn the_plaza_hides_a_muted_author_from_the_muter_and_a_block_both_ways() {
    for t in TestDb::all().await {
        let repo = t.db.plaza_posts();
        let me = person(&t, "myself").await;
        let blocker = person(&t, "blocker").await;
        let muted = person(&t, "muted").await;
        let friend = person(&t, "friend").await;
        let mine = posted(&t, &me, "mine", None, at(1)).await;
        let blockers = posted(&t, &blocker, "blocker's", None, at(2)).await;
        let muteds = posted(&t, &muted, "muted's", None, at(3)).await;
        let friends = posted(&t, &friend, "friend's", None, at(4)).await;
        for (i, who) in [&me, &blocker, &muted, &friend].into_iter().enumerate() {
            let c = NewComment {
                held: None,
                id: CommentId::new_random(),
                post: friends,
                author: who.id,
                body: format!("评论 {i}"),
                created_at: at(10 + i64::try_from(i).unwrap()),
            };
            assert!(repo.insert_comment(&c).await.unwrap());
        }
        set(&t, &blocker, &me, BlockKind::Block).await;
        set(&t, &me, &muted, BlockKind::Mute).await;

        // The feed: not the blocker's (who blocked me) nor the muted one's …
        assert_eq!(feed(&t, &me).await, [friends, mine], "on {}", t.url);
        // … and the blocker does not see mine; the muted one sees me as before.
        assert_eq!(feed(&t, &blocker).await, [friends, muteds, blockers]);
        assert_eq!(feed(&t, &muted).await, [friends, muteds, blockers, mine]);
        // A visitor sees everything.
        let all = repo.feed(None, None, PageRequest::first(50)).await.unwrap();
        assert_eq!(all.items.len(), 4);
        // The "new posts" banner counts what the feed shows.
        let before = Cursor::new(at(0), Uuid::nil());
        assert_eq!(
            repo.count_newer(Some(me.id), before, None, 99)
                .await
                .unwrap(),
            2
        );
        assert_eq!(repo.count_newer(None, before, None, 99).await.unwrap(), 4);

        // A single post and a profile's posts: a block hides them, a mute does not.
        assert!(repo.find(blockers, Some(me.id)).await.unwrap().is_none());
        assert!(repo.find(mine, Some(blocker.id)).await.unwrap().is_none());
        assert!(repo.find(muteds, Some(me.id)).await.unwrap().is_some());
        assert!(repo.find(blockers, None).await.unwrap().is_some());
        let profile = |author: &Person, viewer: &Person| {
            let (author, viewer) = (author.id, viewer.id);
            let repo = repo.clone();
            async move {
                repo.by_author(Some(viewer), author, PageRequest::first(10))
                    .await
                    .unwrap()
                    .items
                    .len()
            }
        };
        assert_eq!(profile(&blocker, &me).await, 0);
        assert_eq!(profile(&me, &blocker).await, 0);
        assert_eq!(profile(&muted, &me).await, 1);

        // Comments: as the feed.
        let comments = |viewer: Option<UserId>| {
            let repo = repo.clone();
            async move {
                repo.comments(friends, viewer, PageRequest::first(10))
                    .await
                    .unwrap()
                    .items
                    .into_iter()
                    .map(|c| c.author.username)
                    .collect::<Vec<_>>()
            }
        };
        assert_eq!(comments(Some(me.id)).await, ["myself", "friend"]);
        assert_eq!(
            comments(Some(blocker.id)).await,
            ["blocker", "muted", "friend"]
        );
        assert_eq!(comments(None).await.len(), 4);

        // Undone, everything shows again.
        assert!(t.db.blocks().remove(blocker.id, me.id).await.unwrap());
        assert!(t.db.blocks().remove(me.id, muted.id).await.unwrap());
        assert_eq!(feed(&t, &me).await.len(), 4);
        assert_eq!(comments(Some(me.id)).await.len(), 4);
    }
}

#[tokio::test]
async fn a_groups_articles_replies_and_a_profiles_lists_honour_blocks_and_mutes() {
    for t in TestDb::all().await {
        let me = person(&t, "myself").await;
        let blocker = person(&t, "blocker").await;
        let muted = person(&t, "muted").await;
        let g = created(&t, &blocker, "Club", Visibility::Public, at(0)).await;
        let mut ids = Vec::new();
        for (i, author) in [&me, &blocker, &muted].into_iter().enumerate() {
            let at = at(1 + i64::try_from(i).unwrap());
            let a = Article {
                withheld: None,
                id: ArticleId::new_random(),
                group: g.id,
                author: author.clone(),
                title: format!("{} 的文章", author.username),
                body: "正文".into(),
                excerpt: "正文".into(),
                status: ArticleStatus::Published,
                version: 1,
                created_at: at,
                updated_at: at,
                published_at: Some(at),
                replies: Default::default(),
            };
            t.db.articles().insert(&a).await.unwrap();
            ids.push(a.id);
        }
        let article = ids[0];
        let mut reply_ids = Vec::new();
        for (i, author) in [&me, &blocker, &muted].into_iter().enumerate() {
            let id = ReplyId::new_random();
            reply_ids.push(id);
            t.db.article_replies()
                .insert(&NewReply {
                    held: None,
                    id,
                    article,
                    author: author.id,
                    body: ReplyBody::parse("回应").unwrap(),
                    quote: None,
                    created_at: at(10 + i64::try_from(i).unwrap()),
                })
                .await
                .unwrap();
        }
        set(&t, &blocker, &me, BlockKind::Block).await;
        set(&t, &me, &muted, BlockKind::Mute).await;

        let authors = |viewer: Option<UserId>| {
            let articles = t.db.articles();
            let group = g.id;
            async move {
                articles
                    .published(group, viewer, PageRequest::first(10))
                    .await
                    .unwrap()
                    .items
                    .into_iter()
                    .map(|a| a.author.username)
                    .collect::<Vec<_>>()
            }
        };
        assert_eq!(authors(Some(me.id)).await, ["myself"], "on {}", t.url);
        assert_eq!(authors(Some(blocker.id)).await, ["muted", "blocker"]);
        assert_eq!(authors(Some(muted.id)).await.len(), 3);
        assert_eq!(authors(None).await.len(), 3);

        let repliers = |viewer: Option<UserId>| {
            let replies = t.db.article_replies();
            async move {
                replies
                    .of_article(article, viewer, PageRequest::first(10))
                    .await
                    .unwrap()
                    .items
                    .into_iter()
                    .map(|r| r.author.username)
                    .collect::<Vec<_>>()
            }
        };
        assert_eq!(repliers(Some(me.id)).await, ["myself"]);
        assert_eq!(repliers(Some(blocker.id)).await, ["blocker", "muted"]);
        assert_eq!(repliers(None).await.len(), 3);

        // A reply quoting someone the viewer may not see shows the quote as gone, to them only.
        let quoter = person(&t, "quoter").await;
        let quoting = ReplyId::new_random();
        t.db.article_replies()
            .insert(&NewReply {
                held: None,
                id: quoting,
                article,
                author: quoter.id,
                body: ReplyBody::parse("引用").unwrap(),
                quote: Some(reply_ids[1]),
                created_at: at(20),
            })
            .await
            .unwrap();
        let quote_as = |viewer: Option<UserId>| {
            let replies = t.db.article_replies();
            async move {
                replies
                    .of_article(article, viewer, PageRequest::first(10))
                    .await
                    .unwrap()
                    .items
                    .into_iter()
                    .find(|r| r.id == quoting)
                    .and_then(|r| r.quote)
            }
        };
        assert!(matches!(
            quote_as(Some(me.id)).await,
            Some(Quote::Deleted { .. })
        ));
        assert!(matches!(quote_as(None).await, Some(Quote::Shown { .. })));
        assert!(matches!(
            quote_as(Some(quoter.id)).await,
            Some(Quote::Shown { .. })
        ));

        // A profile: nothing of someone a block stands between; a mute hides nothing there.
        let articles_of = |author: &Person, viewer: &Person| {
            let (author, viewer) = (author.id, viewer.id);
            let articles = t.db.articles();
            async move {
                articles
                    .published_by_author_seen_by(author, Some(viewer), PageRequest::first(10))
                    .await
                    .unwrap()
                    .items
                    .len()
            }
        };
        assert_eq!(articles_of(&blocker, &me).await, 0);
        assert_eq!(articles_of(&me, &blocker).await, 0);
        assert_eq!(articles_of(&muted, &me).await, 1);
        let groups_of = |user: &Person, viewer: Option<UserId>| {
            let user = user.id;
            let groups = t.db.groups();
            async move {
                groups
                    .of_member_seen_by(user, viewer, PageRequest::first(10))
                    .await
                    .unwrap()
                    .items
                    .len()
            }
        };
        assert_eq!(groups_of(&blocker, Some(me.id)).await, 0);
        assert_eq!(groups_of(&blocker, None).await, 1);
        assert_eq!(groups_of(&blocker, Some(muted.id)).await, 1);
    }
}

#[tokio::test]
async fn search_leaves_out_the_writing_and_the_person_a_viewer_may_not_see() {
    for t in TestDb::all().await {
        let me = person(&t, "myself").await;
        let blocker = person(&t, "blocker").await;
        let muted = person(&t, "muted").await;
        for (i, who) in [&me, &blocker, &muted].into_iter().enumerate() {
            posted(
                &t,
                who,
                "读书会 reading",
                None,
                at(i64::try_from(i).unwrap()),
            )
            .await;
        }
        let search =
            SearchService::new(Arc::new(t.db.search_index()), Arc::new(FixedClock(at(60))));
        while search.drain(100).await.unwrap() > 0 {}
        set(&t, &blocker, &me, BlockKind::Block).await;
        set(&t, &me, &muted, BlockKind::Mute).await;
        let found = |viewer: Option<UserId>, query: &str, kind: SearchKind| {
            let search = &search;
            let query = query.to_owned();
            async move {
                let mut names: Vec<String> = search
                    .search(
                        viewer,
                        SearchRequest {
                            query,
                            kind,
                            district: None,
                            since: None,
                            group: None,
                            page: PageRequest::first(20),
                        },
                    )
                    .await
                    .unwrap()
                    .items
                    .into_iter()
                    .map(|h| h.author.username)
                    .collect();
                names.sort();
                names
            }
        };
        assert_eq!(
            found(Some(me.id), "读书", SearchKind::Posts).await,
            ["myself"],
            "on {}",
            t.url
        );
        assert_eq!(
            found(Some(blocker.id), "reading", SearchKind::Posts).await,
            ["blocker", "muted"]
        );
        assert_eq!(found(None, "读书", SearchKind::Posts).await.len(), 3);
        assert_eq!(
            found(Some(me.id), "blocker", SearchKind::People).await,
            Vec::<String>::new()
        );
        assert_eq!(
            found(None, "blocker", SearchKind::People).await,
            ["blocker"]
        );
    }
}

fn told(recipient: &Person, kind: NoticeKind, actor: &Person) -> NewNotification {
    NewNotification {
        id: Uuid::new_v4(),
        recipient: recipient.id,
        kind,
        actor: Some(actor.id),
        subject: Subject::PlazaPost {
            post: Uuid::new_v4(),
        },
        detail: None,
        at: at(1),
    }
}

#[tokio::test]
async fn nobody_is_told_of_what_someone_they_blocked_or_muted_did_nor_of_their_blockers_acts() {
    for t in TestDb::all().await {
        let store = t.db.notifications();
        let me = person(&t, "myself").await;
        let blocked = person(&t, "blocked").await;
        let muted = person(&t, "muted").await;
        let friend = person(&t, "friend").await;
        set(&t, &me, &blocked, BlockKind::Block).await;
        set(&t, &me, &muted, BlockKind::Mute).await;

        // One row at a time (on PostgreSQL one statement each) …
        for actor in [&blocked, &muted] {
            for kind in [NoticeKind::Replied, NoticeKind::Mentioned] {
                let stored = store.record(&[told(&me, kind, actor)]).await.unwrap();
                assert_eq!(
                    stored,
                    [None],
                    "{kind:?} by {} on {}",
                    actor.username,
                    t.url
                );
            }
        }
        // … what I do does not reach the one I blocked; the one I muted hears of it.
        let back = store
            .record(&[told(&blocked, NoticeKind::Replied, &me)])
            .await
            .unwrap();
        assert_eq!(back, [None]);
        let heard = store
            .record(&[told(&muted, NoticeKind::Replied, &me)])
            .await
            .unwrap();
        assert_eq!(heard, [Some(1)]);
        // A batch with a folded like (the other way of writing, on both engines).
        let batch = store
            .record(&[
                told(&me, NoticeKind::Liked, &blocked),
                told(&me, NoticeKind::Liked, &muted),
                told(&me, NoticeKind::Replied, &friend),
                told(&blocked, NoticeKind::Liked, &me),
            ])
            .await
            .unwrap();
        assert_eq!(batch, [None, None, Some(1), None], "on {}", t.url);
        // A decision about me is told whoever took it.
        let removed = store
            .record(&[told(&me, NoticeKind::ContentRemoved, &blocked)])
            .await
            .unwrap();
        assert_eq!(removed, [Some(2)]);
        assert_eq!(store.unread(me.id).await.unwrap(), 2);

        // Mention suggestions leave out a block either way, not a mute.
        let suggested = |asker: UserId| {
            let db = t.db.clone();
            async move {
                let mut names: Vec<String> = db
                    .suggest(asker, "", None, 10)
                    .await
                    .unwrap()
                    .into_iter()
                    .map(|p| p.username)
                    .collect();
                names.sort();
                names
            }
        };
        assert_eq!(suggested(me.id).await, ["friend", "muted", "myself"]);
        assert_eq!(suggested(blocked.id).await, ["blocked", "friend", "muted"]);
    }
}
