//! The plan test (issue 26; docs/benchmarks.md, "Plans"): on one PostgreSQL database filled with
//! enough rows for the planner to care (200 000 plaza posts, notifications and audit events,
//! 372 000 search documents, about 110 000 likes and memberships, 100 000 comments and replies,
//! 60 000 images, 50 000 articles, 20 000 people and as many blocks), the reads behind the busy
//! pages run through the real repositories while every statement they send is recorded
//! ([`adapter_postgres::testing::StatementLog`]); each is then run once more under
//! `EXPLAIN (ANALYZE, FORMAT JSON)` with its own bound values.
//!
//! A statement fails when its plan
//!
//! - scans a big table (10 000 rows or more) sequentially;
//! - reads more than [`READ_SHARE`] of a big table's rows in one node (rows returned plus rows
//!   a filter dropped, over every loop; a bitmap index scan counts against its table): a read
//!   that grows with the table, such as an index scan sorted afterwards or a count;
//! - sorts more than [`SORT_MAX`] rows: a sort of everything that matched, where an index in
//!   the list's order would stop after one page.
//!
//! The data put the worst cases in: a person with 10 000 posts and 2 000 articles, a group with
//! 12 500 articles, 10 000 members and 5 000 images, an article with 10 000 replies, a recipient
//! with 20 000 notifications, a viewer who liked 10 000 posts and blocked and muted people (so
//! every `NOT EXISTS` runs), a province with 30 posts among 200 000, an actor with 15 events
//! among 200 000. Each case checks that it found something (most a full page), so a plan is
//! seldom judged on an empty answer. PostgreSQL only: SQLite's plans are not the production
//! ones. The overview's totals, which replace counting, are tested on both engines below.

use crate::support::TestDb;
use accounts::model::{UserKey, Username};
use accounts::ports::UserRepository;
use audit::{AuditFilter, AuditReader};
use chrono::{DateTime, Duration, TimeZone, Utc};
use districts::DistrictCode;
use groups::ports::{ArticleRepository, GroupRepository, ReplyRepository};
use kernel::{ArticleId, AuditAction, Cursor, GroupId, PageRequest, UserId};
use media::UnpublishedImages;
use media::ports::{MediaCatalog, MediaRepository};
use notifications::ports::{NotificationStore, People};
use plaza::ports::PostRepository;
use sea_orm::{ConnectionTrait, DatabaseConnection, Statement};
use search::model::SearchKind;
use search::{Filters, SearchIndex};
use serde_json::Value;
use std::collections::HashMap;
use std::time::Instant;
use system::{IntegrationStateStore, SystemStore};
use uuid::Uuid;

/// A node may read at most this share of a big table's rows (5 %).
const READ_SHARE: f64 = 0.05;

/// Tables with at least this many rows are big: a sequential scan of one fails.
const BIG: f64 = 10_000.0;

/// The most rows a sort may take in: a page or a bounded window, never all that matched.
const SORT_MAX: f64 = 2_000.0;

/// The fill's "now": row `i` of a table is `i` steps older.
const T0: &str = "2026-11-25 08:00:00+00";

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 25, 8, 0, 0).unwrap()
}

/// Set-based, in one transaction with triggers and foreign-key checks off (the rows are made
/// consistent by construction; the search outbox's triggers would only queue them), oldest
/// rows first as a real database is written. Row `i` of
/// a kind has the id `md5('<letter><i>')::uuid` (`u` people, `p` posts, `g` groups, `a`
/// articles, `r` replies, `m` images, `n` notifications, `e` audit events, `c` comments).
const FILL: &str = r#"
BEGIN;
SET LOCAL session_replication_role = replica;
SET LOCAL maintenance_work_mem = '256MB';

-- The secondary indexes go for the fill and come back after it, as they were (building one is
-- quicker than growing it row by row); the keys the fill's ON CONFLICT needs stay.
CREATE TEMPORARY TABLE plan_indexes ON COMMIT DROP AS
SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
WHERE t.relnamespace = 'public'::regnamespace
  AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid);
DO $$ DECLARE r record; BEGIN
  FOR r IN SELECT name FROM plan_indexes LOOP EXECUTE 'DROP INDEX ' || r.name; END LOOP;
END $$;

-- Ten cities in each of the 34 provinces the migrations seed.
INSERT INTO districts (code, parent_code, level, name_zh, name_en, lat, lon, updated_at)
SELECT substr(p.code, 1, 2) || lpad(c::text, 2, '0') || '00', p.code, 'city', p.name_zh || c,
       p.name_en || ' ' || c, p.lat, p.lon, p.updated_at
FROM districts p, generate_series(1, 10) c WHERE p.level = 'province';

INSERT INTO users (id, username, nickname, password_hash, role, created_at, updated_at, bio)
SELECT md5('u' || i)::uuid, 'user' || i, '昵称' || i, '$argon2id$stub', 'user',
       TIMESTAMPTZ '{T0}' - i * INTERVAL '1 hour', TIMESTAMPTZ '{T0}' - i * INTERVAL '1 hour',
       CASE WHEN i % 10 = 0 THEN 'bio ' || i END
FROM generate_series(20000, 1, -1) i;

-- user2 wrote every 20th post; 70 % carry a province or a city, evenly but for Macau (82),
-- which has about 30; one in 500 is held.
INSERT INTO plaza_posts (id, author_id, body, district_code, created_at, like_count, withheld)
SELECT md5('p' || i)::uuid,
       md5('u' || CASE WHEN i % 20 = 0 THEN 2 ELSE (i * 7919) % 20000 + 1 END)::uuid,
       'post ' || i,
       CASE WHEN i % 10 < 3 THEN NULL
            WHEN d.codes[i % array_length(d.codes, 1) + 1] LIKE '82%' AND i % 200 <> 5 THEN NULL
            ELSE d.codes[i % array_length(d.codes, 1) + 1] END,
       TIMESTAMPTZ '{T0}' - i * INTERVAL '30 seconds', 2, CASE WHEN i % 500 = 0 THEN 'held' END
FROM generate_series(200000, 1, -1) i,
     (SELECT array_agg(code ORDER BY code) AS codes FROM districts) d;

INSERT INTO plaza_likes (post_id, user_id, created_at)
SELECT md5('p' || (i % 50000 + 1))::uuid, md5('u' || ((i / 50000) + i * 13) % 20000 + 1)::uuid,
       TIMESTAMPTZ '{T0}' - i * INTERVAL '10 seconds'
FROM generate_series(99999, 0, -1) i ON CONFLICT DO NOTHING;
-- user1 liked every tenth of the 100 000 newest posts.
INSERT INTO plaza_likes (post_id, user_id, created_at)
SELECT md5('p' || i)::uuid, md5('u1')::uuid, TIMESTAMPTZ '{T0}' - i * INTERVAL '30 seconds'
FROM generate_series(100000, 10, -10) i ON CONFLICT DO NOTHING;

INSERT INTO plaza_comments (id, post_id, author_id, body, created_at)
SELECT md5('c' || i)::uuid, md5('p' || (i % 20000 + 1))::uuid,
       md5('u' || (i * 31) % 20000 + 1)::uuid, 'comment ' || i,
       TIMESTAMPTZ '{T0}' - i * INTERVAL '5 seconds'
FROM generate_series(100000, 1, -1) i;

-- An image on each of the 50 000 newest posts.
INSERT INTO media (id, owner_id, kind, state, format, width, height, thumb_width, thumb_height,
                   bytes, created_at)
SELECT md5('m' || i)::uuid, p.author_id, 'plaza', 'attached', 'webp', 800, 600, 320, 240,
       100000 + i, p.created_at
FROM generate_series(50000, 1, -1) i JOIN plaza_posts p ON p.id = md5('p' || i)::uuid;
INSERT INTO plaza_post_images (post_id, media_id, position)
SELECT md5('p' || i)::uuid, md5('m' || i)::uuid, 0 FROM generate_series(1, 50000) i;

-- Every tenth group is private.
INSERT INTO groups (id, name, name_folded, description, visibility, join_policy, invite_code,
                    owner_id, member_count, created_at, updated_at)
SELECT md5('g' || i)::uuid, 'Group ' || i || ' 读书', 'group ' || i || ' 读书', 'about ' || i,
       CASE WHEN i % 10 = 0 THEN 'private' ELSE 'public' END, 'open',
       substr(md5('i' || i), 1, 8), md5('u' || (i * 101) % 20000 + 1)::uuid, 0,
       TIMESTAMPTZ '{T0}' - i * INTERVAL '3 hours', TIMESTAMPTZ '{T0}' - i * INTERVAL '3 hours'
FROM generate_series(2000, 1, -1) i;

-- 50 members a group, 10 000 in group 1; user1 is in 300 groups.
INSERT INTO group_memberships (group_id, user_id, role, state, since)
SELECT id, owner_id, 'owner', 'active', created_at FROM groups;
INSERT INTO group_memberships (group_id, user_id, role, state, since)
SELECT md5('g' || (i % 2000 + 1))::uuid,
       md5('u' || ((i / 2000) * 397 + i % 2000) % 20000 + 1)::uuid, 'member',
       CASE WHEN i % 50 = 0 THEN 'pending' WHEN i % 97 = 0 THEN 'banned' ELSE 'active' END,
       TIMESTAMPTZ '{T0}' - i * INTERVAL '1 minute'
FROM generate_series(99999, 0, -1) i ON CONFLICT DO NOTHING;
INSERT INTO group_memberships (group_id, user_id, role, state, since)
SELECT md5('g1')::uuid, md5('u' || i)::uuid, 'member', 'active',
       TIMESTAMPTZ '{T0}' - i * INTERVAL '1 minute'
FROM generate_series(10000, 1, -1) i ON CONFLICT DO NOTHING;
INSERT INTO group_memberships (group_id, user_id, role, state, since)
SELECT md5('g' || i)::uuid, md5('u1')::uuid, 'member', 'active',
       TIMESTAMPTZ '{T0}' - i * INTERVAL '1 minute'
FROM generate_series(300, 1, -1) i ON CONFLICT DO NOTHING;
UPDATE groups g SET member_count = m.n
FROM (SELECT group_id, count(*) AS n FROM group_memberships WHERE state = 'active'
      GROUP BY group_id) m
WHERE m.group_id = g.id;

-- A quarter of the articles are group 1's, every 25th user2's; every tenth is a draft.
INSERT INTO articles (id, group_id, author_id, title, body, excerpt, status, version, created_at,
                      updated_at, published_at)
SELECT md5('a' || i)::uuid, md5('g' || CASE WHEN i % 4 = 0 THEN 1 ELSE i % 2000 + 1 END)::uuid,
       md5('u' || CASE WHEN i % 25 = 0 THEN 2 ELSE (i * 17) % 20000 + 1 END)::uuid,
       'title ' || i, 'body ' || i, 'body ' || i,
       CASE WHEN i % 10 = 0 THEN 'draft' ELSE 'published' END, 1,
       TIMESTAMPTZ '{T0}' - i * INTERVAL '2 minutes', TIMESTAMPTZ '{T0}' - i * INTERVAL '2 minutes',
       CASE WHEN i % 10 <> 0 THEN TIMESTAMPTZ '{T0}' - i * INTERVAL '2 minutes' END
FROM generate_series(50000, 1, -1) i;

-- Gallery images: 5 000 in group 1, the rest over groups 2-100.
INSERT INTO media (id, owner_id, group_id, kind, state, format, width, height, thumb_width,
                   thumb_height, bytes, created_at)
SELECT md5('gm' || i)::uuid, md5('u' || (i * 3) % 20000 + 1)::uuid,
       md5('g' || CASE WHEN i % 2 = 0 THEN 1 ELSE i % 99 + 2 END)::uuid, 'gallery', 'attached',
       'webp', 800, 600, 320, 240, 90000, TIMESTAMPTZ '{T0}' - i * INTERVAL '7 minutes'
FROM generate_series(10000, 1, -1) i;

-- Article 1 has 10 000 replies; the rest go to the 10 000 newest articles.
INSERT INTO article_replies (id, article_id, author_id, body, excerpt, created_at)
SELECT md5('r' || i)::uuid,
       md5('a' || CASE WHEN i % 10 = 0 THEN 1 ELSE i % 10000 + 1 END)::uuid,
       md5('u' || (i * 43) % 20000 + 1)::uuid, 'reply ' || i, 'reply ' || i,
       TIMESTAMPTZ '{T0}' - (100000 - i) * INTERVAL '10 seconds'
FROM generate_series(1, 100000) i;
UPDATE articles a SET reply_count = r.n
FROM (SELECT article_id, count(*) AS n FROM article_replies GROUP BY article_id) r
WHERE r.article_id = a.id;

-- user1 receives every tenth notification (20 000); one in five is unread.
INSERT INTO notifications (id, recipient_id, seq, kind, actor_id, subject_type, target_id,
                           created_at, updated_at, read_at)
SELECT md5('n' || i)::uuid, r.recipient,
       row_number() OVER (PARTITION BY r.recipient ORDER BY i), 'liked',
       md5('u' || (i * 7) % 20000 + 1)::uuid, 'plaza_post', md5('p' || (i % 200000 + 1))::uuid,
       TIMESTAMPTZ '{T0}' - (200000 - i) * INTERVAL '10 seconds',
       TIMESTAMPTZ '{T0}' - (200000 - i) * INTERVAL '10 seconds',
       CASE WHEN i % 7 <> 0 THEN TIMESTAMPTZ '{T0}' END
FROM generate_series(1, 200000) i,
     LATERAL (SELECT md5('u' || CASE WHEN i % 10 = 0 THEN 1 ELSE (i * 7) % 20000 + 1 END)::uuid
              AS recipient) r;
INSERT INTO notification_counters (user_id, seq)
SELECT recipient_id, max(seq) FROM notifications GROUP BY recipient_id;

-- Sign-ins are most of the log; a ban is one event in a thousand; user1 did one in a hundred,
-- user3 fifteen.
INSERT INTO audit_events (id, at, actor_id, action, target, ip)
SELECT md5('e' || i)::uuid, TIMESTAMPTZ '{T0}' - i * INTERVAL '1 minute',
       CASE WHEN i % 5 = 0 THEN NULL WHEN i % 100 = 1 THEN md5('u1')::uuid
            WHEN i % 40000 = 3 THEN md5('u3')::uuid
            ELSE md5('u' || (i * 3) % 20000 + 1)::uuid END,
       CASE WHEN i % 100 < 60 THEN 'auth.sign_in' WHEN i % 100 < 80 THEN 'auth.sign_out'
            WHEN i % 100 < 90 THEN 'auth.sign_in_failed'
            WHEN i % 1000 = 995 THEN 'group.member.banned' ELSE 'plaza.post.deleted' END,
       'user' || (i % 20000 + 1), '10.0.0.' || (i % 250)
FROM generate_series(200000, 1, -1) i;

-- Every document holds `common`, one of 1 000 words `w…` and one of 4 000 rarer words `x…`; the
-- documents are written oldest first, as the outbox's drain writes them.
INSERT INTO search_documents (kind, id, terms, created_at, seq)
SELECT kind, id, terms, created_at, row_number() OVER (ORDER BY created_at, id)
FROM (SELECT k.kind, md5(k.letter || i)::uuid AS id,
             'common w' || (i % 1000) || ' x' || (i % 4000) || ' ' || k.kind AS terms,
             TIMESTAMPTZ '{T0}' - (CASE WHEN k.kind = 'reply' THEN 100000 - i ELSE i END) * k.step
             AS created_at
      FROM (VALUES ('post', 'p', 200000, INTERVAL '30 seconds'),
                   ('article', 'a', 50000, INTERVAL '2 minutes'),
                   ('reply', 'r', 100000, INTERVAL '10 seconds'),
                   ('group', 'g', 2000, INTERVAL '3 hours'),
                   ('person', 'u', 20000, INTERVAL '1 hour')) AS k(kind, letter, n, step),
           LATERAL generate_series(1, k.n) i) d
ORDER BY created_at, id;

-- user1 blocks or mutes 50 people; 20 000 other entries.
INSERT INTO user_blocks (blocker_id, target_id, kind, created_at)
SELECT md5('u1')::uuid, md5('u' || (100 + i))::uuid,
       CASE WHEN i % 2 = 0 THEN 'block' ELSE 'mute' END, TIMESTAMPTZ '{T0}' - i * INTERVAL '1 minute'
FROM generate_series(50, 1, -1) i;
INSERT INTO user_blocks (blocker_id, target_id, kind, created_at)
SELECT md5('u' || (i * 7) % 20000 + 1)::uuid, md5('u' || (i * 11 + 5) % 20000 + 1)::uuid,
       CASE WHEN i % 3 = 0 THEN 'block' ELSE 'mute' END, TIMESTAMPTZ '{T0}' - i * INTERVAL '1 minute'
FROM generate_series(20000, 1, -1) i ON CONFLICT DO NOTHING;

DO $$ DECLARE r record; BEGIN
  FOR r IN SELECT definition FROM plan_indexes LOOP EXECUTE r.definition; END LOOP;
END $$;

-- The totals the triggers (off here) keep.
{RECOUNT}
COMMIT;
"#;

/// The id of row `key` of the fill (`u1`, `p150000`, …).
async fn id(c: &DatabaseConnection, key: &str) -> Uuid {
    let row = c
        .query_one_raw(Statement::from_sql_and_values(
            c.get_database_backend(),
            "SELECT md5($1)::uuid AS id",
            [key.into()],
        ))
        .await
        .unwrap()
        .unwrap();
    row.try_get("", "id").unwrap()
}

/// Twenty ids of a kind (its letter in [`FILL`]), spread evenly over its `n` rows.
async fn spread(c: &DatabaseConnection, letter: &str, n: usize) -> Vec<Uuid> {
    let mut ids = Vec::with_capacity(20);
    for i in 0..20 {
        ids.push(id(c, &format!("{letter}{}", 1 + i * (n / 20))).await);
    }
    ids
}

/// The cursor of post `i` (30 s before post `i - 1`, see [`FILL`]).
async fn post_cursor(c: &DatabaseConnection, i: i64) -> Cursor {
    Cursor::new(
        t0() - Duration::seconds(30 * i),
        id(c, &format!("p{i}")).await,
    )
}

/// The rows of each table PostgreSQL counted (after `ANALYZE`), and which table each index is on.
async fn catalog(c: &DatabaseConnection) -> (HashMap<String, f64>, HashMap<String, String>) {
    let rows = c
        .query_all_raw(Statement::from_string(
            c.get_database_backend(),
            "SELECT c.relname AS name, CAST(c.reltuples AS DOUBLE PRECISION) AS n FROM pg_class c \
             WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace",
        ))
        .await
        .unwrap();
    let tables = rows
        .iter()
        .map(|r| (r.try_get("", "name").unwrap(), r.try_get("", "n").unwrap()))
        .collect();
    let rows = c
        .query_all_raw(Statement::from_string(
            c.get_database_backend(),
            "SELECT indexname, tablename FROM pg_indexes WHERE schemaname = 'public'",
        ))
        .await
        .unwrap();
    let indexes = rows
        .iter()
        .map(|r| {
            (
                r.try_get("", "indexname").unwrap(),
                r.try_get("", "tablename").unwrap(),
            )
        })
        .collect();
    (tables, indexes)
}

fn number(node: &Value, key: &str) -> f64 {
    node.get(key).and_then(Value::as_f64).unwrap_or(0.0)
}

fn text<'a>(node: &'a Value, key: &str) -> Option<&'a str> {
    node.get(key).and_then(Value::as_str)
}

/// Walks a plan: one line per node into `lines`, each broken rule into `problems`.
fn walk(
    node: &Value,
    depth: usize,
    tables: &HashMap<String, f64>,
    indexes: &HashMap<String, String>,
    lines: &mut Vec<String>,
    problems: &mut Vec<String>,
) {
    let kind = text(node, "Node Type").unwrap_or("?");
    let index = text(node, "Index Name");
    let table = text(node, "Relation Name")
        .or_else(|| index.and_then(|i| indexes.get(i).map(String::as_str)));
    let loops = number(node, "Actual Loops");
    let rows = number(node, "Actual Rows") * loops;
    let removed = (number(node, "Rows Removed by Filter")
        + number(node, "Rows Removed by Index Recheck"))
        * loops;
    let mut line = format!("{}{kind}", "  ".repeat(depth));
    if let Some(t) = text(node, "Relation Name") {
        line.push_str(&format!(" on {t}"));
    }
    if let Some(i) = index {
        line.push_str(&format!(" using {i}"));
    }
    line.push_str(&format!(" (rows {rows}"));
    if removed > 0.0 {
        line.push_str(&format!(", filtered out {removed}"));
    }
    if loops > 1.0 {
        line.push_str(&format!(", {loops} loops"));
    }
    line.push(')');
    if let Some(method) = text(node, "Sort Method") {
        line.push_str(&format!(" [{method}]"));
    }
    lines.push(line);

    if let Some(t) = table {
        let size = tables.get(t).copied().unwrap_or(0.0);
        if size >= BIG {
            if kind == "Seq Scan" {
                problems.push(format!("a sequential scan of {t} ({size} rows)"));
            } else if rows + removed > size * READ_SHARE {
                problems.push(format!(
                    "{kind} reads {} of {t}'s {size} rows",
                    rows + removed
                ));
            }
        }
    }
    let children = node
        .get("Plans")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    if kind == "Sort" {
        let input: f64 = children
            .iter()
            .map(|c| number(c, "Actual Rows") * number(c, "Actual Loops"))
            .sum();
        if input > SORT_MAX {
            problems.push(format!("sorts {input} rows"));
        }
    }
    for child in &children {
        walk(child, depth + 1, tables, indexes, lines, problems);
    }
}

/// The statements one read sent.
struct Case {
    name: String,
    statements: Vec<Statement>,
}

#[tokio::test]
async fn the_busy_pages_reads_use_an_index_on_a_full_database() {
    let Some(t) = TestDb::postgres().await else {
        return;
    };
    let c = sea_orm::Database::connect(t.url.as_str()).await.unwrap();
    let started = Instant::now();
    c.execute_unprepared(&FILL.replace("{T0}", T0).replace(
        "{RECOUNT}",
        adapter_postgres::testing::RECOUNT_CONTENT_TOTALS,
    ))
    .await
    .unwrap();
    c.execute_unprepared("ANALYZE").await.unwrap();
    let filled = started.elapsed();
    let (tables, indexes) = catalog(&c).await;

    let viewer = UserId(id(&c, "u1").await);
    let prolific = UserId(id(&c, "u2").await);
    let g1 = GroupId(id(&c, "g1").await);
    let a1 = ArticleId(id(&c, "a1").await);
    let page = |after: Option<Cursor>| PageRequest::new(after, Some(20));
    let province = DistrictCode::parse("510000").unwrap();
    let city = DistrictCode::parse("510100").unwrap();
    let rare_province = DistrictCode::parse("820000").unwrap();
    let rare_city = DistrictCode::parse("820300").unwrap();

    let (db, log) = t.db.recording_for_tests();
    let mut cases: Vec<Case> = Vec::new();
    macro_rules! case {
        ($name:expr, $read:expr) => {{
            log.take();
            let read = $read.await.unwrap();
            cases.push(Case {
                name: $name.to_string(),
                statements: log.take(),
            });
            read
        }};
    }

    // The plaza.
    let posts = db.plaza_posts();
    for (who, v) in [("a visitor", None), ("a viewer who blocks", Some(viewer))] {
        let first = case!(
            format!("plaza, first page, {who}"),
            posts.feed(v, None, page(None))
        );
        assert_eq!(first.items.len(), 20);
        let deep = post_cursor(&c, 150_000).await;
        let p = case!(
            format!("plaza, a deep page, {who}"),
            posts.feed(v, None, page(Some(deep)))
        );
        assert_eq!(p.items.len(), 20);
        for code in [&province, &city, &rare_province, &rare_city] {
            let p = case!(
                format!("plaza, district {code}, {who}"),
                posts.feed(v, Some(code.clone()), page(None))
            );
            // (A city of Macau may have no post at all.)
            assert!(!p.items.is_empty() || code == &rare_city, "{code}");
            case!(
                format!("plaza, district {code}, a deep page, {who}"),
                posts.feed(v, Some(code.clone()), page(Some(deep)))
            );
        }
        let head = post_cursor(&c, 5_000).await;
        let n = case!(
            format!("plaza, new posts count, {who}"),
            posts.count_newer(v, head, None, 99)
        );
        assert_eq!(n, 99);
        let n = case!(
            format!("plaza, new posts count in {province}, {who}"),
            posts.count_newer(v, head, Some(province.clone()), 99)
        );
        assert!(n > 0);
        let post = plaza::model::PostId(id(&c, "p1").await);
        case!(format!("plaza, a post, {who}"), posts.find(post, v));
        let comments = case!(
            format!("plaza, a post's comments, {who}"),
            posts.comments(post, v, page(None))
        );
        assert!(!comments.items.is_empty());
    }

    // Groups: the list, its search, one's own, a group's home.
    let groups = db.groups();
    let listed = case!(
        "groups, the list",
        groups.discover(None, Some(viewer), page(None))
    );
    assert_eq!(listed.items.len(), 20);
    let deep = listed.next;
    case!(
        "groups, the list's next page",
        groups.discover(None, Some(viewer), page(deep))
    );
    let found = case!(
        "groups, a search",
        groups.discover(Some("读书".into()), Some(viewer), page(None))
    );
    assert_eq!(found.items.len(), 20);
    case!(
        "groups, a search matching one",
        groups.discover(Some("group 1999 ".into()), Some(viewer), page(None))
    );
    let mine = case!("groups, mine", groups.of_member(viewer, page(None)));
    assert_eq!(mine.items.len(), 20);
    let preview = PageRequest::first(6);
    let articles = db.articles();
    let replies = db.article_replies();
    let media = db.media();
    case!(
        "group home, the group and its offer",
        groups.find_with_offer(g1, Some(viewer))
    );
    let latest = case!(
        "group home, latest articles",
        articles.published(g1, Some(viewer), preview)
    );
    assert_eq!(latest.items.len(), 6);
    let gallery = case!(
        "group home, gallery",
        media.gallery(g1, UnpublishedImages::OfAuthor(viewer), preview)
    );
    assert_eq!(gallery.items.len(), 6);
    let members = case!("group home, members", groups.members(g1, preview));
    assert_eq!(members.items.len(), 6);
    let more = case!(
        "group, articles' next page",
        articles.published(g1, Some(viewer), page(latest.next))
    );
    assert_eq!(more.items.len(), 20);

    // An article with its replies.
    case!("article, the article", articles.find(a1));
    let thread = case!(
        "article, replies",
        replies.of_article(a1, Some(viewer), page(None))
    );
    assert_eq!(thread.items.len(), 20);
    let later = case!(
        "article, replies' next page",
        replies.of_article(a1, Some(viewer), page(thread.next))
    );
    assert_eq!(later.items.len(), 20);

    // A profile: the person with the standing between the two (one statement), their posts,
    // articles and groups.
    let users = db.users();
    let name = UserKey::Username(Username::parse("user2").unwrap());
    let (person, _) = case!(
        "profile, the person and the standing between",
        users.find_profile(Some(viewer), &name)
    )
    .unwrap();
    assert_eq!(person.id, prolific);
    let theirs = case!(
        "profile, posts",
        posts.by_author(Some(viewer), prolific, page(None))
    );
    assert_eq!(theirs.items.len(), 20);
    case!(
        "profile, posts' next page",
        posts.by_author(Some(viewer), prolific, page(theirs.next))
    );
    let written = case!(
        "profile, articles",
        articles.published_by_author_seen_by(prolific, Some(viewer), page(None))
    );
    assert_eq!(written.items.len(), 20);
    case!(
        "profile, articles' next page",
        articles.published_by_author_seen_by(prolific, Some(viewer), page(written.next))
    );
    let joined = case!(
        "profile, groups",
        groups.of_member_seen_by(viewer, Some(prolific), page(None))
    );
    assert_eq!(joined.items.len(), 20);

    // The notifications inbox (its page, the unread count, the stream's position, the actors).
    let store = db.notifications();
    let inbox = case!("notifications, inbox", store.before(viewer, None, 21));
    assert_eq!(inbox.len(), 21);
    let older = case!(
        "notifications, inbox's next page",
        store.before(viewer, Some(10_000), 21)
    );
    assert_eq!(older.len(), 21);
    let unread = case!("notifications, unread count", store.unread(viewer));
    assert!(unread > 1_000);
    case!("notifications, latest", store.latest(viewer));
    let actors: Vec<UserId> = inbox.iter().filter_map(|n| n.actor).collect();
    case!("notifications, actors", db.persons(&actors));
    // The page's subjects, one statement per kind for the whole page (`Access::views`): its
    // posts, and twenty of each other kind spread over their tables.
    let page_posts: Vec<plaza::model::PostId> = inbox
        .iter()
        .filter_map(|n| match n.subject {
            kernel::Subject::PlazaPost { post } => Some(plaza::model::PostId(post)),
            _ => None,
        })
        .collect();
    let found = case!(
        "notifications, the page's posts",
        posts.find_many(&page_posts, Some(viewer))
    );
    assert!(!found.is_empty());
    let comment_ids: Vec<_> = spread(&c, "c", 100_000).await;
    let found = case!(
        "notifications, the page's comments",
        posts.find_comments(
            &comment_ids
                .iter()
                .map(|id| plaza::model::CommentId(*id))
                .collect::<Vec<_>>()
        )
    );
    assert_eq!(found.len(), 20);
    let group_ids: Vec<GroupId> = spread(&c, "g", 2_000)
        .await
        .into_iter()
        .map(GroupId)
        .collect();
    let found = case!(
        "notifications, the page's groups",
        groups.find_many(&group_ids, Some(viewer))
    );
    assert_eq!(found.len(), 20);
    let article_ids: Vec<ArticleId> = spread(&c, "a", 50_000)
        .await
        .into_iter()
        .map(ArticleId)
        .collect();
    let found = case!(
        "notifications, the page's articles",
        articles.find_many(&article_ids)
    );
    assert_eq!(found.len(), 20);
    let reply_ids: Vec<groups::model::ReplyId> = spread(&c, "r", 100_000)
        .await
        .into_iter()
        .map(groups::model::ReplyId)
        .collect();
    let found = case!(
        "notifications, the page's replies",
        replies.find_many(&reply_ids)
    );
    assert_eq!(found.len(), 20);

    // Search: every kind, a word in every document and a rare one, and the filters.
    let index = db.search_index();
    let common = ["common".to_owned()];
    let rare = ["x17".to_owned()];
    let pair = ["w17".to_owned(), "x17".to_owned()];
    let none = Filters::default();
    for kind in [
        SearchKind::Posts,
        SearchKind::Articles,
        SearchKind::Replies,
        SearchKind::Groups,
        SearchKind::People,
    ] {
        for (what, terms) in [
            ("common", &common[..]),
            ("rare", &rare[..]),
            ("pair", &pair[..]),
        ] {
            let found = case!(
                format!("search, {kind:?}, {what} word"),
                index.search(kind, terms, &none, Some(viewer), page(None))
            );
            assert!(!found.items.is_empty(), "{kind:?} {what}");
        }
    }
    let in_province = Filters {
        district: Some(province.clone()),
        ..Filters::default()
    };
    case!(
        "search, posts in a province",
        index.search(
            SearchKind::Posts,
            &common,
            &in_province,
            Some(viewer),
            page(None)
        )
    );
    let in_macau = Filters {
        district: Some(rare_province.clone()),
        ..Filters::default()
    };
    let found = case!(
        "search, posts in a province with few posts",
        index.search(
            SearchKind::Posts,
            &common,
            &in_macau,
            Some(viewer),
            page(None)
        )
    );
    assert!(!found.items.is_empty());
    let recent = Filters {
        since: Some(t0() - Duration::days(7)),
        ..Filters::default()
    };
    case!(
        "search, posts of the last week",
        index.search(SearchKind::Posts, &rare, &recent, Some(viewer), page(None))
    );
    let in_group = Filters {
        group: Some(g1.0),
        ..Filters::default()
    };
    for kind in [SearchKind::Articles, SearchKind::Replies] {
        case!(
            format!("search, {kind:?} of a group"),
            index.search(kind, &common, &in_group, Some(viewer), page(None))
        );
    }

    // The admin overview: counts, storage, the latest events, the integrations.
    let counts = case!("admin overview, counts", db.content_counts());
    assert_eq!(counts.plaza_posts, 200_000);
    let usage = case!("admin overview, storage", media.usage());
    assert_eq!(usage.files, 60_000);
    let audit = db.audit_log();
    let latest = case!(
        "admin overview, latest events",
        audit.find(&AuditFilter::default(), PageRequest::first(10))
    );
    assert_eq!(latest.items.len(), 10);
    case!("admin overview, integrations", db.states());

    // The admin logs with each filter, a first and a deep page.
    let action = |raw| AuditAction::parse(raw).unwrap();
    let filters = [
        ("no filter", AuditFilter::default()),
        (
            "a common action",
            AuditFilter {
                actions: vec![action("auth.sign_in")],
                ..AuditFilter::default()
            },
        ),
        (
            "a rare action",
            AuditFilter {
                actions: vec![action("group.member.banned")],
                ..AuditFilter::default()
            },
        ),
        (
            "two actions",
            AuditFilter {
                actions: vec![action("plaza.post.deleted"), action("group.member.banned")],
                ..AuditFilter::default()
            },
        ),
        (
            "an actor",
            AuditFilter {
                actor: Some(viewer),
                ..AuditFilter::default()
            },
        ),
        (
            "a rare actor",
            AuditFilter {
                actor: Some(UserId(id(&c, "u3").await)),
                ..AuditFilter::default()
            },
        ),
        (
            "a target",
            AuditFilter {
                target: Some("user42".into()),
                ..AuditFilter::default()
            },
        ),
        (
            "a week",
            AuditFilter {
                from: Some(t0() - Duration::days(60)),
                to: Some(t0() - Duration::days(53)),
                ..AuditFilter::default()
            },
        ),
    ];
    for (what, filter) in &filters {
        let first = case!(
            format!("admin logs, {what}"),
            audit.find(filter, page(None))
        );
        assert!(!first.items.is_empty(), "{what}");
        if first.next.is_some() {
            case!(
                format!("admin logs, {what}, next page"),
                audit.find(filter, page(first.next))
            );
        }
    }

    // Each statement's plan (every one printed with `PLANS_SHOW=1` and `--no-capture`;
    // `PLANS_KEEP=1` keeps the database).
    let show = std::env::var_os("PLANS_SHOW").is_some();
    let mut failures = Vec::new();
    let mut explained = 0;
    for case in &cases {
        assert!(!case.statements.is_empty(), "{}: no statement", case.name);
        for statement in &case.statements {
            let sql = statement.sql.trim_start();
            assert!(
                sql.starts_with("SELECT") || sql.starts_with("WITH"),
                "{}: a read sent a write: {sql}",
                case.name
            );
            let plan = t.db.explain_for_tests(statement).await.unwrap();
            explained += 1;
            let (mut lines, mut problems) = (Vec::new(), Vec::new());
            walk(&plan, 1, &tables, &indexes, &mut lines, &mut problems);
            if show {
                eprintln!("{}\n  {}\n{}\n", case.name, statement.sql, lines.join("\n"));
            }
            if !problems.is_empty() {
                failures.push(format!(
                    "{}: {}\n  {}\n  values: {:?}\n{}",
                    case.name,
                    problems.join("; "),
                    statement.sql,
                    statement.values,
                    lines.join("\n")
                ));
            }
        }
    }
    eprintln!(
        "plans: {} reads, {explained} statements explained; filled in {:.1} s, whole test {:.1} s",
        cases.len(),
        filled.as_secs_f64(),
        started.elapsed().as_secs_f64()
    );
    if std::env::var_os("PLANS_KEEP").is_some() {
        // To look at a plan by hand: the filled database outlives the test.
        eprintln!("plans: the database is kept at {}", t.url);
        std::mem::forget(t);
    }
    assert!(
        failures.is_empty(),
        "{} of {explained} statements read too much:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// The overview's counts and storage as the adapters read them (`content_totals`).
async fn totals(t: &TestDb) -> [u64; 6] {
    let counts = t.db.content_counts().await.unwrap();
    let usage = t.db.media().usage().await.unwrap();
    assert_eq!(t.db.users().count().await.unwrap(), counts.users);
    [
        counts.users,
        counts.groups,
        counts.plaza_posts,
        counts.articles,
        usage.files,
        usage.bytes,
    ]
}

/// The totals the overview reads instead of counting (migration 000028) follow every insert and
/// delete, those of a cascade too, on both engines.
#[tokio::test]
async fn the_overview_totals_follow_inserts_deletes_and_cascades() {
    use crate::groups::created;
    use crate::plaza::posted;
    use crate::support::{at, person};
    use groups::model::{Article, ArticleStatus, Visibility};
    use media::{ImageFormat, Media, MediaKind, MediaState};

    for t in TestDb::all().await {
        assert_eq!(totals(&t).await, [0; 6], "a new database, on {}", t.url);
        let alice = person(&t, "alice").await;
        let bob = person(&t, "bob").await;
        let club = created(&t, &bob, "读书会", Visibility::Public, at(0)).await;
        posted(&t, &bob, "first", None, at(1)).await;
        posted(&t, &alice, "second", None, at(2)).await;
        let article = Article {
            withheld: None,
            id: ArticleId::new_random(),
            group: club.id,
            author: bob.clone(),
            title: "标题".into(),
            body: "正文".into(),
            excerpt: "正文".into(),
            status: ArticleStatus::Published,
            version: 1,
            created_at: at(3),
            updated_at: at(3),
            published_at: None,
            replies: Default::default(),
        };
        t.db.articles().insert(&article).await.unwrap();
        let image = |owner: &kernel::Person, bytes: u64| Media {
            id: kernel::MediaId::new_random(),
            owner: owner.id,
            group: None,
            article: None,
            kind: MediaKind::Plaza,
            state: MediaState::Unattached,
            format: ImageFormat::Webp,
            width: 800,
            height: 600,
            thumb_width: 320,
            thumb_height: 240,
            bytes,
            created_at: at(4),
            hidden_at: None,
        };
        let (kept, gone) = (image(&alice, 1_000), image(&bob, 250));
        t.db.media().insert(&kept).await.unwrap();
        t.db.media().insert(&gone).await.unwrap();
        assert_eq!(totals(&t).await, [2, 1, 2, 1, 2, 1_250], "on {}", t.url);

        t.db.media().delete(gone.id).await.unwrap();
        assert_eq!(totals(&t).await, [2, 1, 2, 1, 1, 1_000], "on {}", t.url);
        // Bob's group, post and article go with him.
        t.db.execute_for_tests("DELETE FROM users WHERE username = 'bob'")
            .await
            .unwrap();
        assert_eq!(totals(&t).await, [1, 0, 1, 0, 1, 1_000], "on {}", t.url);
    }
}
