#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The plaza rules over an in-memory post repository (a plain model of the port's contract,
//! attaching images as the database does), a media service over in-memory media ports, a fixed
//! clock and mocked limiter, districts and audit log.

use super::*;
use crate::model::PostImage;
use chrono::{DateTime, TimeZone, Utc};
use districts::ports::MockDistrictRepository;
use districts::{District, TilePosition};
use kernel::{FixedClock, MockAuditLog, MockRateLimiter, Person};
use media::memory::{MemoryRepository, MemoryStore};
use media::model::{ImageFormat, ProcessedImage};
use media::ports::{MediaRepository, MediaStore, MockImageProcessor};
use media::{MediaPolicy, MediaPorts};
use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 25, 9, 0, 0).unwrap()
}

fn person(id: UserId) -> Person {
    Person {
        id,
        username: "u".into(),
        nickname: "n".into(),
        avatar_url: None,
        avatar: None,
    }
}

#[derive(Default)]
struct Mem {
    posts: HashMap<PostId, NewPost>,
    likes: HashMap<PostId, BTreeMap<UserId, ()>>,
    comments: HashMap<CommentId, NewComment>,
}

/// Keeps the port's contract: images must be the author's unattached plaza uploads, and
/// attaching them is part of the same write.
#[derive(Clone)]
struct MemPosts {
    mem: Arc<Mutex<Mem>>,
    media: Arc<MemoryRepository>,
}

impl MemPosts {
    fn view(&self, m: &Mem, p: &NewPost, viewer: Option<UserId>) -> Post {
        let likes = m.likes.get(&p.id);
        Post {
            id: p.id,
            author: person(p.author),
            body: p.body.clone(),
            images: p
                .images
                .iter()
                .map(|id| PostImage {
                    media: *id,
                    width: 10,
                    height: 10,
                })
                .collect(),
            removed_images: 0,
            district: None,
            created_at: p.created_at,
            like_count: likes.map_or(0, |l| l.len() as u32),
            comment_count: m.comments.values().filter(|c| c.post == p.id).count() as u32,
            liked: viewer.is_some_and(|v| likes.is_some_and(|l| l.contains_key(&v))),
        }
    }

    fn state(m: &Mem, post: PostId, user: UserId) -> LikeState {
        let likes = m.likes.get(&post);
        LikeState {
            liked: likes.is_some_and(|l| l.contains_key(&user)),
            like_count: likes.map_or(0, |l| l.len() as u32),
        }
    }
}

#[async_trait]
impl PostRepository for MemPosts {
    async fn insert(&self, post: &NewPost) -> Result<(), PlazaError> {
        let mut rows = self.media.rows.lock().unwrap();
        let usable = post.images.iter().all(|id| {
            rows.get(id).is_some_and(|m| {
                m.owner == post.author
                    && m.kind == MediaKind::Plaza
                    && m.state == MediaState::Unattached
            })
        });
        if !usable {
            return Err(PlazaError::ImageNotUsable);
        }
        for id in &post.images {
            rows.get_mut(id).unwrap().state = MediaState::Attached;
        }
        self.mem.lock().unwrap().posts.insert(post.id, post.clone());
        Ok(())
    }
    async fn find(&self, id: PostId, viewer: Option<UserId>) -> Result<Option<Post>, PlazaError> {
        let m = self.mem.lock().unwrap();
        Ok(m.posts.get(&id).map(|p| self.view(&m, p, viewer)))
    }
    async fn feed(
        &self,
        viewer: Option<UserId>,
        district: Option<DistrictCode>,
        page: PageRequest,
    ) -> Result<Page<Post>, PlazaError> {
        let m = self.mem.lock().unwrap();
        let mut rows: Vec<Post> = m
            .posts
            .values()
            .filter(|p| {
                district
                    .as_ref()
                    .is_none_or(|d| p.district.as_deref().is_some_and(|c| d.contains(c)))
            })
            .map(|p| self.view(&m, p, viewer))
            .collect();
        rows.sort_by_key(|p| std::cmp::Reverse((p.created_at, p.id)));
        rows.truncate(page.fetch_limit() as usize);
        Ok(Page::from_fetched(rows, page, Post::cursor))
    }
    async fn by_author(
        &self,
        viewer: Option<UserId>,
        author: UserId,
        page: PageRequest,
    ) -> Result<Page<Post>, PlazaError> {
        let m = self.mem.lock().unwrap();
        let mut rows: Vec<Post> = m
            .posts
            .values()
            .filter(|p| p.author == author)
            .map(|p| self.view(&m, p, viewer))
            .collect();
        rows.sort_by_key(|p| std::cmp::Reverse((p.created_at, p.id)));
        rows.truncate(page.fetch_limit() as usize);
        Ok(Page::from_fetched(rows, page, Post::cursor))
    }
    async fn count_newer(
        &self,
        than: Cursor,
        _district: Option<DistrictCode>,
        cap: u32,
    ) -> Result<u32, PlazaError> {
        let m = self.mem.lock().unwrap();
        let n = m
            .posts
            .values()
            .filter(|p| (p.created_at, p.id.0) > (than.at, than.id))
            .count() as u32;
        Ok(n.min(cap))
    }
    async fn delete(&self, id: PostId) -> Result<Option<Vec<MediaId>>, PlazaError> {
        let mut m = self.mem.lock().unwrap();
        m.likes.remove(&id);
        m.comments.retain(|_, c| c.post != id);
        Ok(m.posts.remove(&id).map(|p| p.images))
    }
    async fn like(
        &self,
        post: PostId,
        user: UserId,
        _at: DateTime<Utc>,
    ) -> Result<Option<LikeState>, PlazaError> {
        let mut m = self.mem.lock().unwrap();
        if !m.posts.contains_key(&post) {
            return Ok(None);
        }
        m.likes.entry(post).or_default().insert(user, ());
        Ok(Some(Self::state(&m, post, user)))
    }
    async fn unlike(&self, post: PostId, user: UserId) -> Result<Option<LikeState>, PlazaError> {
        let mut m = self.mem.lock().unwrap();
        if !m.posts.contains_key(&post) {
            return Ok(None);
        }
        if let Some(l) = m.likes.get_mut(&post) {
            l.remove(&user);
        }
        Ok(Some(Self::state(&m, post, user)))
    }
    async fn comments(&self, post: PostId, page: PageRequest) -> Result<Page<Comment>, PlazaError> {
        let m = self.mem.lock().unwrap();
        let mut rows: Vec<Comment> = m
            .comments
            .values()
            .filter(|c| c.post == post)
            .map(|c| Comment {
                id: c.id,
                post: c.post,
                author: person(c.author),
                body: c.body.clone(),
                created_at: c.created_at,
            })
            .collect();
        rows.sort_by_key(|c| (c.created_at, c.id));
        rows.truncate(page.fetch_limit() as usize);
        Ok(Page::from_fetched(rows, page, Comment::cursor))
    }
    async fn insert_comment(&self, comment: &NewComment) -> Result<bool, PlazaError> {
        let mut m = self.mem.lock().unwrap();
        if !m.posts.contains_key(&comment.post) {
            return Ok(false);
        }
        m.comments.insert(comment.id, comment.clone());
        Ok(true)
    }
    async fn find_comment(&self, id: CommentId) -> Result<Option<Comment>, PlazaError> {
        let m = self.mem.lock().unwrap();
        Ok(m.comments.get(&id).map(|c| Comment {
            id: c.id,
            post: c.post,
            author: person(c.author),
            body: c.body.clone(),
            created_at: c.created_at,
        }))
    }
    async fn delete_comment(&self, id: CommentId) -> Result<bool, PlazaError> {
        Ok(self.mem.lock().unwrap().comments.remove(&id).is_some())
    }
}

struct World {
    svc: PlazaService,
    posts: MemPosts,
    media_rows: Arc<MemoryRepository>,
    store: Arc<MemoryStore>,
}

fn allowing() -> MockRateLimiter {
    let mut l = MockRateLimiter::new();
    l.expect_hit()
        .returning(|_, _, _| Ok(RateDecision::Allowed));
    l
}

fn sichuan() -> District {
    District::new(
        districts::DistrictCode::parse("510000").unwrap(),
        "四川省",
        "Sichuan",
        30.65,
        104.07,
        Some(TilePosition::new(4, 4).unwrap()),
    )
    .unwrap()
}

fn world_with(limiter: MockRateLimiter, audit: MockAuditLog) -> World {
    let mut processor = MockImageProcessor::new();
    processor.expect_process().returning(|_, _| {
        Ok(ProcessedImage {
            format: ImageFormat::Png,
            original: vec![1; 10],
            width: 10,
            height: 10,
            thumbnail: vec![2; 5],
            thumb_width: 10,
            thumb_height: 10,
        })
    });
    let clock = Arc::new(FixedClock(t0()));
    let media_rows = Arc::new(MemoryRepository::default());
    let store = Arc::new(MemoryStore::default());
    let media = Arc::new(MediaService::new(
        MediaPorts {
            store: store.clone(),
            repo: media_rows.clone(),
            processor: Arc::new(processor),
            access: Arc::new(PlazaMediaAccess),
            limiter: Arc::new(allowing()),
            clock: clock.clone(),
        },
        MediaPolicy::default(),
    ));
    let posts = MemPosts {
        mem: Arc::default(),
        media: media_rows.clone(),
    };
    let mut districts = MockDistrictRepository::new();
    districts
        .expect_find()
        .returning(|code| Ok((code.as_str() == "510000").then(sichuan)));
    let svc = PlazaService::new(
        PlazaPorts {
            posts: Arc::new(posts.clone()),
            districts: Arc::new(districts),
            limiter: Arc::new(limiter),
            audit: Arc::new(audit),
            clock,
            notifier: Arc::new(kernel::notice::Silent),
        },
        media,
        PlazaPolicy::default(),
    );
    World {
        svc,
        posts,
        media_rows,
        store,
    }
}

fn world() -> World {
    world_with(allowing(), MockAuditLog::new())
}

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n0000000000000000";

fn text(body: &str) -> NewPostInput {
    NewPostInput {
        body: body.into(),
        images: vec![],
        district: None,
    }
}

fn user(role: Role) -> Actor {
    Actor {
        id: UserId::new_random(),
        role,
        ip: Some("203.0.113.9".into()),
    }
}

#[tokio::test]
async fn a_post_takes_the_authors_own_uploads_in_order_and_attaches_them() {
    let w = world();
    let alice = UserId::new_random();
    let a = w.svc.upload_image(alice, PNG.to_vec()).await.unwrap();
    let b = w.svc.upload_image(alice, PNG.to_vec()).await.unwrap();
    assert_eq!(a.state, MediaState::Unattached);
    let post = w
        .svc
        .create(
            alice,
            NewPostInput {
                body: " 成都今天出太阳了 ".into(),
                images: vec![b.id, a.id],
                district: Some("510000".into()),
            },
        )
        .await
        .unwrap();
    assert_eq!(post.body, "成都今天出太阳了");
    let order: Vec<MediaId> = post.images.iter().map(|i| i.media).collect();
    assert_eq!(order, [b.id, a.id]);
    assert_eq!(
        w.media_rows.find(a.id).await.unwrap().unwrap().state,
        MediaState::Attached
    );
    // Used once: a second post cannot take the same image.
    assert!(matches!(
        w.svc
            .create(
                alice,
                NewPostInput {
                    body: "again".into(),
                    images: vec![a.id],
                    district: None,
                },
            )
            .await,
        Err(PlazaError::ImageNotUsable)
    ));
}

#[tokio::test]
async fn someone_elses_upload_or_a_repeated_image_is_refused() {
    let w = world();
    let alice = UserId::new_random();
    let mallory = UserId::new_random();
    let a = w.svc.upload_image(alice, PNG.to_vec()).await.unwrap();
    let stolen = NewPostInput {
        body: "mine now".into(),
        images: vec![a.id],
        district: None,
    };
    assert!(matches!(
        w.svc.create(mallory, stolen).await,
        Err(PlazaError::ImageNotUsable)
    ));
    let twice = NewPostInput {
        body: "twice".into(),
        images: vec![a.id, a.id],
        district: None,
    };
    assert!(matches!(
        w.svc.create(alice, twice).await,
        Err(PlazaError::ImageNotUsable)
    ));
    assert_eq!(
        w.media_rows.find(a.id).await.unwrap().unwrap().state,
        MediaState::Unattached
    );
}

#[tokio::test]
async fn text_images_and_district_are_checked_before_anything_is_written() {
    let w = world();
    let alice = UserId::new_random();
    let ten = NewPostInput {
        body: "x".into(),
        images: (0..10).map(|_| MediaId::new_random()).collect(),
        district: None,
    };
    assert!(matches!(
        w.svc.create(alice, ten).await,
        Err(PlazaError::TooManyImages)
    ));
    assert!(matches!(
        w.svc.create(alice, text("  ")).await,
        Err(PlazaError::InvalidBody)
    ));
    for district in ["51", "abcdef", "520000"] {
        let input = NewPostInput {
            district: Some(district.into()),
            ..text("hi")
        };
        assert!(
            matches!(
                w.svc.create(alice, input).await,
                Err(PlazaError::UnknownDistrict)
            ),
            "{district}"
        );
    }
    assert!(w.posts.mem.lock().unwrap().posts.is_empty());
}

#[tokio::test]
async fn posting_past_the_rate_writes_nothing() {
    let mut limiter = MockRateLimiter::new();
    limiter
        .expect_hit()
        .withf(|key, _, _| key.starts_with("plaza:post:"))
        .returning(|_, _, _| {
            Ok(RateDecision::Limited {
                retry_after_secs: 42,
            })
        });
    let w = world_with(limiter, MockAuditLog::new());
    assert!(matches!(
        w.svc.create(UserId::new_random(), text("hi")).await,
        Err(PlazaError::RateLimited {
            retry_after_secs: 42
        })
    ));
    assert!(w.posts.mem.lock().unwrap().posts.is_empty());
}

#[tokio::test]
async fn a_like_counts_once_and_an_unlike_takes_it_back() {
    let w = world();
    let alice = UserId::new_random();
    let bob = UserId::new_random();
    let post = w.svc.create(alice, text("hi")).await.unwrap();
    assert_eq!(w.svc.like(bob, post.id).await.unwrap().like_count, 1);
    let again = w.svc.like(bob, post.id).await.unwrap();
    assert_eq!((again.liked, again.like_count), (true, 1));
    assert_eq!(w.svc.like(alice, post.id).await.unwrap().like_count, 2);
    assert!(w.svc.post(Some(bob), post.id).await.unwrap().liked);
    let back = w.svc.unlike(bob, post.id).await.unwrap();
    assert_eq!((back.liked, back.like_count), (false, 1));
    assert_eq!(w.svc.unlike(bob, post.id).await.unwrap().like_count, 1);
    assert!(matches!(
        w.svc.like(bob, PostId::new_random()).await,
        Err(PlazaError::NotFound)
    ));
}

#[tokio::test]
async fn only_the_author_or_an_admin_deletes_and_moderation_is_audited_with_files_removed() {
    let mut audit = MockAuditLog::new();
    audit
        .expect_record()
        .withf(|e| e.action == "plaza.post.deleted" && e.ip.as_deref() == Some("203.0.113.9"))
        .times(1)
        .returning(|_| Ok(()));
    let w = world_with(allowing(), audit);
    let author = user(Role::User);
    let image = w.svc.upload_image(author.id, PNG.to_vec()).await.unwrap();
    let post = w
        .svc
        .create(
            author.id,
            NewPostInput {
                body: "x".into(),
                images: vec![image.id],
                district: None,
            },
        )
        .await
        .unwrap();
    assert!(matches!(
        w.svc.delete(&user(Role::User), post.id).await,
        Err(PlazaError::NotAllowed)
    ));
    w.svc.delete(&user(Role::Admin), post.id).await.unwrap();
    assert!(matches!(
        w.svc.post(None, post.id).await,
        Err(PlazaError::NotFound)
    ));
    assert!(w.media_rows.find(image.id).await.unwrap().is_none());
    for key in image.keys() {
        assert!(w.store.get(&key).await.unwrap().is_none());
    }
    // The author's own deletion is not moderation: no second audit event (times(1) above).
    let own = w.svc.create(author.id, text("mine")).await.unwrap();
    w.svc.delete(&author, own.id).await.unwrap();
}

#[tokio::test]
async fn comments_are_checked_listed_oldest_first_and_deleted_by_their_author() {
    let w = world();
    let alice = user(Role::User);
    let post = w.svc.create(alice.id, text("hi")).await.unwrap();
    assert!(matches!(
        w.svc.comment(alice.id, post.id, " ").await,
        Err(PlazaError::InvalidComment)
    ));
    assert!(matches!(
        w.svc.comment(alice.id, PostId::new_random(), "hey").await,
        Err(PlazaError::NotFound)
    ));
    let c = w.svc.comment(alice.id, post.id, " first ").await.unwrap();
    assert_eq!(c.body, "first");
    let page = w
        .svc
        .comments(post.id, PageRequest::first(20))
        .await
        .unwrap();
    assert_eq!(page.items.len(), 1);
    assert!(matches!(
        w.svc.delete_comment(&user(Role::User), c.id).await,
        Err(PlazaError::NotAllowed)
    ));
    w.svc.delete_comment(&alice, c.id).await.unwrap();
    assert!(matches!(
        w.svc
            .comments(PostId::new_random(), PageRequest::first(20))
            .await,
        Err(PlazaError::NotFound)
    ));
}

#[tokio::test]
async fn a_comment_is_readable_while_it_and_its_post_exist() {
    let w = world();
    let alice = user(Role::User);
    let post = w.svc.create(alice.id, text("hi")).await.unwrap();
    let other = w.svc.create(alice.id, text("other")).await.unwrap();
    let c = w.svc.comment(alice.id, post.id, "first").await.unwrap();
    assert!(w.svc.comment_readable(None, post.id, c.id).await.unwrap());
    // The comment must be the post's.
    assert!(!w.svc.comment_readable(None, other.id, c.id).await.unwrap());
    assert!(
        !w.svc
            .comment_readable(None, post.id, CommentId::new_random())
            .await
            .unwrap()
    );
    w.svc.delete_comment(&alice, c.id).await.unwrap();
    assert!(!w.svc.comment_readable(None, post.id, c.id).await.unwrap());
    let d = w.svc.comment(alice.id, other.id, "second").await.unwrap();
    w.svc.delete(&alice, other.id).await.unwrap();
    assert!(
        !w.svc
            .comment_readable(Some(alice.id), other.id, d.id)
            .await
            .unwrap()
    );
}

#[tokio::test]
async fn a_malformed_district_filter_is_refused_and_new_posts_are_counted_above_the_head() {
    let w = world();
    assert!(matches!(
        w.svc.feed(None, Some("x"), PageRequest::first(20)).await,
        Err(PlazaError::UnknownDistrict)
    ));
    let alice = UserId::new_random();
    let first = w.svc.create(alice, text("one")).await.unwrap();
    assert_eq!(w.svc.count_newer(first.cursor(), None).await.unwrap(), 0);
}

fn media_of(kind: MediaKind, state: MediaState, owner: UserId) -> Media {
    Media {
        id: MediaId::new_random(),
        owner,
        group: None,
        article: None,
        kind,
        state,
        format: ImageFormat::Png,
        width: 1,
        height: 1,
        thumb_width: 1,
        thumb_height: 1,
        bytes: 1,
        created_at: t0(),
        hidden_at: None,
    }
}

#[tokio::test]
async fn a_posted_image_is_public_and_an_unposted_one_its_owners_alone() {
    let owner = UserId::new_random();
    let other = Some(UserId::new_random());
    let access = PlazaMediaAccess;
    let cases = [
        (
            MediaKind::Plaza,
            MediaState::Attached,
            None,
            Readable::Public,
        ),
        (
            MediaKind::Plaza,
            MediaState::Unattached,
            Some(owner),
            Readable::Private,
        ),
        (
            MediaKind::Plaza,
            MediaState::Unattached,
            other,
            Readable::No,
        ),
        (MediaKind::Plaza, MediaState::Unattached, None, Readable::No),
        (
            MediaKind::Plaza,
            MediaState::Pending,
            Some(owner),
            Readable::No,
        ),
        (
            MediaKind::Gallery,
            MediaState::Attached,
            Some(owner),
            Readable::No,
        ),
    ];
    for (kind, state, viewer, expected) in cases {
        let m = media_of(kind, state, owner);
        assert_eq!(
            access.readable(viewer, &m).await.unwrap(),
            expected,
            "{kind:?} {state:?}"
        );
    }
}
