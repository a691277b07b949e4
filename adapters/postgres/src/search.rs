//! [`search::SearchIndex`] over `search_documents` and `search_outbox` (migration 000023,
//! docs/search.md): PostgreSQL matches a `tsvector` column through its GIN index, SQLite an FTS5
//! table over the same rows; everything else is one statement for both.
//!
//! A search reads the documents of one kind that hold every term, joined to the items they
//! stand for as they are now — so what is deleted, unpublished or out of the viewer's sight is
//! never shown, however far the index is behind — newest first by the document's time.
//!
//! The outbox is filled by triggers in the writes' transactions; [`SqlSearchIndex::pending`]
//! reads its oldest rows with their items' texts, and [`SqlSearchIndex::apply`] keeps the
//! documents (a document is replaced only by one of a later `seq`) and clears those rows in one
//! transaction. Instances draining at once may read the same rows: both write the same thing.

use crate::sql::{Order, PERSON_COLUMNS, Sql, person, rows, run, stored};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use groups::model::{ArticleStatus, MemberState, Visibility};
use kernel::{Page, PageRequest, UserId};
use sea_orm::{DatabaseConnection, DbBackend, QueryResult, TransactionTrait};
use search::model::{Filters, Found, Indexed, Named, Pending, Place, SearchKind, Source};
use search::{SearchError, SearchIndex};
use std::collections::HashMap;
use uuid::Uuid;

pub struct SqlSearchIndex {
    db: DatabaseConnection,
}

/// How many of the newest documents of a kind (past the cursor) PostgreSQL first looks
/// through for a page (see [`SqlSearchIndex::run`]).
const RECENT_WINDOW: u32 = 10_000;

impl SqlSearchIndex {
    pub(crate) fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }

    /// One search statement. With `window`, only the `window` newest documents of the kind past
    /// the cursor are looked through: a common word fills its page there, reading them in
    /// order. Without, every document holding the terms is found through the terms' index and
    /// then ordered, which is quick for a rare word. PostgreSQL's planner cannot tell the two
    /// apart for a query of several terms — it takes them for independent when the pairs of a
    /// Chinese word always come together — and chose the second for words in one post of a
    /// hundred: some thousands of rows read and sorted for a page, about 100 ms at a million
    /// posts. So [`SearchIndex::search`] asks with the window first and without it only when
    /// the window did not fill a page: a page costs at most a window's ordered read and one
    /// search of a word rare enough to have fewer matches than the window holds.
    async fn run(
        &self,
        kind: SearchKind,
        terms: &[String],
        filters: &Filters,
        viewer: Option<UserId>,
        page: PageRequest,
        window: Option<u32>,
    ) -> Result<Page<Found>, SearchError> {
        let backend = self.db.get_database_backend();
        let mut sql = Sql::new("");
        let from = match window {
            None => "search_documents s".to_owned(),
            Some(n) => {
                // The kind as a literal (one of `SearchKind`'s names), so that any plan can
                // use the kind's own index (migration 000029).
                let mut from = format!(
                    "(SELECT * FROM search_documents w WHERE w.kind = '{}'",
                    kind.as_str()
                );
                if let Some(after) = page.after {
                    let (at, id) = (sql.bind(after.at), sql.bind(after.id));
                    from.push_str(&format!(" AND (w.created_at, w.id) < ({at}, {id})"));
                }
                // The window's size as a literal too: PostgreSQL prices the plan it keeps for a
                // prepared statement (a generic plan) as if a bound `LIMIT` read a tenth of the
                // kind's documents. With a bound size it kept one at 10 000 posts and planned
                // every search again at 1 000 000 (1.5-2 ms of a 2.5 ms search; `just bench`,
                // docs/benchmarks.md "Growth"). The window is the same whatever the query.
                from.push_str(&format!(
                    " ORDER BY w.created_at DESC, w.id DESC LIMIT {n}) s"
                ));
                from
            }
        };
        select(&mut sql, kind, viewer, &from);
        matching(&mut sql, backend, terms);
        if let (SearchKind::Posts, Some(code)) = (kind, &filters.district) {
            // As the feed asks it: with a district of few posts, PostgreSQL starts from them.
            crate::plaza::within(&mut sql, code);
        }
        if let (SearchKind::Posts | SearchKind::Articles | SearchKind::Replies, Some(since)) =
            (kind, filters.since)
        {
            let since = sql.bind(stored(since));
            sql.push(&format!(" AND s.created_at >= {since}"));
        }
        if let (SearchKind::Articles | SearchKind::Replies, Some(group)) = (kind, filters.group) {
            let group = sql.bind(group);
            sql.push(&format!(" AND g.id = {group}"));
        }
        sql.after("s.created_at", "s.id", page.after, Order::Desc)
            .order_limit("s.created_at", "s.id", Order::Desc, page.fetch_limit());
        let items = rows(&self.db, sql)
            .await?
            .iter()
            .map(|row| found(kind, row))
            .collect::<anyhow::Result<Vec<_>>>()?;
        Ok(Page::from_fetched(items, page, Found::cursor))
    }
}

/// The engine's match of `s` against every one of `terms` (letters and digits only, from the
/// analysis; quoted all the same).
fn matching(sql: &mut Sql, backend: DbBackend, terms: &[String]) {
    if backend == DbBackend::Postgres {
        let query = terms
            .iter()
            .map(|t| format!("'{}'", t.replace('\\', "\\\\").replace('\'', "''")))
            .collect::<Vec<_>>()
            .join(" & ");
        let q = sql.bind(query);
        sql.push(&format!(" AND s.tsv @@ CAST({q} AS tsquery)"));
    } else {
        let query = terms
            .iter()
            .map(|t| format!("\"{}\"", t.replace('"', "\"\"")))
            .collect::<Vec<_>>()
            .join(" AND ");
        let q = sql.bind(query);
        sql.push(&format!(
            " AND s.rowid IN (SELECT rowid FROM search_fts WHERE search_fts MATCH {q})"
        ));
    }
}

/// ` AND (g.visibility = 'public' OR vm.state = 'active')`, `vm` being the viewer's membership:
/// a private group and its content only for its active members (as the directory and the
/// group's pages).
fn readable_group(sql: &mut Sql) {
    let public = sql.bind(Visibility::Public.as_str());
    let active = sql.bind(MemberState::Active.as_str());
    sql.push(&format!(
        " AND (g.visibility = {public} OR vm.state = {active})"
    ));
}

/// The statement's start for `kind`, reading the documents of `from`: the columns [`found`]
/// reads, the joins to the items as they are now, and the rules of who sees them — for a
/// signed-in viewer, nothing by (and nobody of) those they blocked or muted or who blocked them
/// (`crate::blocks::seen_by` on the author `u`; a group is no one's writing); nothing
/// withheld (held for review or hidden: `crate::withheld`), not even to its author, whose
/// search is everyone's.
fn select(sql: &mut Sql, kind: SearchKind, viewer: Option<UserId>, from: &str) {
    let viewer_membership = |sql: &mut Sql| {
        let v = sql.bind(viewer.map(|v| v.0));
        format!("LEFT JOIN group_memberships vm ON vm.group_id = g.id AND vm.user_id = {v}")
    };
    match kind {
        SearchKind::Posts => {
            sql.push(&format!(
                "SELECT s.id, s.created_at, {PERSON_COLUMNS}, p.body AS text, \
                 d.code AS d_code, d.name_zh AS d_name_zh, d.name_en AS d_name_en \
                 FROM {from} JOIN plaza_posts p ON p.id = s.id \
                 JOIN users u ON u.id = p.author_id \
                 LEFT JOIN districts d ON d.code = p.district_code WHERE s.kind = 'post' \
                 AND p.withheld IS NULL"
            ));
        }
        SearchKind::Articles => {
            let vm = viewer_membership(sql);
            let published = sql.bind(ArticleStatus::Published.as_str());
            sql.push(&format!(
                "SELECT s.id, s.created_at, {PERSON_COLUMNS}, a.title AS title, a.body AS text, \
                 g.id AS g_id, g.name AS g_name \
                 FROM {from} JOIN articles a ON a.id = s.id \
                 JOIN groups g ON g.id = a.group_id {vm} JOIN users u ON u.id = a.author_id \
                 WHERE s.kind = 'article' AND a.status = {published} AND a.withheld IS NULL"
            ));
            readable_group(sql);
        }
        SearchKind::Replies => {
            let vm = viewer_membership(sql);
            let published = sql.bind(ArticleStatus::Published.as_str());
            sql.push(&format!(
                "SELECT s.id, s.created_at, {PERSON_COLUMNS}, r.body AS text, \
                 g.id AS g_id, g.name AS g_name, a.id AS a_id, a.title AS a_title \
                 FROM {from} JOIN article_replies r ON r.id = s.id \
                 JOIN articles a ON a.id = r.article_id JOIN groups g ON g.id = a.group_id {vm} \
                 JOIN users u ON u.id = r.author_id \
                 WHERE s.kind = 'reply' AND r.deleted_at IS NULL AND a.status = {published} \
                 AND r.withheld IS NULL AND a.withheld IS NULL"
            ));
            readable_group(sql);
        }
        SearchKind::Groups => {
            let vm = viewer_membership(sql);
            sql.push(&format!(
                "SELECT s.id, s.created_at, {PERSON_COLUMNS}, g.name AS title, \
                 g.description AS text FROM {from} JOIN groups g ON g.id = s.id {vm} \
                 JOIN users u ON u.id = g.owner_id WHERE s.kind = 'group'"
            ));
            readable_group(sql);
        }
        SearchKind::People => {
            sql.push(&format!(
                "SELECT s.id, s.created_at, {PERSON_COLUMNS}, u.nickname AS title, \
                 COALESCE(u.bio, '') AS text FROM {from} \
                 JOIN users u ON u.id = s.id WHERE s.kind = 'person' AND u.disabled_at IS NULL"
            ));
        }
    }
    if kind != SearchKind::Groups {
        crate::blocks::seen_by(sql, viewer, "u.id");
    }
}

/// A row of [`select`] as what was found.
fn found(kind: SearchKind, row: &QueryResult) -> anyhow::Result<Found> {
    let get = crate::unexpected;
    let named = |id: &str, name: &str| -> anyhow::Result<Named> {
        Ok(Named {
            id: row.try_get("", id).map_err(get)?,
            name: row.try_get("", name).map_err(get)?,
        })
    };
    Ok(Found {
        id: row.try_get("", "id").map_err(get)?,
        created_at: row.try_get("", "created_at").map_err(get)?,
        author: person(row)?,
        title: match kind {
            SearchKind::Articles | SearchKind::Groups | SearchKind::People => {
                Some(row.try_get("", "title").map_err(get)?)
            }
            SearchKind::Posts | SearchKind::Replies => None,
        },
        text: row.try_get("", "text").map_err(get)?,
        group: match kind {
            SearchKind::Articles | SearchKind::Replies => Some(named("g_id", "g_name")?),
            _ => None,
        },
        article: match kind {
            SearchKind::Replies => Some(named("a_id", "a_title")?),
            _ => None,
        },
        district: match kind {
            SearchKind::Posts => row
                .try_get::<Option<String>>("", "d_code")
                .map_err(get)?
                .map(|code| -> anyhow::Result<Place> {
                    Ok(Place {
                        code,
                        name_zh: row.try_get("", "d_name_zh").map_err(get)?,
                        name_en: row.try_get("", "d_name_en").map_err(get)?,
                    })
                })
                .transpose()?,
            _ => None,
        },
    })
}

/// Each kind's items as the index reads them: id, texts, time.
fn source_sql(kind: SearchKind) -> &'static str {
    match kind {
        SearchKind::Posts => "SELECT id, body AS t1, created_at AS at FROM plaza_posts",
        SearchKind::Articles => {
            "SELECT id, title AS t1, body AS t2, COALESCE(published_at, created_at) AS at \
             FROM articles"
        }
        // A deleted reply is no longer found by anything: its document goes.
        SearchKind::Replies => {
            "SELECT id, body AS t1, created_at AS at FROM article_replies WHERE deleted_at IS NULL"
        }
        SearchKind::Groups => {
            "SELECT id, name AS t1, description AS t2, created_at AS at FROM groups"
        }
        SearchKind::People => {
            "SELECT id, username AS t1, nickname AS t2, COALESCE(bio, '') AS t3, \
             created_at AS at FROM users"
        }
    }
}

fn texts(row: &QueryResult) -> Vec<String> {
    ["t1", "t2", "t3"]
        .iter()
        .filter_map(|c| row.try_get::<String>("", c).ok())
        .collect()
}

#[async_trait]
impl SearchIndex for SqlSearchIndex {
    async fn search(
        &self,
        kind: SearchKind,
        terms: &[String],
        filters: &Filters,
        viewer: Option<UserId>,
        page: PageRequest,
    ) -> Result<Page<Found>, SearchError> {
        if self.db.get_database_backend() == DbBackend::Postgres {
            let recent = self
                .run(kind, terms, filters, viewer, page, Some(RECENT_WINDOW))
                .await?;
            if recent.next.is_some() {
                return Ok(recent);
            }
        }
        self.run(kind, terms, filters, viewer, page, None).await
    }

    async fn pending(&self, limit: u32) -> Result<Vec<Pending>, SearchError> {
        let mut sql = Sql::new("SELECT seq, kind, id FROM search_outbox ORDER BY seq LIMIT ");
        let limit = sql.bind(i64::from(limit));
        sql.push(&limit);
        let mut waiting = Vec::new();
        let mut ids: HashMap<SearchKind, Vec<Uuid>> = HashMap::new();
        for row in rows(&self.db, sql).await? {
            let kind: String = row.try_get("", "kind").map_err(crate::unexpected)?;
            let kind = SearchKind::parse(&kind)
                .ok_or_else(|| anyhow::anyhow!("search_outbox holds an unknown kind {kind:?}"))?;
            let id: Uuid = row.try_get("", "id").map_err(crate::unexpected)?;
            let seq: i64 = row.try_get("", "seq").map_err(crate::unexpected)?;
            ids.entry(kind).or_default().push(id);
            waiting.push((seq, kind, id));
        }
        let mut sources: HashMap<(SearchKind, Uuid), Source> = HashMap::new();
        for (kind, ids) in ids {
            let base = source_sql(kind);
            let mut sql = Sql::new(base);
            let placeholders: Vec<String> = ids.iter().map(|id| sql.bind(*id)).collect();
            let joiner = if base.contains(" WHERE ") {
                " AND"
            } else {
                " WHERE"
            };
            sql.push(&format!("{joiner} id IN ({})", placeholders.join(", ")));
            for row in rows(&self.db, sql).await? {
                let id: Uuid = row.try_get("", "id").map_err(crate::unexpected)?;
                let created_at: DateTime<Utc> = row.try_get("", "at").map_err(crate::unexpected)?;
                sources.insert(
                    (kind, id),
                    Source {
                        texts: texts(&row),
                        created_at,
                    },
                );
            }
        }
        Ok(waiting
            .into_iter()
            .map(|(seq, kind, id)| Pending {
                seq,
                kind,
                id,
                source: sources.get(&(kind, id)).cloned(),
            })
            .collect())
    }

    async fn apply(&self, changes: &[Indexed]) -> Result<(), SearchError> {
        if changes.is_empty() {
            return Ok(());
        }
        let txn = self.db.begin().await.map_err(crate::unexpected)?;
        for change in changes {
            let mut sql = Sql::new("");
            let kind = sql.bind(change.kind.as_str());
            let id = sql.bind(change.id);
            let seq = sql.bind(change.seq);
            match &change.document {
                Some(document) => {
                    let terms = sql.bind(document.terms.join(" "));
                    let at = sql.bind(stored(document.created_at));
                    sql.push(&format!(
                        "INSERT INTO search_documents (kind, id, terms, created_at, seq) \
                         VALUES ({kind}, {id}, {terms}, {at}, {seq}) \
                         ON CONFLICT (kind, id) DO UPDATE SET terms = excluded.terms, \
                         created_at = excluded.created_at, seq = excluded.seq \
                         WHERE search_documents.seq < excluded.seq"
                    ));
                }
                None => {
                    sql.push(&format!(
                        "DELETE FROM search_documents WHERE kind = {kind} AND id = {id} \
                         AND seq < {seq}"
                    ));
                }
            }
            run(&txn, sql).await?;
        }
        let mut sql = Sql::new("DELETE FROM search_outbox WHERE seq IN (");
        let seqs: Vec<String> = changes.iter().map(|c| sql.bind(c.seq)).collect();
        sql.push(&seqs.join(", ")).push(")");
        run(&txn, sql).await?;
        txn.commit().await.map_err(crate::unexpected)?;
        Ok(())
    }
}
