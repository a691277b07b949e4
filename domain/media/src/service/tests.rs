#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The media use cases over in-memory ports: the store and the rows are checked against each
//! other after every case (no object without a row, no row without its objects).

use super::*;
use crate::memory::{MemoryRepository, MemoryStore};
use crate::model::ProcessedImage;
use crate::ports::{MockImageProcessor, MockMediaAccess};
use chrono::{DateTime, TimeZone, Utc};
use kernel::{FixedClock, MockRateLimiter};

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 25, 9, 0, 0).unwrap()
}

const JPEG: &[u8] = &[0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3, 4];

fn processed() -> ProcessedImage {
    ProcessedImage {
        format: ImageFormat::Jpeg,
        original: vec![7; 100],
        width: 4000,
        height: 3000,
        thumbnail: vec![8; 10],
        thumb_width: 480,
        thumb_height: 360,
    }
}

struct World {
    store: Arc<MemoryStore>,
    repo: Arc<MemoryRepository>,
    service: MediaService,
}

fn service_over(
    store: Arc<MemoryStore>,
    repo: Arc<MemoryRepository>,
    policy: MediaPolicy,
    processor: MockImageProcessor,
    access: MockMediaAccess,
    limiter: MockRateLimiter,
    now: DateTime<Utc>,
) -> MediaService {
    MediaService::new(
        MediaPorts {
            store,
            repo,
            processor: Arc::new(processor),
            access: Arc::new(access),
            limiter: Arc::new(limiter),
            clock: Arc::new(FixedClock(now)),
        },
        policy,
    )
}

fn world_with(
    policy: MediaPolicy,
    processor: MockImageProcessor,
    access: MockMediaAccess,
    limiter: MockRateLimiter,
    now: DateTime<Utc>,
) -> World {
    let store = Arc::new(MemoryStore::default());
    let repo = Arc::new(MemoryRepository::default());
    let service = service_over(
        store.clone(),
        repo.clone(),
        policy,
        processor,
        access,
        limiter,
        now,
    );
    World {
        store,
        repo,
        service,
    }
}

fn allowing_limiter() -> MockRateLimiter {
    let mut l = MockRateLimiter::new();
    l.expect_hit()
        .returning(|_, _, _| Ok(RateDecision::Allowed));
    l
}

fn working_processor() -> MockImageProcessor {
    let mut p = MockImageProcessor::new();
    p.expect_process().returning(|_, _| Ok(processed()));
    p
}

fn world() -> World {
    world_with(
        MediaPolicy::default(),
        working_processor(),
        MockMediaAccess::new(),
        allowing_limiter(),
        t0(),
    )
}

fn upload(owner: UserId, group: GroupId) -> NewUpload {
    NewUpload {
        owner,
        group: Some(group),
        article: None,
        kind: MediaKind::Gallery,
        attach: true,
        bytes: JPEG.to_vec(),
    }
}

impl World {
    /// Every row not pending has both objects, and every object belongs to a row.
    fn assert_consistent(&self) {
        let rows = self.repo.rows.lock().unwrap();
        let objects = self.store.objects.lock().unwrap();
        for m in rows.values().filter(|m| m.state != MediaState::Pending) {
            for key in m.keys() {
                assert!(objects.contains_key(&key), "row {} lacks {key}", m.id);
            }
        }
        for key in objects.keys() {
            assert!(
                rows.values().any(|m| m.keys().contains(key)),
                "object {key} has no row"
            );
        }
    }
}

#[tokio::test]
async fn an_upload_stores_its_row_and_both_objects() {
    let w = world();
    let (owner, group) = (UserId::new_random(), GroupId::new_random());
    let media = w.service.upload(upload(owner, group)).await.unwrap();
    assert_eq!(media.state, MediaState::Attached);
    assert_eq!((media.width, media.height), (4000, 3000));
    assert_eq!(media.bytes, 110, "original and thumbnail count together");
    assert_eq!(
        w.store
            .objects
            .lock()
            .unwrap()
            .get(&media.key(Variant::Original)),
        Some(&vec![7; 100]),
        "the processed original is stored, not the upload"
    );
    assert_eq!(w.repo.find(media.id).await.unwrap(), Some(media));
    w.assert_consistent();
}

#[tokio::test]
async fn content_decides_the_type_and_size_is_checked_before_anything_else() {
    let mut limiter = MockRateLimiter::new();
    limiter.expect_hit().never();
    let mut processor = MockImageProcessor::new();
    processor.expect_process().never();
    let w = world_with(
        MediaPolicy {
            max_upload_bytes: 8,
            ..MediaPolicy::default()
        },
        processor,
        MockMediaAccess::new(),
        limiter,
        t0(),
    );
    let mut svg = upload(UserId::new_random(), GroupId::new_random());
    svg.bytes = b"<svg/>".to_vec();
    assert!(matches!(
        w.service.upload(svg).await,
        Err(MediaError::UnsupportedType)
    ));
    let mut big = upload(UserId::new_random(), GroupId::new_random());
    big.bytes = [JPEG, &[0]].concat();
    assert!(matches!(
        w.service.upload(big).await,
        Err(MediaError::TooLarge { max_bytes: 8 })
    ));
    assert!(w.repo.rows.lock().unwrap().is_empty());
}

#[tokio::test]
async fn the_upload_rate_and_the_quota_are_per_user() {
    let mut limiter = MockRateLimiter::new();
    limiter
        .expect_hit()
        .withf(|key, _, _| key.starts_with("media:upload:"))
        .returning(|_, _, _| {
            Ok(RateDecision::Limited {
                retry_after_secs: 30,
            })
        });
    let w = world_with(
        MediaPolicy::default(),
        working_processor(),
        MockMediaAccess::new(),
        limiter,
        t0(),
    );
    assert!(matches!(
        w.service
            .upload(upload(UserId::new_random(), GroupId::new_random()))
            .await,
        Err(MediaError::RateLimited {
            retry_after_secs: 30
        })
    ));

    let w = world_with(
        MediaPolicy {
            user_quota_bytes: 150,
            ..MediaPolicy::default()
        },
        working_processor(),
        MockMediaAccess::new(),
        allowing_limiter(),
        t0(),
    );
    let (alice, bob, group) = (
        UserId::new_random(),
        UserId::new_random(),
        GroupId::new_random(),
    );
    w.service.upload(upload(alice, group)).await.unwrap();
    assert!(
        matches!(
            w.service.upload(upload(alice, group)).await,
            Err(MediaError::QuotaExceeded { quota_bytes: 150 })
        ),
        "110 stored + 110 more is past 150"
    );
    w.service.upload(upload(bob, group)).await.unwrap();
    w.assert_consistent();
}

#[tokio::test]
async fn a_failed_write_leaves_neither_row_nor_object() {
    let w = world();
    *w.store.fail_thumbnail_puts.lock().unwrap() = true;
    let err = w
        .service
        .upload(upload(UserId::new_random(), GroupId::new_random()))
        .await;
    assert!(matches!(err, Err(MediaError::Unexpected(_))));
    assert!(w.repo.rows.lock().unwrap().is_empty());
    assert!(w.store.objects.lock().unwrap().is_empty());
}

#[tokio::test]
async fn processor_refusals_reach_the_caller_and_store_nothing() {
    for refusal in [
        MediaError::TooManyPixels { max_pixels: 1 },
        MediaError::Corrupt,
        MediaError::Busy {
            retry_after_secs: 2,
        },
    ] {
        let expected = refusal.to_string();
        let mut p = MockImageProcessor::new();
        let mut once = Some(refusal);
        p.expect_process()
            .times(1)
            .returning(move |_, _| Err(once.take().unwrap()));
        let w = world_with(
            MediaPolicy::default(),
            p,
            MockMediaAccess::new(),
            allowing_limiter(),
            t0(),
        );
        let err = w
            .service
            .upload(upload(UserId::new_random(), GroupId::new_random()))
            .await
            .unwrap_err();
        assert_eq!(err.to_string(), expected);
        assert!(w.repo.rows.lock().unwrap().is_empty());
    }
}

#[tokio::test]
async fn reading_asks_the_owning_domain_and_hides_what_it_refuses() {
    let mut access = MockMediaAccess::new();
    let stranger = UserId::new_random();
    access.expect_readable().returning(move |viewer, _| {
        Ok(match viewer {
            Some(v) if v == stranger => Readable::No,
            Some(_) => Readable::Private,
            None => Readable::No,
        })
    });
    let w = world_with(
        MediaPolicy::default(),
        working_processor(),
        access,
        allowing_limiter(),
        t0(),
    );
    let owner = UserId::new_random();
    let media = w
        .service
        .upload(upload(owner, GroupId::new_random()))
        .await
        .unwrap();
    let file = w
        .service
        .read(Some(owner), media.id, Variant::Thumbnail)
        .await
        .unwrap();
    assert_eq!(
        (file.bytes, file.content_type, file.public),
        (vec![8; 10], "image/jpeg", false)
    );
    for viewer in [Some(stranger), None] {
        assert!(matches!(
            w.service.read(viewer, media.id, Variant::Original).await,
            Err(MediaError::NotFound)
        ));
    }
    assert!(matches!(
        w.service
            .read(Some(owner), MediaId::new_random(), Variant::Original)
            .await,
        Err(MediaError::NotFound)
    ));
}

#[tokio::test]
async fn a_pending_file_is_never_served() {
    let mut access = MockMediaAccess::new();
    access.expect_readable().never();
    let w = world_with(
        MediaPolicy::default(),
        working_processor(),
        access,
        allowing_limiter(),
        t0(),
    );
    let media = w
        .service
        .upload(upload(UserId::new_random(), GroupId::new_random()))
        .await
        .unwrap();
    w.repo
        .set_state(media.id, MediaState::Pending)
        .await
        .unwrap();
    assert!(matches!(
        w.service
            .read(Some(media.owner), media.id, Variant::Original)
            .await,
        Err(MediaError::NotFound)
    ));
}

#[tokio::test]
async fn deleting_a_group_or_an_article_removes_only_its_files() {
    let w = world();
    let (owner, g1, g2) = (
        UserId::new_random(),
        GroupId::new_random(),
        GroupId::new_random(),
    );
    let article = ArticleId::new_random();
    for _ in 0..3 {
        w.service.upload(upload(owner, g1)).await.unwrap();
    }
    let mut for_article = upload(owner, g2);
    for_article.article = Some(article);
    w.service.upload(for_article).await.unwrap();
    let kept = w.service.upload(upload(owner, g2)).await.unwrap();

    assert_eq!(w.service.delete_of_group(g1).await.unwrap(), 3);
    assert_eq!(w.service.delete_of_article(article).await.unwrap(), 1);
    let left: Vec<MediaId> = w.repo.rows.lock().unwrap().keys().copied().collect();
    assert_eq!(left, vec![kept.id]);
    assert_eq!(w.store.objects.lock().unwrap().len(), 2);
    w.assert_consistent();
}

#[tokio::test]
async fn the_sweep_takes_stale_pending_and_unattached_files_only() {
    let w = world();
    let owner = UserId::new_random();
    let group = GroupId::new_random();
    let attached = w.service.upload(upload(owner, group)).await.unwrap();
    let mut waiting = upload(owner, group);
    waiting.attach = false;
    let unattached = w.service.upload(waiting).await.unwrap();
    assert_eq!(unattached.state, MediaState::Unattached);
    let interrupted = w.service.upload(upload(owner, group)).await.unwrap();
    w.repo
        .set_state(interrupted.id, MediaState::Pending)
        .await
        .unwrap();

    assert_eq!(
        w.service.sweep().await.unwrap(),
        0,
        "nothing is a day old yet"
    );

    let later = service_over(
        w.store.clone(),
        w.repo.clone(),
        MediaPolicy::default(),
        working_processor(),
        MockMediaAccess::new(),
        allowing_limiter(),
        t0() + Duration::hours(24) + Duration::seconds(1),
    );
    assert_eq!(later.sweep().await.unwrap(), 2);
    let left: Vec<MediaId> = w.repo.rows.lock().unwrap().keys().copied().collect();
    assert_eq!(left, vec![attached.id]);
    w.assert_consistent();
}

#[tokio::test]
async fn the_gallery_pages_newest_first() {
    let w = world();
    let (owner, group) = (UserId::new_random(), GroupId::new_random());
    let mut ids = Vec::new();
    for _ in 0..5 {
        ids.push(w.service.upload(upload(owner, group)).await.unwrap().id);
    }
    let first = w
        .service
        .gallery(
            group,
            crate::UnpublishedImages::Shown,
            PageRequest::first(3),
        )
        .await
        .unwrap();
    assert_eq!(first.items.len(), 3);
    let second = w
        .service
        .gallery(
            group,
            crate::UnpublishedImages::Shown,
            PageRequest::new(first.next, Some(3)),
        )
        .await
        .unwrap();
    assert_eq!(second.items.len(), 2);
    assert_eq!(second.next, None);
    let mut seen: Vec<MediaId> = first
        .items
        .iter()
        .chain(&second.items)
        .map(|m| m.id)
        .collect();
    seen.sort();
    ids.sort();
    assert_eq!(seen, ids);
}

fn keeping_world(
    repo: crate::ports::MockMediaRepository,
    limiter: MockRateLimiter,
) -> MediaService {
    MediaService::new(
        MediaPorts {
            store: Arc::new(MemoryStore::default()),
            repo: Arc::new(repo),
            processor: Arc::new(MockImageProcessor::new()),
            access: Arc::new(MockMediaAccess::new()),
            limiter: Arc::new(limiter),
            clock: Arc::new(FixedClock(t0())),
        },
        MediaPolicy::default(),
    )
}

#[tokio::test]
async fn keeping_asks_once_per_id_for_the_owner_and_reports_the_rest_missing() {
    let owner = UserId::new_random();
    let (mine, gone) = (MediaId::new_random(), MediaId::new_random());
    let mut repo = crate::ports::MockMediaRepository::new();
    repo.expect_keep()
        .withf(move |who, ids, at| *who == owner && ids == [mine, gone] && *at == t0())
        .times(1)
        .returning(move |_, _, _| Ok(vec![mine]));
    let mut limiter = MockRateLimiter::new();
    limiter
        .expect_hit()
        .withf(move |key, rule, _| {
            key == format!("media:keep:{owner}") && *rule == MediaPolicy::default().keep_rate
        })
        .times(1)
        .returning(|_, _, _| Ok(RateDecision::Allowed));
    let answer = keeping_world(repo, limiter)
        .keep(owner, &[mine, gone, mine])
        .await
        .unwrap();
    assert_eq!(
        answer,
        KeptUploads {
            kept: vec![mine],
            missing: vec![gone],
            keep_until: t0() + Duration::hours(24),
        }
    );
}

#[tokio::test]
async fn keeping_is_bounded_per_call_and_rate_limited() {
    let mut repo = crate::ports::MockMediaRepository::new();
    repo.expect_keep().never();
    let mut limiter = MockRateLimiter::new();
    limiter.expect_hit().never();
    let ids: Vec<MediaId> = (0..=MAX_KEEP_PER_CALL)
        .map(|_| MediaId::new_random())
        .collect();
    assert!(matches!(
        keeping_world(repo, limiter)
            .keep(UserId::new_random(), &ids)
            .await,
        Err(MediaError::TooManyToKeep {
            max: MAX_KEEP_PER_CALL
        })
    ));

    let mut repo = crate::ports::MockMediaRepository::new();
    repo.expect_keep().never();
    let mut limiter = MockRateLimiter::new();
    limiter.expect_hit().returning(|_, _, _| {
        Ok(RateDecision::Limited {
            retry_after_secs: 60,
        })
    });
    assert!(matches!(
        keeping_world(repo, limiter)
            .keep(UserId::new_random(), &ids[..2])
            .await,
        Err(MediaError::RateLimited {
            retry_after_secs: 60
        })
    ));
}

#[tokio::test]
async fn the_sweep_measures_a_kept_upload_from_when_it_was_kept() {
    let w = world();
    let (owner, stranger) = (UserId::new_random(), UserId::new_random());
    let unattached = |owner| NewUpload {
        owner,
        group: None,
        article: None,
        kind: MediaKind::Plaza,
        attach: false,
        bytes: JPEG.to_vec(),
    };
    let kept = w.service.upload(unattached(owner)).await.unwrap();
    let left = w.service.upload(unattached(owner)).await.unwrap();
    let at = |later: Duration| {
        service_over(
            w.store.clone(),
            w.repo.clone(),
            MediaPolicy::default(),
            working_processor(),
            MockMediaAccess::new(),
            allowing_limiter(),
            t0() + later,
        )
    };

    // A stranger cannot keep them; the owner keeps one, 20 hours after the uploads.
    let by_stranger = at(Duration::hours(20))
        .keep(stranger, &[kept.id, left.id])
        .await
        .unwrap();
    assert!(by_stranger.kept.is_empty());
    assert_eq!(by_stranger.missing, vec![kept.id, left.id]);
    let by_owner = at(Duration::hours(20))
        .keep(owner, &[kept.id])
        .await
        .unwrap();
    assert_eq!(by_owner.kept, vec![kept.id]);

    // A day after the uploads only the one not kept goes; a day after the keep, the other.
    let day = Duration::hours(24) + Duration::seconds(1);
    assert_eq!(at(day).sweep().await.unwrap(), 1);
    let rows: Vec<MediaId> = w.repo.rows.lock().unwrap().keys().copied().collect();
    assert_eq!(rows, vec![kept.id]);
    assert_eq!(at(Duration::hours(20) + day).sweep().await.unwrap(), 1);
    assert!(w.repo.rows.lock().unwrap().is_empty());
    w.assert_consistent();
}

/// A store that notes, for each object deleted, the state its row was in at that moment.
struct WatchingStore {
    inner: MemoryStore,
    repo: Arc<MemoryRepository>,
    seen: std::sync::Mutex<Vec<Option<MediaState>>>,
}

#[async_trait::async_trait]
impl MediaStore for WatchingStore {
    async fn put(&self, key: &str, bytes: Vec<u8>, mime: &str) -> Result<(), MediaError> {
        self.inner.put(key, bytes, mime).await
    }
    async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, MediaError> {
        self.inner.get(key).await
    }
    async fn delete(&self, key: &str) -> Result<(), MediaError> {
        let state = self
            .repo
            .rows
            .lock()
            .unwrap()
            .values()
            .find(|m| m.keys().iter().any(|k| k == key))
            .map(|m| m.state);
        self.seen.lock().unwrap().push(state);
        self.inner.delete(key).await
    }
    fn kind(&self) -> &'static str {
        "watching"
    }
    async fn check(&self) -> Result<(), MediaError> {
        self.inner.check().await
    }
}

#[tokio::test]
async fn the_sweep_marks_a_file_pending_before_its_objects_go() {
    // A read between the two found the row and not the file (a 500): pending is never served.
    let repo = Arc::new(MemoryRepository::default());
    let store = Arc::new(WatchingStore {
        inner: MemoryStore::default(),
        repo: repo.clone(),
        seen: std::sync::Mutex::new(Vec::new()),
    });
    let at = |now| {
        MediaService::new(
            MediaPorts {
                store: store.clone(),
                repo: repo.clone(),
                processor: Arc::new(working_processor()),
                access: Arc::new(MockMediaAccess::new()),
                limiter: Arc::new(allowing_limiter()),
                clock: Arc::new(FixedClock(now)),
            },
            MediaPolicy::default(),
        )
    };
    let mut waiting = upload(UserId::new_random(), GroupId::new_random());
    waiting.attach = false;
    let unattached = at(t0()).upload(waiting).await.unwrap();
    assert_eq!(unattached.state, MediaState::Unattached);

    let swept = at(t0() + Duration::hours(24) + Duration::seconds(1))
        .sweep()
        .await
        .unwrap();
    assert_eq!(swept, 1);
    assert_eq!(
        *store.seen.lock().unwrap(),
        vec![Some(MediaState::Pending); 2],
        "each object went while its row was pending"
    );
    assert!(repo.rows.lock().unwrap().is_empty());
}

#[tokio::test]
async fn admission_checks_size_rate_and_quota_without_counting_a_hit() {
    let mut limiter = MockRateLimiter::new();
    limiter.expect_hit().never();
    limiter
        .expect_peek()
        .times(3)
        .returning(|_, _, _| Ok(RateDecision::Allowed));
    let w = world_with(
        MediaPolicy {
            max_upload_bytes: 100,
            user_quota_bytes: 150,
            ..MediaPolicy::default()
        },
        MockImageProcessor::new(),
        MockMediaAccess::new(),
        limiter,
        t0(),
    );
    let owner = UserId::new_random();
    assert!(matches!(
        w.service.admit(owner, Some(101)).await,
        Err(MediaError::TooLarge { max_bytes: 100 })
    ));
    w.service.admit(owner, Some(100)).await.unwrap();
    w.service.admit(owner, None).await.unwrap();
    // 120 bytes stored already: 31 more would pass the quota.
    w.repo
        .insert(&Media {
            id: MediaId::new_random(),
            owner,
            group: None,
            article: None,
            kind: MediaKind::Plaza,
            state: MediaState::Attached,
            format: ImageFormat::Jpeg,
            width: 1,
            height: 1,
            thumb_width: 1,
            thumb_height: 1,
            bytes: 120,
            created_at: t0(),
            hidden_at: None,
        })
        .await
        .unwrap();
    assert!(matches!(
        w.service.admit(owner, Some(31)).await,
        Err(MediaError::QuotaExceeded { quota_bytes: 150 })
    ));

    let mut limited = MockRateLimiter::new();
    limited.expect_hit().never();
    limited.expect_peek().returning(|_, _, _| {
        Ok(RateDecision::Limited {
            retry_after_secs: 9,
        })
    });
    let w = world_with(
        MediaPolicy::default(),
        MockImageProcessor::new(),
        MockMediaAccess::new(),
        limited,
        t0(),
    );
    assert!(matches!(
        w.service.admit(owner, Some(10)).await,
        Err(MediaError::RateLimited {
            retry_after_secs: 9
        })
    ));
}

#[tokio::test]
async fn a_file_deleted_while_it_is_read_is_gone_and_a_lost_object_is_a_fault() {
    // The read found the row; the sweep marked it pending and took the objects before the
    // read reached them: the reader is told the file is gone (404), not a server fault.
    let mut access = MockMediaAccess::new();
    access
        .expect_readable()
        .returning(|_, _| Ok(Readable::Public));
    let w = world_with(
        MediaPolicy::default(),
        working_processor(),
        access,
        allowing_limiter(),
        t0(),
    );
    let owner = UserId::new_random();
    let media = w
        .service
        .upload(upload(owner, GroupId::new_random()))
        .await
        .unwrap();
    let row = w.repo.find(media.id).await.unwrap().unwrap();
    w.store.objects.lock().unwrap().clear();
    w.repo
        .set_state(media.id, MediaState::Pending)
        .await
        .unwrap();
    assert!(matches!(
        w.service.load(row.clone(), Variant::Original, true).await,
        Err(MediaError::NotFound)
    ));
    // A row still served whose object is missing is a fault, not a 404.
    w.repo
        .set_state(media.id, MediaState::Attached)
        .await
        .unwrap();
    assert!(matches!(
        w.service
            .read(Some(owner), media.id, Variant::Original)
            .await,
        Err(MediaError::Unexpected(_))
    ));
}
