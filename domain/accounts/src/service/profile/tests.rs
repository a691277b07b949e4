#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The profile rules over a mocked user repository and a media service over in-memory media
//! ports (a plain model of the store's contract), with a fixed clock.

use super::*;
use crate::model::Bio;
use crate::ports::MockUserRepository;
use crate::service::tests::{t0, user};
use kernel::{FixedClock, MockRateLimiter, RateDecision};
use media::memory::{MemoryRepository, MemoryStore};
use media::model::{ImageFormat, ProcessedImage};
use media::ports::{MediaRepository, MockImageProcessor};
use media::{MediaPolicy, MediaPorts};

struct World {
    rows: Arc<MemoryRepository>,
    store: Arc<MemoryStore>,
    media: Arc<MediaService>,
}

fn world() -> World {
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
    let mut limiter = MockRateLimiter::new();
    limiter
        .expect_hit()
        .returning(|_, _, _| Ok(RateDecision::Allowed));
    let rows = Arc::new(MemoryRepository::default());
    let store = Arc::new(MemoryStore::default());
    let media = Arc::new(MediaService::new(
        MediaPorts {
            store: store.clone(),
            repo: rows.clone(),
            processor: Arc::new(processor),
            access: Arc::new(AvatarMediaAccess),
            limiter: Arc::new(limiter),
            clock: Arc::new(FixedClock(t0())),
        },
        MediaPolicy::default(),
    ));
    World { rows, store, media }
}

fn service(users: MockUserRepository, w: &World) -> ProfileService {
    ProfileService::new(
        ProfilePorts {
            users: Arc::new(users),
            media: w.media.clone(),
            clock: Arc::new(FixedClock(t0())),
            words: Arc::new(kernel::ListedWords {
                refused: &["禁词"],
                held: &["审词"],
            }),
        },
        ProfilePolicy::default(),
    )
}

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n rest of it";

#[tokio::test]
async fn a_listed_word_refuses_a_new_nickname_or_bio_but_not_what_is_kept() {
    let w = world();
    let mut users = MockUserRepository::new();
    users.expect_update_profile().never();
    let svc = service(users, &w);
    for (change, field) in [
        (
            ProfileChange {
                nickname: Some(Nickname::parse("禁词小王").unwrap()),
                ..ProfileChange::default()
            },
            "nickname",
        ),
        (
            ProfileChange {
                bio: Some(Bio::parse("我的禁词").unwrap()),
                ..ProfileChange::default()
            },
            "bio",
        ),
    ] {
        match svc.update_profile(&user("alice"), change).await {
            Err(AccountsError::WordsRefused { field: f, found }) => {
                assert_eq!((f, found), (field, vec!["禁词".to_owned()]));
            }
            other => panic!("{field}: {other:?}"),
        }
    }
    // A nickname listed after it was chosen does not stop other changes.
    let mut listed = user("alice");
    listed.nickname = Nickname::parse("禁词小王").unwrap();
    let mut users = MockUserRepository::new();
    let kept = listed.clone();
    users
        .expect_update_profile()
        .times(1)
        .returning(move |_, _, _, _| Ok(kept.clone()));
    service(users, &w)
        .update_profile(
            &listed,
            ProfileChange {
                nickname: Some(listed.nickname.clone()),
                bio: Some(None),
                ..ProfileChange::default()
            },
        )
        .await
        .unwrap();
}

#[tokio::test]
async fn a_rename_to_a_reserved_name_is_refused_before_anything_is_written() {
    let w = world();
    let mut users = MockUserRepository::new();
    users.expect_update_profile().never();
    let err = service(users, &w)
        .update_profile(
            &user("alice"),
            ProfileChange {
                username: Some(Username::parse("Admin2").unwrap()),
                ..ProfileChange::default()
            },
        )
        .await
        .unwrap_err();
    assert!(matches!(err, AccountsError::ReservedUsername), "{err:?}");
}

#[tokio::test]
async fn keeping_ones_own_reserved_name_is_no_rename() {
    let w = world();
    let admin = user("admin");
    let mut users = MockUserRepository::new();
    let expected = admin.clone();
    users
        .expect_update_profile()
        .times(1)
        .withf(|_, p, _, _| {
            p.username.as_str() == "admin" && p.bio.as_ref().unwrap().as_str() == "hi"
        })
        .returning(move |_, _, _, _| Ok(expected.clone()));
    let change = ProfileChange {
        username: Some(Username::parse("ADMIN").unwrap()),
        bio: Some(Bio::parse("hi").unwrap()),
        ..ProfileChange::default()
    };
    assert!(!change.renames(&admin));
    service(users, &w)
        .update_profile(&admin, change)
        .await
        .unwrap();
}

#[tokio::test]
async fn fields_left_out_are_kept_and_a_taken_name_is_reported() {
    let w = world();
    let mut alice = user("alice");
    alice.bio = Bio::parse("old bio").unwrap();
    let mut users = MockUserRepository::new();
    users
        .expect_update_profile()
        .times(1)
        .withf(|_, p, hold_until, now| {
            p.username.as_str() == "bob"
                && p.nickname.as_str() == "alice"
                && p.bio.as_ref().map(Bio::as_str) == Some("old bio")
                && *now == t0()
                && *hold_until == t0() + chrono::Duration::days(30)
        })
        .returning(|_, _, _, _| Err(AccountsError::UsernameTaken));
    let err = service(users, &w)
        .update_profile(
            &alice,
            ProfileChange {
                username: Some(Username::parse("bob").unwrap()),
                ..ProfileChange::default()
            },
        )
        .await
        .unwrap_err();
    assert!(matches!(err, AccountsError::UsernameTaken));
}

#[tokio::test]
async fn an_empty_bio_clears_it() {
    let w = world();
    let mut alice = user("alice");
    alice.bio = Bio::parse("old").unwrap();
    let mut users = MockUserRepository::new();
    users
        .expect_update_profile()
        .times(1)
        .withf(|_, p, _, _| p.bio.is_none())
        .returning(|_, _, _, _| Ok(user("alice")));
    service(users, &w)
        .update_profile(
            &alice,
            ProfileChange {
                bio: Some(Bio::parse("  ").unwrap()),
                ..ProfileChange::default()
            },
        )
        .await
        .unwrap();
}

#[tokio::test]
async fn an_avatar_upload_waits_unattached_and_only_its_owner_may_see_it() {
    let w = world();
    let owner = UserId::new_random();
    let file = service(MockUserRepository::new(), &w)
        .upload_avatar(owner, PNG.to_vec())
        .await
        .unwrap();
    assert_eq!(file.kind, MediaKind::Avatar);
    assert_eq!(file.state, MediaState::Unattached);
    let access = AvatarMediaAccess;
    assert_eq!(
        access.readable(Some(owner), &file).await.unwrap(),
        Readable::Private
    );
    assert_eq!(access.readable(None, &file).await.unwrap(), Readable::No);
    assert_eq!(
        access
            .readable(Some(UserId::new_random()), &file)
            .await
            .unwrap(),
        Readable::No
    );
    let mut set = file.clone();
    set.state = MediaState::Attached;
    assert_eq!(access.readable(None, &set).await.unwrap(), Readable::Public);
    let mut other_kind = set.clone();
    other_kind.kind = MediaKind::Plaza;
    assert_eq!(
        access.readable(None, &other_kind).await.unwrap(),
        Readable::No
    );
    let err = service(MockUserRepository::new(), &w)
        .upload_avatar(owner, b"%PDF-1.7".to_vec())
        .await
        .unwrap_err();
    assert!(matches!(err, MediaError::UnsupportedType));
}

#[tokio::test]
async fn a_new_avatar_deletes_the_old_ones_file_and_the_same_one_is_kept() {
    let w = world();
    let me = user("alice");
    let probe = service(MockUserRepository::new(), &w);
    let old = probe.upload_avatar(me.id, PNG.to_vec()).await.unwrap();
    let new = probe.upload_avatar(me.id, PNG.to_vec()).await.unwrap();
    let (old_id, new_id) = (old.id, new.id);
    let mut users = MockUserRepository::new();
    users
        .expect_set_avatar()
        .withf(move |_, a, _| *a == Some(new_id))
        .returning(move |_, _, _| Ok(Some(old_id)));
    users
        .expect_set_avatar()
        .withf(move |_, a, _| *a == Some(old_id))
        .returning(move |_, _, _| Ok(Some(old_id)));
    let me2 = me.clone();
    users
        .expect_find_by_id()
        .returning(move |_| Ok(Some((me2.clone(), None))));
    let s = service(users, &w);
    // Setting the avatar one has is no change: nothing is deleted.
    s.set_avatar(me.id, old_id).await.unwrap();
    assert!(w.rows.find(old_id).await.unwrap().is_some());
    s.set_avatar(me.id, new_id).await.unwrap();
    assert!(w.rows.find(old_id).await.unwrap().is_none(), "old row gone");
    assert!(w.rows.find(new_id).await.unwrap().is_some());
    let objects = w.store.objects.lock().unwrap();
    assert!(
        objects
            .keys()
            .all(|k| !k.contains(&old_id.0.simple().to_string()))
    );
    assert_eq!(
        objects.len(),
        2,
        "the new avatar's original and thumbnail remain"
    );
}

#[tokio::test]
async fn removing_the_avatar_deletes_its_file() {
    let w = world();
    let me = user("alice");
    let file = service(MockUserRepository::new(), &w)
        .upload_avatar(me.id, PNG.to_vec())
        .await
        .unwrap();
    let id = file.id;
    let mut users = MockUserRepository::new();
    users
        .expect_set_avatar()
        .withf(|_, a, _| a.is_none())
        .times(1)
        .returning(move |_, _, _| Ok(Some(id)));
    let me2 = me.clone();
    users
        .expect_find_by_id()
        .returning(move |_| Ok(Some((me2.clone(), None))));
    service(users, &w).remove_avatar(me.id).await.unwrap();
    assert!(w.rows.find(id).await.unwrap().is_none());
    assert!(w.store.objects.lock().unwrap().is_empty());
}

#[tokio::test]
async fn a_refused_avatar_changes_nothing() {
    let w = world();
    let mut users = MockUserRepository::new();
    users
        .expect_set_avatar()
        .returning(|_, _, _| Err(AccountsError::AvatarNotUsable));
    users.expect_find_by_id().never();
    let err = service(users, &w)
        .set_avatar(UserId::new_random(), MediaId::new_random())
        .await
        .unwrap_err();
    assert!(matches!(err, AccountsError::AvatarNotUsable));
}

#[tokio::test]
async fn appearance_is_saved_as_given() {
    use crate::model::{ColorMode, Language};
    let w = world();
    let mut users = MockUserRepository::new();
    users
        .expect_set_appearance()
        .times(1)
        .withf(|_, a, _| a.color_mode == Some(ColorMode::Dark) && a.language == Some(Language::En))
        .returning(|_, _, _| Ok(()));
    let saved = service(users, &w)
        .save_appearance(
            UserId::new_random(),
            Appearance {
                color_mode: Some(ColorMode::Dark),
                language: Some(Language::En),
            },
        )
        .await
        .unwrap();
    assert_eq!(saved.language, Some(Language::En));
}
