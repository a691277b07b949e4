//! `just bench` (issue 26, "The cost of growth"; method and figures in docs/benchmarks.md,
//! "Growth"): the busy pages' cost as the community grows from 10 000 to 1 000 000 plaza posts.
//!
//! On one PostgreSQL database (`BENCH_DATABASE_URL`, made and dropped by `just bench`; else a
//! fresh one on `TEST_POSTGRES_URL`, dropped afterwards), filled in three steps with set-based
//! SQL to 1 %, 10 % and 100 % of issue 26's volume — 100 000 people, 1 000 000 plaza posts (30 %
//! with an image, 70 % with a province or a city), 3 000 000 likes, 1 000 000 comments, 10 000
//! groups with 200 000 memberships and 20 000 gallery images, 100 000 articles with 200 000
//! replies, 1 000 000 audit events, 1 000 000 notifications, the search documents of all of it
//! and 20 000 blocks and mutes. Every table grows in proportion; the rows of a step are newer
//! than those before it, as a community's are. After each step: `VACUUM ANALYZE`, then each
//! request below, as a real HTTP request to the app built with its real wiring
//! ([`Application::build_with_db`], in process, one worker, on a pool of 2 connections) over
//! that database, signed in as a member (an administrator for the admin pages): 20 unrecorded,
//! then [`ITERATIONS`] one after another. Each statement the app sends is recorded
//! ([`adapter_postgres::testing::StatementLog`]); a request's count is the count most of its
//! runs had (a background job's statement may fall into one).
//!
//! The people, groups and threads measured grow with the data too: the author of 1 % of the
//! posts, the group of 1 % of the articles, memberships and a tenth of the gallery, the article
//! of 1 % of the replies, the member who receives 1 % of the notifications and blocks or mutes
//! 50 people, the actor of 1 % of the audit log.
//!
//! The rule, per request: statements and p50 at 1 000 000 posts within 1.5× of their figure at
//! 10 000; p99 too, or under [`P99_FLOOR_MS`] at 1 000 000 (below it a time slice lost to
//! another process decides the p99, not the data). Prints the table with ✓/✗; exits non-zero
//! when a figure misses.
//!
//! `GROWTH_SCALE` (default 1) scales the volume, for a quick try; `GROWTH_SHOW=1` prints each
//! request's statements with their values (to `EXPLAIN` one by hand); `GROWTH_REUSE=1` with
//! the `BENCH_DATABASE_URL` of a database a run filled measures it once as it is, without
//! filling (to try a change to a statement or an index in a minute).

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/mod.rs"]
mod support;

use adapter_postgres::Database;
use adapter_postgres::testing::{StatementLog, TestDb};
use app_server::startup::{Application, configuration};
use chrono::{DateTime, Duration as Span, SecondsFormat, TimeZone, Utc};
use sea_orm::{ConnectionTrait, DatabaseConnection, Statement, TransactionTrait};
use serde_json::Value;
use std::collections::HashMap;
use std::time::{Duration, Instant};
use support::{CpuSnapshot, TempDir, mark, percentile_ms, register, run_bench, server_env};
use uuid::Uuid;

/// Timed requests per page and step (after [`WARM_UP`] unrecorded ones).
const ITERATIONS: usize = 200;
const WARM_UP: usize = 20;
/// A figure at the last step may be at most this many times its figure at the first.
const RATIO: f64 = 1.5;
/// A p99 at the last step under this is not judged by its ratio.
const P99_FLOOR_MS: f64 = 2.0;
/// The share of issue 26's volume each step fills up to.
const STEPS: [f64; 3] = [0.01, 0.1, 1.0];

/// Issue 26's volume: rows of each table at the last step.
#[derive(Clone, Copy, Default)]
struct Volume {
    users: i64,
    posts: i64,
    groups: i64,
    /// Memberships besides the owners' (one a group).
    members: i64,
    gallery: i64,
    articles: i64,
    replies: i64,
    audit: i64,
    notifications: i64,
    blocks: i64,
}

impl Volume {
    const FULL: Volume = Volume {
        users: 100_000,
        posts: 1_000_000,
        groups: 10_000,
        members: 190_000,
        gallery: 20_000,
        articles: 100_000,
        replies: 200_000,
        audit: 1_000_000,
        notifications: 1_000_000,
        blocks: 20_000,
    };

    fn times(self, share: f64) -> Volume {
        let n = |v: i64| ((v as f64 * share).round() as i64).max(1);
        Volume {
            users: n(self.users).max(200),
            posts: n(self.posts),
            groups: n(self.groups),
            members: n(self.members),
            gallery: n(self.gallery),
            articles: n(self.articles).max(100),
            replies: n(self.replies),
            audit: n(self.audit),
            notifications: n(self.notifications),
            blocks: n(self.blocks),
        }
    }
}

/// The fill's clock: row `i` of a table is written `i` of its intervals after this, so each
/// step's rows are newer than the last step's. A post every 30 s: a million posts are 347 days.
const EPOCH: &str = "2025-01-01 00:00:00+00";

fn epoch() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2025, 1, 1, 0, 0, 0).unwrap()
}

/// The seconds between two rows of a table of `full` rows at the last step (all tables span the
/// same year).
fn interval(full: i64) -> i64 {
    Volume::FULL.posts * 30 / full
}

/// A word in one post of a thousand (and no other text), for a search of a rare word.
const RARE_WORD: &str = "zephyr";

/// The texts of the plaza's posts (the search set's, `domain/search/eval`), each with its terms
/// as the index makes them, and again with [`RARE_WORD`].
fn texts() -> Vec<(String, String)> {
    let raw = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../domain/search/eval/docs.jsonl"
    ))
    .expect("domain/search/eval/docs.jsonl");
    let mut out = Vec::new();
    for line in raw.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let text = v["text"].as_str().unwrap().to_owned();
        let rare = format!("{text} {RARE_WORD}");
        for body in [text, rare] {
            let terms = search::analysis::index_terms(&[&body]).join(" ");
            out.push((body, terms));
        }
    }
    out
}

fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

/// `md5('<letter>' || <expr>)::uuid`, the id of row `<expr>` of a kind (`u` people, `p` posts,
/// `g` groups, `a` articles, `r` replies, `m` images, `n` notifications, `e` audit events).
fn id(letter: &str, expr: &str) -> String {
    format!("md5('{letter}' || ({expr}))::uuid")
}

/// The SQL of one step: from `was` rows to `now` (set-based, one transaction, triggers and
/// foreign-key checks off, the secondary indexes dropped and made again), as statements to run
/// in order, each with what it does. `viewer` is the member measured.
fn fill_sql(
    was: Volume,
    now: Volume,
    first: bool,
    viewer: Uuid,
    texts: usize,
) -> Vec<(String, String)> {
    let u = now.users;
    let at = |i: &str, full: i64| {
        format!(
            "(TIMESTAMPTZ '{EPOCH}' + ({i}) * INTERVAL '{} seconds')",
            interval(full)
        )
    };
    let person = |expr: &str| id("u", &format!("(({expr}) % {u}) + 1"));
    let author = format!(
        "CASE WHEN i % 100 = 0 THEN {} ELSE {} END",
        id("u", "1"),
        person("i * 7919")
    );
    let post_at = at("i", Volume::FULL.posts);
    let series = |from: i64, to: i64| format!("generate_series({}::bigint, {}) i", from + 1, to);
    let posts = series(was.posts, now.posts);
    let viewer = format!("'{viewer}'::uuid");
    let mut steps: Vec<(String, String)> = Vec::new();
    let mut add = |what: &str, sql: String| steps.push((what.to_owned(), sql));

    add(
        "the secondary indexes dropped",
        "SET LOCAL session_replication_role = replica;
         SET LOCAL maintenance_work_mem = '512MB';
         SET LOCAL work_mem = '64MB';
         CREATE TEMPORARY TABLE growth_indexes ON COMMIT DROP AS
         SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
         FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
         WHERE t.relnamespace = 'public'::regnamespace
           AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid);
         DO $$ DECLARE r record; BEGIN
           FOR r IN SELECT name FROM growth_indexes LOOP EXECUTE 'DROP INDEX ' || r.name; END LOOP;
         END $$;"
            .to_owned(),
    );
    // The texts, and the districts a post may have, by number (a row each: an element of a
    // big array would be read whole for every row).
    add(
        "texts",
        format!(
            "CREATE TEMPORARY TABLE growth_texts (n integer PRIMARY KEY, body text, terms text)
             ON COMMIT DROP;
             INSERT INTO growth_texts VALUES {};",
            texts_values()
        ),
    );
    // Which text post `i` has: one of the set's, with the rare word in one post of a thousand.
    let text = format!(
        "(i % {}) * 2 + CASE WHEN i % 1000 = 1 THEN 2 ELSE 1 END",
        texts / 2
    );
    let body = format!("(SELECT body FROM growth_texts WHERE n = {text})");
    if first {
        add(
            "districts",
            "-- Ten cities in each of the 34 provinces the migrations seed.
             INSERT INTO districts (code, parent_code, level, name_zh, name_en, lat, lon, updated_at)
             SELECT substr(p.code, 1, 2) || lpad(c::text, 2, '0') || '00', p.code, 'city',
                    p.name_zh || c, p.name_en || ' ' || c, p.lat, p.lon, p.updated_at
             FROM districts p, generate_series(1, 10) c WHERE p.level = 'province'
             ON CONFLICT DO NOTHING;"
                .to_owned(),
        );
    }
    add(
        "district codes",
        "CREATE TEMPORARY TABLE growth_codes ON COMMIT DROP AS
         SELECT row_number() OVER (ORDER BY code) AS n, code FROM districts;
         ALTER TABLE growth_codes ADD PRIMARY KEY (n);"
            .to_owned(),
    );
    add(
        "people",
        format!(
            "INSERT INTO users (id, username, nickname, password_hash, role, created_at, updated_at, bio)
             SELECT {}, 'user' || i, '昵称' || i, '$argon2id$stub', 'user', {t}, {t},
                    CASE WHEN i % 10 = 0 THEN 'bio ' || i END
             FROM {};",
            id("u", "i"),
            series(was.users, now.users),
            t = at("i", Volume::FULL.users)
        ),
    );
    // Post `i`: by user1 when i is a multiple of 100; 70 % with a district (a province or a
    // city, evenly), 30 % with an image; i % 7 likes (3 on average) and the viewer's on one in
    // a hundred; three comments on every third; one in 500 held.
    add(
        "plaza posts",
        format!(
            "INSERT INTO plaza_posts (id, author_id, body, district_code, created_at, like_count,
                                      comment_count, withheld)
             SELECT {pid}, {author}, {body},
                    CASE WHEN i % 10 < 3 THEN NULL
                         ELSE (SELECT code FROM growth_codes
                               WHERE n = (i * 13) % (SELECT count(*) FROM growth_codes) + 1) END,
                    {post_at}, i % 7 + CASE WHEN i % 100 = 7 THEN 1 ELSE 0 END,
                    CASE WHEN i % 3 = 0 THEN 3 ELSE 0 END, CASE WHEN i % 500 = 0 THEN 'held' END
             FROM {posts};",
            pid = id("p", "i"),
        ),
    );
    add(
        "likes",
        format!(
            "INSERT INTO plaza_likes (post_id, user_id, created_at)
             SELECT {pid}, {who}, {post_at} + j * INTERVAL '1 minute'
             FROM {posts}, generate_series(1, i % 7) j ON CONFLICT DO NOTHING;
             INSERT INTO plaza_likes (post_id, user_id, created_at)
             SELECT {pid}, {viewer}, {post_at} + INTERVAL '1 minute'
             FROM {posts} WHERE i % 100 = 7 ON CONFLICT DO NOTHING;",
            pid = id("p", "i"),
            who = person("i * 31 + j * 977"),
        ),
    );
    add(
        "comments",
        format!(
            "INSERT INTO plaza_comments (id, post_id, author_id, body, created_at)
             SELECT md5('c' || i || '.' || j)::uuid, {pid}, {who}, '评论 ' || j,
                    {post_at} + j * INTERVAL '2 minutes'
             FROM {posts}, generate_series(1, CASE WHEN i % 3 = 0 THEN 3 ELSE 0 END) j;",
            pid = id("p", "i"),
            who = person("i * 37 + j * 101"),
        ),
    );
    add(
        "post images",
        format!(
            "INSERT INTO media (id, owner_id, kind, state, format, width, height, thumb_width,
                                thumb_height, bytes, created_at)
             SELECT {mid}, {author}, 'plaza', 'attached', 'webp', 1280, 960, 320, 240,
                    150000 + i % 50000, {post_at}
             FROM {posts} WHERE (i / 10) % 10 < 3;
             INSERT INTO plaza_post_images (post_id, media_id, position)
             SELECT {pid}, {mid}, 0 FROM {posts} WHERE (i / 10) % 10 < 3;",
            mid = id("m", "i"),
            pid = id("p", "i"),
        ),
    );
    // Group `i`: one of five names, every tenth private; group 1 has 1 % of the memberships,
    // of the articles and a tenth of the gallery; the viewer is in it and in one group of 100.
    let group_of = |expr: &str| {
        format!(
            "CASE WHEN i % 100 = 0 THEN {} ELSE {} END",
            id("g", "1"),
            id("g", &format!("(({expr}) % {}) + 1", now.groups))
        )
    };
    add(
        "groups",
        format!(
            "INSERT INTO groups (id, name, name_folded, description, visibility, join_policy,
                                 invite_code, owner_id, member_count, created_at, updated_at)
             SELECT {gid}, n.name, lower(n.name), '一起' || n.name, 
                    CASE WHEN i % 10 = 3 THEN 'private' ELSE 'public' END, 'open',
                    substr(md5('i' || i), 1, 8), {owner}, 0, {t}, {t}
             FROM {groups},
                  LATERAL (SELECT (ARRAY['读书会', 'Hiking club', '摄影小组', 'Board games',
                                         '跑步团'])[i % 5 + 1] || ' ' || i AS name) n;
             INSERT INTO group_memberships (group_id, user_id, role, state, since)
             SELECT {gid}, {owner}, 'owner', 'active', {t} FROM {groups};",
            gid = id("g", "i"),
            owner = person("i * 101"),
            groups = series(was.groups, now.groups),
            t = at("i", Volume::FULL.groups),
        ),
    );
    add(
        "memberships",
        format!(
            "INSERT INTO group_memberships (group_id, user_id, role, state, since)
             SELECT {group}, {who}, 'member',
                    CASE WHEN i % 50 = 0 THEN 'pending' WHEN i % 97 = 0 THEN 'banned'
                         ELSE 'active' END, {t}
             FROM {members} ON CONFLICT DO NOTHING;
             INSERT INTO group_memberships (group_id, user_id, role, state, since)
             SELECT {gid}, {viewer}, 'member', 'active', {gt}
             FROM {groups} WHERE i % 100 = 3 OR i = 1 ON CONFLICT DO NOTHING;",
            group = group_of("i * 7"),
            who = person(&format!("i * 397 + i / {}", now.groups)),
            members = series(was.members, now.members),
            t = at("i", Volume::FULL.members),
            gid = id("g", "i"),
            groups = series(was.groups, now.groups),
            gt = at("i", Volume::FULL.groups),
        ),
    );
    add(
        "gallery",
        format!(
            "INSERT INTO media (id, owner_id, group_id, kind, state, format, width, height,
                                thumb_width, thumb_height, bytes, created_at)
             SELECT md5('gm' || i)::uuid, {who},
                    CASE WHEN i % 10 = 0 THEN {g1} ELSE {g} END, 'gallery', 'attached', 'webp',
                    1600, 1200, 320, 240, 300000 + i % 1000, {t}
             FROM {gallery};",
            who = person("i * 3"),
            g1 = id("g", "1"),
            g = id("g", &format!("((i * 7) % {}) + 1", now.groups)),
            gallery = series(was.gallery, now.gallery),
            t = at("i", Volume::FULL.gallery),
        ),
    );
    // Article `i`: group 1's when i is a multiple of 100, user1's when of 50; one in ten a
    // draft (never one of group 1's). Article 100 has 1 % of the replies.
    add(
        "articles",
        format!(
            "INSERT INTO articles (id, group_id, author_id, title, body, excerpt, status, version,
                                   created_at, updated_at, published_at)
             SELECT {aid}, {group}, CASE WHEN i % 50 = 0 THEN {u1} ELSE {who} END,
                    '笔记 ' || i, {body}, left({body}, 100),
                    CASE WHEN i % 10 = 5 THEN 'draft' ELSE 'published' END, 1, {t}, {t},
                    CASE WHEN i % 10 <> 5 THEN {t} END
             FROM {articles};",
            aid = id("a", "i"),
            group = group_of("i * 7"),
            u1 = id("u", "1"),
            who = person("i * 17"),
            articles = series(was.articles, now.articles),
            t = at("i", Volume::FULL.articles),
        ),
    );
    add(
        "replies",
        format!(
            "INSERT INTO article_replies (id, article_id, author_id, body, excerpt, created_at)
             SELECT {rid}, CASE WHEN i % 100 = 0 THEN {a100} ELSE {a} END, {who},
                    '回复 ' || i, '回复 ' || i, {t}
             FROM {replies}, LATERAL (SELECT (i * 13) % {na} + 1 AS k) k;",
            rid = id("r", "i"),
            a100 = id("a", "100"),
            a = id("a", "k.k + CASE WHEN k.k % 10 = 5 THEN 1 ELSE 0 END"),
            na = now.articles,
            who = person("i * 43"),
            replies = series(was.replies, now.replies),
            t = at("i", Volume::FULL.replies),
        ),
    );
    // People read their notices: only the 2 000 newest of the community are unread (the
    // viewer's 20), the rest read when the next arrive.
    add(
        "notifications",
        format!(
            "UPDATE notifications SET read_at = updated_at WHERE read_at IS NULL;
             INSERT INTO notifications (id, recipient_id, seq, kind, actor_id, subject_type,
                                        target_id, created_at, updated_at, read_at)
             SELECT {nid}, r.recipient,
                    COALESCE(c.seq, 0) + row_number() OVER (PARTITION BY r.recipient ORDER BY i),
                    'liked', {actor}, 'plaza_post', {target}, {t}, {t},
                    CASE WHEN i <= {unread_from} THEN {t} END
             FROM {notifications},
                  LATERAL (SELECT CASE WHEN i % 100 = 0 THEN {viewer} ELSE {to} END AS recipient) r
                  LEFT JOIN notification_counters c ON c.user_id = r.recipient
             ORDER BY i;
             INSERT INTO notification_counters (user_id, seq)
             SELECT recipient_id, max(seq) FROM notifications GROUP BY recipient_id
             ON CONFLICT (user_id) DO UPDATE SET seq = excluded.seq;",
            nid = id("n", "i"),
            actor = person("i * 11"),
            target = id("p", &format!("(i % {}) + 1", now.posts)),
            t = at("i", Volume::FULL.notifications),
            unread_from = now.notifications - 2000,
            notifications = series(was.notifications, now.notifications),
            to = person("i * 7"),
        ),
    );
    // Sign-ins are most of the log; a ban one event in a thousand; user3 acts in one in a
    // hundred; each target (`user<n>`) about ten times.
    add(
        "audit events",
        format!(
            "INSERT INTO audit_events (id, at, actor_id, action, target, ip)
             SELECT {eid}, {t},
                    CASE WHEN i % 5 = 0 THEN NULL WHEN i % 100 = 1 THEN {u3} ELSE {who} END,
                    CASE WHEN i % 100 < 60 THEN 'auth.sign_in' WHEN i % 100 < 80 THEN 'auth.sign_out'
                         WHEN i % 100 < 90 THEN 'auth.sign_in_failed'
                         WHEN i % 1000 = 995 THEN 'group.member.banned'
                         ELSE 'plaza.post.deleted' END,
                    'user' || (i % {u} + 1), '10.0.' || (i % 200) || '.' || (i % 250)
             FROM {audit};",
            eid = id("e", "i"),
            t = at("i", Volume::FULL.audit),
            u3 = id("u", "3"),
            who = person("i * 3"),
            audit = series(was.audit, now.audit),
        ),
    );
    // The documents the search drain would have written: a post's terms as the index makes
    // them; the other kinds' shorter (they are not searched here, but share the table and its
    // indexes).
    add(
        "search documents",
        format!(
            "INSERT INTO search_documents (kind, id, terms, created_at, seq)
             SELECT 'post', {pid}, (SELECT terms FROM growth_texts WHERE n = {text}), {post_at}, i
             FROM {posts};
             INSERT INTO search_documents (kind, id, terms, created_at, seq)
             SELECT 'article', {aid}, '笔 记 笔记 ' || i || ' w' || (i % 1000), {at_a}, i
             FROM {articles};
             INSERT INTO search_documents (kind, id, terms, created_at, seq)
             SELECT 'reply', {rid}, '回 复 回复 ' || i || ' w' || (i % 1000), {at_r}, i
             FROM {replies};
             INSERT INTO search_documents (kind, id, terms, created_at, seq)
             SELECT 'group', {gid}, 'group ' || i || ' w' || (i % 1000), {at_g}, i FROM {groups};
             INSERT INTO search_documents (kind, id, terms, created_at, seq)
             SELECT 'person', {uid}, 'user' || i || ' w' || (i % 1000), {at_u}, i FROM {users};",
            pid = id("p", "i"),
            aid = id("a", "i"),
            at_a = at("i", Volume::FULL.articles),
            articles = series(was.articles, now.articles),
            rid = id("r", "i"),
            at_r = at("i", Volume::FULL.replies),
            replies = series(was.replies, now.replies),
            gid = id("g", "i"),
            at_g = at("i", Volume::FULL.groups),
            groups = series(was.groups, now.groups),
            uid = id("u", "i"),
            at_u = at("i", Volume::FULL.users),
            users = series(was.users, now.users),
        ),
    );
    let mut blocks = format!(
        "INSERT INTO user_blocks (blocker_id, target_id, kind, created_at)
         SELECT {blocker}, {target}, CASE WHEN i % 3 = 0 THEN 'block' ELSE 'mute' END, {t}
         FROM {series} WHERE (i * 7) % {u} <> (i * 11 + 5) % {u} ON CONFLICT DO NOTHING;",
        blocker = person("i * 7"),
        target = person("i * 11 + 5"),
        t = at("i", Volume::FULL.blocks),
        series = series(was.blocks, now.blocks),
    );
    if first {
        // The viewer blocks 25 people and mutes 25.
        blocks.push_str(&format!(
            "INSERT INTO user_blocks (blocker_id, target_id, kind, created_at)
             SELECT {viewer}, {target}, CASE WHEN i % 2 = 0 THEN 'block' ELSE 'mute' END,
                    TIMESTAMPTZ '{EPOCH}'
             FROM generate_series(1, 50) i;",
            target = id("u", "100 + i"),
        ));
    }
    add("blocks", blocks);
    add(
        "counts",
        "UPDATE groups g SET member_count = m.n
         FROM (SELECT group_id, count(*) AS n FROM group_memberships WHERE state = 'active'
               GROUP BY group_id) m
         WHERE m.group_id = g.id AND g.member_count <> m.n;
         UPDATE articles a SET reply_count = r.n
         FROM (SELECT article_id, count(*) AS n FROM article_replies GROUP BY article_id) r
         WHERE r.article_id = a.id AND a.reply_count <> r.n;"
            .to_owned(),
    );
    add(
        "the indexes made again",
        format!(
            "DO $$ DECLARE r record; BEGIN
               FOR r IN SELECT definition FROM growth_indexes LOOP EXECUTE r.definition; END LOOP;
             END $$;
             -- The totals the triggers (off here) keep.
             {}",
            adapter_postgres::testing::RECOUNT_CONTENT_TOTALS
        ),
    );
    steps
}

static TEXTS: std::sync::LazyLock<Vec<(String, String)>> = std::sync::LazyLock::new(texts);

/// `(1, body, terms), (2, …)…`: the post texts as SQL values.
fn texts_values() -> String {
    TEXTS
        .iter()
        .enumerate()
        .map(|(n, (body, terms))| format!("({}, {}, {})", n + 1, quote(body), quote(terms)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Fills the database from `was` to `now`; the time each part took.
async fn fill(
    c: &DatabaseConnection,
    was: Volume,
    now: Volume,
    first: bool,
    viewer: Uuid,
) -> Vec<(String, Duration)> {
    let texts = TEXTS.len();
    let txn = c.begin().await.unwrap();
    let mut took = Vec::new();
    for (what, sql) in fill_sql(was, now, first, viewer, texts) {
        let t = Instant::now();
        txn.execute_unprepared(&sql)
            .await
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        took.push((what, t.elapsed()));
    }
    let t = Instant::now();
    txn.commit().await.unwrap();
    took.push(("commit".to_owned(), t.elapsed()));
    // As autovacuum would have: the visibility map (index-only scans) and the statistics.
    let t = Instant::now();
    c.execute_unprepared("VACUUM ANALYZE").await.unwrap();
    took.push(("VACUUM ANALYZE".to_owned(), t.elapsed()));
    // The fill's gigabytes written out now, not by the checkpointer while the requests are
    // timed (a running server has long written its older rows).
    let t = Instant::now();
    c.execute_unprepared("CHECKPOINT").await.unwrap();
    took.push(("CHECKPOINT".to_owned(), t.elapsed()));
    took
}

/// One request measured at every step.
struct Page {
    name: String,
    path: String,
    /// An administrator's (else the viewer's).
    admin: bool,
    /// A JSON pointer into the answer, and the least it must hold: an array's length or a
    /// number's value (0: it must be there).
    expect: (&'static str, u64),
}

/// What one request cost at one step.
#[derive(Clone, Copy, Default)]
struct Figures {
    p50: f64,
    p99: f64,
    statements: usize,
}

/// `GROWTH_SCALE`: the share of issue 26's volume the last step fills (1: all of it).
fn scale() -> f64 {
    std::env::var("GROWTH_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.0)
}

fn holds(body: &Value, (pointer, least): (&str, u64)) -> bool {
    // A smaller volume (a quick try) may not fill a page.
    let least = if scale() < 1.0 { 0 } else { least };
    match body.pointer(pointer) {
        Some(Value::Array(items)) => items.len() as u64 >= least,
        Some(Value::Number(n)) => n.as_f64().unwrap_or(0.0) >= least as f64,
        Some(_) => least == 0,
        None => false,
    }
}

async fn measure(
    client: &reqwest::Client,
    base: &str,
    page: &Page,
    cookie: &str,
    log: &StatementLog,
) -> Figures {
    let url = format!("{base}{}", page.path);
    let get = || client.get(&url).header("Cookie", cookie).send();
    log.take();
    let res = get().await.unwrap();
    let status = res.status();
    let body: Value = res.json().await.unwrap();
    assert!(
        status == 200 && holds(&body, page.expect),
        "{} ({}): {status}, {:?} not as expected: {}",
        page.name,
        page.path,
        page.expect,
        serde_json::to_string(&body)
            .unwrap()
            .chars()
            .take(600)
            .collect::<String>()
    );
    if std::env::var_os("GROWTH_SHOW").is_some() {
        // To look at a plan by hand: each statement with its values.
        for statement in log.take() {
            println!("    {}\n      {:?}", statement.sql, statement.values);
        }
    }
    for _ in 0..WARM_UP {
        get().await.unwrap().bytes().await.unwrap();
    }
    let mut times = Vec::with_capacity(ITERATIONS);
    let mut counts: HashMap<usize, usize> = HashMap::new();
    for _ in 0..ITERATIONS {
        log.take();
        let t = Instant::now();
        let res = get().await.unwrap();
        assert_eq!(res.status(), 200, "{}", page.name);
        res.bytes().await.unwrap();
        times.push(t.elapsed());
        *counts.entry(log.take().len()).or_default() += 1;
    }
    times.sort();
    let statements = counts
        .into_iter()
        .max_by_key(|&(n, runs)| (runs, std::cmp::Reverse(n)))
        .map_or(0, |(n, _)| n);
    Figures {
        p50: percentile_ms(&times, 0.5),
        p99: percentile_ms(&times, 0.99),
        statements,
    }
}

/// A row's value of one column, by a raw statement.
async fn one<T: sea_orm::TryGetable>(c: &DatabaseConnection, sql: &str, column: &str) -> T {
    c.query_one_raw(Statement::from_string(c.get_database_backend(), sql))
        .await
        .unwrap()
        .unwrap_or_else(|| panic!("no row: {sql}"))
        .try_get("", column)
        .unwrap()
}

/// The feed's cursor at post `i`.
async fn post_cursor(c: &DatabaseConnection, i: i64) -> String {
    let at: DateTime<Utc> = one(
        c,
        &format!("SELECT created_at FROM plaza_posts WHERE id = md5('p' || {i})::uuid"),
        "created_at",
    )
    .await;
    let post: Uuid = one(c, &format!("SELECT md5('p' || {i})::uuid AS id"), "id").await;
    kernel::Cursor::new(at, post).encode()
}

async fn uuid_of(c: &DatabaseConnection, key: &str) -> Uuid {
    one(c, &format!("SELECT md5('{key}')::uuid AS id"), "id").await
}

/// Signs in an account the bench registered before (`GROWTH_REUSE`); its session cookie.
async fn sign_in(client: &reqwest::Client, base: &str, name: &str) -> String {
    let res = client
        .post(format!("{base}/api/auth/username/login"))
        .json(&serde_json::json!({ "username": name, "password": support::BENCH_PASSWORD }))
        .send()
        .await
        .unwrap();
    assert!(
        res.status().is_success(),
        "sign in {name}: {}",
        res.status()
    );
    support::session_cookie(res.headers()).unwrap()
}

/// The requests, at a step of `now` rows.
async fn pages(c: &DatabaseConnection, now: Volume) -> Vec<Page> {
    let u1 = uuid_of(c, "u1").await;
    let u3 = uuid_of(c, "u3").await;
    let g1 = uuid_of(c, "g1").await;
    let a100 = uuid_of(c, "a100").await;
    // A deep page starts three quarters of the way back; the count is asked from 150 posts down.
    let deep = post_cursor(c, (now.posts / 4).max(1)).await;
    let since = post_cursor(c, (now.posts - 150).max(1)).await;
    let enc = |s: &str| {
        percent_encoding::utf8_percent_encode(s, percent_encoding::NON_ALPHANUMERIC).to_string()
    };
    let from = epoch() + Span::seconds(interval(Volume::FULL.audit) * now.audit / 2);
    let week = format!(
        "from={}&until={}",
        enc(&from.to_rfc3339_opts(SecondsFormat::Secs, true)),
        enc(&(from + Span::days(7)).to_rfc3339_opts(SecondsFormat::Secs, true))
    );
    let page = |name: &str, path: String, expect: (&'static str, u64)| Page {
        name: name.to_owned(),
        path,
        admin: false,
        expect,
    };
    let admin = |name: &str, path: String, expect: (&'static str, u64)| Page {
        admin: true,
        ..page(name, path, expect)
    };
    vec![
        page(
            "plaza, first page",
            "/api/plaza/posts".into(),
            ("/posts", 20),
        ),
        page(
            "plaza, a deep page (¾ back)",
            format!("/api/plaza/posts?cursor={deep}"),
            ("/posts", 20),
        ),
        page(
            "plaza, a province (四川)",
            "/api/plaza/posts?district=510000".into(),
            ("/posts", 20),
        ),
        page(
            "plaza, new-posts count",
            format!("/api/plaza/posts/new-count?since={since}"),
            ("/count", 99),
        ),
        page("group home", format!("/api/groups/{g1}"), ("/articles", 1)),
        page("groups, the list", "/api/groups".into(), ("/groups", 20)),
        page(
            "groups, a search (读书)",
            format!("/api/groups?q={}", enc("读书")),
            ("/groups", 10),
        ),
        page(
            "an article",
            format!("/api/groups/{g1}/articles/{a100}"),
            ("/article", 0),
        ),
        page(
            "an article's replies",
            format!("/api/groups/{g1}/articles/{a100}/replies"),
            ("/replies", 20),
        ),
        page("a profile", format!("/api/users/{u1}"), ("/profile", 0)),
        page(
            "a profile's posts",
            format!("/api/users/{u1}/posts"),
            ("/posts", 20),
        ),
        page(
            "notifications, the inbox",
            "/api/notifications".into(),
            ("/notifications", 20),
        ),
        page(
            "search, posts (周末)",
            format!("/api/search/posts?q={}", enc("周末")),
            ("/hits", 20),
        ),
        page(
            &format!("search, posts, a rare word ({RARE_WORD})"),
            format!("/api/search/posts?q={RARE_WORD}"),
            ("/hits", 1),
        ),
        admin(
            "admin, overview",
            "/api/admin/overview".into(),
            ("/latestEvents", 10),
        ),
        admin("admin logs", "/api/admin/audit".into(), ("/items", 20)),
        admin(
            "admin logs, an action",
            "/api/admin/audit?action=auth.sign_in".into(),
            ("/items", 20),
        ),
        admin(
            "admin logs, a rare action",
            "/api/admin/audit?action=group.member.banned".into(),
            ("/items", 1),
        ),
        admin(
            "admin logs, an actor",
            format!("/api/admin/audit?actor={u3}"),
            ("/items", 20),
        ),
        admin(
            "admin logs, a target",
            "/api/admin/audit?target=user42".into(),
            ("/items", 1),
        ),
        admin(
            "admin logs, a week",
            format!("/api/admin/audit?{week}"),
            ("/items", 20),
        ),
    ]
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .unwrap_or_default()
        .split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

fn main() {
    run_bench(async {
        let scale = scale();
        // The database: BENCH_DATABASE_URL (just bench makes and drops it), else a fresh one.
        let (url, _fresh) = match std::env::var("BENCH_DATABASE_URL") {
            Ok(url) if !url.trim().is_empty() => (url, None),
            _ => match TestDb::postgres().await {
                Some(t) => (t.url.clone(), Some(t)),
                None => {
                    println!("PostgreSQL does not answer: growth not measured ✗");
                    return 1;
                }
            },
        };
        let db = Database::connect(&url, 2).await.unwrap();
        db.migrate().await.unwrap();
        let raw = sea_orm::Database::connect(url.as_str()).await.unwrap();

        // The app, its real wiring over a pool whose every statement is recorded.
        let (recorded, log) = db.recording_for_tests();
        let dir = TempDir::new("courtyard-bench-growth");
        let mut env: HashMap<&str, String> = server_env(&url, &dir.0.join("media"), false)
            .into_iter()
            .collect();
        env.insert("PORT", "0".into());
        env.insert("WORKERS", "1".into());
        env.insert("DATABASE_MAX_CONNECTIONS", "2".into());
        env.insert("STATIC_DIR", "/nonexistent-courtyard-bench".into());
        env.insert("RUST_LOG", "warn".into());
        let config = configuration(|k| env.get(k).cloned()).unwrap();
        let app = Application::build_with_db(config, recorded).await.unwrap();
        let base = format!("http://127.0.0.1:{}", app.port());
        tokio::spawn(app.run_until_stopped());
        let client = reqwest::Client::builder()
            .no_proxy()
            .pool_max_idle_per_host(1)
            .build()
            .unwrap();
        // `GROWTH_REUSE=1` over a database a run filled (BENCH_DATABASE_URL): measure it as
        // it is, once, without filling (to try a change to a statement or an index).
        let filled: i64 = one(&raw, "SELECT count(*) AS n FROM plaza_posts", "n").await;
        let reuse = std::env::var_os("GROWTH_REUSE").is_some() && filled > 0;
        let (member, admin) = if reuse {
            (
                sign_in(&client, &base, "growth-member").await,
                sign_in(&client, &base, "growth-admin").await,
            )
        } else {
            (
                register(&client, &base, "growth-member").await,
                register(&client, &base, "growth-admin").await,
            )
        };
        db.set_role_for_tests("growth-admin", "admin")
            .await
            .unwrap();
        let viewer: Uuid = one(
            &raw,
            "SELECT id FROM users WHERE username = 'growth-member'",
            "id",
        )
        .await;

        println!(
            "Growth (issue 26): PostgreSQL filled in {} steps to {:.0} % of issue 26's volume; at each, {ITERATIONS} requests a page one after another (after {WARM_UP}), in process, 1 worker, a pool of 2",
            STEPS.len(),
            scale * 100.0
        );
        let mut was = Volume::default();
        let mut at_steps: Vec<(Volume, Vec<Page>, Vec<Figures>)> = Vec::new();
        let mut most_others: f64 = 0.0;
        let reused = [filled as f64 / Volume::FULL.posts as f64];
        let steps: &[f64] = if reuse { &reused } else { &STEPS };
        for (k, share) in steps.iter().enumerate() {
            let now = Volume::FULL.times(share * if reuse { 1.0 } else { scale });
            let t = Instant::now();
            let took = if reuse {
                Vec::new()
            } else {
                fill(&raw, was, now, k == 0, viewer).await
            };
            let rows: i64 = one(
                &raw,
                "SELECT sum(n_live_tup)::bigint AS n FROM pg_stat_user_tables",
                "n",
            )
            .await;
            let size: String = one(
                &raw,
                "SELECT pg_size_pretty(pg_database_size(current_database())) AS s",
                "s",
            )
            .await;
            println!(
                "\nstep {}: {} posts, {} people, {} rows in all, {size}: filled in {:.0} s ({}); load average {}",
                k + 1,
                now.posts,
                now.users,
                rows,
                t.elapsed().as_secs_f64(),
                took.iter()
                    .map(|(w, d)| format!("{w} {:.1} s", d.as_secs_f64()))
                    .collect::<Vec<_>>()
                    .join(", "),
                load_average()
            );
            let pages = pages(&raw, now).await;
            let cpu = CpuSnapshot::take(&[]);
            let mut figures = Vec::new();
            for page in &pages {
                let cookie = if page.admin { &admin } else { &member };
                let f = measure(&client, &base, page, cookie, &log).await;
                println!(
                    "  {:<40} p50 {:>7.2} ms  p99 {:>7.2} ms  {:>2} statements",
                    page.name, f.p50, f.p99, f.statements
                );
                figures.push(f);
            }
            let others = cpu.others_cores_since(&[]);
            most_others = most_others.max(others);
            println!(
                "  (other processes used {others:.2} cores while measuring; load average {})",
                load_average()
            );
            at_steps.push((now, pages, figures));
            was = now;
        }

        // The table.
        let (first, last) = (&at_steps[0], &at_steps[at_steps.len() - 1]);
        let label = |v: &Volume| match v.posts {
            n if n >= 1_000_000 && n % 1_000_000 == 0 => format!("{}M", n / 1_000_000),
            n if n >= 1_000 && n % 1_000 == 0 => format!("{}k", n / 1_000),
            n => n.to_string(),
        };
        let heads: Vec<String> = at_steps.iter().map(|s| label(&s.0)).collect();
        println!(
            "\nThe cost of growth: p50, p99 (ms) and statements per request at {} posts; ✓ when the figure at {} is within {RATIO}× of its figure at {} (p99: or under {P99_FLOOR_MS} ms)",
            heads.join(" / "),
            heads[heads.len() - 1],
            heads[0]
        );
        println!(
            "  {:<40} {:>22}    {:>22}    {:>12}",
            "request",
            format!("p50 {}", heads.join("/")),
            format!("p99 {}", heads.join("/")),
            "statements"
        );
        let mut missed = Vec::new();
        for (i, page) in first.1.iter().enumerate() {
            let row = |f: fn(&Figures) -> f64| -> Vec<f64> {
                at_steps.iter().map(|s| f(&s.2[i])).collect()
            };
            let (p50, p99) = (row(|f| f.p50), row(|f| f.p99));
            let statements: Vec<usize> = at_steps.iter().map(|s| s.2[i].statements).collect();
            let (a, b) = (&first.2[i], &last.2[i]);
            let ok_p50 = b.p50 <= RATIO * a.p50;
            let ok_p99 = b.p99 <= RATIO * a.p99 || b.p99 < P99_FLOOR_MS;
            let ok_statements = b.statements as f64 <= RATIO * a.statements as f64;
            for (ok, what) in [
                (ok_p50, "p50"),
                (ok_p99, "p99"),
                (ok_statements, "statements"),
            ] {
                if !ok {
                    missed.push(format!("{} ({what})", page.name));
                }
            }
            let ms = |v: &[f64]| {
                v.iter()
                    .map(|x| format!("{x:.2}"))
                    .collect::<Vec<_>>()
                    .join(" / ")
            };
            println!(
                "  {:<40} {:>20} {}    {:>20} {}    {:>10} {}",
                page.name,
                ms(&p50),
                mark(ok_p50),
                ms(&p99),
                mark(ok_p99),
                statements
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" / "),
                mark(ok_statements)
            );
        }
        println!("\n{}", support::noise_line(most_others));
        if missed.is_empty() {
            println!(
                "RESULT: every figure at {} within {RATIO}× of {} ✓",
                heads[heads.len() - 1],
                heads[0]
            );
            0
        } else {
            println!(
                "RESULT: {} figure(s) missed ✗: {}",
                missed.len(),
                missed.join(", ")
            );
            1
        }
    })
}
