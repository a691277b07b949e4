//! The plaza's port over sea-orm: posts, their images' order, likes and comments.
//!
//! - **Counters.** `like_count` and `comment_count` only move by `SET n = n ± 1` in the
//!   transaction that inserted or deleted the like or comment (and only when it did), never by
//!   reading and writing back. On PostgreSQL concurrent likes queue on the post's row lock and
//!   each adds its one; a repeated like waits on the first one's key (`ON CONFLICT DO NOTHING`)
//!   and adds nothing.
//! - **SQLite.** Every writing transaction starts with its write (no read before it), so it
//!   takes SQLite's write lock at its first statement: a second writer then waits in the busy
//!   handler (5 s, see [`crate::Database::connect`]) instead of failing on a stale snapshot.
//! - **Reads.** A feed page or a post is two statements: the posts with their author, district
//!   names and the viewer's like (`EXISTS`), then every image of those posts.
//!   Posts asked by id for what names them (`find_many`: a notification's subject) are one
//!   statement, their text alone, under the single post's conditions (`readable_by`).
//! - **Edits.** An edit names the version it was made from. Its transaction starts by copying
//!   the text it replaces into `plaza_…_versions` (`INSERT … SELECT … WHERE version = from`),
//!   then replaces the text and moves the version on under the same condition. Two edits from
//!   one version collide on the versions table's key: the second waits for the first and then
//!   fails on the key (PostgreSQL) or finds the version moved (SQLite), and writes nothing.
//! - **Blocks and mutes** (docs/moderation.md, "Blocking and muting"): the feed and a post's
//!   comments leave out what the viewer may not see (`crate::blocks::seen_by`: a mute one way,
//!   a block both ways); a single post and an author's posts only what a block hides
//!   (`crate::blocks::not_blocked`): a muted person's post still opens from a link or their
//!   profile.
//! - **A post that vanishes** between a statement's `EXISTS` and its foreign-key check (deleted
//!   by a concurrent transaction) is reported as missing, not as a failure.

use crate::blocks::{not_blocked, seen_by};
use crate::entities::{plaza_comments, plaza_likes, plaza_post_images as image_links, plaza_posts};
use crate::sql::{Order, PERSON_COLUMNS, Sql, columns, stored};
use crate::unexpected;
use crate::withheld::{Held, Item, hold, shown_to};
use ::plaza::PlazaError;
use ::plaza::model::{
    Comment, CommentId, DistrictRef, LikeState, NewComment, NewPost, Post, PostId, PostImage,
    PostText, TextVersion,
};
use ::plaza::ports::PostRepository;
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use districts::{DistrictCode, Level};
use kernel::{Cursor, MediaId, Page, PageRequest, Person, UserId};
use media::{MediaKind, MediaState};
use sea_orm::{
    ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbErr, EntityTrait, FromQueryResult,
    QueryResult, Set, SqlErr, TransactionTrait, Value,
};
use std::collections::HashMap;
use uuid::Uuid;

fn failed(e: DbErr) -> PlazaError {
    PlazaError::Unexpected(unexpected(e))
}

fn corrupt(what: &str, value: &str) -> PlazaError {
    // Stored rows were valid when written; one that no longer parses is data corruption.
    PlazaError::Unexpected(anyhow::anyhow!("stored {what} {value:?} is invalid"))
}

fn to_u32(what: &str, value: i64) -> Result<u32, PlazaError> {
    u32::try_from(value).map_err(|_| corrupt(what, &value.to_string()))
}

/// Whether a statement failed on a unique key (a concurrent edit kept the same version first).
fn is_unique(e: &DbErr) -> bool {
    matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_)))
}

/// Where an item's earlier texts are kept.
#[derive(Clone, Copy)]
enum Versioned {
    Post,
    Comment,
}

impl Versioned {
    /// (the items' table, the versions' table, its column naming the item)
    fn tables(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Versioned::Post => ("plaza_posts", "plaza_post_versions", "post_id"),
            Versioned::Comment => ("plaza_comments", "plaza_comment_versions", "comment_id"),
        }
    }
}

#[derive(FromQueryResult)]
struct VersionRow {
    version: i64,
    body: String,
    written_at: DateTime<Utc>,
}

/// Whether a statement failed on a foreign key (the post it names was deleted meanwhile).
fn is_foreign_key(e: &DbErr) -> bool {
    matches!(e.sql_err(), Some(SqlErr::ForeignKeyConstraintViolation(_)))
}

fn person(row: &QueryResult) -> Result<Person, PlazaError> {
    Ok(crate::sql::person(row)?)
}

async fn query_all(c: &impl ConnectionTrait, sql: Sql) -> Result<Vec<QueryResult>, PlazaError> {
    c.query_all_raw(sql.build(c.get_database_backend()))
        .await
        .map_err(failed)
}

async fn execute(c: &impl ConnectionTrait, sql: &str, values: Vec<Value>) -> Result<u64, DbErr> {
    c.execute_raw(crate::statement(c.get_database_backend(), sql, values))
        .await
        .map(|r| r.rows_affected())
}

async fn query_one(
    c: &impl ConnectionTrait,
    sql: &str,
    values: Vec<Value>,
) -> Result<Option<QueryResult>, PlazaError> {
    c.query_one_raw(crate::statement(c.get_database_backend(), sql, values))
        .await
        .map_err(failed)
}

/// A post row without its images: the post (`p_…`), its author (`u_…`), its district's names
/// (`d_…`, `NULL` without one) and whether the viewer likes it.
struct PostRow {
    post: plaza_posts::Model,
    author: Person,
    district: Option<(String, String)>,
    liked: bool,
}

fn post_row(row: &QueryResult) -> Result<PostRow, PlazaError> {
    let post = plaza_posts::Model::from_query_result(row, "p_").map_err(failed)?;
    let name_zh: Option<String> = row.try_get("", "d_name_zh").map_err(failed)?;
    let name_en: Option<String> = row.try_get("", "d_name_en").map_err(failed)?;
    Ok(PostRow {
        author: person(row)?,
        district: name_zh.zip(name_en),
        liked: row.try_get("", "liked").map_err(failed)?,
        post,
    })
}

/// ` AND …`: the posts `p` of `code` and of every division within it (a province's cities
/// and counties, a city's counties; [`DistrictCode::span`]): the codes that start with the
/// province's two digits or the city's four, or the county's code. An equality on the prefix,
/// not a range of codes, so that one index (`idx_plaza_posts_province`, `…_city`,
/// `…_district_created`; migrations 000010 and 000027) gives a district's posts newest first
/// and a page stops after its rows (a range came in code order, and every post of the province
/// was sorted), and PostgreSQL knows from the index's statistics how many posts a district has.
pub(crate) fn within(sql: &mut Sql, code: &DistrictCode) {
    let (level, code) = (code.level(), code.as_str());
    let (column, value) = match level {
        Level::Province => ("substr(p.district_code, 1, 2)", &code[..2]),
        Level::City => ("substr(p.district_code, 1, 4)", &code[..4]),
        Level::County => ("p.district_code", code),
    };
    let value = sql.bind(value);
    sql.push(&format!(" AND {column} = {value}"));
}

/// `SELECT` of posts with author, district and the viewer's like, up to its `WHERE` (the
/// caller adds its conditions after `1 = 1`). The like is joined by its key: asked as
/// `EXISTS (…)`, PostgreSQL read every like of the viewer's for each page (the plan test,
/// `tests/adapters/plans.rs`).
fn post_select(viewer: Option<UserId>) -> Sql {
    let mut sql = Sql::new("");
    let v = sql.bind(viewer.map(|v| v.0));
    // The viewer's like, a key lookup for each post shown: a scalar subquery, which no plan
    // turns into a read of all the viewer's likes (an `EXISTS` became a hash of them all, and a
    // join, in a plan PostgreSQL keeps for every viewer, a scan of them all for each post —
    // 10 000 for a viewer who liked that many; see `feed`).
    sql.push(&format!(
        "SELECT {}, {PERSON_COLUMNS}, d.name_zh AS d_name_zh, d.name_en AS d_name_en, \
         (SELECT true FROM plaza_likes l WHERE l.post_id = p.id AND l.user_id = {v}) IS NOT NULL \
         AS liked \
         FROM plaza_posts p JOIN users u ON u.id = p.author_id \
         LEFT JOIN districts d ON d.code = p.district_code WHERE 1 = 1",
        columns::<plaza_posts::Entity>("p", "p_"),
    ));
    sql
}

/// ` AND …`: the posts `p` that `viewer` may read when they ask for them by id — not when a
/// block stands between the viewer and the author (a mute hides nothing here), and a withheld
/// one only by its author. One post ([`PostRepository::find`]) and several
/// ([`PostRepository::find_many`]) alike.
fn readable_by(sql: &mut Sql, viewer: Option<UserId>) {
    not_blocked(sql, viewer, "p.author_id");
    shown_to(sql, viewer, "p");
}

/// The posts of `rows` with their images, read in one statement for all of them.
async fn with_images(
    c: &impl ConnectionTrait,
    rows: Vec<PostRow>,
) -> Result<Vec<Post>, PlazaError> {
    let mut images: HashMap<Uuid, Vec<PostImage>> = HashMap::new();
    // Images an administrator hid: left out, counted with the deleted ones.
    let mut hidden: HashMap<Uuid, u32> = HashMap::new();
    if !rows.is_empty() {
        let mut sql = Sql::new(
            "SELECT i.post_id, m.id AS media_id, m.width, m.height, \
             m.hidden_at IS NOT NULL AS hidden FROM plaza_post_images i \
             JOIN media m ON m.id = i.media_id WHERE i.post_id IN (",
        );
        let ids: Vec<String> = rows.iter().map(|r| sql.bind(r.post.id)).collect();
        sql.push(&ids.join(", "))
            .push(") ORDER BY i.post_id, i.position");
        for row in query_all(c, sql).await? {
            let post: Uuid = row.try_get("", "post_id").map_err(failed)?;
            if row.try_get::<bool>("", "hidden").map_err(failed)? {
                *hidden.entry(post).or_default() += 1;
                continue;
            }
            let width: i64 = row.try_get("", "width").map_err(failed)?;
            let height: i64 = row.try_get("", "height").map_err(failed)?;
            images.entry(post).or_default().push(PostImage {
                media: MediaId(row.try_get("", "media_id").map_err(failed)?),
                width: to_u32("image width", width)?,
                height: to_u32("image height", height)?,
            });
        }
    }
    rows.into_iter()
        .map(|r| {
            let p = r.post;
            let district = match (p.district_code, r.district) {
                (Some(code), Some((name_zh, name_en))) => Some(DistrictRef {
                    code,
                    name_zh,
                    name_en,
                }),
                (Some(code), None) => return Err(corrupt("district of a post", &code)),
                (None, _) => None,
            };
            Ok(Post {
                withheld: crate::withheld::parse(p.withheld)?,
                id: PostId(p.id),
                images: images.remove(&p.id).unwrap_or_default(),
                removed_images: to_u32("removed images", p.removed_images)?
                    .saturating_add(hidden.remove(&p.id).unwrap_or_default()),
                author: r.author,
                body: p.body,
                district,
                created_at: p.created_at,
                like_count: to_u32("like count", p.like_count)?,
                comment_count: to_u32("comment count", p.comment_count)?,
                liked: r.liked,
                version: to_u32("post version", p.version)?,
                edited_at: p.edited_at,
            })
        })
        .collect()
}

fn to_comment(row: &QueryResult) -> Result<Comment, PlazaError> {
    let m = plaza_comments::Model::from_query_result(row, "c_").map_err(failed)?;
    Ok(Comment {
        id: CommentId(m.id),
        post: PostId(m.post_id),
        author: person(row)?,
        body: m.body,
        created_at: m.created_at,
        version: to_u32("comment version", m.version)?,
        edited_at: m.edited_at,
        withheld: crate::withheld::parse(m.withheld)?,
    })
}

fn comment_select() -> Sql {
    Sql::new(&format!(
        "SELECT {}, {PERSON_COLUMNS} FROM plaza_comments c JOIN users u ON u.id = c.author_id \
         WHERE ",
        columns::<plaza_comments::Entity>("c", "c_")
    ))
}

/// The like state after a like or an unlike that changed the likes by `delta` (0 or ±1):
/// the counter moved in the same statement that reads it back; `None` without the post.
async fn like_state(
    txn: &DatabaseTransaction,
    post: PostId,
    delta: i64,
    liked: bool,
) -> Result<Option<LikeState>, PlazaError> {
    let changed = delta != 0;
    let row = if delta == 0 {
        query_one(
            txn,
            "SELECT like_count FROM plaza_posts WHERE id = $1",
            vec![post.0.into()],
        )
        .await?
    } else {
        query_one(
            txn,
            "UPDATE plaza_posts SET like_count = like_count + $1 WHERE id = $2 \
             RETURNING like_count",
            vec![delta.into(), post.0.into()],
        )
        .await?
    };
    row.map(|row| {
        let count: i64 = row.try_get("", "like_count").map_err(failed)?;
        Ok(LikeState {
            liked,
            like_count: to_u32("like count", count)?,
            changed,
        })
    })
    .transpose()
}

#[derive(Debug, Clone)]
pub struct SqlPostRepository {
    db: DatabaseConnection,
}

impl SqlPostRepository {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }

    async fn begin(&self) -> Result<DatabaseTransaction, PlazaError> {
        self.db.begin().await.map_err(failed)
    }

    /// Replaces the text of the `what` with `id` when it is at version `from`, keeping the
    /// replaced text (see the module's notes on edits).
    async fn edit(
        &self,
        what: Versioned,
        id: Uuid,
        from: u32,
        body: &str,
        at: DateTime<Utc>,
        held: Option<Held<'_>>,
    ) -> Result<bool, PlazaError> {
        let (items, versions, item) = what.tables();
        let txn = self.begin().await?;
        let kept = execute(
            &txn,
            &format!(
                "INSERT INTO {versions} ({item}, version, body, written_at) \
                 SELECT id, version, body, COALESCE(edited_at, created_at) FROM {items} \
                 WHERE id = $1 AND version = $2"
            ),
            vec![id.into(), i64::from(from).into()],
        )
        .await;
        let kept = match kept {
            Ok(n) => n,
            Err(e) if is_unique(&e) => 0,
            Err(e) => return Err(failed(e)),
        };
        if kept != 1 {
            txn.rollback().await.map_err(failed)?;
            return Ok(false);
        }
        let replaced = execute(
            &txn,
            &format!(
                "UPDATE {items} SET body = $1, version = version + 1, edited_at = $2 \
                 WHERE id = $3 AND version = $4"
            ),
            vec![
                body.to_owned().into(),
                stored(at).into(),
                id.into(),
                i64::from(from).into(),
            ],
        )
        .await
        .map_err(failed)?;
        if replaced != 1 {
            txn.rollback().await.map_err(failed)?;
            return Ok(false);
        }
        if let Some(held) = held {
            hold(&txn, &held).await?;
        }
        txn.commit().await.map_err(failed)?;
        Ok(true)
    }

    /// The earlier texts of the `what` with `id`, newest first.
    async fn versions(&self, what: Versioned, id: Uuid) -> Result<Vec<TextVersion>, PlazaError> {
        let (_, versions, item) = what.tables();
        let backend = self.db.get_database_backend();
        let rows = VersionRow::find_by_statement(crate::statement(
            backend,
            &format!(
                "SELECT version, body, written_at FROM {versions} WHERE {item} = $1 \
                 ORDER BY version DESC"
            ),
            vec![id.into()],
        ))
        .all(&self.db)
        .await
        .map_err(failed)?;
        rows.into_iter()
            .map(|r| {
                Ok(TextVersion {
                    version: to_u32("version", r.version)?,
                    body: r.body,
                    written_at: r.written_at,
                })
            })
            .collect()
    }
}

#[async_trait]
impl PostRepository for SqlPostRepository {
    async fn insert(&self, post: &NewPost) -> Result<(), PlazaError> {
        let txn = self.begin().await?;
        execute(
            &txn,
            "INSERT INTO plaza_posts (id, author_id, body, district_code, created_at, \
             like_count, comment_count) VALUES ($1, $2, $3, $4, $5, 0, 0)",
            vec![
                post.id.0.into(),
                post.author.0.into(),
                post.body.clone().into(),
                post.district.clone().into(),
                stored(post.created_at).into(),
            ],
        )
        .await
        .map_err(failed)?;
        // Each image is taken by the one statement that checks it: the author's own plaza
        // upload, not yet used. A second post racing for it (or the same image twice) finds it
        // attached and the whole post is rolled back.
        for media in &post.images {
            let taken = execute(
                &txn,
                "UPDATE media SET state = $1 WHERE id = $2 AND owner_id = $3 AND kind = $4 \
                 AND state = $5",
                vec![
                    MediaState::Attached.as_str().into(),
                    media.0.into(),
                    post.author.0.into(),
                    MediaKind::Plaza.as_str().into(),
                    MediaState::Unattached.as_str().into(),
                ],
            )
            .await
            .map_err(failed)?;
            if taken != 1 {
                txn.rollback().await.map_err(failed)?;
                return Err(PlazaError::ImageNotUsable);
            }
        }
        if !post.images.is_empty() {
            let links = post.images.iter().enumerate().map(|(i, media)| {
                image_links::ActiveModel {
                    post_id: Set(post.id.0),
                    // At most nine (the service refuses more).
                    position: Set(i16::try_from(i).unwrap_or(i16::MAX)),
                    media_id: Set(media.0),
                }
            });
            image_links::Entity::insert_many(links)
                .exec(&txn)
                .await
                .map_err(failed)?;
        }
        if let Some(words) = &post.held {
            hold(
                &txn,
                &Held {
                    item: Item::Post,
                    id: post.id.0,
                    text: &post.body,
                    words,
                    at: post.created_at,
                },
            )
            .await?;
        }
        txn.commit().await.map_err(failed)
    }

    async fn find(&self, id: PostId, viewer: Option<UserId>) -> Result<Option<Post>, PlazaError> {
        let mut sql = post_select(viewer);
        let p = sql.bind(id.0);
        sql.push(&format!(" AND p.id = {p}"));
        readable_by(&mut sql, viewer);
        let rows = query_all(&self.db, sql)
            .await?
            .iter()
            .map(post_row)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(with_images(&self.db, rows).await?.into_iter().next())
    }

    async fn find_many(
        &self,
        ids: &[PostId],
        viewer: Option<UserId>,
    ) -> Result<Vec<PostText>, PlazaError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut sql =
            Sql::new("SELECT p.id, p.author_id, p.body FROM plaza_posts p WHERE p.id IN (");
        let ids: Vec<String> = ids.iter().map(|id| sql.bind(id.0)).collect();
        sql.push(&ids.join(", ")).push(")");
        readable_by(&mut sql, viewer);
        query_all(&self.db, sql)
            .await?
            .iter()
            .map(|row| {
                Ok(PostText {
                    id: PostId(row.try_get("", "id").map_err(failed)?),
                    author: UserId(row.try_get("", "author_id").map_err(failed)?),
                    body: row.try_get("", "body").map_err(failed)?,
                })
            })
            .collect()
    }

    async fn find_any(&self, id: PostId) -> Result<Option<Post>, PlazaError> {
        let mut sql = post_select(None);
        let p = sql.bind(id.0);
        sql.push(&format!(" AND p.id = {p}"));
        let rows = query_all(&self.db, sql)
            .await?
            .iter()
            .map(post_row)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(with_images(&self.db, rows).await?.into_iter().next())
    }

    async fn feed(
        &self,
        viewer: Option<UserId>,
        district: Option<DistrictCode>,
        page: PageRequest,
    ) -> Result<Page<Post>, PlazaError> {
        let mut sql = post_select(viewer);
        if let Some(code) = district {
            within(&mut sql, &code);
        }
        seen_by(&mut sql, viewer, "p.author_id");
        shown_to(&mut sql, viewer, "p");
        // The limit in the text, so PostgreSQL keeps one plan for the feed: its plan is the
        // same for every viewer, district and cursor (the time index, or a district's, read
        // from the cursor), and planning it was 2 ms of a 2.5 ms page (`Sql::inline_limit`).
        sql.after("p.created_at", "p.id", page.after, Order::Desc)
            .inline_limit("p.created_at", "p.id", Order::Desc, page.fetch_limit());
        let rows = query_all(&self.db, sql)
            .await?
            .iter()
            .map(post_row)
            .collect::<Result<Vec<_>, _>>()?;
        // (The row past the page, which only tells that there is a next one, is read with its
        // images too: at most nine small rows, for one statement fewer than cutting first.)
        let posts = with_images(&self.db, rows).await?;
        Ok(Page::from_fetched(posts, page, Post::cursor))
    }

    async fn by_author(
        &self,
        viewer: Option<UserId>,
        author: UserId,
        page: PageRequest,
    ) -> Result<Page<Post>, PlazaError> {
        let mut sql = post_select(viewer);
        let a = sql.bind(author.0);
        sql.push(&format!(" AND p.author_id = {a}"));
        // The block is asked of the author's id, not of each row's: one check for the page.
        // Asked of `p.author_id`, PostgreSQL took a block check that finds nothing for one
        // that drops every row, and sorted all the person's posts (the plan test).
        not_blocked(&mut sql, viewer, &a);
        shown_to(&mut sql, viewer, "p");
        sql.after("p.created_at", "p.id", page.after, Order::Desc)
            .order_limit("p.created_at", "p.id", Order::Desc, page.fetch_limit());
        let rows = query_all(&self.db, sql)
            .await?
            .iter()
            .map(post_row)
            .collect::<Result<Vec<_>, _>>()?;
        let posts = with_images(&self.db, rows).await?;
        Ok(Page::from_fetched(posts, page, Post::cursor))
    }

    async fn count_newer(
        &self,
        viewer: Option<UserId>,
        than: Cursor,
        district: Option<DistrictCode>,
        cap: u32,
    ) -> Result<u32, PlazaError> {
        // At most `cap` rows are visited (the inner LIMIT), however many are newer.
        let mut sql = Sql::new(
            "SELECT COUNT(*) AS n FROM (SELECT 1 AS one FROM plaza_posts p WHERE p.withheld IS NULL",
        );
        if let Some(code) = district {
            within(&mut sql, &code);
        }
        seen_by(&mut sql, viewer, "p.author_id");
        // In the index's order from the head, so the scan stops at the cap: unordered,
        // PostgreSQL collected every post since the head before counting. The cap in the text,
        // as the feed's limit, so one plan is kept for every head (`Sql::inline_limit`).
        sql.after("p.created_at", "p.id", Some(than), Order::Asc)
            .inline_limit("p.created_at", "p.id", Order::Asc, u64::from(cap));
        sql.push(") newer");
        let row = query_all(&self.db, sql)
            .await?
            .into_iter()
            .next()
            .ok_or_else(|| anyhow::anyhow!("COUNT returned no row"))?;
        let n: i64 = row.try_get("", "n").map_err(failed)?;
        to_u32("newer posts", n)
    }

    async fn delete(&self, id: PostId) -> Result<Option<Vec<MediaId>>, PlazaError> {
        let txn = self.begin().await?;
        // The links first, in a write (see the module's notes on SQLite), returning the images.
        let links = query_all(&txn, {
            let mut sql = Sql::new("DELETE FROM plaza_post_images WHERE post_id = ");
            let p = sql.bind(id.0);
            sql.push(&p).push(" RETURNING media_id, position");
            sql
        })
        .await?;
        let mut images = links
            .iter()
            .map(|row| {
                let media: Uuid = row.try_get("", "media_id").map_err(failed)?;
                let position: i16 = row.try_get("", "position").map_err(failed)?;
                Ok((position, MediaId(media)))
            })
            .collect::<Result<Vec<_>, PlazaError>>()?;
        images.sort_by_key(|(position, _)| *position);
        // Likes and comments go by their cascading foreign keys.
        let deleted = execute(
            &txn,
            "DELETE FROM plaza_posts WHERE id = $1",
            vec![id.0.into()],
        )
        .await
        .map_err(failed)?;
        if deleted != 1 {
            txn.rollback().await.map_err(failed)?;
            return Ok(None);
        }
        txn.commit().await.map_err(failed)?;
        Ok(Some(images.into_iter().map(|(_, m)| m).collect()))
    }

    async fn like(
        &self,
        post: PostId,
        user: UserId,
        at: DateTime<Utc>,
    ) -> Result<Option<LikeState>, PlazaError> {
        let txn = self.begin().await?;
        let inserted = execute(
            &txn,
            "INSERT INTO plaza_likes (post_id, user_id, created_at) SELECT $1, $2, $3 \
             WHERE EXISTS (SELECT 1 FROM plaza_posts WHERE id = $1) \
             ON CONFLICT (post_id, user_id) DO NOTHING",
            vec![post.0.into(), user.0.into(), stored(at).into()],
        )
        .await;
        let inserted = match inserted {
            Ok(n) => n,
            Err(e) if is_foreign_key(&e) => {
                txn.rollback().await.map_err(failed)?;
                return Ok(None);
            }
            Err(e) => return Err(failed(e)),
        };
        let state = like_state(&txn, post, i64::from(inserted == 1), true).await?;
        txn.commit().await.map_err(failed)?;
        Ok(state)
    }

    async fn unlike(&self, post: PostId, user: UserId) -> Result<Option<LikeState>, PlazaError> {
        let txn = self.begin().await?;
        let deleted = plaza_likes::Entity::delete_by_id((post.0, user.0))
            .exec(&txn)
            .await
            .map_err(failed)?
            .rows_affected;
        let state = like_state(&txn, post, -i64::from(deleted == 1), false).await?;
        txn.commit().await.map_err(failed)?;
        Ok(state)
    }

    async fn comments(
        &self,
        post: PostId,
        viewer: Option<UserId>,
        page: PageRequest,
    ) -> Result<Page<Comment>, PlazaError> {
        let mut sql = comment_select();
        let p = sql.bind(post.0);
        sql.push(&format!("c.post_id = {p}"));
        seen_by(&mut sql, viewer, "c.author_id");
        shown_to(&mut sql, viewer, "c");
        sql.after("c.created_at", "c.id", page.after, Order::Asc)
            .order_limit("c.created_at", "c.id", Order::Asc, page.fetch_limit());
        let rows = query_all(&self.db, sql)
            .await?
            .iter()
            .map(to_comment)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Page::from_fetched(rows, page, Comment::cursor))
    }

    async fn insert_comment(&self, comment: &NewComment) -> Result<bool, PlazaError> {
        let txn = self.begin().await?;
        let inserted = execute(
            &txn,
            "INSERT INTO plaza_comments (id, post_id, author_id, body, created_at) \
             SELECT $1, $2, $3, $4, $5 WHERE EXISTS (SELECT 1 FROM plaza_posts WHERE id = $2)",
            vec![
                comment.id.0.into(),
                comment.post.0.into(),
                comment.author.0.into(),
                comment.body.clone().into(),
                stored(comment.created_at).into(),
            ],
        )
        .await;
        let inserted = match inserted {
            Ok(n) => n,
            Err(e) if is_foreign_key(&e) => 0,
            Err(e) => return Err(failed(e)),
        };
        if inserted != 1 {
            txn.rollback().await.map_err(failed)?;
            return Ok(false);
        }
        execute(
            &txn,
            "UPDATE plaza_posts SET comment_count = comment_count + 1 WHERE id = $1",
            vec![comment.post.0.into()],
        )
        .await
        .map_err(failed)?;
        if let Some(words) = &comment.held {
            hold(
                &txn,
                &Held {
                    item: Item::Comment,
                    id: comment.id.0,
                    text: &comment.body,
                    words,
                    at: comment.created_at,
                },
            )
            .await?;
        }
        txn.commit().await.map_err(failed)?;
        Ok(true)
    }

    async fn find_comment(&self, id: CommentId) -> Result<Option<Comment>, PlazaError> {
        let mut sql = comment_select();
        let c = sql.bind(id.0);
        sql.push(&format!("c.id = {c}"));
        query_all(&self.db, sql)
            .await?
            .first()
            .map(to_comment)
            .transpose()
    }

    async fn find_comments(&self, ids: &[CommentId]) -> Result<Vec<Comment>, PlazaError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut sql = comment_select();
        let ids: Vec<String> = ids.iter().map(|id| sql.bind(id.0)).collect();
        sql.push(&format!("c.id IN ({})", ids.join(", ")));
        query_all(&self.db, sql)
            .await?
            .iter()
            .map(to_comment)
            .collect()
    }

    async fn delete_comment(&self, id: CommentId) -> Result<bool, PlazaError> {
        let txn = self.begin().await?;
        let deleted = query_one(
            &txn,
            "DELETE FROM plaza_comments WHERE id = $1 RETURNING post_id",
            vec![id.0.into()],
        )
        .await?;
        let Some(row) = deleted else {
            txn.rollback().await.map_err(failed)?;
            return Ok(false);
        };
        let post: Uuid = row.try_get("", "post_id").map_err(failed)?;
        execute(
            &txn,
            "UPDATE plaza_posts SET comment_count = comment_count - 1 WHERE id = $1",
            vec![post.into()],
        )
        .await
        .map_err(failed)?;
        txn.commit().await.map_err(failed)?;
        Ok(true)
    }

    async fn edit_post(
        &self,
        id: PostId,
        from: u32,
        body: &str,
        at: DateTime<Utc>,
        held: Option<Vec<String>>,
    ) -> Result<bool, PlazaError> {
        let held = held.as_deref().map(|words| Held {
            item: Item::Post,
            id: id.0,
            text: body,
            words,
            at,
        });
        self.edit(Versioned::Post, id.0, from, body, at, held).await
    }

    async fn post_versions(&self, id: PostId) -> Result<Vec<TextVersion>, PlazaError> {
        self.versions(Versioned::Post, id.0).await
    }

    async fn edit_comment(
        &self,
        id: CommentId,
        from: u32,
        body: &str,
        at: DateTime<Utc>,
        held: Option<Vec<String>>,
    ) -> Result<bool, PlazaError> {
        let held = held.as_deref().map(|words| Held {
            item: Item::Comment,
            id: id.0,
            text: body,
            words,
            at,
        });
        self.edit(Versioned::Comment, id.0, from, body, at, held)
            .await
    }

    async fn comment_versions(&self, id: CommentId) -> Result<Vec<TextVersion>, PlazaError> {
        self.versions(Versioned::Comment, id.0).await
    }
}
