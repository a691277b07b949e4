//! The media repository's contract, on SQLite and PostgreSQL.

use crate::support::{TestDb, at, person, t0};
use chrono::{DateTime, Utc};
use groups::model::{Article, ArticleStatus, Group, JoinPolicy, Person, Visibility};
use groups::ports::{ArticleRepository, GroupRepository};
use kernel::{ArticleId, GroupId, MediaId, PageRequest, UserId};
use media::MediaError;
use media::model::{ImageFormat, Media, MediaKind, MediaState, UnpublishedImages};
use media::ports::MediaRepository;

async fn group(t: &TestDb, owner: &Person, name: &str) -> Group {
    let g = Group {
        id: GroupId::new_random(),
        name: name.to_owned(),
        description: String::new(),
        cover: None,
        visibility: Visibility::Public,
        join_policy: JoinPolicy::Open,
        invite_code: "ABCD2345".to_owned(),
        owner: owner.id,
        member_count: 1,
        created_at: t0(),
        updated_at: t0(),
    };
    t.db.groups().create(&g).await.unwrap();
    g
}

async fn article(t: &TestDb, group: &Group, author: &Person) -> Article {
    let a = Article {
        withheld: None,
        id: ArticleId::new_random(),
        group: group.id,
        author: author.clone(),
        title: "图文".to_owned(),
        body: String::new(),
        excerpt: String::new(),
        status: ArticleStatus::Draft,
        version: 1,
        created_at: t0(),
        updated_at: t0(),
        published_at: None,
        replies: Default::default(),
    };
    t.db.articles().insert(&a).await.unwrap();
    a
}

fn file(
    owner: &Person,
    group: Option<&Group>,
    kind: MediaKind,
    state: MediaState,
    created: DateTime<Utc>,
) -> Media {
    Media {
        id: MediaId::new_random(),
        owner: owner.id,
        group: group.map(|g| g.id),
        article: None,
        kind,
        state,
        format: ImageFormat::Webp,
        width: 1920,
        height: 1080,
        thumb_width: 320,
        thumb_height: 180,
        bytes: 250_000,
        created_at: created,
        hidden_at: None,
    }
}

#[tokio::test]
async fn rows_are_inserted_found_moved_and_deleted() {
    for t in TestDb::all().await {
        let repo = t.db.media();
        let alice = person(&t, "alice").await;
        let g = group(&t, &alice, "Club").await;
        let a = article(&t, &g, &alice).await;
        let mut m = file(
            &alice,
            Some(&g),
            MediaKind::Gallery,
            MediaState::Pending,
            at(0),
        );
        m.article = Some(a.id);
        // Every u32 fits, and sizes past u32 too.
        m.width = u32::MAX;
        m.height = u32::MAX;
        m.bytes = u64::from(u32::MAX) * 3;
        repo.insert(&m).await.unwrap();
        assert_eq!(
            repo.find(m.id).await.unwrap(),
            Some(m.clone()),
            "on {}",
            t.url
        );
        assert_eq!(repo.find(MediaId::new_random()).await.unwrap(), None);

        for state in [MediaState::Unattached, MediaState::Attached] {
            assert!(repo.set_state(m.id, state).await.unwrap());
            assert_eq!(repo.find(m.id).await.unwrap().unwrap().state, state);
        }
        assert!(
            !repo
                .set_state(MediaId::new_random(), MediaState::Attached)
                .await
                .unwrap()
        );

        let no_group = file(
            &alice,
            None,
            MediaKind::Cover,
            MediaState::Unattached,
            at(1),
        );
        repo.insert(&no_group).await.unwrap();
        assert_eq!(
            repo.find(no_group.id).await.unwrap(),
            Some(no_group.clone())
        );

        repo.delete(m.id).await.unwrap();
        assert_eq!(repo.find(m.id).await.unwrap(), None);
        repo.delete(m.id).await.unwrap();
        // An id taken already is refused.
        assert!(matches!(
            repo.insert(&no_group).await,
            Err(MediaError::Unexpected(_))
        ));
    }
}

#[tokio::test]
async fn an_insert_naming_a_group_or_article_that_is_gone_is_unexpected() {
    for t in TestDb::all().await {
        let repo = t.db.media();
        let alice = person(&t, "alice").await;
        let g = group(&t, &alice, "Club").await;
        let other = group(&t, &alice, "Other").await;
        let a = article(&t, &g, &alice).await;

        let mut m = file(
            &alice,
            Some(&g),
            MediaKind::Gallery,
            MediaState::Pending,
            at(0),
        );
        m.group = Some(GroupId::new_random());
        assert!(
            matches!(repo.insert(&m).await, Err(MediaError::Unexpected(_))),
            "on {}",
            t.url
        );
        m.group = Some(g.id);
        m.article = Some(ArticleId::new_random());
        assert!(matches!(
            repo.insert(&m).await,
            Err(MediaError::Unexpected(_))
        ));
        m.group = Some(other.id);
        m.article = Some(a.id);
        assert!(
            matches!(repo.insert(&m).await, Err(MediaError::Unexpected(_))),
            "another group's article"
        );
        m.owner = UserId::new_random();
        m.group = Some(g.id);
        assert!(
            matches!(repo.insert(&m).await, Err(MediaError::Unexpected(_))),
            "no such owner"
        );
        assert_eq!(repo.find(m.id).await.unwrap(), None);
        m.owner = alice.id;
        repo.insert(&m).await.unwrap();
    }
}

#[tokio::test]
async fn bytes_of_owner_counts_every_state() {
    for t in TestDb::all().await {
        let repo = t.db.media();
        let alice = person(&t, "alice").await;
        let bob = person(&t, "bob").await;
        let g = group(&t, &alice, "Club").await;
        assert_eq!(
            repo.bytes_of_owner(alice.id).await.unwrap(),
            0,
            "on {}",
            t.url
        );
        let mut total = 0;
        for (i, state) in [
            MediaState::Pending,
            MediaState::Unattached,
            MediaState::Attached,
        ]
        .into_iter()
        .enumerate()
        {
            let mut m = file(&alice, Some(&g), MediaKind::Gallery, state, at(0));
            m.bytes = 1_000_000 * (i as u64 + 1) + u64::from(u32::MAX);
            total += m.bytes;
            repo.insert(&m).await.unwrap();
        }
        repo.insert(&file(
            &bob,
            Some(&g),
            MediaKind::Cover,
            MediaState::Attached,
            at(0),
        ))
        .await
        .unwrap();
        assert_eq!(repo.bytes_of_owner(alice.id).await.unwrap(), total);
        assert_eq!(repo.bytes_of_owner(bob.id).await.unwrap(), 250_000);
    }
}

#[tokio::test]
async fn the_gallery_lists_a_groups_attached_gallery_images_newest_first_in_pages() {
    for t in TestDb::all().await {
        let repo = t.db.media();
        let alice = person(&t, "alice").await;
        let g = group(&t, &alice, "Club").await;
        let other = group(&t, &alice, "Other").await;
        let mut expected = Vec::new();
        for i in 0..5_i64 {
            // Pairs share a time: the id breaks the tie.
            let m = file(
                &alice,
                Some(&g),
                MediaKind::Gallery,
                MediaState::Attached,
                at(i / 2),
            );
            repo.insert(&m).await.unwrap();
            expected.push(m);
        }
        for excluded in [
            file(
                &alice,
                Some(&g),
                MediaKind::Cover,
                MediaState::Attached,
                at(9),
            ),
            file(
                &alice,
                Some(&g),
                MediaKind::Gallery,
                MediaState::Pending,
                at(9),
            ),
            file(
                &alice,
                Some(&g),
                MediaKind::Gallery,
                MediaState::Unattached,
                at(9),
            ),
            file(
                &alice,
                Some(&other),
                MediaKind::Gallery,
                MediaState::Attached,
                at(9),
            ),
            file(
                &alice,
                None,
                MediaKind::Gallery,
                MediaState::Attached,
                at(9),
            ),
        ] {
            repo.insert(&excluded).await.unwrap();
        }
        expected.sort_by_key(|g| std::cmp::Reverse((g.created_at, g.id)));

        let mut seen = Vec::new();
        let mut after = None;
        let mut pages = 0;
        loop {
            let page = repo
                .gallery(
                    g.id,
                    UnpublishedImages::Shown,
                    PageRequest::new(after, Some(2)),
                )
                .await
                .unwrap();
            pages += 1;
            seen.extend(page.items);
            match page.next {
                Some(next) => after = Some(next),
                None => break,
            }
        }
        assert_eq!(seen, expected, "on {}", t.url);
        assert_eq!(pages, 3);
        assert!(
            repo.gallery(
                GroupId::new_random(),
                UnpublishedImages::Shown,
                PageRequest::first(10)
            )
            .await
            .unwrap()
            .items
            .is_empty()
        );
    }
}

#[tokio::test]
async fn of_group_and_of_article_find_rows_of_any_kind_and_state_up_to_the_limit() {
    for t in TestDb::all().await {
        let repo = t.db.media();
        let alice = person(&t, "alice").await;
        let g = group(&t, &alice, "Club").await;
        let other = group(&t, &alice, "Other").await;
        let a = article(&t, &g, &alice).await;
        let b = article(&t, &g, &alice).await;
        let mut of_g = Vec::new();
        for (i, (kind, state)) in [
            (MediaKind::Gallery, MediaState::Pending),
            (MediaKind::Gallery, MediaState::Unattached),
            (MediaKind::Gallery, MediaState::Attached),
            (MediaKind::Cover, MediaState::Attached),
        ]
        .into_iter()
        .enumerate()
        {
            let mut m = file(&alice, Some(&g), kind, state, at(i as i64));
            if i < 3 {
                m.article = Some(a.id);
            }
            repo.insert(&m).await.unwrap();
            of_g.push(m);
        }
        let mut of_b = file(
            &alice,
            Some(&g),
            MediaKind::Gallery,
            MediaState::Attached,
            at(9),
        );
        of_b.article = Some(b.id);
        repo.insert(&of_b).await.unwrap();
        of_g.push(of_b.clone());
        repo.insert(&file(
            &alice,
            Some(&other),
            MediaKind::Gallery,
            MediaState::Attached,
            at(0),
        ))
        .await
        .unwrap();

        assert_eq!(
            repo.of_group(g.id, 100).await.unwrap(),
            of_g,
            "on {}",
            t.url
        );
        assert_eq!(repo.of_group(g.id, 2).await.unwrap(), of_g[..2].to_vec());
        assert_eq!(
            repo.of_article(a.id, 100).await.unwrap(),
            of_g[..3].to_vec()
        );
        assert_eq!(repo.of_article(a.id, 1).await.unwrap().len(), 1);
        assert_eq!(repo.of_article(b.id, 100).await.unwrap(), vec![of_b]);
        assert!(
            repo.of_article(ArticleId::new_random(), 100)
                .await
                .unwrap()
                .is_empty()
        );
        assert!(
            repo.of_group(GroupId::new_random(), 100)
                .await
                .unwrap()
                .is_empty()
        );
    }
}

#[tokio::test]
async fn stale_finds_pending_and_unattached_rows_created_before_the_cutoff() {
    for t in TestDb::all().await {
        let repo = t.db.media();
        let alice = person(&t, "alice").await;
        let g = group(&t, &alice, "Club").await;
        let old_pending = file(
            &alice,
            Some(&g),
            MediaKind::Gallery,
            MediaState::Pending,
            at(0),
        );
        let old_unattached = file(
            &alice,
            None,
            MediaKind::Cover,
            MediaState::Unattached,
            at(1),
        );
        let old_attached = file(
            &alice,
            Some(&g),
            MediaKind::Gallery,
            MediaState::Attached,
            at(0),
        );
        let new_pending = file(
            &alice,
            Some(&g),
            MediaKind::Gallery,
            MediaState::Pending,
            at(60),
        );
        for m in [&old_pending, &old_unattached, &old_attached, &new_pending] {
            repo.insert(m).await.unwrap();
        }
        assert_eq!(
            repo.stale(at(30), 100).await.unwrap(),
            vec![old_pending.clone(), old_unattached.clone()],
            "on {}",
            t.url
        );
        assert_eq!(
            repo.stale(at(30), 1).await.unwrap(),
            vec![old_pending.clone()]
        );
        assert_eq!(
            repo.stale(at(1), 100).await.unwrap(),
            vec![old_pending],
            "strictly before"
        );
        assert_eq!(repo.stale(at(61), 100).await.unwrap().len(), 3);
    }
}

#[tokio::test]
async fn keep_marks_the_owners_unattached_rows_and_stale_counts_from_it() {
    for t in TestDb::all().await {
        let repo = t.db.media();
        let alice = person(&t, "alice").await;
        let bob = person(&t, "bob").await;
        let g = group(&t, &alice, "Club").await;
        let drafted = file(
            &alice,
            None,
            MediaKind::Plaza,
            MediaState::Unattached,
            at(0),
        );
        let forgotten = file(
            &alice,
            None,
            MediaKind::Plaza,
            MediaState::Unattached,
            at(0),
        );
        let posted = file(
            &alice,
            Some(&g),
            MediaKind::Gallery,
            MediaState::Attached,
            at(0),
        );
        let writing = file(&alice, None, MediaKind::Plaza, MediaState::Pending, at(0));
        let bobs = file(&bob, None, MediaKind::Plaza, MediaState::Unattached, at(0));
        for m in [&drafted, &forgotten, &posted, &writing, &bobs] {
            repo.insert(m).await.unwrap();
        }
        let gone = MediaId::new_random();

        // Only the owner's unattached rows, in the order asked; the rest are left alone.
        let asked = [bobs.id, posted.id, drafted.id, gone, writing.id];
        assert_eq!(
            repo.keep(alice.id, &asked, at(50)).await.unwrap(),
            vec![drafted.id],
            "on {}",
            t.url
        );
        assert_eq!(
            repo.keep(bob.id, &[bobs.id, drafted.id], at(50))
                .await
                .unwrap(),
            vec![bobs.id]
        );

        // A kept row is stale only once its keep is older than the cutoff.
        let stale = |rows: Vec<Media>| {
            let mut ids: Vec<MediaId> = rows.into_iter().map(|m| m.id).collect();
            ids.sort();
            ids
        };
        let mut before_keep = vec![forgotten.id, writing.id];
        before_keep.sort();
        assert_eq!(stale(repo.stale(at(30), 100).await.unwrap()), before_keep);
        assert_eq!(
            repo.stale(at(50), 100).await.unwrap().len(),
            2,
            "strictly before"
        );
        let mut all = vec![forgotten.id, writing.id, drafted.id, bobs.id];
        all.sort();
        assert_eq!(stale(repo.stale(at(51), 100).await.unwrap()), all);
        // The row itself is unchanged by a keep.
        assert_eq!(repo.find(drafted.id).await.unwrap(), Some(drafted));
    }
}

#[tokio::test]
async fn rows_outlive_their_group_and_hold_their_owner() {
    for t in TestDb::all().await {
        let repo = t.db.media();
        let alice = person(&t, "alice").await;
        let g = group(&t, &alice, "Club").await;
        let a = article(&t, &g, &alice).await;
        let mut m = file(
            &alice,
            Some(&g),
            MediaKind::Gallery,
            MediaState::Attached,
            at(0),
        );
        m.article = Some(a.id);
        repo.insert(&m).await.unwrap();

        // A leftover row does not block the group's deletion, and is still found to delete.
        t.db.groups().delete(g.id).await.unwrap();
        assert_eq!(
            repo.of_group(g.id, 10).await.unwrap(),
            vec![m.clone()],
            "on {}",
            t.url
        );
        assert_eq!(repo.of_article(a.id, 10).await.unwrap(), vec![m.clone()]);

        // A user with files cannot vanish from under them (their objects would lose their rows).
        assert!(
            t.db.execute_for_tests("DELETE FROM users WHERE username = 'alice'")
                .await
                .is_err()
        );
        repo.delete(m.id).await.unwrap();
        assert_eq!(
            t.db.execute_for_tests("DELETE FROM users WHERE username = 'alice'")
                .await
                .unwrap(),
            1
        );
    }
}

/// Every page of the catalog for `filter`, in pages of `size`.
async fn whole_catalog(
    t: &TestDb,
    filter: &media::CatalogFilter,
    size: u32,
) -> Vec<media::CatalogEntry> {
    use media::ports::MediaCatalog;
    let mut all = Vec::new();
    let mut after = None;
    loop {
        let page =
            t.db.media()
                .list(filter, PageRequest::new(after, Some(size)))
                .await
                .unwrap();
        assert!(page.items.len() <= size as usize);
        all.extend(page.items);
        match page.next {
            Some(next) => after = Some(next),
            None => return all,
        }
    }
}

#[tokio::test]
async fn the_catalog_lists_every_stored_file_filtered_newest_first_with_owner_and_group() {
    use media::CatalogFilter;
    use media::ports::MediaCatalog;
    for t in TestDb::all().await {
        let repo = t.db.media();
        let alice = person(&t, "alice").await;
        let bob = person(&t, "bob").await;
        let club = group(&t, &alice, "读书会").await;
        let mut alices = Vec::new();
        for i in 0..4_i64 {
            let m = file(
                &alice,
                Some(&club),
                MediaKind::Gallery,
                MediaState::Attached,
                at(i / 2),
            );
            repo.insert(&m).await.unwrap();
            alices.push(m);
        }
        let cover = file(
            &alice,
            Some(&club),
            MediaKind::Cover,
            MediaState::Attached,
            at(5),
        );
        let bobs = file(&bob, None, MediaKind::Plaza, MediaState::Unattached, at(6));
        let pending = file(&bob, None, MediaKind::Plaza, MediaState::Pending, at(7));
        for m in [&cover, &bobs, &pending] {
            repo.insert(m).await.unwrap();
        }

        let all = whole_catalog(&t, &CatalogFilter::default(), 2).await;
        let mut expected: Vec<&Media> = alices.iter().chain([&cover, &bobs]).collect();
        expected.sort_by_key(|m| std::cmp::Reverse((m.created_at, m.id)));
        assert_eq!(
            all.iter().map(|e| e.media.clone()).collect::<Vec<_>>(),
            expected.into_iter().cloned().collect::<Vec<_>>(),
            "pending rows are left out, on {}",
            t.url
        );
        let first = &all[all.len() - 1];
        assert_eq!(first.owner.username, "alice");
        assert_eq!(first.owner.id, alice.id);
        assert_eq!(first.group_name.as_deref(), Some("读书会"));
        assert_eq!(first.post, None);
        assert_eq!(all[0].media.id, bobs.id);
        assert_eq!(all[0].group_name, None);

        let by_kind = CatalogFilter::new(Some(MediaKind::Cover), None, None, None, None).unwrap();
        let found = whole_catalog(&t, &by_kind, 10).await;
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].media.id, cover.id);
        let by_owner = CatalogFilter::new(None, Some(bob.id), None, None, None).unwrap();
        let found = whole_catalog(&t, &by_owner, 10).await;
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].media.id, bobs.id);
        let by_group =
            CatalogFilter::new(Some(MediaKind::Gallery), None, Some(club.id), None, None).unwrap();
        assert_eq!(whole_catalog(&t, &by_group, 3).await.len(), 4);
        // [minute 1, minute 6): the two galleries of minute 1 and the cover.
        let range = CatalogFilter::new(None, None, None, Some(at(1)), Some(at(6))).unwrap();
        let found = whole_catalog(&t, &range, 10).await;
        assert_eq!(found.len(), 3, "on {}", t.url);
        assert_eq!(found[0].media.id, cover.id);

        // Usage counts every row, pending ones too.
        let usage = repo.usage().await.unwrap();
        assert_eq!(usage.files, 7);
        assert_eq!(usage.bytes, 7 * 250_000);
    }
}

#[tokio::test]
async fn a_hidden_row_leaves_the_gallery_until_it_is_shown_again() {
    use media::ports::MediaCatalog;
    for t in TestDb::all().await {
        let repo = t.db.media();
        let alice = person(&t, "alice").await;
        let club = group(&t, &alice, "Club").await;
        let m = file(
            &alice,
            Some(&club),
            MediaKind::Gallery,
            MediaState::Attached,
            at(0),
        );
        repo.insert(&m).await.unwrap();

        assert!(repo.set_hidden(m.id, Some(at(3))).await.unwrap());
        assert_eq!(
            repo.find(m.id).await.unwrap().unwrap().hidden_at,
            Some(at(3))
        );
        let gallery = repo
            .gallery(club.id, UnpublishedImages::Shown, PageRequest::first(10))
            .await
            .unwrap();
        assert!(gallery.items.is_empty(), "on {}", t.url);

        assert!(repo.set_hidden(m.id, None).await.unwrap());
        assert_eq!(repo.find(m.id).await.unwrap().unwrap().hidden_at, None);
        let gallery = repo
            .gallery(club.id, UnpublishedImages::Shown, PageRequest::first(10))
            .await
            .unwrap();
        assert_eq!(gallery.items.len(), 1);

        assert!(
            !repo
                .set_hidden(MediaId::new_random(), Some(at(3)))
                .await
                .unwrap()
        );
    }
}

#[tokio::test]
async fn the_gallery_shows_an_unpublished_articles_images_only_to_whom_it_is_told() {
    for t in TestDb::all().await {
        let repo = t.db.media();
        let alice = person(&t, "alice").await;
        let bob = person(&t, "bob").await;
        let g = group(&t, &alice, "Club").await;
        let draft = article(&t, &g, &alice).await;
        let loose = file(
            &alice,
            Some(&g),
            MediaKind::Gallery,
            MediaState::Attached,
            at(0),
        );
        let mut of_draft = file(
            &alice,
            Some(&g),
            MediaKind::Gallery,
            MediaState::Attached,
            at(1),
        );
        of_draft.article = Some(draft.id);
        repo.insert(&loose).await.unwrap();
        repo.insert(&of_draft).await.unwrap();
        let ids = |unpublished| {
            let repo = t.db.media();
            let g = g.id;
            async move {
                repo.gallery(g, unpublished, PageRequest::first(10))
                    .await
                    .unwrap()
                    .items
                    .into_iter()
                    .map(|m| m.id)
                    .collect::<Vec<_>>()
            }
        };
        let both = vec![of_draft.id, loose.id];
        assert_eq!(
            ids(UnpublishedImages::Hidden).await,
            vec![loose.id],
            "on {}",
            t.url
        );
        assert_eq!(
            ids(UnpublishedImages::OfAuthor(bob.id)).await,
            vec![loose.id]
        );
        assert_eq!(ids(UnpublishedImages::OfAuthor(alice.id)).await, both);
        assert_eq!(ids(UnpublishedImages::Shown).await, both);

        t.db.articles()
            .set_status(draft.id, ArticleStatus::Published, at(2), None)
            .await
            .unwrap();
        assert_eq!(ids(UnpublishedImages::Hidden).await, both, "on {}", t.url);
    }
}
