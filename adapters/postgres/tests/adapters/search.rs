//! The search index (`search_outbox`, `search_documents`; PostgreSQL's GIN-indexed `tsvector`,
//! SQLite's FTS5), on both engines: writes reach the outbox by trigger in their transaction, a
//! drain makes them searchable, an edit changes what finds an item, a delete takes it out at
//! once, an older document never replaces a newer one, and pages run newest first.

use crate::plaza::posted;
use crate::support::{TestDb, at, person};
use accounts::model::{Bio, Nickname, Username};
use accounts::ports::{ProfileUpdate, UserRepository};
use kernel::{FixedClock, PageRequest};
use plaza::ports::PostRepository;
use search::model::{Document, Indexed, SearchKind};
use search::{Filters, SearchIndex, SearchRequest, SearchService};
use std::sync::Arc;
use uuid::Uuid;

/// "Now" for the time filter: seven days after `at(0)`.
fn now() -> chrono::DateTime<chrono::Utc> {
    at(7 * 24 * 60)
}

fn service(t: &TestDb) -> SearchService {
    SearchService::new(Arc::new(t.db.search_index()), Arc::new(FixedClock(now())))
}

/// Drains the outbox to the end.
async fn drained(t: &TestDb) {
    while service(t).drain(100).await.unwrap() > 0 {}
}

fn request(query: &str, kind: SearchKind) -> SearchRequest {
    SearchRequest {
        query: query.to_owned(),
        kind,
        district: None,
        since: None,
        group: None,
        page: PageRequest::first(20),
    }
}

/// The ids found for `query` among posts, as a stranger.
async fn posts(t: &TestDb, query: &str) -> Vec<Uuid> {
    service(t)
        .search(None, request(query, SearchKind::Posts))
        .await
        .unwrap()
        .items
        .iter()
        .map(|h| h.id)
        .collect()
}

#[tokio::test]
async fn a_post_is_found_once_drained_by_its_words_in_either_script_and_form() {
    for t in TestDb::all().await {
        let ming = person(&t, "ming").await;
        let post = posted(
            &t,
            &ming,
            "在圖書館學習，then running to 乌鲁木齐！",
            None,
            at(1),
        )
        .await;
        let other = posted(&t, &ming, "南京的鸭血粉丝汤 and a category", None, at(2)).await;
        assert!(posts(&t, "学习").await.is_empty(), "not before the drain");
        drained(&t).await;
        for query in [
            "学习",
            "學習",
            "图书馆",
            "RUN",
            "runs",
            "乌鲁木齐",
            "ｒｕｎ 学习",
        ] {
            assert_eq!(posts(&t, query).await, [post.0], "{query}");
        }
        assert_eq!(posts(&t, "南京").await, [other.0]);
        for query in ["北京", "cat", "学习 南京", "鲁乌"] {
            assert!(posts(&t, query).await.is_empty(), "{query}");
        }
        let hit = service(&t)
            .search(None, request("学习", SearchKind::Posts))
            .await
            .unwrap()
            .items
            .remove(0);
        assert_eq!(hit.author.id, ming.id);
        let marked: Vec<_> = hit
            .excerpt
            .iter()
            .filter(|s| s.hit)
            .map(|s| &s.text)
            .collect();
        assert_eq!(marked, ["學習"]);
    }
}

#[tokio::test]
async fn an_edit_changes_what_finds_a_post_and_a_delete_takes_it_out_at_once() {
    for t in TestDb::all().await {
        let ming = person(&t, "ming").await;
        let post = posted(&t, &ming, "火锅 tonight", None, at(1)).await;
        drained(&t).await;
        assert_eq!(posts(&t, "火锅").await, [post.0]);
        assert!(
            t.db.plaza_posts()
                .edit_post(post, 1, "烧烤 tonight", at(2), None)
                .await
                .unwrap()
        );
        drained(&t).await;
        assert!(
            posts(&t, "火锅").await.is_empty(),
            "the old word no longer finds it"
        );
        assert_eq!(posts(&t, "烧烤").await, [post.0]);
        t.db.plaza_posts().delete(post).await.unwrap();
        assert!(posts(&t, "烧烤").await.is_empty(), "gone before any drain");
        drained(&t).await;
        assert_eq!(t.db.search_index().pending(10).await.unwrap(), vec![]);
        assert_eq!(
            t.db.execute_for_tests("DELETE FROM search_documents WHERE kind = 'post'")
                .await
                .unwrap(),
            0,
            "its document went with the drain"
        );
    }
}

#[tokio::test]
async fn an_older_document_never_replaces_a_newer_one() {
    for t in TestDb::all().await {
        let ming = person(&t, "ming").await;
        let post = posted(&t, &ming, "placeholder", None, at(1)).await;
        drained(&t).await;
        let index = t.db.search_index();
        let document = |word: &str| Document {
            terms: vec![word.to_owned()],
            created_at: at(1),
        };
        let change = |seq: i64, word: &str| Indexed {
            seq,
            kind: SearchKind::Posts,
            id: post.0,
            document: Some(document(word)),
        };
        index.apply(&[change(1000, "newer")]).await.unwrap();
        // A slower instance's drain of an earlier change comes in after it.
        index.apply(&[change(999, "older")]).await.unwrap();
        let found = |terms: &[&str]| {
            let terms: Vec<String> = terms.iter().map(|s| (*s).to_owned()).collect();
            let index = t.db.search_index();
            async move {
                index
                    .search(
                        SearchKind::Posts,
                        &terms,
                        &Filters::default(),
                        None,
                        PageRequest::first(5),
                    )
                    .await
                    .unwrap()
                    .items
                    .len()
            }
        };
        assert_eq!(found(&["newer"]).await, 1);
        assert_eq!(found(&["older"]).await, 0);
        // Nor does an older delete take it.
        index
            .apply(&[Indexed {
                seq: 998,
                kind: SearchKind::Posts,
                id: post.0,
                document: None,
            }])
            .await
            .unwrap();
        assert_eq!(found(&["newer"]).await, 1);
    }
}

#[tokio::test]
async fn results_page_newest_first_and_narrow_by_district_and_time() {
    for t in TestDb::all().await {
        let ming = person(&t, "ming").await;
        let mut ids = Vec::new();
        for i in 0..7 {
            let district = if i % 2 == 0 {
                Some("510000")
            } else {
                Some("110000")
            };
            let day = at(i * 24 * 60);
            ids.push(
                posted(&t, &ming, &format!("rain day {i}"), district, day)
                    .await
                    .0,
            );
        }
        drained(&t).await;
        let mut seen = Vec::new();
        let mut after = None;
        loop {
            let page = service(&t)
                .search(
                    None,
                    SearchRequest {
                        page: PageRequest::new(after, Some(3)),
                        ..request("rain", SearchKind::Posts)
                    },
                )
                .await
                .unwrap();
            assert!(page.items.len() <= 3);
            seen.extend(page.items.iter().map(|h| h.id));
            match page.next {
                Some(next) => after = Some(next),
                None => break,
            }
        }
        let newest_first: Vec<Uuid> = ids.iter().rev().copied().collect();
        assert_eq!(seen, newest_first);

        let sichuan = service(&t)
            .search(
                None,
                SearchRequest {
                    district: Some("510000".into()),
                    ..request("rain", SearchKind::Posts)
                },
            )
            .await
            .unwrap();
        let want: Vec<Uuid> = [6, 4, 2, 0].iter().map(|&i| ids[i]).collect();
        assert_eq!(sichuan.items.iter().map(|h| h.id).collect::<Vec<_>>(), want);
        let district = sichuan.items[0].district.as_ref().unwrap();
        assert_eq!(
            (district.code.as_str(), district.name_en.as_str()),
            ("510000", "Sichuan")
        );

        // The last day holds the post of day 6 only.
        let recent = service(&t)
            .search(
                None,
                SearchRequest {
                    since: Some(search::Since::Day),
                    ..request("rain", SearchKind::Posts)
                },
            )
            .await
            .unwrap();
        assert_eq!(
            recent.items.iter().map(|h| h.id).collect::<Vec<_>>(),
            [ids[6]]
        );
    }
}

#[tokio::test]
async fn people_are_found_by_username_nickname_and_bio_and_a_disabled_one_is_not() {
    for t in TestDb::all().await {
        let ming = person(&t, "ming_li").await;
        let hong = person(&t, "hong").await;
        let profile = ProfileUpdate {
            nickname: Nickname::parse("小红").unwrap(),
            username: Username::parse("hong").unwrap(),
            bio: Bio::parse("住在成都，爱跑马拉松").unwrap(),
        };
        t.db.users()
            .update_profile(hong.id, profile, at(1), at(1))
            .await
            .unwrap();
        drained(&t).await;
        let people = |query: &'static str| {
            let s = service(&t);
            async move {
                s.search(None, request(query, SearchKind::People))
                    .await
                    .unwrap()
                    .items
                    .iter()
                    .map(|h| h.id)
                    .collect::<Vec<_>>()
            }
        };
        assert_eq!(people("ming_li").await, [ming.id.0]);
        assert_eq!(people("昵称 ming").await, [ming.id.0]);
        assert!(people("昵称 hong").await.is_empty(), "her nickname changed");
        assert_eq!(people("小红").await, [hong.id.0]);
        assert_eq!(people("成都 马拉松").await, [hong.id.0]);
        t.db.users().disable(ming.id, at(2)).await.unwrap();
        assert!(
            people("ming_li").await.is_empty(),
            "a disabled account is not found"
        );
    }
}
