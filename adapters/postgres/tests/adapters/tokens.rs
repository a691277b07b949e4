//! The token repository's and the audit log's contracts, on SQLite and PostgreSQL.

use crate::support::{TestDb, new_user, t0};
use accounts::ports::UserRepository;
use chrono::{DateTime, Duration, Utc};
use kernel::{AuditEvent, AuditLog, UserId};
use tokens::model::{PersonalAccessToken, Scopes, TokenId, TokenSecret};
use tokens::ports::TokenRepository;

fn secret(n: u8) -> TokenSecret {
    let random: String = std::iter::repeat_n(char::from(b'a' + n), 30).collect();
    TokenSecret::from_random(&random).unwrap()
}

fn token(
    user: UserId,
    n: u8,
    created: DateTime<Utc>,
    expires: Option<DateTime<Utc>>,
) -> PersonalAccessToken {
    PersonalAccessToken {
        id: TokenId::new_random(),
        user_id: user,
        name: format!("令牌 {n}"),
        hint: secret(n).hint(),
        scopes: Scopes::parse(&["account:read", "ai:write"]).unwrap(),
        created_at: created,
        expires_at: expires,
        last_used_at: None,
        revoked_at: None,
    }
}

#[tokio::test]
async fn tokens_are_found_by_digest_listed_newest_first_and_counted_while_active() {
    for t in TestDb::all().await {
        let alice = t.db.users().insert(new_user("alice")).await.unwrap();
        let bob = t.db.users().insert(new_user("bob")).await.unwrap();
        let repo = t.db.tokens();
        let old = token(alice.id, 1, t0(), Some(t0() + Duration::days(7)));
        let new = token(alice.id, 2, t0() + Duration::minutes(1), None);
        let bobs = token(bob.id, 3, t0(), None);
        repo.insert(&old, &secret(1).digest()).await.unwrap();
        repo.insert(&new, &secret(2).digest()).await.unwrap();
        repo.insert(&bobs, &secret(3).digest()).await.unwrap();

        assert_eq!(
            repo.find_by_digest(&secret(1).digest()).await.unwrap(),
            Some(old.clone()),
            "on {}",
            t.url
        );
        assert_eq!(
            repo.find_by_digest(&secret(9).digest()).await.unwrap(),
            None
        );
        assert_eq!(
            repo.list_for_user(alice.id).await.unwrap(),
            vec![new.clone(), old.clone()]
        );
        assert_eq!(repo.count_active(alice.id, t0()).await.unwrap(), 2);
        // Once the 7-day token has expired only the one that never expires counts.
        assert_eq!(
            repo.count_active(alice.id, t0() + Duration::days(7))
                .await
                .unwrap(),
            1
        );

        // The same digest cannot be stored twice.
        let mut dup = token(bob.id, 1, t0(), None);
        dup.id = TokenId::new_random();
        assert!(repo.insert(&dup, &secret(1).digest()).await.is_err());
    }
}

#[tokio::test]
async fn revoking_is_per_owner_idempotent_and_keeps_the_first_time() {
    for t in TestDb::all().await {
        let alice = t.db.users().insert(new_user("alice")).await.unwrap();
        let bob = t.db.users().insert(new_user("bob")).await.unwrap();
        let repo = t.db.tokens();
        let tok = token(alice.id, 1, t0(), None);
        repo.insert(&tok, &secret(1).digest()).await.unwrap();

        assert_eq!(
            repo.revoke(bob.id, tok.id, t0()).await.unwrap(),
            None,
            "not bob's"
        );
        assert_eq!(
            repo.revoke(alice.id, TokenId::new_random(), t0())
                .await
                .unwrap(),
            None
        );
        let later = t0() + Duration::hours(1);
        let (revoked, newly) = repo.revoke(alice.id, tok.id, later).await.unwrap().unwrap();
        assert!(newly);
        assert_eq!(revoked.revoked_at, Some(later));
        let (again, newly) = repo
            .revoke(alice.id, tok.id, later + Duration::hours(1))
            .await
            .unwrap()
            .unwrap();
        assert!(!newly);
        assert_eq!(again.revoked_at, Some(later), "the first revocation stands");
        assert_eq!(repo.count_active(alice.id, t0()).await.unwrap(), 0);
        // Still listed, with its state.
        assert_eq!(repo.list_for_user(alice.id).await.unwrap(), vec![again]);
    }
}

#[tokio::test]
async fn revoking_all_takes_only_the_owners_active_tokens_once() {
    for t in TestDb::all().await {
        let alice = t.db.users().insert(new_user("alice")).await.unwrap();
        let bob = t.db.users().insert(new_user("bob")).await.unwrap();
        let repo = t.db.tokens();
        let live = token(alice.id, 1, t0(), None);
        let live2 = token(
            alice.id,
            2,
            t0() + Duration::minutes(1),
            Some(t0() + Duration::days(7)),
        );
        let expired = token(alice.id, 3, t0(), Some(t0() + Duration::hours(1)));
        let revoked = token(alice.id, 4, t0(), None);
        let bobs = token(bob.id, 5, t0(), None);
        for (tok, n) in [
            (&live, 1),
            (&live2, 2),
            (&expired, 3),
            (&revoked, 4),
            (&bobs, 5),
        ] {
            repo.insert(tok, &secret(n).digest()).await.unwrap();
        }
        let first_revocation = t0() + Duration::minutes(30);
        repo.revoke(alice.id, revoked.id, first_revocation)
            .await
            .unwrap();

        let now = t0() + Duration::hours(2);
        let got = repo.revoke_all_active(alice.id, now).await.unwrap();
        let mut ids: Vec<_> = got.iter().map(|t| t.id).collect();
        ids.sort_by_key(|id| id.0);
        let mut want = vec![live.id, live2.id];
        want.sort_by_key(|id| id.0);
        assert_eq!(ids, want, "on {}", t.url);
        assert!(got.iter().all(|t| t.revoked_at == Some(now)));

        let listed = repo.list_for_user(alice.id).await.unwrap();
        let find = |id| listed.iter().find(|t| t.id == id).unwrap().clone();
        assert_eq!(find(live.id).revoked_at, Some(now));
        assert_eq!(find(expired.id).revoked_at, None, "expired stays expired");
        assert_eq!(
            find(revoked.id).revoked_at,
            Some(first_revocation),
            "the first time stands"
        );
        assert_eq!(
            repo.list_for_user(bob.id).await.unwrap()[0].revoked_at,
            None,
            "bob untouched"
        );
        assert!(
            repo.revoke_all_active(alice.id, now)
                .await
                .unwrap()
                .is_empty(),
            "again: nothing left"
        );
    }
}

#[tokio::test]
async fn last_use_is_written_only_when_stale() {
    for t in TestDb::all().await {
        let alice = t.db.users().insert(new_user("alice")).await.unwrap();
        let repo = t.db.tokens();
        let tok = token(alice.id, 1, t0(), None);
        repo.insert(&tok, &secret(1).digest()).await.unwrap();
        let used = |r: Option<PersonalAccessToken>| r.unwrap().last_used_at;

        repo.touch(tok.id, t0(), t0() - Duration::minutes(1))
            .await
            .unwrap();
        assert_eq!(
            used(repo.find_by_digest(&secret(1).digest()).await.unwrap()),
            Some(t0())
        );
        // 30 s later: not stale yet, nothing written.
        let t30 = t0() + Duration::seconds(30);
        repo.touch(tok.id, t30, t30 - Duration::minutes(1))
            .await
            .unwrap();
        assert_eq!(
            used(repo.find_by_digest(&secret(1).digest()).await.unwrap()),
            Some(t0())
        );
        let t60 = t0() + Duration::seconds(60);
        repo.touch(tok.id, t60, t60 - Duration::minutes(1))
            .await
            .unwrap();
        assert_eq!(
            used(repo.find_by_digest(&secret(1).digest()).await.unwrap()),
            Some(t60)
        );
    }
}

#[tokio::test]
async fn deleting_a_user_deletes_their_tokens() {
    for t in TestDb::all().await {
        let alice = t.db.users().insert(new_user("alice")).await.unwrap();
        let repo = t.db.tokens();
        repo.insert(&token(alice.id, 1, t0(), None), &secret(1).digest())
            .await
            .unwrap();
        let deleted =
            t.db.execute_for_tests("DELETE FROM users WHERE username = 'alice'")
                .await
                .unwrap();
        assert_eq!(deleted, 1);
        assert_eq!(
            repo.find_by_digest(&secret(1).digest()).await.unwrap(),
            None
        );
    }
}

#[tokio::test]
async fn the_audit_log_keeps_events_newest_first() {
    for t in TestDb::all().await {
        let log = t.db.audit_log();
        let actor = UserId::new_random();
        for (i, action) in ["token.created", "token.revoked"].into_iter().enumerate() {
            log.record(AuditEvent {
                at: t0() + Duration::seconds(i as i64),
                actor: Some(actor),
                action: action.into(),
                target: Some("t-1".into()),
                ip: Some("192.0.2.1".into()),
                detail: Some("name=\"ci\"".into()),
            })
            .await
            .unwrap();
        }
        let events = log.recent(10).await.unwrap();
        assert_eq!(events.len(), 2);
        assert_eq!(events[0].action, "token.revoked");
        assert_eq!(events[1].action, "token.created");
        assert_eq!(events[1].actor, Some(actor));
        assert_eq!(events[1].ip.as_deref(), Some("192.0.2.1"));
        assert_eq!(log.recent(1).await.unwrap().len(), 1);
    }
}

/// Disabling an account ends all it holds in one go: its sessions end (kept, so a browser can be
/// told why, until the account is enabled) and its active tokens are revoked at that moment; an
/// expired or already revoked token keeps its state, and nobody else's credentials change.
#[tokio::test]
async fn disabling_a_user_ends_their_sessions_and_revokes_their_active_tokens() {
    use accounts::model::{Session, SessionTokenHash};
    use accounts::ports::SessionRepository;
    use kernel::SessionId;
    for t in TestDb::all().await {
        let users = t.db.users();
        let alice = users.insert(new_user("alice")).await.unwrap();
        let bob = users.insert(new_user("bob")).await.unwrap();
        let session = |user: UserId, hash: &str| Session {
            id: SessionId::new_random(),
            user_id: user,
            token_hash: SessionTokenHash(hash.into()),
            user_agent: None,
            ip: None,
            created_at: t0(),
            last_seen_at: t0(),
            expires_at: t0() + Duration::days(30),
            reauthenticated_at: None,
        };
        for s in [
            session(alice.id, "a1"),
            session(alice.id, "a2"),
            session(bob.id, "b1"),
        ] {
            t.db.sessions().insert(s).await.unwrap();
        }
        let repo = t.db.tokens();
        let live = token(alice.id, 1, t0(), None);
        let expired = token(alice.id, 2, t0(), Some(t0() + Duration::hours(1)));
        let revoked = token(alice.id, 3, t0(), None);
        let bobs = token(bob.id, 4, t0(), None);
        for (tok, n) in [(&live, 1), (&expired, 2), (&revoked, 3), (&bobs, 4)] {
            repo.insert(tok, &secret(n).digest()).await.unwrap();
        }
        let earlier = t0() + Duration::hours(2);
        repo.revoke(alice.id, revoked.id, earlier).await.unwrap();

        let when = t0() + Duration::hours(3);
        let ended = users.disable(alice.id, when).await.unwrap().unwrap();
        assert_eq!((ended.sessions, ended.tokens), (2, 1), "on {}", t.url);
        let (stored, _) = users.find_by_id(alice.id).await.unwrap().unwrap();
        assert_eq!(stored.disabled_at, Some(when));
        assert!(
            t.db.sessions()
                .list_live_for_user(alice.id, when)
                .await
                .unwrap()
                .is_empty()
        );
        assert!(
            t.db.sessions()
                .find_live(&SessionTokenHash("a1".into()), when)
                .await
                .unwrap()
                .is_none()
        );
        assert_eq!(
            t.db.sessions()
                .list_live_for_user(bob.id, when)
                .await
                .unwrap()
                .len(),
            1
        );
        // The ended session still names its (disabled) account, and the purge spares it.
        let later = when + Duration::days(60);
        t.db.sessions().purge_expired(later).await.unwrap();
        let owner =
            t.db.sessions()
                .find_owner(&SessionTokenHash("a1".into()))
                .await
                .unwrap();
        assert_eq!(
            owner.map(|u| (u.id, u.disabled_at)),
            Some((alice.id, Some(when)))
        );
        assert!(
            t.db.sessions()
                .find_owner(&SessionTokenHash("b1".into()))
                .await
                .unwrap()
                .is_none(),
            "bob's expired session was purged"
        );
        let by_id = |list: Vec<PersonalAccessToken>, id: TokenId| {
            list.into_iter().find(|x| x.id == id).unwrap().revoked_at
        };
        let after = repo.list_for_user(alice.id).await.unwrap();
        assert_eq!(by_id(after.clone(), live.id), Some(when));
        assert_eq!(by_id(after.clone(), expired.id), None);
        assert_eq!(by_id(after, revoked.id), Some(earlier));
        assert_eq!(
            by_id(repo.list_for_user(bob.id).await.unwrap(), bobs.id),
            None
        );

        // Again: the first time stays, nothing is left to end.
        let again = users
            .disable(alice.id, when + Duration::hours(1))
            .await
            .unwrap()
            .unwrap();
        assert_eq!((again.sessions, again.tokens), (0, 0));
        let (stored, _) = users.find_by_id(alice.id).await.unwrap().unwrap();
        assert_eq!(stored.disabled_at, Some(when));

        assert!(
            users
                .enable(alice.id, when + Duration::hours(2))
                .await
                .unwrap()
        );
        let (stored, _) = users.find_by_id(alice.id).await.unwrap().unwrap();
        assert_eq!(stored.disabled_at, None);
        // Enabling deletes the sessions disabling ended: they never come back.
        assert!(
            t.db.sessions()
                .find_owner(&SessionTokenHash("a1".into()))
                .await
                .unwrap()
                .is_none()
        );

        let nobody = UserId::new_random();
        assert!(users.disable(nobody, when).await.unwrap().is_none());
        assert!(!users.enable(nobody, when).await.unwrap());
    }
}
