#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The plaza rules over an in-memory post repository (a plain model of the port's contract,
//! attaching images as the database does), a media service over in-memory media ports, a fixed
//! clock and mocked limiter, districts and audit log.

use super::*;
use crate::model::PostImage;
use chrono::{DateTime, TimeZone, Utc};
use districts::ports::MockDistrictRepository;
use districts::{District, TilePosition};
use kernel::{FixedClock, MockAuditLog, MockRateLimiter, Person, Withheld};
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

/// An item's edits: its version, when it was last edited, and its earlier texts (oldest
/// first).
#[derive(Default, Clone)]
struct Edits {
    version: u32,
    edited_at: Option<DateTime<Utc>>,
    earlier: Vec<TextVersion>,
}

impl Edits {
    fn version(&self) -> u32 {
        self.version.max(1)
    }

    /// Replaces `body` (written at `written`) when at `from`; `false` otherwise.
    fn edit(
        &mut self,
        body: &mut String,
        written: DateTime<Utc>,
        from: u32,
        new: &str,
        at: DateTime<Utc>,
    ) -> bool {
        if self.version() != from {
            return false;
        }
        self.earlier.push(TextVersion {
            version: from,
            body: std::mem::replace(body, new.to_owned()),
            written_at: self.edited_at.unwrap_or(written),
        });
        self.version = from + 1;
        self.edited_at = Some(at);
        true
    }

    fn newest_first(&self) -> Vec<TextVersion> {
        self.earlier.iter().rev().cloned().collect()
    }
}

#[derive(Default)]
struct Mem {
    posts: HashMap<PostId, NewPost>,
    likes: HashMap<PostId, BTreeMap<UserId, ()>>,
    comments: HashMap<CommentId, NewComment>,
    post_edits: HashMap<PostId, Edits>,
    comment_edits: HashMap<CommentId, Edits>,
}

fn comment_of(m: &Mem, c: &NewComment) -> Comment {
    let edits = m.comment_edits.get(&c.id).cloned().unwrap_or_default();
    Comment {
        id: c.id,
        post: c.post,
        author: person(c.author),
        body: c.body.clone(),
        created_at: c.created_at,
        version: edits.version(),
        edited_at: edits.edited_at,
        withheld: c.held.as_ref().map(|_| Withheld::Held),
    }
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
            version: m.post_edits.get(&p.id).map_or(1, Edits::version),
            edited_at: m.post_edits.get(&p.id).and_then(|e| e.edited_at),
            withheld: p.held.as_ref().map(|_| Withheld::Held),
        }
    }

    fn state(m: &Mem, post: PostId, user: UserId, changed: bool) -> LikeState {
        let likes = m.likes.get(&post);
        LikeState {
            liked: likes.is_some_and(|l| l.contains_key(&user)),
            like_count: likes.map_or(0, |l| l.len() as u32),
            changed,
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
        Ok(m.posts
            .get(&id)
            .filter(|p| p.held.is_none() || Some(p.author) == viewer)
            .map(|p| self.view(&m, p, viewer)))
    }
    async fn find_many(
        &self,
        ids: &[PostId],
        viewer: Option<UserId>,
    ) -> Result<Vec<PostText>, PlazaError> {
        let mut found = Vec::new();
        for id in ids {
            if let Some(p) = self.find(*id, viewer).await? {
                found.push(PostText {
                    id: p.id,
                    author: p.author.id,
                    body: p.body,
                });
            }
        }
        Ok(found)
    }
    async fn find_any(&self, id: PostId) -> Result<Option<Post>, PlazaError> {
        let m = self.mem.lock().unwrap();
        Ok(m.posts.get(&id).map(|p| self.view(&m, p, None)))
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
        _viewer: Option<UserId>,
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
        let changed = m.likes.entry(post).or_default().insert(user, ()).is_none();
        Ok(Some(Self::state(&m, post, user, changed)))
    }
    async fn unlike(&self, post: PostId, user: UserId) -> Result<Option<LikeState>, PlazaError> {
        let mut m = self.mem.lock().unwrap();
        if !m.posts.contains_key(&post) {
            return Ok(None);
        }
        let changed = m
            .likes
            .get_mut(&post)
            .is_some_and(|l| l.remove(&user).is_some());
        Ok(Some(Self::state(&m, post, user, changed)))
    }
    async fn comments(
        &self,
        post: PostId,
        _viewer: Option<UserId>,
        page: PageRequest,
    ) -> Result<Page<Comment>, PlazaError> {
        let m = self.mem.lock().unwrap();
        let mut rows: Vec<Comment> = m
            .comments
            .values()
            .filter(|c| c.post == post)
            .map(|c| comment_of(&m, c))
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
        Ok(m.comments.get(&id).map(|c| comment_of(&m, c)))
    }
    async fn find_comments(&self, ids: &[CommentId]) -> Result<Vec<Comment>, PlazaError> {
        let m = self.mem.lock().unwrap();
        Ok(ids
            .iter()
            .filter_map(|id| m.comments.get(id).map(|c| comment_of(&m, c)))
            .collect())
    }
    async fn delete_comment(&self, id: CommentId) -> Result<bool, PlazaError> {
        Ok(self.mem.lock().unwrap().comments.remove(&id).is_some())
    }
    async fn edit_post(
        &self,
        id: PostId,
        from: u32,
        body: &str,
        at: DateTime<Utc>,
        held: Option<Vec<String>>,
    ) -> Result<bool, PlazaError> {
        let mut guard = self.mem.lock().unwrap();
        let m = &mut *guard;
        let Some(post) = m.posts.get_mut(&id) else {
            return Ok(false);
        };
        if post.held.is_none() {
            post.held = held;
        }
        let written = post.created_at;
        Ok(m.post_edits
            .entry(id)
            .or_default()
            .edit(&mut post.body, written, from, body, at))
    }
    async fn post_versions(&self, id: PostId) -> Result<Vec<TextVersion>, PlazaError> {
        let m = self.mem.lock().unwrap();
        Ok(m.post_edits
            .get(&id)
            .map(Edits::newest_first)
            .unwrap_or_default())
    }
    async fn edit_comment(
        &self,
        id: CommentId,
        from: u32,
        body: &str,
        at: DateTime<Utc>,
        held: Option<Vec<String>>,
    ) -> Result<bool, PlazaError> {
        let mut guard = self.mem.lock().unwrap();
        let m = &mut *guard;
        let Some(comment) = m.comments.get_mut(&id) else {
            return Ok(false);
        };
        if comment.held.is_none() {
            comment.held = held;
        }
        let written = comment.created_at;
        Ok(m.comment_edits
            .entry(id)
            .or_default()
            .edit(&mut comment.body, written, from, body, at))
    }
    async fn comment_versions(&self, id: CommentId) -> Result<Vec<TextVersion>, PlazaError> {
        let m = self.mem.lock().unwrap();
        Ok(m.comment_edits
            .get(&id)
            .map(Edits::newest_first)
            .unwrap_or_default())
    }
}

/// Remembers what it was told, in order.
#[derive(Default)]
struct Told {
    notices: Mutex<Vec<Notice>>,
    news: Mutex<Vec<News>>,
}

#[async_trait]
impl kernel::Notifier for Told {
    async fn notify(&self, notice: Notice) {
        self.notices.lock().unwrap().push(notice);
    }
    async fn announce(&self, news: News) {
        self.news.lock().unwrap().push(news);
    }
}

impl Told {
    /// Forgets what it was told so far.
    fn take(&self) -> Vec<Notice> {
        std::mem::take(&mut *self.notices.lock().unwrap())
    }
}

struct World {
    svc: PlazaService,
    posts: MemPosts,
    told: Arc<Told>,
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

/// Blocks between pairs of people (either way), and the usernames mentions name them by.
#[derive(Default)]
struct PairBlocks {
    pairs: Mutex<Vec<(UserId, UserId)>>,
    names: HashMap<String, UserId>,
}

impl PairBlocks {
    fn new(pairs: Vec<(UserId, UserId)>, names: &[(&str, UserId)]) -> Arc<Self> {
        Arc::new(Self {
            pairs: Mutex::new(pairs),
            names: names.iter().map(|(n, id)| ((*n).to_owned(), *id)).collect(),
        })
    }
}

#[async_trait]
impl kernel::Blocks for PairBlocks {
    async fn is_blocked(&self, a: UserId, b: UserId) -> Result<bool, anyhow::Error> {
        Ok(self
            .pairs
            .lock()
            .unwrap()
            .iter()
            .any(|p| *p == (a, b) || *p == (b, a)))
    }
    async fn blocked_among(
        &self,
        actor: UserId,
        usernames: Vec<String>,
    ) -> Result<Vec<String>, anyhow::Error> {
        let mut found = Vec::new();
        for name in usernames {
            if let Some(id) = self.names.get(&name)
                && self.is_blocked(actor, *id).await?
            {
                found.push(name);
            }
        }
        Ok(found)
    }
}

fn world_with(limiter: MockRateLimiter, audit: MockAuditLog) -> World {
    world_blocking(limiter, audit, Arc::default())
}

fn world_blocking(limiter: MockRateLimiter, audit: MockAuditLog, blocks: Arc<PairBlocks>) -> World {
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
    let told = Arc::new(Told::default());
    let svc = PlazaService::new(
        PlazaPorts {
            posts: Arc::new(posts.clone()),
            districts: Arc::new(districts),
            limiter: Arc::new(limiter),
            audit: Arc::new(audit),
            clock,
            notifier: told.clone(),
            words: Arc::new(kernel::ListedWords {
                refused: &["禁词"],
                held: &["审词"],
            }),
            blocks,
        },
        media,
        PlazaPolicy::default(),
    );
    World {
        svc,
        posts,
        told,
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
async fn a_listed_word_refuses_a_post_a_comment_and_their_edits_and_nothing_is_stored() {
    let w = world();
    let alice = UserId::new_random();
    fn refused<T>(r: Result<T, PlazaError>) -> Vec<String> {
        match r {
            Err(PlazaError::WordsRefused(found)) => found,
            Err(other) => panic!("refused for another reason: {other}"),
            Ok(_) => panic!("stored"),
        }
    }
    assert_eq!(
        refused(w.svc.create(alice, text("一句禁词，又一个禁词")).await),
        vec!["禁词".to_owned()],
        "each word once"
    );
    assert!(w.posts.mem.lock().unwrap().posts.is_empty());
    let post = w.svc.create(alice, text("hi")).await.unwrap();
    refused(w.svc.comment(alice, post.id, "禁词").await);
    refused(w.svc.edit_post(alice, post.id, "禁词", post.version).await);
    assert_eq!(w.svc.post(None, post.id).await.unwrap().body, "hi");
    let c = w.svc.comment(alice, post.id, "fine").await.unwrap();
    refused(w.svc.edit_comment(alice, c.id, "禁词!", c.version).await);
    let comments = w
        .svc
        .comments(None, post.id, PageRequest::first(10))
        .await
        .unwrap();
    assert_eq!(comments.items[0].body, "fine");
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
        w.svc.delete(&user(Role::User), post.id, None).await,
        Err(PlazaError::NotAllowed)
    ));
    w.svc
        .delete(&user(Role::Admin), post.id, None)
        .await
        .unwrap();
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
    w.svc.delete(&author, own.id, None).await.unwrap();
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
        .comments(None, post.id, PageRequest::first(20))
        .await
        .unwrap();
    assert_eq!(page.items.len(), 1);
    assert!(matches!(
        w.svc.delete_comment(&user(Role::User), c.id, None).await,
        Err(PlazaError::NotAllowed)
    ));
    w.svc.delete_comment(&alice, c.id, None).await.unwrap();
    assert!(matches!(
        w.svc
            .comments(None, PostId::new_random(), PageRequest::first(20))
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
    w.svc.delete_comment(&alice, c.id, None).await.unwrap();
    assert!(!w.svc.comment_readable(None, post.id, c.id).await.unwrap());
    let d = w.svc.comment(alice.id, other.id, "second").await.unwrap();
    w.svc.delete(&alice, other.id, None).await.unwrap();
    assert!(
        !w.svc
            .comment_readable(Some(alice.id), other.id, d.id)
            .await
            .unwrap()
    );
}

/// The batched read answers what the single reads answer, each post and comment asked alone:
/// a held post or comment its author's only, a comment under another post or gone, a post
/// gone.
#[tokio::test]
async fn readable_among_answers_as_the_single_reads_do() {
    let w = world();
    let alice = UserId::new_random();
    let bob = UserId::new_random();
    let open = w.svc.create(alice, text("open")).await.unwrap();
    let held = w.svc.create(alice, text("一句审词")).await.unwrap();
    let other = w.svc.create(alice, text("other")).await.unwrap();
    let shown = w.svc.comment(bob, open.id, "fine").await.unwrap();
    let withheld = w.svc.comment(bob, open.id, "审词 again").await.unwrap();
    let on_other = w.svc.comment(alice, other.id, "there").await.unwrap();
    let posts = [open.id, held.id, PostId::new_random()];
    let comments = [
        (open.id, shown.id),
        (open.id, withheld.id),
        // Named under the wrong post, or never written.
        (open.id, on_other.id),
        (open.id, CommentId::new_random()),
        (other.id, on_other.id),
    ];
    for viewer in [None, Some(alice), Some(bob)] {
        let found = w
            .svc
            .readable_among(viewer, &posts, &comments)
            .await
            .unwrap();
        for post in posts.iter().chain(comments.iter().map(|(p, _)| p)) {
            assert_eq!(
                found.posts.contains_key(post),
                w.svc.post(viewer, *post).await.is_ok(),
                "{viewer:?} {post:?}"
            );
        }
        for (post, comment) in comments {
            assert_eq!(
                found.comments.contains(&(post, comment)),
                w.svc.comment_readable(viewer, post, comment).await.unwrap(),
                "{viewer:?} {comment:?}"
            );
        }
        assert_eq!(found.posts.contains_key(&held.id), viewer == Some(alice));
        assert_eq!(
            found.comments.contains(&(open.id, withheld.id)),
            viewer == Some(bob)
        );
        assert!(found.comments.contains(&(other.id, on_other.id)));
        assert!(!found.comments.contains(&(open.id, on_other.id)));
    }
    assert_eq!(found_body(&w, alice, open.id).await, "open");
}

async fn found_body(w: &World, viewer: UserId, post: PostId) -> String {
    w.svc
        .readable_among(Some(viewer), &[post], &[])
        .await
        .unwrap()
        .posts[&post]
        .body
        .clone()
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
    assert_eq!(
        w.svc.count_newer(None, first.cursor(), None).await.unwrap(),
        0
    );
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

fn audited() -> MockAuditLog {
    let mut audit = MockAuditLog::new();
    audit.expect_record().returning(|_| Ok(()));
    audit
}

#[tokio::test]
async fn a_post_is_announced_and_those_it_names_are_told() {
    let w = world();
    let alice = UserId::new_random();
    let quiet = w.svc.create(alice, text("no names here")).await.unwrap();
    assert_eq!(*w.told.news.lock().unwrap(), [News::PlazaPosted]);
    assert!(w.told.take().is_empty(), "{quiet:?} names nobody");
    let post = w.svc.create(alice, text("hi @bob")).await.unwrap();
    assert_eq!(w.told.news.lock().unwrap().len(), 2);
    assert_eq!(
        w.told.take(),
        [Notice {
            kind: NoticeKind::Mentioned,
            to: Audience::MentionedIn("hi @bob".into()),
            actor: Some(alice),
            subject: Subject::PlazaPost { post: post.id.0 },
            detail: Some("hi @bob".into()),
            at: t0(),
        }]
    );
}

#[tokio::test]
async fn a_comment_tells_the_posts_author_and_those_it_names() {
    let w = world();
    let alice = UserId::new_random();
    let bob = UserId::new_random();
    let post = w.svc.create(alice, text("hi")).await.unwrap();
    let long = format!("@carol {}", "长".repeat(200));
    let c = w.svc.comment(bob, post.id, &long).await.unwrap();
    let subject = Subject::PlazaComment {
        post: post.id.0,
        comment: c.id.0,
    };
    let told = w.told.take();
    assert_eq!(told.len(), 2, "{told:?}");
    assert_eq!(told[0].kind, NoticeKind::Replied);
    assert_eq!(told[0].to, Audience::Users(vec![alice]));
    assert_eq!(told[0].actor, Some(bob));
    assert_eq!(told[0].subject, subject);
    let detail = told[0].detail.clone().unwrap();
    assert!(detail.starts_with("@carol 长") && detail.chars().count() <= 140);
    assert_eq!(told[1].kind, NoticeKind::Mentioned);
    assert_eq!(told[1].to, Audience::MentionedIn(long));
    assert_eq!(told[1].subject, subject);
    // A comment refused tells nobody.
    assert!(w.svc.comment(bob, PostId::new_random(), "x").await.is_err());
    assert!(w.told.take().is_empty());
}

#[tokio::test]
async fn only_a_like_that_is_new_tells_the_author() {
    let w = world();
    let alice = UserId::new_random();
    let bob = UserId::new_random();
    let post = w.svc.create(alice, text("hi")).await.unwrap();
    let first = w.svc.like(bob, post.id).await.unwrap();
    assert!(first.changed);
    assert!(!w.svc.like(bob, post.id).await.unwrap().changed);
    w.svc.unlike(bob, post.id).await.unwrap();
    assert_eq!(
        w.told.take(),
        [Notice {
            kind: NoticeKind::Liked,
            to: Audience::Users(vec![alice]),
            actor: Some(bob),
            subject: Subject::PlazaPost { post: post.id.0 },
            detail: None,
            at: t0(),
        }]
    );
}

#[tokio::test]
async fn an_admin_removing_someones_writing_tells_them_with_the_reason() {
    let w = world_with(allowing(), audited());
    let author = user(Role::User);
    let admin = user(Role::Admin);
    let post = w.svc.create(author.id, text("hi")).await.unwrap();
    let c = w
        .svc
        .comment(author.id, post.id, "spam spam")
        .await
        .unwrap();
    w.told.take();
    let too_long = "x".repeat(MAX_REASON_CHARS + 1);
    assert!(matches!(
        w.svc.delete_comment(&admin, c.id, Some(&too_long)).await,
        Err(PlazaError::InvalidReason)
    ));
    w.svc
        .delete_comment(&admin, c.id, Some("  advertising "))
        .await
        .unwrap();
    w.svc.delete(&admin, post.id, Some(" ")).await.unwrap();
    assert_eq!(
        w.told.take(),
        [
            Notice {
                kind: NoticeKind::ContentRemoved,
                to: Audience::Users(vec![author.id]),
                actor: Some(admin.id),
                subject: Subject::PlazaComment {
                    post: post.id.0,
                    comment: c.id.0,
                },
                detail: Some("advertising".into()),
                at: t0(),
            },
            Notice {
                kind: NoticeKind::ContentRemoved,
                to: Audience::Users(vec![author.id]),
                actor: Some(admin.id),
                subject: Subject::PlazaPost { post: post.id.0 },
                detail: None,
                at: t0(),
            },
        ]
    );
    // One's own deletion tells nobody.
    let own = w.svc.create(author.id, text("mine")).await.unwrap();
    w.told.take();
    w.svc.delete(&author, own.id, None).await.unwrap();
    assert!(w.told.take().is_empty());
}

#[tokio::test]
async fn an_edit_keeps_the_earlier_text_and_one_from_an_older_version_is_a_conflict() {
    let w = world();
    let alice = user(Role::User);
    let post = w.svc.create(alice.id, text("first")).await.unwrap();
    assert_eq!((post.version, post.edited_at), (1, None));
    let EditOutcome::Saved(edited) = w
        .svc
        .edit_post(alice.id, post.id, " second ", 1)
        .await
        .unwrap()
    else {
        panic!("an edit from the current version saves")
    };
    assert_eq!(edited.body, "second");
    assert_eq!((edited.version, edited.edited_at), (2, Some(t0())));
    // A second editor that loaded version 1 writes nothing and gets the post as it is.
    let stale = w
        .svc
        .edit_post(alice.id, post.id, "third", 1)
        .await
        .unwrap();
    assert_eq!(stale, EditOutcome::Conflict(edited.clone()));
    // An unchanged text is no new version.
    let same = w
        .svc
        .edit_post(alice.id, post.id, "second", 2)
        .await
        .unwrap();
    assert_eq!(same, EditOutcome::Saved(edited));
    let versions = w.svc.post_versions(&alice, post.id).await.unwrap();
    let texts: Vec<(u32, &str)> = versions
        .iter()
        .map(|v| (v.version, v.body.as_str()))
        .collect();
    assert_eq!(texts, [(2, "second"), (1, "first")]);
    assert!(
        w.svc
            .post_versions(&user(Role::Admin), post.id)
            .await
            .is_ok()
    );
    assert!(matches!(
        w.svc.post_versions(&user(Role::User), post.id).await,
        Err(PlazaError::NotAllowed)
    ));
    // Only the author edits, a text the rules allow, of a post that exists.
    assert!(matches!(
        w.svc
            .edit_post(UserId::new_random(), post.id, "mine", 2)
            .await,
        Err(PlazaError::NotAllowed)
    ));
    assert!(matches!(
        w.svc.edit_post(alice.id, post.id, "  ", 2).await,
        Err(PlazaError::InvalidBody)
    ));
    assert!(matches!(
        w.svc
            .edit_post(alice.id, PostId::new_random(), "x", 1)
            .await,
        Err(PlazaError::NotFound)
    ));
}

#[tokio::test]
async fn an_edit_tells_only_those_it_newly_names() {
    let w = world();
    let alice = UserId::new_random();
    let post = w.svc.create(alice, text("hi @bob")).await.unwrap();
    w.told.take();
    w.svc
        .edit_post(alice, post.id, "hi @Bob and @carol", 1)
        .await
        .unwrap();
    let told = w.told.take();
    assert_eq!(told.len(), 1, "{told:?}");
    assert_eq!(told[0].kind, NoticeKind::Mentioned);
    assert_eq!(told[0].to, Audience::MentionedIn("@carol".into()));
    assert_eq!(told[0].subject, Subject::PlazaPost { post: post.id.0 });
    w.svc
        .edit_post(alice, post.id, "hi @carol", 2)
        .await
        .unwrap();
    assert!(w.told.take().is_empty(), "nobody new is named");
    // A comment's edit likewise.
    let c = w.svc.comment(alice, post.id, "thanks").await.unwrap();
    w.told.take();
    w.svc
        .edit_comment(alice, c.id, "thanks @dave", 1)
        .await
        .unwrap();
    let told = w.told.take();
    assert_eq!(told.len(), 1, "{told:?}");
    assert_eq!(told[0].to, Audience::MentionedIn("@dave".into()));
    assert_eq!(
        told[0].subject,
        Subject::PlazaComment {
            post: post.id.0,
            comment: c.id.0
        }
    );
}

#[tokio::test]
async fn a_comment_is_edited_by_its_author_with_its_versions_kept() {
    let w = world();
    let alice = user(Role::User);
    let bob = user(Role::User);
    let post = w.svc.create(alice.id, text("hi")).await.unwrap();
    let c = w.svc.comment(bob.id, post.id, "one").await.unwrap();
    assert!(matches!(
        w.svc.edit_comment(alice.id, c.id, "mine", 1).await,
        Err(PlazaError::NotAllowed)
    ));
    assert!(matches!(
        w.svc.edit_comment(bob.id, c.id, " ", 1).await,
        Err(PlazaError::InvalidComment)
    ));
    let EditOutcome::Saved(two) = w.svc.edit_comment(bob.id, c.id, "two", 1).await.unwrap() else {
        panic!("saved")
    };
    assert_eq!((two.version, two.edited_at), (2, Some(t0())));
    assert!(matches!(
        w.svc.edit_comment(bob.id, c.id, "three", 1).await.unwrap(),
        EditOutcome::Conflict(current) if current.body == "two"
    ));
    let versions = w.svc.comment_versions(&bob, c.id).await.unwrap();
    assert_eq!(
        versions,
        [
            TextVersion {
                version: 2,
                body: "two".into(),
                written_at: t0()
            },
            TextVersion {
                version: 1,
                body: "one".into(),
                written_at: t0()
            },
        ]
    );
    assert!(matches!(
        w.svc.comment_versions(&alice, c.id).await,
        Err(PlazaError::NotAllowed)
    ));
    assert_eq!(
        w.svc
            .comment_versions(&user(Role::Admin), c.id)
            .await
            .unwrap()
            .len(),
        2
    );
}

#[tokio::test]
async fn editing_past_the_rate_writes_nothing() {
    let mut limiter = MockRateLimiter::new();
    limiter
        .expect_hit()
        .withf(|key, _, _| key.starts_with("plaza:edit:"))
        .returning(|_, _, _| {
            Ok(RateDecision::Limited {
                retry_after_secs: 7,
            })
        });
    limiter
        .expect_hit()
        .returning(|_, _, _| Ok(RateDecision::Allowed));
    let w = world_with(limiter, MockAuditLog::new());
    let alice = UserId::new_random();
    let post = w.svc.create(alice, text("one")).await.unwrap();
    assert!(matches!(
        w.svc.edit_post(alice, post.id, "two", 1).await,
        Err(PlazaError::RateLimited {
            retry_after_secs: 7
        })
    ));
    assert_eq!(w.svc.post(None, post.id).await.unwrap().body, "one");
}

#[tokio::test]
async fn a_block_either_way_refuses_comments_likes_and_mentions_and_tells_nobody() {
    let (alice, bob, carol) = (
        UserId::new_random(),
        UserId::new_random(),
        UserId::new_random(),
    );
    // Bob blocked Alice; Carol blocked nobody.
    let blocks = PairBlocks::new(vec![(bob, alice)], &[("bob", bob), ("carol", carol)]);
    let w = world_blocking(allowing(), MockAuditLog::new(), blocks);
    let bobs = w.svc.create(bob, text("bob's")).await.unwrap();
    let alices = w.svc.create(alice, text("alice's")).await.unwrap();
    w.told.take();
    fn blocked<T>(r: Result<T, PlazaError>) -> bool {
        matches!(r, Err(PlazaError::Blocked))
    }
    // The blocked one cannot answer, like or mention the blocker …
    assert!(blocked(w.svc.comment(alice, bobs.id, "hello").await));
    assert!(blocked(w.svc.like(alice, bobs.id).await));
    assert!(blocked(w.svc.create(alice, text("hi @bob")).await));
    assert!(blocked(w.svc.comment(alice, alices.id, "see @Bob").await));
    // … nor the blocker the blocked one.
    assert!(blocked(w.svc.comment(bob, alices.id, "hello").await));
    assert!(blocked(w.svc.like(bob, alices.id).await));
    {
        let m = w.posts.mem.lock().unwrap();
        assert!(m.comments.is_empty() && m.likes.is_empty());
        assert_eq!(m.posts.len(), 2);
    }
    assert!(w.told.take().is_empty());
    // Someone no block stands between is answered, liked and mentioned as before.
    w.svc.comment(carol, bobs.id, "hello @alice").await.unwrap();
    w.svc.like(carol, alices.id).await.unwrap();
    w.svc.create(alice, text("hi @carol")).await.unwrap();
    let kinds: Vec<NoticeKind> = w.told.take().iter().map(|n| n.kind).collect();
    assert_eq!(
        kinds,
        [
            NoticeKind::Replied,
            NoticeKind::Mentioned,
            NoticeKind::Liked,
            NoticeKind::Mentioned
        ]
    );
}

#[tokio::test]
async fn an_edit_is_refused_only_for_a_blocked_name_it_adds() {
    let (alice, bob) = (UserId::new_random(), UserId::new_random());
    let blocks = PairBlocks::new(vec![], &[("bob", bob)]);
    let w = world_blocking(allowing(), MockAuditLog::new(), blocks.clone());
    let named = w.svc.create(alice, text("hi @bob")).await.unwrap();
    let plain = w.svc.create(alice, text("plain")).await.unwrap();
    let comment = w.svc.comment(alice, plain.id, "a comment").await.unwrap();
    // Bob blocks Alice after she wrote.
    blocks.pairs.lock().unwrap().push((bob, alice));
    assert!(matches!(
        w.svc
            .edit_post(alice, plain.id, "now @bob", plain.version)
            .await,
        Err(PlazaError::Blocked)
    ));
    assert!(matches!(
        w.svc
            .edit_comment(alice, comment.id, "again @bob!", comment.version)
            .await,
        Err(PlazaError::Blocked)
    ));
    // A text that named Bob before the block keeps his name through an edit.
    let edited = w
        .svc
        .edit_post(alice, named.id, "hello @bob", named.version)
        .await
        .unwrap();
    assert!(matches!(edited, EditOutcome::Saved(p) if p.body == "hello @bob"));
}

#[tokio::test]
async fn a_held_word_keeps_a_post_and_a_comment_for_their_author_and_tells_nobody() {
    let w = world();
    let alice = UserId::new_random();
    let bob = UserId::new_random();
    let post = w.svc.create(alice, text("一句审词 @bob")).await.unwrap();
    assert_eq!(
        post.withheld,
        Some(Withheld::Held),
        "its author sees it, marked"
    );
    assert_eq!(
        w.posts.mem.lock().unwrap().posts[&post.id].held,
        Some(vec!["审词".to_owned()]),
        "stored with the words that held it"
    );
    assert!(matches!(
        w.svc.post(Some(bob), post.id).await,
        Err(PlazaError::NotFound)
    ));
    assert!(matches!(
        w.svc.post(None, post.id).await,
        Err(PlazaError::NotFound)
    ));
    // Nobody can answer or like what nobody else can read.
    assert!(matches!(
        w.svc.comment(bob, post.id, "hi").await,
        Err(PlazaError::NotFound)
    ));
    let open = w.svc.create(alice, text("fine")).await.unwrap();
    assert_eq!(open.withheld, None);
    let c = w.svc.comment(bob, open.id, "审词 again").await.unwrap();
    assert_eq!(c.withheld, Some(Withheld::Held));
    assert!(
        !w.svc
            .comment_readable(Some(alice), open.id, c.id)
            .await
            .unwrap()
    );
    assert!(
        w.svc
            .comment_readable(Some(bob), open.id, c.id)
            .await
            .unwrap()
    );
    // An edit that brings a held word in holds what was shown.
    let edited = w
        .svc
        .edit_post(alice, open.id, "now 审词", open.version)
        .await
        .unwrap();
    assert!(matches!(edited, EditOutcome::Saved(p) if p.withheld == Some(Withheld::Held)));
    assert!(matches!(
        w.svc.post(Some(bob), open.id).await,
        Err(PlazaError::NotFound)
    ));
    let told = w.told.take();
    assert!(
        told.iter().all(|n| n.kind != NoticeKind::Mentioned),
        "a held post mentions no one: {told:?}"
    );
    assert!(
        told.iter().all(|n| n.kind != NoticeKind::Replied),
        "a held comment answers no one: {told:?}"
    );
    assert_eq!(
        w.told.news.lock().unwrap().len(),
        1,
        "only the post shown when written is announced"
    );
}
