//! `just bench`: search (method and figures in docs/benchmarks.md, "Search").
//!
//! 1. **Relevance**, on SQLite and (with `BENCH_DATABASE_URL`) PostgreSQL: the labelled set of
//!    `domain/search/eval` (zh/en posts, queries with the posts a person typing them wants) is
//!    written as plaza posts through the repository, drained into the index by the search use
//!    case, and every query asked as a stranger for its first page of 10. Printed: recall@10
//!    (the relevant posts on that page over the relevant posts there could be, at most 10),
//!    precision@10 (the relevant posts on the page over the posts on it) and recall over every
//!    page. Target: recall@10 ≥ 0.9.
//! 2. **Scale**, on PostgreSQL only: 1 000 000 posts (the set's texts, each with a few words of
//!    its own, over a year) and their documents loaded in bulk, then every query of the set
//!    asked 5 times through the search use case. Printed: p50 and p99. Target: p99 ≤ 100 ms.
//!    `SEARCH_BENCH_POSTS` sets another size.

use adapter_postgres::Database;
use chrono::{Duration, TimeZone, Utc};
use kernel::{FixedClock, PageRequest, SystemClock};
use plaza::model::{NewPost, PostId};
use plaza::ports::PostRepository;
use search::analysis::index_terms;
use search::{SearchKind, SearchRequest, SearchService};
use std::sync::Arc;
use std::time::Instant;

const EVAL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../domain/search/eval");
const PAGE: u32 = 10;

struct Labelled {
    query: String,
    relevant: Vec<String>,
}

/// The posts (id, text) and the labelled queries.
type EvalSet = (Vec<(String, String)>, Vec<Labelled>);

fn eval_set() -> anyhow::Result<EvalSet> {
    let docs = std::fs::read_to_string(format!("{EVAL}/docs.jsonl"))?
        .lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line)?;
            Ok((
                v["id"].as_str().unwrap_or_default().to_owned(),
                v["text"].as_str().unwrap_or_default().to_owned(),
            ))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let queries: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(format!("{EVAL}/queries.json"))?)?;
    let queries = queries
        .as_array()
        .map(|a| {
            a.iter()
                .map(|q| Labelled {
                    query: q["query"].as_str().unwrap_or_default().to_owned(),
                    relevant: q["relevant"]
                        .as_array()
                        .map(|r| {
                            r.iter()
                                .filter_map(|id| id.as_str().map(str::to_owned))
                                .collect()
                        })
                        .unwrap_or_default(),
                })
                .collect()
        })
        .unwrap_or_default();
    Ok((docs, queries))
}

fn request(query: &str, page: PageRequest) -> SearchRequest {
    SearchRequest {
        query: query.to_owned(),
        kind: SearchKind::Posts,
        district: None,
        since: None,
        group: None,
        page,
    }
}

/// Relevance on one engine; whether recall@10 met its target.
async fn relevance(db: &Database, engine: &str) -> anyhow::Result<bool> {
    let (docs, queries) = eval_set()?;
    let author = db
        .person_for_tests(
            "eval",
            Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0)
                .single()
                .unwrap_or_default(),
        )
        .await;
    let t0 = Utc
        .with_ymd_and_hms(2026, 1, 2, 0, 0, 0)
        .single()
        .unwrap_or_default();
    let mut post_of = std::collections::HashMap::new();
    for (i, (id, text)) in docs.iter().enumerate() {
        let post = PostId::new_random();
        db.plaza_posts()
            .insert(&NewPost {
                id: post,
                author: author.id,
                body: text.clone(),
                images: vec![],
                district: None,
                created_at: t0 + Duration::minutes(i64::try_from(i)?),
                held: None,
            })
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        post_of.insert(post.0, id.clone());
    }
    let search = SearchService::new(Arc::new(db.search_index()), Arc::new(FixedClock(t0)));
    while search
        .drain(500)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?
        > 0
    {}

    let (mut recall10, mut precision10, mut recall_all) = (0.0, 0.0, 0.0);
    for q in &queries {
        let page = search
            .search(None, request(&q.query, PageRequest::first(PAGE)))
            .await
            .map_err(|e| anyhow::anyhow!("{}: {e}", q.query))?;
        let top: Vec<&String> = page
            .items
            .iter()
            .filter_map(|h| post_of.get(&h.id))
            .collect();
        let hits = top.iter().filter(|d| q.relevant.contains(d)).count() as f64;
        recall10 += hits / q.relevant.len().min(PAGE as usize).max(1) as f64;
        precision10 += if top.is_empty() {
            0.0
        } else {
            hits / top.len() as f64
        };
        // Every page, for the recall of the whole result.
        let mut all = top.iter().map(|s| (*s).clone()).collect::<Vec<_>>();
        let mut next = page.next;
        while let Some(after) = next {
            let more = search
                .search(
                    None,
                    request(&q.query, PageRequest::new(Some(after), Some(50))),
                )
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            all.extend(
                more.items
                    .iter()
                    .filter_map(|h| post_of.get(&h.id).cloned()),
            );
            next = more.next;
        }
        recall_all += q.relevant.iter().filter(|d| all.contains(d)).count() as f64
            / q.relevant.len().max(1) as f64;
    }
    let n = queries.len() as f64;
    let (r10, p10, rall) = (recall10 / n, precision10 / n, recall_all / n);
    let met = r10 >= 0.9;
    println!(
        "relevance on {engine}: {} queries over {} posts — recall@10 {r10:.3} (target ≥ 0.9 {}), precision@10 {p10:.3}, recall over every page {rall:.3}",
        queries.len(),
        docs.len(),
        if met { "✓" } else { "✗" },
    );
    Ok(met)
}

/// A few words of a post's own, so a million posts are not 623 texts over and over.
const OWN_WORDS: &[&str] = &[
    "今天", "周末", "朋友", "推荐", "早上", "晚上", "终于", "感觉", "真的", "大家", "weekend",
    "today", "friends", "finally", "morning", "really", "coffee", "city", "photo", "walk",
];

/// Scale on PostgreSQL; whether p99 met its target.
async fn scale(db: &Database, posts: usize) -> anyhow::Result<bool> {
    let (docs, queries) = eval_set()?;
    let author = db
        .person_for_tests(
            "bulk",
            Utc.with_ymd_and_hms(2025, 1, 1, 0, 0, 0)
                .single()
                .unwrap_or_default(),
        )
        .await;
    let start = Instant::now();
    db.execute_for_tests("ALTER TABLE plaza_posts DISABLE TRIGGER plaza_posts_search")
        .await?;
    db.execute_for_tests("DROP INDEX search_documents_tsv")
        .await?;
    let t0 = Utc
        .with_ymd_and_hms(2025, 11, 28, 0, 0, 0)
        .single()
        .unwrap_or_default();
    let quote = |s: &str| format!("'{}'", s.replace('\'', "''"));
    const CHUNK: usize = 2000;
    let mut done = 0;
    while done < posts {
        let n = CHUNK.min(posts - done);
        let (mut rows, mut documents) = (Vec::with_capacity(n), Vec::with_capacity(n));
        for i in done..done + n {
            let (_, text) = &docs[i % docs.len()];
            let own = format!(
                "{} {} #{}",
                OWN_WORDS[i % OWN_WORDS.len()],
                OWN_WORDS[(i / 7) % OWN_WORDS.len()],
                i
            );
            let body = format!("{text} {own}");
            let id = uuid::Uuid::new_v4();
            // Spread over a year, the newest last.
            let at = t0 + Duration::seconds(i64::try_from(i * 31_536_000 / posts)?);
            let at = quote(&at.to_rfc3339());
            rows.push(format!(
                "('{id}', '{}', {}, {at}, 0, 0, 0, 1)",
                author.id.0,
                quote(&body)
            ));
            let terms = index_terms(&[&body]).join(" ");
            documents.push(format!("('post', '{id}', {}, {at}, 0)", quote(&terms)));
        }
        db.execute_for_tests(&format!(
            "INSERT INTO plaza_posts (id, author_id, body, created_at, like_count, \
             comment_count, removed_images, version) VALUES {}",
            rows.join(", ")
        ))
        .await?;
        db.execute_for_tests(&format!(
            "INSERT INTO search_documents (kind, id, terms, created_at, seq) VALUES {}",
            documents.join(", ")
        ))
        .await?;
        done += n;
    }
    db.execute_for_tests("CREATE INDEX search_documents_tsv ON search_documents USING gin (tsv)")
        .await?;
    db.execute_for_tests("ALTER TABLE plaza_posts ENABLE TRIGGER plaza_posts_search")
        .await?;
    db.execute_for_tests("ANALYZE").await?;
    println!(
        "scale: {posts} posts and their documents loaded and indexed in {:.0} s",
        start.elapsed().as_secs_f64()
    );

    let search = SearchService::new(Arc::new(db.search_index()), Arc::new(SystemClock));
    let mut times = Vec::new();
    let mut found = 0usize;
    for round in 0..5 {
        for q in &queries {
            let started = Instant::now();
            let page = search
                .search(None, request(&q.query, PageRequest::first(20)))
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            times.push(started.elapsed().as_secs_f64() * 1000.0);
            if round == 0 {
                found += page.items.len();
            }
        }
    }
    times.sort_by(f64::total_cmp);
    let at = |p: f64| times[((times.len() as f64 * p).ceil() as usize).saturating_sub(1)];
    let (p50, p99) = (at(0.5), at(0.99));
    let met = p99 <= 100.0;
    println!(
        "scale on PostgreSQL, {posts} posts: {} searches ({} queries × 5, a first page of 20; {found} results on the first round) — p50 {p50:.1} ms, p99 {p99:.1} ms (target ≤ 100 ms {})",
        times.len(),
        queries.len(),
        if met { "✓" } else { "✗" },
    );
    Ok(met)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut met = true;
    let sqlite =
        std::env::temp_dir().join(format!("courtyard-search-bench-{}.db", std::process::id()));
    let url = format!("sqlite://{}?mode=rwc", sqlite.display());
    let db = Database::connect(&url, 1).await?;
    db.migrate().await?;
    met &= relevance(&db, "SQLite").await?;
    drop(db);
    let _ = std::fs::remove_file(&sqlite);

    match std::env::var("BENCH_DATABASE_URL") {
        Ok(url) => {
            let db = Database::connect(&url, 4).await?;
            db.migrate().await?;
            met &= relevance(&db, "PostgreSQL").await?;
            let posts = std::env::var("SEARCH_BENCH_POSTS")
                .ok()
                .and_then(|n| n.parse().ok())
                .unwrap_or(1_000_000);
            met &= scale(&db, posts).await?;
        }
        Err(_) => {
            println!(
                "BENCH_DATABASE_URL is not set: relevance and scale on PostgreSQL not measured ✗"
            );
            met = false;
        }
    }
    if !met {
        anyhow::bail!("search missed a target");
    }
    Ok(())
}
