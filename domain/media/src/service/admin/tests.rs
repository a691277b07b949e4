#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The admin gallery's use cases over the in-memory store and rows, with the audit log mocked.

use super::*;
use crate::MediaPolicy;
use crate::memory::{MemoryRepository, MemoryStore};
use crate::model::{ImageFormat, MediaKind, Variant};
use crate::ports::{MediaRepository, MediaStore, MockImageProcessor, MockMediaAccess, Readable};
use crate::service::MediaPorts;
use chrono::{DateTime, Duration, TimeZone, Utc};
use kernel::{FixedClock, GroupId, MockAuditLog, MockRateLimiter};

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 26, 9, 0, 0).unwrap()
}

struct World {
    store: Arc<MemoryStore>,
    repo: Arc<MemoryRepository>,
    media: Arc<MediaService>,
    admin: MediaAdminService,
}

/// Readers may read everything (the access check is not what these tests are about).
fn world(audit: MockAuditLog) -> World {
    let store = Arc::new(MemoryStore::default());
    let repo = Arc::new(MemoryRepository::default());
    let mut access = MockMediaAccess::new();
    access
        .expect_readable()
        .returning(|_, _| Ok(Readable::Public));
    let clock = Arc::new(FixedClock(t0()));
    let media = Arc::new(MediaService::new(
        MediaPorts {
            store: store.clone(),
            repo: repo.clone(),
            processor: Arc::new(MockImageProcessor::new()),
            access: Arc::new(access),
            limiter: Arc::new(MockRateLimiter::new()),
            clock: clock.clone(),
        },
        MediaPolicy::default(),
    ));
    let admin = MediaAdminService::new(media.clone(), repo.clone(), Arc::new(audit), clock);
    World {
        store,
        repo,
        media,
        admin,
    }
}

impl World {
    /// A stored file (row and both objects) created `minutes` after t0.
    async fn file(
        &self,
        owner: UserId,
        group: Option<GroupId>,
        kind: MediaKind,
        minutes: i64,
    ) -> Media {
        let m = Media {
            id: MediaId::new_random(),
            owner,
            group,
            article: None,
            kind,
            state: MediaState::Attached,
            format: ImageFormat::Png,
            width: 800,
            height: 600,
            thumb_width: 480,
            thumb_height: 360,
            bytes: 1000,
            created_at: t0() + Duration::minutes(minutes),
            hidden_at: None,
        };
        self.repo.insert(&m).await.unwrap();
        for key in m.keys() {
            self.store.put(&key, vec![1], "image/png").await.unwrap();
        }
        m
    }
}

fn by() -> AdminAction {
    AdminAction {
        admin: UserId(uuid::Uuid::from_u128(1)),
        ip: Some("203.0.113.9".into()),
    }
}

fn expecting(action: AuditAction, times: usize) -> MockAuditLog {
    let mut audit = MockAuditLog::new();
    audit
        .expect_record()
        .withf(move |e| {
            e.action == action.as_str()
                && e.actor == Some(by().admin)
                && e.ip.as_deref() == Some("203.0.113.9")
                && e.target.is_some()
        })
        .times(times)
        .returning(|_| Ok(()));
    audit
}

#[tokio::test]
async fn a_hidden_file_is_served_to_admins_only_and_left_out_of_its_gallery() {
    let w = world(expecting(AuditAction::MediaHidden, 1));
    let (owner, group) = (UserId::new_random(), GroupId::new_random());
    let m = w.file(owner, Some(group), MediaKind::Gallery, 0).await;

    let hidden = w.admin.hide(&by(), m.id).await.unwrap();
    assert_eq!(hidden.hidden_at, Some(t0()));
    // Hiding again is a no-op, audited once only (the mock's `times(1)`).
    assert_eq!(
        w.admin.hide(&by(), m.id).await.unwrap().hidden_at,
        Some(t0())
    );

    for variant in [Variant::Original, Variant::Thumbnail] {
        assert!(matches!(
            w.media.read(Some(owner), m.id, variant).await,
            Err(MediaError::NotFound)
        ));
        let file = w.media.read_as_admin(m.id, variant).await.unwrap();
        assert!(!file.public, "an admin's copy is never cacheable by others");
    }
    let gallery = w
        .media
        .gallery(
            group,
            crate::UnpublishedImages::Shown,
            PageRequest::first(10),
        )
        .await
        .unwrap();
    assert!(gallery.items.is_empty());
    // Still listed for the admin, marked.
    let listed = w
        .admin
        .list(&CatalogFilter::default(), PageRequest::first(10))
        .await
        .unwrap();
    assert_eq!(listed.items.len(), 1);
    assert_eq!(listed.items[0].media.hidden_at, Some(t0()));
}

#[tokio::test]
async fn unhiding_brings_the_file_back_for_readers() {
    let mut audit = MockAuditLog::new();
    let mut seq = mockall::Sequence::new();
    for action in [AuditAction::MediaHidden, AuditAction::MediaUnhidden] {
        audit
            .expect_record()
            .withf(move |e| e.action == action.as_str())
            .times(1)
            .in_sequence(&mut seq)
            .returning(|_| Ok(()));
    }
    let w = world(audit);
    let group = GroupId::new_random();
    let m = w
        .file(UserId::new_random(), Some(group), MediaKind::Gallery, 0)
        .await;
    w.admin.hide(&by(), m.id).await.unwrap();
    assert_eq!(w.admin.unhide(&by(), m.id).await.unwrap().hidden_at, None);
    // A visible file stays as it is, unaudited.
    w.admin.unhide(&by(), m.id).await.unwrap();
    assert!(w.media.read(None, m.id, Variant::Original).await.is_ok());
    let gallery = w
        .media
        .gallery(
            group,
            crate::UnpublishedImages::Shown,
            PageRequest::first(10),
        )
        .await
        .unwrap();
    assert_eq!(gallery.items.len(), 1);
}

#[tokio::test]
async fn deleting_removes_the_objects_and_the_row_and_is_audited() {
    let mut audit = MockAuditLog::new();
    audit
        .expect_record()
        .withf(|e| {
            e.action == "media.deleted"
                && e.detail
                    .as_deref()
                    .is_some_and(|d| d.contains("kind=plaza") && d.contains("bytes=1000"))
        })
        .times(1)
        .returning(|_| Ok(()));
    let w = world(audit);
    let m = w
        .file(UserId::new_random(), None, MediaKind::Plaza, 0)
        .await;
    let other = w
        .file(UserId::new_random(), None, MediaKind::Plaza, 1)
        .await;
    w.admin.delete(&by(), m.id).await.unwrap();
    assert_eq!(w.repo.find(m.id).await.unwrap(), None);
    {
        let objects = w.store.objects.lock().unwrap();
        for key in m.keys() {
            assert!(!objects.contains_key(&key), "{key} is left behind");
        }
        for key in other.keys() {
            assert!(objects.contains_key(&key), "{key} of another file went too");
        }
    }
    // Gone: a second delete, a hide, are not found.
    assert!(matches!(
        w.admin.delete(&by(), m.id).await,
        Err(MediaError::NotFound)
    ));
    assert!(matches!(
        w.admin.hide(&by(), m.id).await,
        Err(MediaError::NotFound)
    ));
}

#[tokio::test]
async fn a_file_being_written_or_deleted_is_not_the_admins_to_touch() {
    let mut audit = MockAuditLog::new();
    audit.expect_record().never();
    let w = world(audit);
    let m = w
        .file(UserId::new_random(), None, MediaKind::Plaza, 0)
        .await;
    w.repo.set_state(m.id, MediaState::Pending).await.unwrap();
    assert!(matches!(
        w.admin.hide(&by(), m.id).await,
        Err(MediaError::NotFound)
    ));
    assert!(matches!(
        w.admin.delete(&by(), m.id).await,
        Err(MediaError::NotFound)
    ));
    let listed = w
        .admin
        .list(&CatalogFilter::default(), PageRequest::first(10))
        .await
        .unwrap();
    assert!(listed.items.is_empty(), "pending rows are not listed");
}

#[tokio::test]
async fn the_list_filters_and_pages_newest_first_and_usage_counts_everything() {
    let w = world(MockAuditLog::new());
    let (alice, bob) = (UserId::new_random(), UserId::new_random());
    let group = GroupId::new_random();
    let mut alices = Vec::new();
    for minute in 0..5 {
        alices.push(w.file(alice, Some(group), MediaKind::Gallery, minute).await);
    }
    let cover = w.file(alice, Some(group), MediaKind::Cover, 10).await;
    let bobs = w.file(bob, None, MediaKind::Plaza, 20).await;

    let all = CatalogFilter::default();
    let first = w.admin.list(&all, PageRequest::first(3)).await.unwrap();
    let ids: Vec<_> = first.items.iter().map(|e| e.media.id).collect();
    assert_eq!(ids, vec![bobs.id, cover.id, alices[4].id]);
    let next = first.next.expect("a second page");
    let second = w
        .admin
        .list(&all, PageRequest::new(Some(next), Some(3)))
        .await
        .unwrap();
    let ids: Vec<_> = second.items.iter().map(|e| e.media.id).collect();
    assert_eq!(ids, vec![alices[3].id, alices[2].id, alices[1].id]);

    let galleries = CatalogFilter::new(
        Some(MediaKind::Gallery),
        Some(alice),
        Some(group),
        None,
        None,
    )
    .unwrap();
    let page = w
        .admin
        .list(&galleries, PageRequest::first(50))
        .await
        .unwrap();
    assert_eq!(page.items.len(), 5);
    let of_bob = CatalogFilter::new(None, Some(bob), None, None, None).unwrap();
    let page = w.admin.list(&of_bob, PageRequest::first(50)).await.unwrap();
    assert_eq!(page.items.len(), 1);
    assert_eq!(page.items[0].media.id, bobs.id);
    // [minute 1, minute 3): two files.
    let range = CatalogFilter::new(
        None,
        None,
        None,
        Some(t0() + Duration::minutes(1)),
        Some(t0() + Duration::minutes(3)),
    )
    .unwrap();
    let page = w.admin.list(&range, PageRequest::first(50)).await.unwrap();
    let ids: Vec<_> = page.items.iter().map(|e| e.media.id).collect();
    assert_eq!(ids, vec![alices[2].id, alices[1].id]);

    assert_eq!(
        w.admin.usage().await.unwrap(),
        StorageUsage {
            bytes: 7000,
            files: 7
        }
    );
}
