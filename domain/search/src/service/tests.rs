use super::*;
use crate::model::{Named, Pending, Source};
use crate::ports::MockSearchIndex;
use chrono::{DateTime, TimeZone, Utc};
use kernel::{Cursor, FixedClock, Person};
use mockall::predicate::eq;

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 28, 8, 0, 0)
        .single()
        .unwrap_or_default()
}

fn service(index: MockSearchIndex) -> SearchService {
    SearchService::new(Arc::new(index), Arc::new(FixedClock(t0())))
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

fn person() -> Person {
    Person {
        id: UserId(Uuid::from_u128(7)),
        username: "ming".into(),
        nickname: "小明".into(),
        avatar_url: None,
        avatar: None,
    }
}

fn text_of(segments: &[Segment]) -> (String, Vec<String>) {
    (
        segments.iter().map(|s| s.text.as_str()).collect(),
        segments
            .iter()
            .filter(|s| s.hit)
            .map(|s| s.text.clone())
            .collect(),
    )
}

#[tokio::test]
async fn a_search_asks_the_index_for_every_term_and_marks_the_matches() {
    let mut index = MockSearchIndex::new();
    let viewer = UserId(Uuid::from_u128(1));
    let group = Uuid::from_u128(3);
    index
        .expect_search()
        .withf(move |kind, terms, filters, v, page| {
            *kind == SearchKind::Articles
                && terms == ["成都", "火锅"]
                && filters.group == Some(group)
                && filters.since == Some(t0() - chrono::Duration::days(7))
                && filters.district.is_none()
                && *v == Some(viewer)
                && page.limit() == 20
        })
        .times(1)
        .returning(|_, _, _, _, _| {
            Ok(Page {
                items: vec![Found {
                    id: Uuid::from_u128(9),
                    created_at: t0(),
                    author: person(),
                    title: Some("成都吃什么".into()),
                    text: "# 好吃\n\n**成都**的火锅 ![锅](/api/media/1#2x2)".into(),
                    group: Some(Named {
                        id: Uuid::from_u128(3),
                        name: "吃货".into(),
                    }),
                    article: None,
                    district: None,
                }],
                next: Some(Cursor::new(t0(), Uuid::from_u128(9))),
            })
        });
    let page = service(index)
        .search(
            Some(viewer),
            SearchRequest {
                group: Some(group),
                since: Some(Since::Week),
                ..request(" 成都  火锅 ", SearchKind::Articles)
            },
        )
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(page.next, Some(Cursor::new(t0(), Uuid::from_u128(9))));
    let hit = &page.items[0];
    assert_eq!(hit.kind, SearchKind::Articles);
    let title = hit.title.as_deref().unwrap_or_default();
    assert_eq!(text_of(title), ("成都吃什么".into(), vec!["成都".into()]));
    // The Markdown is read as plain text: no marks, no image address.
    assert_eq!(
        text_of(&hit.excerpt),
        (
            "好吃 成都的火锅 锅".into(),
            vec!["成都".into(), "火锅".into()]
        ),
    );
}

#[tokio::test]
async fn a_post_search_narrows_by_district_and_a_bad_code_is_refused() {
    let mut index = MockSearchIndex::new();
    index
        .expect_search()
        .withf(|_, _, filters, _, _| {
            filters.district.as_ref().map(|d| d.as_str()) == Some("510000")
        })
        .times(1)
        .returning(|_, _, _, _, _| {
            Ok(Page {
                items: vec![],
                next: None,
            })
        });
    let search = service(index);
    let found = search
        .search(
            None,
            SearchRequest {
                district: Some("510000".into()),
                ..request("rain", SearchKind::Posts)
            },
        )
        .await;
    assert!(found.is_ok_and(|p| p.items.is_empty()));
    let refused = search
        .search(
            None,
            SearchRequest {
                district: Some("51".into()),
                ..request("rain", SearchKind::Posts)
            },
        )
        .await;
    assert!(matches!(refused, Err(SearchError::InvalidDistrict)));
}

#[tokio::test]
async fn an_empty_or_overlong_query_never_reaches_the_index() {
    let search = service(MockSearchIndex::new());
    for (query, want) in [
        ("", "empty"),
        (" ，。 ", "empty"),
        (&*"长".repeat(101), "long"),
    ] {
        let got = search.search(None, request(query, SearchKind::Posts)).await;
        match (got, want) {
            (Err(SearchError::EmptyQuery), "empty") | (Err(SearchError::QueryTooLong), "long") => {}
            (other, _) => panic!("{query:?}: {other:?}"),
        }
    }
}

#[tokio::test]
async fn a_drain_indexes_what_is_there_and_drops_what_is_gone() {
    let mut index = MockSearchIndex::new();
    let (post, article, gone) = (Uuid::from_u128(1), Uuid::from_u128(2), Uuid::from_u128(3));
    index
        .expect_pending()
        .with(eq(100))
        .times(1)
        .returning(move |_| {
            Ok(vec![
                Pending {
                    seq: 5,
                    kind: SearchKind::Posts,
                    id: post,
                    source: Some(Source {
                        texts: vec!["Running in 成都".into()],
                        created_at: t0(),
                    }),
                },
                Pending {
                    seq: 6,
                    kind: SearchKind::Articles,
                    id: article,
                    source: Some(Source {
                        texts: vec!["Shelf".into(), "![pic](/api/media/abc#1x1)".into()],
                        created_at: t0(),
                    }),
                },
                Pending {
                    seq: 7,
                    kind: SearchKind::Replies,
                    id: gone,
                    source: None,
                },
            ])
        });
    index
        .expect_apply()
        .withf(move |changes| {
            let terms = |i: usize| {
                changes[i]
                    .document
                    .as_ref()
                    .map(|d| d.terms.clone())
                    .unwrap_or_default()
            };
            changes.len() == 3
                && changes[0].seq == 5
                && changes[0].id == post
                && terms(0) == ["run", "in", "成", "成都", "都"]
                && terms(1) == ["shelf", "pic"]
                && changes[2].id == gone
                && changes[2].document.is_none()
        })
        .times(1)
        .returning(|_| Ok(()));
    assert_eq!(service(index).drain(100).await.ok(), Some(3));
}

#[tokio::test]
async fn a_drain_with_nothing_waiting_writes_nothing() {
    let mut index = MockSearchIndex::new();
    index.expect_pending().returning(|_| Ok(vec![]));
    index.expect_apply().never();
    assert_eq!(service(index).drain(100).await.ok(), Some(0));
}

#[test]
fn a_long_text_is_cut_around_its_first_match() {
    let query = Query::parse("marathon").unwrap_or_else(|e| panic!("{e:?}"));
    let text = format!(
        "{} I ran a marathon! {}",
        "a ".repeat(100),
        "b ".repeat(100)
    );
    let cut = excerpt(&text, &query);
    let (shown, hits) = text_of(&cut);
    assert_eq!(hits, ["marathon"]);
    assert!(shown.starts_with('…') && shown.ends_with('…'), "{shown}");
    // 160 characters of the text and the two marks.
    assert_eq!(shown.chars().count(), EXCERPT_CHARS + 2);
    let before = shown.find("marathon").unwrap_or_default();
    assert!(
        shown[..before].chars().count() > 30,
        "some text leads to the match: {shown}"
    );
    // A short text is shown whole, and one without a match from its start.
    let short = excerpt("the marathon", &query);
    assert_eq!(text_of(&short).0, "the marathon");
    let none = excerpt(&"x ".repeat(200), &query);
    assert!(text_of(&none).0.starts_with("x x") && text_of(&none).0.ends_with('…'));
}
