//! The profile half of the user repository (`update_profile`, `set_avatar`,
//! `set_appearance`, a profile as a viewer reads it with `find_profile`) and the avatar's
//! emulated `ON DELETE SET NULL`, on SQLite and PostgreSQL.

use crate::support::{TestDb, at, new_user, t0, user};
use accounts::AccountsError;
use accounts::model::{
    Appearance, Bio, ColorMode, Language, NewUser, Nickname, User, UserKey, Username,
};
use accounts::ports::{ProfileUpdate, UserRepository};
use chrono::{DateTime, Utc};
use kernel::{MediaId, Standing, UserId};
use media::model::{ImageFormat, Media, MediaKind, MediaState};
use media::ports::MediaRepository;

async fn upload(t: &TestDb, owner: UserId, kind: MediaKind, state: MediaState) -> MediaId {
    let m = Media {
        id: MediaId::new_random(),
        owner,
        group: None,
        article: None,
        kind,
        state,
        format: ImageFormat::Png,
        width: 256,
        height: 256,
        thumb_width: 256,
        thumb_height: 256,
        bytes: 1000,
        created_at: t0(),
        hidden_at: None,
    };
    t.db.media().insert(&m).await.unwrap();
    m.id
}

#[tokio::test]
async fn a_profile_is_written_whole_and_a_taken_name_is_refused() {
    for t in TestDb::all().await {
        let users = t.db.users();
        let alice = user(&t, "alice").await;
        user(&t, "bob").await;
        let later = t0() + chrono::Duration::minutes(5);
        let updated = users
            .update_profile(
                alice.id,
                ProfileUpdate {
                    nickname: Nickname::parse("爱丽丝").unwrap(),
                    username: Username::parse("Alice2").unwrap(),
                    bio: Bio::parse("写代码\n也画画").unwrap(),
                },
                later,
                later,
            )
            .await
            .unwrap();
        assert_eq!(updated.username.as_str(), "alice2", "{}", t.url);
        assert_eq!(updated.nickname.as_str(), "爱丽丝");
        assert_eq!(
            updated.bio.as_ref().map(Bio::as_str),
            Some("写代码\n也画画")
        );
        assert_eq!(updated.updated_at, later);
        let err = users
            .update_profile(
                alice.id,
                ProfileUpdate {
                    nickname: Nickname::parse("x").unwrap(),
                    username: Username::parse("BOB").unwrap(),
                    bio: None,
                },
                later,
                later,
            )
            .await
            .unwrap_err();
        assert!(
            matches!(err, AccountsError::UsernameTaken),
            "{}: {err:?}",
            t.url
        );
        let (kept, _) = users.find_by_id(alice.id).await.unwrap().unwrap();
        assert_eq!(kept.username.as_str(), "alice2", "nothing changed");
        assert!(kept.bio.is_some());
    }
}

fn renamed(u: &User, to: &str) -> ProfileUpdate {
    ProfileUpdate {
        nickname: u.nickname.clone(),
        username: Username::parse(to).unwrap(),
        bio: None,
    }
}

/// [`new_user`] without a password, created at `at`.
fn new_user_at(name: &str, at: DateTime<Utc>) -> NewUser {
    NewUser {
        password_hash: None,
        created_at: at,
        ..new_user(name)
    }
}

#[tokio::test]
async fn a_name_given_up_is_held_for_its_former_owner_until_the_hold_ends() {
    for t in TestDb::all().await {
        let users = t.db.users();
        let alice = user(&t, "alice").await;
        let bob = user(&t, "bob").await;
        let hold_until = t0() + chrono::Duration::days(30);
        users
            .update_profile(alice.id, renamed(&alice, "alice2"), hold_until, t0())
            .await
            .unwrap();
        let during = t0() + chrono::Duration::days(29);
        let err = users
            .update_profile(bob.id, renamed(&bob, "alice"), during, during)
            .await
            .unwrap_err();
        assert!(
            matches!(err, AccountsError::UsernameTaken),
            "{}: {err:?}",
            t.url
        );
        let err = users
            .insert(new_user_at("ALICE", during))
            .await
            .unwrap_err();
        assert!(
            matches!(err, AccountsError::UsernameTaken),
            "{}: {err:?}",
            t.url
        );
        // The former owner takes it back; the name given up then is held in turn.
        let back = users
            .update_profile(
                alice.id,
                renamed(&alice, "alice"),
                during + chrono::Duration::days(30),
                during,
            )
            .await
            .unwrap();
        assert_eq!(back.username.as_str(), "alice");
        let err = users
            .insert(new_user_at("alice2", during))
            .await
            .unwrap_err();
        assert!(
            matches!(err, AccountsError::UsernameTaken),
            "{}: {err:?}",
            t.url
        );
        users
            .update_profile(
                alice.id,
                renamed(&alice, "alice3"),
                hold_until,
                hold_until - chrono::Duration::days(1),
            )
            .await
            .unwrap();
        // After the hold, anyone may take it; a hold that ends at once holds nothing.
        let after = hold_until + chrono::Duration::seconds(1);
        let taken = users
            .update_profile(bob.id, renamed(&bob, "alice"), after, after)
            .await
            .unwrap();
        assert_eq!(taken.username.as_str(), "alice", "{}", t.url);
        users.insert(new_user_at("bob", after)).await.unwrap();
    }
}

#[tokio::test]
async fn an_avatar_must_be_the_users_own_unused_avatar_upload() {
    for t in TestDb::all().await {
        let users = t.db.users();
        let alice = user(&t, "alice").await;
        let bob = user(&t, "bob").await;
        let bobs = upload(&t, bob.id, MediaKind::Avatar, MediaState::Unattached).await;
        let plaza = upload(&t, alice.id, MediaKind::Plaza, MediaState::Unattached).await;
        let used = upload(&t, alice.id, MediaKind::Avatar, MediaState::Attached).await;
        for refused in [bobs, plaza, used, MediaId::new_random()] {
            let err = users
                .set_avatar(alice.id, Some(refused), t0())
                .await
                .unwrap_err();
            assert!(
                matches!(err, AccountsError::AvatarNotUsable),
                "{}: {err:?}",
                t.url
            );
        }
        let first = upload(&t, alice.id, MediaKind::Avatar, MediaState::Unattached).await;
        assert_eq!(
            users.set_avatar(alice.id, Some(first), t0()).await.unwrap(),
            None
        );
        let row = t.db.media().find(first).await.unwrap().unwrap();
        assert_eq!(row.state, MediaState::Attached, "claimed in the same write");
        // Setting the same one again changes nothing; a second one answers the first.
        assert_eq!(
            users.set_avatar(alice.id, Some(first), t0()).await.unwrap(),
            Some(first)
        );
        let second = upload(&t, alice.id, MediaKind::Avatar, MediaState::Unattached).await;
        assert_eq!(
            users
                .set_avatar(alice.id, Some(second), t0())
                .await
                .unwrap(),
            Some(first)
        );
        let (now, _) = users.find_by_id(alice.id).await.unwrap().unwrap();
        assert_eq!(now.avatar, Some(second));
        assert_eq!(
            users.set_avatar(alice.id, None, t0()).await.unwrap(),
            Some(second)
        );
        let (now, _) = users.find_by_id(alice.id).await.unwrap().unwrap();
        assert_eq!(now.avatar, None);
    }
}

#[tokio::test]
async fn deleting_an_avatars_media_row_clears_the_avatar() {
    for t in TestDb::all().await {
        let users = t.db.users();
        let alice = user(&t, "alice").await;
        let file = upload(&t, alice.id, MediaKind::Avatar, MediaState::Unattached).await;
        users.set_avatar(alice.id, Some(file), t0()).await.unwrap();
        t.db.media().delete(file).await.unwrap();
        let (now, _) = users.find_by_id(alice.id).await.unwrap().unwrap();
        assert_eq!(now.avatar, None, "{}", t.url);
    }
}

#[tokio::test]
async fn appearance_is_stored_and_cleared() {
    for t in TestDb::all().await {
        let users = t.db.users();
        let alice = user(&t, "alice").await;
        assert_eq!(alice.appearance, Appearance::default());
        let chosen = Appearance {
            color_mode: Some(ColorMode::Dark),
            language: Some(Language::En),
        };
        users.set_appearance(alice.id, chosen, t0()).await.unwrap();
        let (now, _) = users.find_by_id(alice.id).await.unwrap().unwrap();
        assert_eq!(now.appearance, chosen, "{}", t.url);
        let only_mode = Appearance {
            color_mode: Some(ColorMode::System),
            language: None,
        };
        users
            .set_appearance(alice.id, only_mode, t0())
            .await
            .unwrap();
        let (now, _) = users.find_by_id(alice.id).await.unwrap().unwrap();
        assert_eq!(now.appearance, only_mode);
    }
}

/// `username` with every field a user has set to a value of its own (so that two columns read
/// in each other's place would show): a WeChat picture, `phone`, a WeChat identity, `nickname`
/// and `bio` changed 7 minutes after [`t0`], `appearance`, and an uploaded avatar — which is
/// answered with the user, for a test to hide.
async fn user_with_every_field(
    t: &TestDb,
    username: Username,
    phone: &str,
    nickname: &str,
    bio: &str,
    appearance: Appearance,
) -> (User, MediaId) {
    use accounts::model::{PhoneNumber, WechatIdentity};
    let users = t.db.users();
    let name = username.as_str().to_owned();
    let user = users
        .insert(NewUser {
            avatar_url: Some(format!("https://wx.example/{name}.png")),
            phone: Some(PhoneNumber::from_e164(phone).unwrap()),
            wechat: Some(WechatIdentity {
                openid: format!("o-{name}"),
                unionid: Some(format!("u-{name}")),
            }),
            ..new_user(&name)
        })
        .await
        .unwrap();
    let later = t0() + chrono::Duration::minutes(7);
    users
        .update_profile(
            user.id,
            ProfileUpdate {
                nickname: Nickname::parse(nickname).unwrap(),
                username,
                bio: Bio::parse(bio).unwrap(),
            },
            later,
            later,
        )
        .await
        .unwrap();
    users
        .set_appearance(user.id, appearance, later)
        .await
        .unwrap();
    let avatar = upload(t, user.id, MediaKind::Avatar, MediaState::Unattached).await;
    users
        .set_avatar(user.id, Some(avatar), later)
        .await
        .unwrap();
    (user, avatar)
}

/// The session lookup every signed-in request makes reads its row by position
/// (`accounts.rs`, `live_session_sql`): each field of the session and of its user comes back
/// as stored, every one set to a value of its own so that two columns read in each other's
/// place would show; an avatar an administrator hid reads as none, in the same statement.
#[tokio::test]
async fn the_session_lookup_reads_every_field_of_the_session_and_its_user() {
    use accounts::model::{Session, SessionTokenHash};
    use accounts::ports::SessionRepository;
    use kernel::SessionId;
    use media::ports::MediaCatalog;
    for t in TestDb::all().await {
        let users = t.db.users();
        let (alice, avatar) = user_with_every_field(
            &t,
            Username::parse("alice").unwrap(),
            "+8613800138000",
            "爱丽丝",
            "写代码",
            Appearance {
                color_mode: Some(ColorMode::Dark),
                language: Some(Language::En),
            },
        )
        .await;
        let later = t0() + chrono::Duration::minutes(7);
        let (stored, _) = users.find_by_id(alice.id).await.unwrap().unwrap();
        assert!(stored.has_password && stored.bio.is_some() && stored.avatar.is_some());

        let sessions = t.db.sessions();
        let session = Session {
            id: SessionId::new_random(),
            user_id: alice.id,
            token_hash: SessionTokenHash("h-alice".into()),
            user_agent: Some("Mozilla/5.0".into()),
            ip: Some("192.0.2.7".into()),
            created_at: t0(),
            last_seen_at: t0() + chrono::Duration::minutes(1),
            expires_at: t0() + chrono::Duration::days(30),
            reauthenticated_at: Some(t0() + chrono::Duration::minutes(2)),
        };
        sessions.insert(session.clone()).await.unwrap();
        let found = sessions
            .find_live(&session.token_hash, later)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(found, (session.clone(), stored.clone()), "{}", t.url);

        // Hidden by an administrator: the avatar reads as none, the rest as before.
        assert!(t.db.media().set_hidden(avatar, Some(later)).await.unwrap());
        let (_, user) = sessions
            .find_live(&session.token_hash, later)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            user,
            User {
                avatar: None,
                ..stored.clone()
            },
            "{}",
            t.url
        );

        // Without a password the account says so; an ended session is not found.
        let bob = users
            .insert(NewUser {
                password_hash: None,
                ..new_user("bob")
            })
            .await
            .unwrap();
        let bobs = Session {
            id: SessionId::new_random(),
            user_id: bob.id,
            token_hash: SessionTokenHash("h-bob".into()),
            reauthenticated_at: None,
            user_agent: None,
            ip: None,
            ..session.clone()
        };
        sessions.insert(bobs.clone()).await.unwrap();
        let (found, user) = sessions
            .find_live(&bobs.token_hash, later)
            .await
            .unwrap()
            .unwrap();
        assert_eq!((found, user.has_password), (bobs.clone(), false));
        assert!(
            sessions
                .find_live(&bobs.token_hash, bobs.expires_at)
                .await
                .unwrap()
                .is_none(),
            "ended at its expiry"
        );
    }
}

/// `viewer`'s read of the profile `who` names, checked to be one statement.
async fn profile_of(
    users: &adapter_postgres::SqlUserRepository,
    log: &adapter_postgres::testing::StatementLog,
    viewer: Option<UserId>,
    who: UserKey,
) -> Option<(User, Standing)> {
    log.take();
    let found = users.find_profile(viewer, &who).await.unwrap();
    assert_eq!(log.take().len(), 1, "one statement for {who:?}");
    found
}

/// A profile is read in one statement (`accounts.rs`, `find_profile`): the user as
/// `find_by_id` reads them, every field (so two columns read in each other's place would show),
/// an avatar an administrator hid as none, and where the viewer stands with them — nothing,
/// muted, blocked by the viewer, blocking the viewer, muting the viewer (which the viewer's
/// standing does not show) — by id and by username; someone else's entries count for nothing,
/// and a visitor stands nowhere.
#[tokio::test]
async fn a_profile_is_read_with_the_viewers_standing_in_one_statement() {
    use blocks::model::{Block, BlockKind};
    use blocks::ports::BlockStore;
    use media::ports::MediaCatalog;
    for t in TestDb::all().await {
        let users = t.db.users();
        let (carol, avatar) = user_with_every_field(
            &t,
            Username::parse("carol").unwrap(),
            "+8613800138001",
            "卡罗尔",
            "读书",
            Appearance {
                color_mode: Some(ColorMode::Light),
                language: Some(Language::Zh),
            },
        )
        .await;
        let later = t0() + chrono::Duration::minutes(7);
        let (stored, _) = users.find_by_id(carol.id).await.unwrap().unwrap();
        assert!(stored.bio.is_some() && stored.avatar.is_some() && stored.phone.is_some());
        let me = user(&t, "viewer").await;
        let dan = user(&t, "dan").await;

        let (db, log) = t.db.recording_for_tests();
        let users = db.users();
        let blocks = db.blocks();
        let by_id = UserKey::Id(carol.id);
        let by_name = UserKey::Username(Username::parse("carol").unwrap());
        let set = |blocker: UserId, target: UserId, kind: BlockKind| Block {
            blocker,
            target,
            kind,
            created_at: at(1),
        };
        let nowhere = Standing::default();

        // No entries, or only someone else's: the viewer stands nowhere.
        blocks
            .put(set(dan.id, carol.id, BlockKind::Block))
            .await
            .unwrap()
            .unwrap();
        blocks
            .put(set(carol.id, dan.id, BlockKind::Block))
            .await
            .unwrap()
            .unwrap();
        for who in [&by_id, &by_name] {
            assert_eq!(
                profile_of(&users, &log, Some(me.id), who.clone()).await,
                Some((stored.clone(), nowhere)),
                "{}",
                t.url
            );
            assert_eq!(
                profile_of(&users, &log, None, who.clone()).await,
                Some((stored.clone(), nowhere)),
                "a visitor, {}",
                t.url
            );
        }

        // The viewer's entries against them, and theirs against the viewer, one at a time.
        let cases = [
            (
                set(me.id, carol.id, BlockKind::Mute),
                Standing {
                    mine: Some(BlockKind::Mute),
                    blocked: false,
                },
            ),
            (
                set(me.id, carol.id, BlockKind::Block),
                Standing {
                    mine: Some(BlockKind::Block),
                    blocked: true,
                },
            ),
            (
                set(carol.id, me.id, BlockKind::Block),
                Standing {
                    mine: None,
                    blocked: true,
                },
            ),
            (set(carol.id, me.id, BlockKind::Mute), nowhere),
        ];
        for (entry, standing) in cases {
            blocks.put(entry).await.unwrap().unwrap();
            for who in [&by_id, &by_name] {
                assert_eq!(
                    profile_of(&users, &log, Some(me.id), who.clone()).await,
                    Some((stored.clone(), standing)),
                    "{entry:?} on {}",
                    t.url
                );
            }
            assert_eq!(
                profile_of(&users, &log, None, by_id.clone()).await,
                Some((stored.clone(), nowhere)),
                "a visitor, {entry:?} on {}",
                t.url
            );
            assert!(blocks.remove(entry.blocker, entry.target).await.unwrap());
        }
        // Both ways at once: the viewer's mute shows, and the block between them.
        blocks
            .put(set(me.id, carol.id, BlockKind::Mute))
            .await
            .unwrap()
            .unwrap();
        blocks
            .put(set(carol.id, me.id, BlockKind::Block))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            profile_of(&users, &log, Some(me.id), by_id.clone()).await,
            Some((
                stored.clone(),
                Standing {
                    mine: Some(BlockKind::Mute),
                    blocked: true,
                }
            )),
            "{}",
            t.url
        );

        // Hidden by an administrator: the avatar reads as none, the rest as before.
        assert!(t.db.media().set_hidden(avatar, Some(later)).await.unwrap());
        let unseen = User {
            avatar: None,
            ..stored.clone()
        };
        assert_eq!(
            profile_of(&users, &log, None, by_name.clone()).await,
            Some((unseen.clone(), nowhere)),
            "{}",
            t.url
        );
        assert_eq!(
            profile_of(&users, &log, Some(dan.id), by_id.clone()).await,
            Some((
                unseen,
                Standing {
                    mine: Some(BlockKind::Block),
                    blocked: true,
                }
            )),
            "{}",
            t.url
        );

        // Nobody of that id or name.
        for who in [
            UserKey::Id(UserId::new_random()),
            UserKey::Username(Username::parse("nobody").unwrap()),
        ] {
            assert_eq!(profile_of(&users, &log, Some(me.id), who).await, None);
        }
    }
}
