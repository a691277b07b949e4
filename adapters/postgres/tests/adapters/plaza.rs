//! The plaza's post repository contract, on SQLite and PostgreSQL.

use crate::support::{TestDb, at, person, t0};
use adapter_postgres::Database;
use chrono::{DateTime, Utc};
use kernel::{Cursor, MediaId, PageRequest, Person};
use media::model::{ImageFormat, Media, MediaKind, MediaState};
use media::ports::MediaRepository;
use plaza::PlazaError;
use plaza::model::{
    CommentId, DistrictRef, LikeState, NewComment, NewPost, Post, PostId, PostImage, TextVersion,
};
use plaza::ports::PostRepository;
use std::collections::HashSet;

/// A stored upload of `owner`'s, `width` pixels wide (to tell images apart).
async fn upload(
    t: &TestDb,
    owner: &Person,
    kind: MediaKind,
    state: MediaState,
    width: u32,
) -> Media {
    let m = Media {
        id: MediaId::new_random(),
        owner: owner.id,
        group: None,
        article: None,
        kind,
        state,
        format: ImageFormat::Webp,
        width,
        height: 600,
        thumb_width: 320,
        thumb_height: 240,
        bytes: 90_000,
        created_at: t0(),
        hidden_at: None,
    };
    t.db.media().insert(&m).await.unwrap();
    m
}

/// An unused plaza upload of `owner`'s.
async fn image(t: &TestDb, owner: &Person, width: u32) -> Media {
    upload(t, owner, MediaKind::Plaza, MediaState::Unattached, width).await
}

fn new_post(author: &Person, body: &str, created: DateTime<Utc>) -> NewPost {
    NewPost {
        held: None,
        id: PostId::new_random(),
        author: author.id,
        body: body.to_owned(),
        images: Vec::new(),
        district: None,
        created_at: created,
    }
}

pub(crate) async fn posted(
    t: &TestDb,
    author: &Person,
    body: &str,
    district: Option<&str>,
    created: DateTime<Utc>,
) -> PostId {
    let mut p = new_post(author, body, created);
    p.district = district.map(str::to_owned);
    t.db.plaza_posts().insert(&p).await.unwrap();
    p.id
}

async fn state_of(t: &TestDb, media: &Media) -> MediaState {
    t.db.media().find(media.id).await.unwrap().unwrap().state
}

async fn found(t: &TestDb, id: PostId, viewer: Option<&Person>) -> Post {
    t.db.plaza_posts()
        .find(id, viewer.map(|v| v.id))
        .await
        .unwrap()
        .unwrap()
}

/// Every post of the feed (of one district), page by page.
pub(crate) async fn whole_feed(t: &TestDb, district: Option<&str>, page_size: u32) -> Vec<PostId> {
    let mut all = Vec::new();
    let mut after = None;
    loop {
        let page =
            t.db.plaza_posts()
                .feed(
                    None,
                    district.map(|d| districts::DistrictCode::parse(d).unwrap()),
                    PageRequest::new(after, Some(page_size)),
                )
                .await
                .unwrap();
        assert!(page.items.len() <= page_size as usize);
        all.extend(page.items.iter().map(|p| p.id));
        match page.next {
            Some(next) => after = Some(next),
            None => return all,
        }
    }
}

#[tokio::test]
async fn a_post_attaches_its_images_in_order_and_is_found_with_author_and_district() {
    for t in TestDb::all().await {
        let repo = t.db.plaza_posts();
        let alice = person(&t, "alice").await;
        let images = [
            image(&t, &alice, 300).await,
            image(&t, &alice, 100).await,
            image(&t, &alice, 200).await,
        ];
        let mut p = new_post(&alice, "成都的秋天 · autumn", at(0));
        p.images = images.iter().map(|m| m.id).collect();
        p.district = Some("510000".to_owned());
        repo.insert(&p).await.unwrap();

        let post = found(&t, p.id, None).await;
        assert_eq!(
            post,
            Post {
                withheld: None,
                id: p.id,
                author: alice.clone(),
                body: "成都的秋天 · autumn".to_owned(),
                images: images
                    .iter()
                    .map(|m| PostImage {
                        media: m.id,
                        width: m.width,
                        height: 600,
                    })
                    .collect(),
                removed_images: 0,
                district: Some(DistrictRef {
                    code: "510000".to_owned(),
                    name_zh: "四川省".to_owned(),
                    name_en: "Sichuan".to_owned(),
                }),
                created_at: at(0),
                like_count: 0,
                comment_count: 0,
                liked: false,
                version: 1,
                edited_at: None,
            },
            "on {}",
            t.url
        );
        for m in &images {
            assert_eq!(state_of(&t, m).await, MediaState::Attached);
        }

        // Text only, no district.
        let plain = posted(&t, &alice, "just words", None, at(1)).await;
        let plain = found(&t, plain, Some(&alice)).await;
        assert!(plain.images.is_empty());
        assert_eq!(plain.district, None);
        assert_eq!(repo.find(PostId::new_random(), None).await.unwrap(), None);
    }
}

#[tokio::test]
async fn an_image_that_is_not_the_authors_unused_plaza_upload_writes_nothing() {
    for t in TestDb::all().await {
        let repo = t.db.plaza_posts();
        let alice = person(&t, "alice").await;
        let bob = person(&t, "bob").await;
        let good = image(&t, &alice, 100).await;
        let taken = image(&t, &alice, 110).await;
        let mut first = new_post(&alice, "first", at(0));
        first.images = vec![taken.id];
        repo.insert(&first).await.unwrap();

        let bobs = image(&t, &bob, 120).await;
        let gallery = upload(&t, &alice, MediaKind::Gallery, MediaState::Unattached, 130).await;
        let pending = upload(&t, &alice, MediaKind::Plaza, MediaState::Pending, 140).await;
        let unusable: [(&str, Vec<MediaId>); 6] = [
            ("someone else's", vec![good.id, bobs.id]),
            ("not a plaza upload", vec![good.id, gallery.id]),
            ("already in a post", vec![good.id, taken.id]),
            ("still being processed", vec![good.id, pending.id]),
            ("the same twice", vec![good.id, good.id]),
            ("unknown", vec![good.id, MediaId::new_random()]),
        ];
        for (why, images) in unusable {
            let mut p = new_post(&alice, why, at(1));
            p.images = images;
            assert!(
                matches!(repo.insert(&p).await, Err(PlazaError::ImageNotUsable)),
                "{why} on {}",
                t.url
            );
            assert_eq!(repo.find(p.id, None).await.unwrap(), None, "{why}");
            // The good image taken before the bad one was given back by the rollback.
            assert_eq!(state_of(&t, &good).await, MediaState::Unattached, "{why}");
        }
        assert_eq!(state_of(&t, &bobs).await, MediaState::Unattached);
        assert_eq!(state_of(&t, &gallery).await, MediaState::Unattached);
        assert_eq!(state_of(&t, &pending).await, MediaState::Pending);
        assert_eq!(whole_feed(&t, None, 50).await, vec![first.id]);
        assert_eq!(found(&t, first.id, None).await.images.len(), 1);

        // Bob may use his own.
        let mut his = new_post(&bob, "mine", at(2));
        his.images = vec![bobs.id];
        repo.insert(&his).await.unwrap();
        assert_eq!(state_of(&t, &bobs).await, MediaState::Attached);
    }
}

#[tokio::test]
async fn the_feed_pages_newest_first_without_repeats_or_gaps_while_posts_arrive() {
    for t in TestDb::all().await {
        let repo = t.db.plaza_posts();
        let alice = person(&t, "alice").await;
        // 23 posts, some sharing a time (the id breaks the tie).
        let mut expected = Vec::new();
        for i in 0..23 {
            let id = posted(&t, &alice, &format!("post {i}"), None, at(i / 3)).await;
            expected.push((at(i / 3), id));
        }
        expected.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.0.cmp(&a.1.0)));
        let expected: Vec<PostId> = expected.into_iter().map(|(_, id)| id).collect();

        let mut seen = Vec::new();
        let mut after = None;
        let mut pages = 0;
        loop {
            let page = repo
                .feed(None, None, PageRequest::new(after, Some(5)))
                .await
                .unwrap();
            pages += 1;
            seen.extend(page.items.iter().map(|p| p.id));
            // New posts arrive above the feed between page reads.
            posted(&t, &alice, "newer", None, at(100 + pages)).await;
            match page.next {
                Some(next) => after = Some(next),
                None => break,
            }
        }
        assert_eq!(pages, 5, "on {}", t.url);
        assert_eq!(seen, expected);
        let unique: HashSet<PostId> = seen.iter().copied().collect();
        assert_eq!(unique.len(), seen.len());

        // The newest first, the first page now starting with the latest arrival.
        let first = repo.feed(None, None, PageRequest::first(3)).await.unwrap();
        assert_eq!(first.items[0].body, "newer");
        assert_eq!(first.items[0].created_at, at(105));
        assert_eq!(whole_feed(&t, None, 50).await.len(), 28);
    }
}

#[tokio::test]
async fn a_feed_page_reads_each_posts_own_images() {
    for t in TestDb::all().await {
        let repo = t.db.plaza_posts();
        let alice = person(&t, "alice").await;
        let mut ids = Vec::new();
        for i in 0..4_u32 {
            let mut p = new_post(&alice, &format!("with {i} images"), at(i64::from(i)));
            for k in 0..i {
                p.images.push(image(&t, &alice, 100 * (i + 1) + k).await.id);
            }
            repo.insert(&p).await.unwrap();
            ids.push(p);
        }
        let page = repo.feed(None, None, PageRequest::first(10)).await.unwrap();
        assert_eq!(page.items.len(), 4);
        for post in &page.items {
            let written = ids.iter().find(|p| p.id == post.id).unwrap();
            let shown: Vec<MediaId> = post.images.iter().map(|i| i.media).collect();
            assert_eq!(shown, written.images, "on {}", t.url);
            let widths: Vec<u32> = post.images.iter().map(|i| i.width).collect();
            let mut sorted = widths.clone();
            sorted.sort_unstable();
            assert_eq!(widths, sorted, "in the order written");
        }
    }
}

#[tokio::test]
async fn the_district_filter_and_the_count_of_newer_posts() {
    for t in TestDb::all().await {
        let repo = t.db.plaza_posts();
        let alice = person(&t, "alice").await;
        let head = posted(&t, &alice, "head", Some("510000"), at(0)).await;
        let older = posted(&t, &alice, "older", Some("510000"), at(-1)).await;
        let elsewhere = posted(&t, &alice, "elsewhere", Some("110000"), at(0)).await;
        let nowhere = posted(&t, &alice, "nowhere", None, at(0)).await;
        let head_cursor = found(&t, head, None).await.cursor();

        assert_eq!(
            whole_feed(&t, Some("510000"), 1).await,
            vec![head, older],
            "on {}",
            t.url
        );
        assert_eq!(whole_feed(&t, Some("110000"), 10).await, vec![elsewhere]);
        assert!(whole_feed(&t, Some("310000"), 10).await.is_empty());
        assert_eq!(whole_feed(&t, None, 10).await.len(), 4);

        // Nothing newer yet in Sichuan; the posts at the same time with a greater id count
        // overall.
        assert_eq!(
            repo.count_newer(
                None,
                head_cursor,
                Some(districts::DistrictCode::parse("510000").unwrap()),
                99
            )
            .await
            .unwrap(),
            0
        );
        let same_time_after = [elsewhere, nowhere]
            .iter()
            .filter(|id| id.0 > head.0)
            .count();
        assert_eq!(
            repo.count_newer(None, head_cursor, None, 99).await.unwrap() as usize,
            same_time_after
        );
        for i in 1..=7 {
            posted(&t, &alice, "new", Some("510000"), at(i)).await;
        }
        posted(&t, &alice, "new elsewhere", Some("110000"), at(1)).await;
        assert_eq!(
            repo.count_newer(
                None,
                head_cursor,
                Some(districts::DistrictCode::parse("510000").unwrap()),
                99
            )
            .await
            .unwrap(),
            7
        );
        assert_eq!(
            repo.count_newer(
                None,
                head_cursor,
                Some(districts::DistrictCode::parse("510000").unwrap()),
                5
            )
            .await
            .unwrap(),
            5,
            "capped"
        );
        assert_eq!(
            repo.count_newer(None, head_cursor, None, 99).await.unwrap() as usize,
            8 + same_time_after
        );
        let latest = Cursor::new(at(7), uuid::Uuid::max());
        assert_eq!(repo.count_newer(None, latest, None, 99).await.unwrap(), 0);
    }
}

#[tokio::test]
async fn a_like_counts_once_per_person_and_each_viewer_sees_their_own() {
    for t in TestDb::all().await {
        let repo = t.db.plaza_posts();
        let alice = person(&t, "alice").await;
        let bob = person(&t, "bob").await;
        let carol = person(&t, "carol").await;
        let p = posted(&t, &alice, "like me", None, at(0)).await;

        let liked = |n, changed| {
            Some(LikeState {
                liked: true,
                like_count: n,
                changed,
            })
        };
        assert_eq!(repo.like(p, bob.id, at(1)).await.unwrap(), liked(1, true));
        assert_eq!(repo.like(p, bob.id, at(2)).await.unwrap(), liked(1, false));
        assert_eq!(repo.like(p, carol.id, at(3)).await.unwrap(), liked(2, true));

        assert!(found(&t, p, Some(&bob)).await.liked, "on {}", t.url);
        assert!(found(&t, p, Some(&carol)).await.liked);
        assert!(!found(&t, p, Some(&alice)).await.liked);
        assert!(!found(&t, p, None).await.liked);
        assert_eq!(found(&t, p, None).await.like_count, 2);
        let feed = repo
            .feed(Some(bob.id), None, PageRequest::first(10))
            .await
            .unwrap();
        assert!(feed.items[0].liked);
        let feed = repo
            .feed(Some(alice.id), None, PageRequest::first(10))
            .await
            .unwrap();
        assert!(!feed.items[0].liked);

        let unliked = |n, changed| {
            Some(LikeState {
                liked: false,
                like_count: n,
                changed,
            })
        };
        assert_eq!(repo.unlike(p, bob.id).await.unwrap(), unliked(1, true));
        assert_eq!(repo.unlike(p, bob.id).await.unwrap(), unliked(1, false));
        assert_eq!(repo.unlike(p, alice.id).await.unwrap(), unliked(1, false));
        assert!(!found(&t, p, Some(&bob)).await.liked);
        assert!(found(&t, p, Some(&carol)).await.liked);

        let missing = PostId::new_random();
        assert_eq!(repo.like(missing, bob.id, at(4)).await.unwrap(), None);
        assert_eq!(repo.unlike(missing, bob.id).await.unwrap(), None);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn fifty_concurrent_likes_count_fifty_and_a_repeated_like_once() {
    for t in TestDb::all().await {
        let alice = person(&t, "alice").await;
        let p = posted(&t, &alice, "popular", None, at(0)).await;
        let mut fans = Vec::new();
        for i in 0..50 {
            fans.push(person(&t, &format!("fan{i:02}")).await);
        }
        // A pool of its own with several connections: on SQLite, writers then meet at the
        // file's lock (the busy handler), not in the pool's queue.
        let pool = Database::connect(&t.url, 8).await.unwrap();

        let mut likes = tokio::task::JoinSet::new();
        for fan in &fans {
            let repo = pool.plaza_posts();
            let fan = fan.id;
            likes.spawn(async move { repo.like(p, fan, at(1)).await });
        }
        // One more person liking ten times at once.
        for _ in 0..10 {
            let repo = pool.plaza_posts();
            let alice = alice.id;
            likes.spawn(async move { repo.like(p, alice, at(1)).await });
        }
        let mut counts = Vec::new();
        while let Some(done) = likes.join_next().await {
            let state = done.unwrap().unwrap().unwrap();
            assert!(state.liked);
            counts.push(state.like_count);
        }
        assert_eq!(found(&t, p, None).await.like_count, 51, "on {}", t.url);
        // Each new like saw its own increment: 51 distinct counts among the answers.
        let distinct: HashSet<u32> = counts.iter().copied().collect();
        assert_eq!(distinct.len(), 51);
        for fan in &fans {
            assert!(found(&t, p, Some(fan)).await.liked);
        }

        // All take it back at once: back to zero only if every one of them had a row.
        let mut unlikes = tokio::task::JoinSet::new();
        for who in fans.iter().chain([&alice, &alice]) {
            let repo = pool.plaza_posts();
            let who = who.id;
            unlikes.spawn(async move { repo.unlike(p, who).await });
        }
        while let Some(done) = unlikes.join_next().await {
            assert!(!done.unwrap().unwrap().unwrap().liked);
        }
        assert_eq!(found(&t, p, None).await.like_count, 0);
        pool.close().await.unwrap();
    }
}

#[tokio::test]
async fn comments_are_listed_oldest_first_in_pages_and_counted() {
    for t in TestDb::all().await {
        let repo = t.db.plaza_posts();
        let alice = person(&t, "alice").await;
        let bob = person(&t, "bob").await;
        let p = posted(&t, &alice, "discuss", None, at(0)).await;
        let other = posted(&t, &alice, "elsewhere", None, at(0)).await;

        let mut written = Vec::new();
        for i in 0..7 {
            let c = NewComment {
                held: None,
                id: CommentId::new_random(),
                post: p,
                author: if i % 2 == 0 { bob.id } else { alice.id },
                body: format!("评论 {i}"),
                // Two at each time: the id breaks the tie.
                created_at: at(10 + i / 2),
            };
            assert!(repo.insert_comment(&c).await.unwrap());
            written.push(c);
        }
        let elsewhere = NewComment {
            held: None,
            id: CommentId::new_random(),
            post: other,
            author: bob.id,
            body: "not here".into(),
            created_at: at(11),
        };
        assert!(repo.insert_comment(&elsewhere).await.unwrap());
        written.sort_by(|a, b| a.created_at.cmp(&b.created_at).then(a.id.0.cmp(&b.id.0)));

        let mut seen = Vec::new();
        let mut after = None;
        loop {
            let page = repo
                .comments(p, None, PageRequest::new(after, Some(3)))
                .await
                .unwrap();
            seen.extend(page.items);
            match page.next {
                Some(next) => after = Some(next),
                None => break,
            }
        }
        assert_eq!(
            seen.iter().map(|c| c.id).collect::<Vec<_>>(),
            written.iter().map(|c| c.id).collect::<Vec<_>>(),
            "on {}",
            t.url
        );
        for (shown, c) in seen.iter().zip(&written) {
            let author = if c.author == bob.id { &bob } else { &alice };
            assert_eq!(&shown.author, author);
            assert_eq!(shown.body, c.body);
            assert_eq!(shown.created_at, c.created_at);
        }
        let first = &seen[0];
        assert_eq!(first.post, p);
        assert_eq!(
            repo.find_comment(first.id).await.unwrap().as_ref(),
            Some(first)
        );
        assert_eq!(found(&t, p, None).await.comment_count, 7);
        assert_eq!(found(&t, other, None).await.comment_count, 1);

        assert!(repo.delete_comment(first.id).await.unwrap());
        assert!(!repo.delete_comment(first.id).await.unwrap());
        assert_eq!(repo.find_comment(first.id).await.unwrap(), None);
        assert_eq!(found(&t, p, None).await.comment_count, 6);
        assert_eq!(
            repo.comments(p, None, PageRequest::first(50))
                .await
                .unwrap()
                .items
                .len(),
            6
        );

        let orphan = NewComment {
            held: None,
            id: CommentId::new_random(),
            post: PostId::new_random(),
            author: bob.id,
            body: "into the void".into(),
            created_at: at(20),
        };
        assert!(!repo.insert_comment(&orphan).await.unwrap());
        assert_eq!(repo.find_comment(orphan.id).await.unwrap(), None);
        assert_eq!(
            repo.find_comment(CommentId::new_random()).await.unwrap(),
            None
        );
    }
}

#[tokio::test]
async fn deleting_a_post_returns_its_images_and_takes_its_likes_and_comments() {
    for t in TestDb::all().await {
        let repo = t.db.plaza_posts();
        let alice = person(&t, "alice").await;
        let bob = person(&t, "bob").await;
        let images = [
            image(&t, &alice, 300).await,
            image(&t, &alice, 100).await,
            image(&t, &alice, 200).await,
        ];
        let mut p = new_post(&alice, "short-lived", at(0));
        p.images = images.iter().map(|m| m.id).collect();
        repo.insert(&p).await.unwrap();
        let kept = posted(&t, &alice, "kept", None, at(1)).await;
        repo.like(p.id, bob.id, at(1)).await.unwrap();
        repo.like(kept, bob.id, at(1)).await.unwrap();
        let comment = NewComment {
            held: None,
            id: CommentId::new_random(),
            post: p.id,
            author: bob.id,
            body: "bye".into(),
            created_at: at(2),
        };
        repo.insert_comment(&comment).await.unwrap();

        // (Deleting a posted image's row takes it out of its post, counted as removed: the
        // admin gallery's delete, `an_image_hidden_or_deleted_by_an_admin_…` below.)

        assert_eq!(repo.delete(p.id).await.unwrap(), Some(p.images.clone()));
        assert_eq!(repo.find(p.id, None).await.unwrap(), None);
        assert_eq!(repo.find_comment(comment.id).await.unwrap(), None);
        assert_eq!(repo.delete(p.id).await.unwrap(), None);
        assert_eq!(repo.delete(PostId::new_random()).await.unwrap(), None);
        // The rows stay for the media service, which deletes the files and then them.
        for m in &images {
            assert!(t.db.media().find(m.id).await.unwrap().is_some());
            t.db.media().delete(m.id).await.unwrap();
        }
        // Bob's like of the other post is untouched, and he may like it again.
        let other = found(&t, kept, Some(&bob)).await;
        assert!(other.liked);
        assert_eq!(other.like_count, 1);
        assert_eq!(whole_feed(&t, None, 10).await, vec![kept]);
    }
}

#[tokio::test]
async fn deleting_a_user_takes_their_posts_likes_and_comments() {
    for t in TestDb::all().await {
        let repo = t.db.plaza_posts();
        let alice = person(&t, "alice").await;
        let bob = person(&t, "bob").await;
        let hers = posted(&t, &alice, "hers", None, at(0)).await;
        let his = posted(&t, &bob, "his", None, at(1)).await;
        repo.like(his, alice.id, at(2)).await.unwrap();
        let comment = NewComment {
            held: None,
            id: CommentId::new_random(),
            post: his,
            author: alice.id,
            body: "hi".into(),
            created_at: at(2),
        };
        repo.insert_comment(&comment).await.unwrap();
        t.db.execute_for_tests("DELETE FROM users WHERE username = 'alice'")
            .await
            .unwrap();
        assert_eq!(repo.find(hers, None).await.unwrap(), None, "on {}", t.url);
        assert_eq!(repo.find_comment(comment.id).await.unwrap(), None);
        // Her like and comment on his post went with her. (No use case deletes accounts yet;
        // one that does must also uncount them on other people's posts.)
        assert!(!found(&t, his, Some(&alice)).await.liked);
    }
}

#[tokio::test]
async fn an_image_hidden_or_deleted_by_an_admin_leaves_its_post_counted_as_removed() {
    use media::ports::MediaCatalog;
    for t in TestDb::all().await {
        let repo = t.db.plaza_posts();
        let alice = person(&t, "alice").await;
        let images = [
            image(&t, &alice, 100).await,
            image(&t, &alice, 200).await,
            image(&t, &alice, 300).await,
        ];
        let mut p = new_post(&alice, "三张图", at(0));
        p.images = images.iter().map(|m| m.id).collect();
        repo.insert(&p).await.unwrap();

        t.db.media()
            .set_hidden(images[0].id, Some(at(1)))
            .await
            .unwrap();
        let post = found(&t, p.id, None).await;
        assert_eq!(
            post.images.iter().map(|i| i.media).collect::<Vec<_>>(),
            vec![images[1].id, images[2].id],
            "on {}",
            t.url
        );
        assert_eq!(post.removed_images, 1);

        // Deleting a posted image's row drops its link and counts it on the post.
        t.db.media().delete(images[2].id).await.unwrap();
        assert_eq!(t.db.media().find(images[2].id).await.unwrap(), None);
        let post = found(&t, p.id, None).await;
        assert_eq!(
            post.images.iter().map(|i| i.media).collect::<Vec<_>>(),
            vec![images[1].id]
        );
        assert_eq!(post.removed_images, 2);
        // The feed says the same.
        let feed = repo.feed(None, None, PageRequest::first(10)).await.unwrap();
        assert_eq!(feed.items[0].removed_images, 2);

        // Shown again, the hidden one is back in its place.
        t.db.media().set_hidden(images[0].id, None).await.unwrap();
        let post = found(&t, p.id, None).await;
        assert_eq!(
            post.images.iter().map(|i| i.media).collect::<Vec<_>>(),
            vec![images[0].id, images[1].id]
        );
        assert_eq!(post.removed_images, 1);
        // Deleting the post still hands back its remaining images.
        let left = repo.delete(p.id).await.unwrap().unwrap();
        assert_eq!(left, vec![images[0].id, images[1].id]);
    }
}

#[tokio::test]
async fn an_authors_posts_are_paged_newest_first_with_the_viewers_likes() {
    for t in TestDb::all().await {
        let repo = t.db.plaza_posts();
        let alice = person(&t, "alice").await;
        let bob = person(&t, "bob").await;
        let mut hers = Vec::new();
        for i in 0..5_i64 {
            hers.push(posted(&t, &alice, &format!("a{i}"), None, at(i)).await);
            posted(&t, &bob, &format!("b{i}"), None, at(i)).await;
        }
        // Two of hers at the same moment: the id orders them, as in the feed.
        hers.push(posted(&t, &alice, "same time", None, at(4)).await);
        repo.like(hers[0], bob.id, at(10)).await.unwrap();

        let mut seen = Vec::new();
        let mut after = None;
        loop {
            let page = repo
                .by_author(Some(bob.id), alice.id, PageRequest::new(after, Some(2)))
                .await
                .unwrap();
            assert!(page.items.iter().all(|p| p.author.id == alice.id));
            seen.extend(page.items.iter().map(|p| (p.id, p.liked)));
            match page.next {
                Some(next) => after = Some(next),
                None => break,
            }
        }
        let ids: Vec<PostId> = seen.iter().map(|(id, _)| *id).collect();
        let mut expected = hers.clone();
        let created = |id: &PostId| {
            let i = hers.iter().position(|h| h == id).unwrap() as i64;
            (if i == 5 { 4 } else { i }, id.0)
        };
        expected.sort_by_key(|id| std::cmp::Reverse(created(id)));
        assert_eq!(ids, expected, "on {}", t.url);
        assert_eq!(
            seen.iter()
                .filter(|(_, liked)| *liked)
                .map(|(id, _)| *id)
                .collect::<Vec<_>>(),
            vec![hers[0]]
        );
        let nobody = person(&t, "nobody").await;
        assert!(
            repo.by_author(None, nobody.id, PageRequest::first(10))
                .await
                .unwrap()
                .items
                .is_empty()
        );
    }
}

#[tokio::test]
async fn a_provinces_filter_takes_in_its_cities_and_counties_and_a_citys_its_counties() {
    for t in TestDb::all().await {
        let repo = t.db.plaza_posts();
        let cities = ["510100", "510104", "510700", "520100"].map(|code| {
            districts::District::new(
                districts::DistrictCode::parse(code).unwrap(),
                code,
                code,
                30.0,
                104.0,
                None,
            )
            .unwrap()
        });
        districts::ports::DistrictRepository::write_all(&t.db.districts(), cities.to_vec())
            .await
            .unwrap();
        let alice = person(&t, "alice").await;
        let head = posted(&t, &alice, "head", None, at(-10)).await;
        let head_cursor = found(&t, head, None).await.cursor();
        let province = posted(&t, &alice, "Sichuan", Some("510000"), at(0)).await;
        let city = posted(&t, &alice, "Chengdu", Some("510100"), at(1)).await;
        let county = posted(&t, &alice, "Jinjiang", Some("510104"), at(2)).await;
        let other_city = posted(&t, &alice, "Mianyang", Some("510700"), at(3)).await;
        posted(&t, &alice, "Chongqing", Some("500000"), at(4)).await;
        posted(&t, &alice, "Guizhou", Some("520100"), at(5)).await;

        assert_eq!(
            whole_feed(&t, Some("510000"), 2).await,
            vec![other_city, county, city, province],
            "on {}",
            t.url
        );
        assert_eq!(whole_feed(&t, Some("510100"), 10).await, vec![county, city]);
        assert_eq!(whole_feed(&t, Some("510104"), 10).await, vec![county]);
        let sichuan = || Some(districts::DistrictCode::parse("510000").unwrap());
        assert_eq!(
            repo.count_newer(None, head_cursor, sichuan(), 99)
                .await
                .unwrap(),
            4
        );
        let chengdu = Some(districts::DistrictCode::parse("510100").unwrap());
        assert_eq!(
            repo.count_newer(None, head_cursor, chengdu, 99)
                .await
                .unwrap(),
            2
        );
    }
}

#[tokio::test]
async fn an_edit_keeps_the_text_it_replaces_and_one_from_another_version_writes_nothing() {
    for t in TestDb::all().await {
        let repo = t.db.plaza_posts();
        let alice = person(&t, "alice").await;
        let p = posted(&t, &alice, "first", None, at(0)).await;
        assert!(repo.edit_post(p, 1, "second", at(5), None).await.unwrap());
        let post = found(&t, p, None).await;
        assert_eq!(
            (post.body.as_str(), post.version, post.edited_at),
            ("second", 2, Some(at(5))),
            "on {}",
            t.url
        );
        // The feed and the author's list read the same columns.
        let feed = repo.feed(None, None, PageRequest::first(5)).await.unwrap();
        assert_eq!(
            (feed.items[0].version, feed.items[0].edited_at),
            (2, Some(at(5)))
        );
        // From version 1 again: nothing written.
        assert!(!repo.edit_post(p, 1, "stale", at(6), None).await.unwrap());
        assert!(!repo.edit_post(p, 3, "ahead", at(6), None).await.unwrap());
        assert!(
            !repo
                .edit_post(PostId::new_random(), 1, "x", at(6), None)
                .await
                .unwrap()
        );
        assert!(repo.edit_post(p, 2, "third", at(7), None).await.unwrap());
        assert_eq!(
            repo.post_versions(p).await.unwrap(),
            [
                TextVersion {
                    version: 2,
                    body: "second".into(),
                    written_at: at(5),
                },
                TextVersion {
                    version: 1,
                    body: "first".into(),
                    written_at: at(0),
                },
            ]
        );
        assert_eq!(found(&t, p, None).await.body, "third");

        // A comment likewise.
        let comment = NewComment {
            held: None,
            id: CommentId::new_random(),
            post: p,
            author: alice.id,
            body: "one".into(),
            created_at: at(1),
        };
        repo.insert_comment(&comment).await.unwrap();
        let c = repo.find_comment(comment.id).await.unwrap().unwrap();
        assert_eq!((c.version, c.edited_at), (1, None));
        assert!(
            repo.edit_comment(c.id, 1, "two", at(8), None)
                .await
                .unwrap()
        );
        assert!(
            !repo
                .edit_comment(c.id, 1, "late", at(9), None)
                .await
                .unwrap()
        );
        let c = repo.find_comment(comment.id).await.unwrap().unwrap();
        assert_eq!(
            (c.body.as_str(), c.version, c.edited_at),
            ("two", 2, Some(at(8)))
        );
        let listed = repo.comments(p, None, PageRequest::first(5)).await.unwrap();
        assert_eq!(listed.items[0].version, 2);
        assert_eq!(
            repo.comment_versions(c.id).await.unwrap(),
            [TextVersion {
                version: 1,
                body: "one".into(),
                written_at: at(1),
            }]
        );
        assert!(
            repo.post_versions(PostId::new_random())
                .await
                .unwrap()
                .is_empty()
        );

        // Deleting the post takes its versions and its comments' versions.
        repo.delete(p).await.unwrap();
        assert!(repo.post_versions(p).await.unwrap().is_empty());
        assert!(repo.comment_versions(c.id).await.unwrap().is_empty());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn of_concurrent_edits_from_one_version_exactly_one_is_saved() {
    for t in TestDb::all().await {
        let alice = person(&t, "alice").await;
        let p = posted(&t, &alice, "v1", None, at(0)).await;
        let pool = Database::connect(&t.url, 8).await.unwrap();
        let mut edits = tokio::task::JoinSet::new();
        for i in 0..8 {
            let repo = pool.plaza_posts();
            edits.spawn(async move {
                repo.edit_post(p, 1, &format!("edit {i}"), at(1), None)
                    .await
            });
        }
        let mut saved = 0;
        while let Some(done) = edits.join_next().await {
            saved += usize::from(done.unwrap().unwrap());
        }
        assert_eq!(saved, 1, "on {}", t.url);
        let post = found(&t, p, None).await;
        assert_eq!(post.version, 2);
        assert!(post.body.starts_with("edit "));
        let versions = t.db.plaza_posts().post_versions(p).await.unwrap();
        assert_eq!(versions.len(), 1);
        assert_eq!(versions[0].body, "v1");
        pool.close().await.unwrap();
    }
}

/// `viewer`'s `find_many` of `ids`, checked to be one statement (none without an id), as the
/// ids found, sorted.
async fn found_many(
    repo: &adapter_postgres::SqlPostRepository,
    log: &adapter_postgres::testing::StatementLog,
    ids: &[PostId],
    viewer: Option<&Person>,
) -> Vec<PostId> {
    log.take();
    let found = repo.find_many(ids, viewer.map(|v| v.id)).await.unwrap();
    assert_eq!(log.take().len(), usize::from(!ids.is_empty()));
    let mut ids: Vec<PostId> = found.iter().map(|p| p.id).collect();
    ids.sort();
    ids
}

/// Posts asked by id for what names them are read in one statement under the single post's
/// conditions: a withheld post for its author alone, none of an author a block stands between
/// (either of them blocked the other; a mute hides nothing), an unknown id left out — each
/// viewer finds among them exactly what `find` finds one by one, with its author and text.
#[tokio::test]
async fn posts_are_found_many_at_once_under_the_single_posts_conditions() {
    use blocks::model::{Block, BlockKind};
    use blocks::ports::BlockStore;
    for t in TestDb::all().await {
        let (db, log) = t.db.recording_for_tests();
        let repo = db.plaza_posts();
        let alice = person(&t, "alice").await;
        let bob = person(&t, "bob").await;
        let cat = person(&t, "cat").await;
        let dan = person(&t, "dan").await;
        let open = posted(&t, &alice, "open", None, at(0)).await;
        let mut held = new_post(&alice, "held", at(1));
        held.held = Some(vec!["held".into()]);
        repo.insert(&held).await.unwrap();
        let bobs = posted(&t, &bob, "bob's", None, at(2)).await;
        // Cat blocked Bob; Dan muted him.
        for (blocker, kind) in [(&cat, BlockKind::Block), (&dan, BlockKind::Mute)] {
            t.db.blocks()
                .put(Block {
                    blocker: blocker.id,
                    target: bob.id,
                    kind,
                    created_at: at(3),
                })
                .await
                .unwrap()
                .unwrap();
        }
        let ids = [open, held.id, bobs, PostId::new_random()];
        let mut expected = [
            (None, vec![open, bobs]),
            (Some(&alice), vec![open, held.id, bobs]),
            (Some(&bob), vec![open, bobs]),
            (Some(&cat), vec![open]),
            (Some(&dan), vec![open, bobs]),
        ];
        for (viewer, want) in &mut expected {
            want.sort();
            assert_eq!(
                &found_many(&repo, &log, &ids, *viewer).await,
                want,
                "{:?} on {}",
                viewer.map(|v| &v.username),
                t.url
            );
            for id in ids {
                let one = repo.find(id, viewer.map(|v| v.id)).await.unwrap();
                assert_eq!(one.is_some(), want.contains(&id));
            }
        }
        // Bob blocked by Cat: Bob no longer finds Cat's posts either.
        let cats = posted(&t, &cat, "cat's", None, at(4)).await;
        assert!(
            found_many(&repo, &log, &[cats], Some(&bob))
                .await
                .is_empty()
        );
        let found = repo.find_many(&[open], None).await.unwrap();
        assert_eq!(
            (found[0].author, found[0].body.as_str()),
            (alice.id, "open")
        );
        assert!(found_many(&repo, &log, &[], Some(&alice)).await.is_empty());
    }
}

/// Comments asked by id are read in one statement, each as `find_comment` reads it (a withheld
/// one too: the service decides who may read it); an unknown id is left out.
#[tokio::test]
async fn comments_are_found_many_at_once_as_one_by_one() {
    for t in TestDb::all().await {
        let (db, log) = t.db.recording_for_tests();
        let repo = db.plaza_posts();
        let alice = person(&t, "alice").await;
        let p = posted(&t, &alice, "discuss", None, at(0)).await;
        let mut ids = Vec::new();
        for (i, held) in [None, Some(vec!["词".to_owned()])].into_iter().enumerate() {
            let c = NewComment {
                held,
                id: CommentId::new_random(),
                post: p,
                author: alice.id,
                body: format!("评论 {i}"),
                created_at: at(1),
            };
            assert!(repo.insert_comment(&c).await.unwrap());
            ids.push(c.id);
        }
        let mut asked = ids.clone();
        asked.push(CommentId::new_random());
        log.take();
        let mut found = repo.find_comments(&asked).await.unwrap();
        assert_eq!(log.take().len(), 1);
        found.sort_by_key(|c| ids.iter().position(|id| *id == c.id));
        let mut one_by_one = Vec::new();
        for id in &ids {
            one_by_one.push(repo.find_comment(*id).await.unwrap().unwrap());
        }
        assert_eq!(found, one_by_one, "on {}", t.url);
        assert!(found[1].withheld.is_some());
        log.take();
        assert!(repo.find_comments(&[]).await.unwrap().is_empty());
        assert!(log.take().is_empty());
    }
}
