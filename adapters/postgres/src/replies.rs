//! The groups' `ReplyRepository` over sea-orm: replies to articles, and each article's thread
//! (`articles.reply_count`, `articles.replies_locked`).
//!
//! `reply_count` only moves by `SET reply_count = reply_count ± 1` in the transaction that
//! adds a reply or marks one deleted; adding one first raises the count where the article is
//! not locked (one conditional `UPDATE`), so a lock and a reply racing never store a reply to a
//! locked article. Lists are keyset pages, oldest first.
//!
//! An edit keeps the body it replaces in `reply_versions`, keyed by (reply, version): of two
//! edits from one version, the second finds that row taken (or the version moved on) and is
//! answered the conflict, with nothing written.
//!
//! An article's list of replies leaves out those the viewer may not see for a block or a mute
//! (`crate::blocks::seen_by`).

use crate::blocks::seen_by;
use crate::entities::article_replies;
use crate::sql::{Order, Sql, stored};
use crate::unexpected;
use crate::withheld::{Held, Item, hold, shown_to};
use ::groups::GroupsError;
use ::groups::model::{
    NewReply, Person, Quote, Reply, ReplyBody, ReplyEdit, ReplyId, ReplyVersion,
};
use ::groups::ports::ReplyRepository;
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use kernel::{ArticleId, Cursor, MediaId, Page, PageRequest, UserId};
use sea_orm::{
    ActiveModelTrait, ConnectionTrait, DatabaseConnection, DbErr, QueryResult, Set, SqlErr,
    TransactionTrait,
};
use uuid::Uuid;

fn failed(e: DbErr) -> GroupsError {
    GroupsError::Unexpected(unexpected(e))
}

/// Whether a statement failed on a unique key (a concurrent edit kept the same version first).
fn is_unique(e: &DbErr) -> bool {
    matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_)))
}

/// The person `alias` (a `users` row) read back under `prefix`; an avatar an administrator hid
/// reads as none, as everywhere else.
fn person_columns(alias: &str, prefix: &str) -> String {
    format!(
        "{alias}.id AS {prefix}id, {alias}.username AS {prefix}username, \
         {alias}.nickname AS {prefix}nickname, {alias}.avatar_url AS {prefix}avatar_url, \
         CASE WHEN EXISTS (SELECT 1 FROM media hm WHERE hm.id = {alias}.avatar_media_id \
         AND hm.hidden_at IS NOT NULL) THEN NULL ELSE {alias}.avatar_media_id END \
         AS {prefix}avatar_media_id"
    )
}

fn person(row: &QueryResult, prefix: &str) -> Result<Person, GroupsError> {
    let col = |c: &str| format!("{prefix}{c}");
    Ok(Person {
        id: UserId(row.try_get("", &col("id")).map_err(failed)?),
        username: row.try_get("", &col("username")).map_err(failed)?,
        nickname: row.try_get("", &col("nickname")).map_err(failed)?,
        avatar_url: row.try_get("", &col("avatar_url")).map_err(failed)?,
        avatar: row
            .try_get::<Option<Uuid>>("", &col("avatar_media_id"))
            .map_err(failed)?
            .map(MediaId),
    })
}

/// A reply `r` with its author `u` and, when it quotes one, the quoted reply `q` and its
/// author `qu`; the caller appends the condition. With a viewer, a quoted reply by someone they
/// may not see (a block, a mute: `crate::blocks::sees`) is joined as missing, shown as gone.
fn reply_select(viewer: Option<UserId>) -> Sql {
    let mut sql = Sql::new("");
    let unseen = match viewer {
        Some(v) => {
            let v = sql.bind(v.0);
            format!(" AND {}", crate::blocks::sees(&v, "q.author_id"))
        }
        None => String::new(),
    };
    sql.push(&format!(
        "SELECT r.id AS r_id, r.article_id AS r_article_id, r.body AS r_body, \
         r.quote_id AS r_quote_id, r.created_at AS r_created_at, r.deleted_at AS r_deleted_at, \
         r.version AS r_version, r.edited_at AS r_edited_at, r.withheld AS r_withheld, \
         {}, q.id AS q_id, q.excerpt AS q_excerpt, q.deleted_at AS q_deleted_at, \
         q.withheld AS q_withheld, {} \
         FROM article_replies r JOIN users u ON u.id = r.author_id \
         LEFT JOIN article_replies q ON q.id = r.quote_id{unseen} \
         LEFT JOIN users qu ON qu.id = q.author_id WHERE ",
        person_columns("u", "p_"),
        person_columns("qu", "qp_"),
    ));
    sql
}

fn to_reply(row: &QueryResult) -> Result<Reply, GroupsError> {
    let get = |c: &str| row.try_get::<Option<DateTime<Utc>>>("", c).map_err(failed);
    let quote_id: Option<Uuid> = row.try_get("", "r_quote_id").map_err(failed)?;
    let quote = match quote_id {
        None => None,
        Some(id) => {
            let found: Option<Uuid> = row.try_get("", "q_id").map_err(failed)?;
            // A quoted reply held or hidden is shown to nobody in another's reply: as gone.
            let withheld: Option<String> = row.try_get("", "q_withheld").map_err(failed)?;
            let found = found.filter(|_| withheld.is_none());
            Some(match (found, get("q_deleted_at")?) {
                (Some(_), None) => Quote::Shown {
                    id: ReplyId(id),
                    author: person(row, "qp_")?,
                    excerpt: row.try_get("", "q_excerpt").map_err(failed)?,
                },
                _ => Quote::Deleted { id: ReplyId(id) },
            })
        }
    };
    Ok(Reply {
        id: ReplyId(row.try_get("", "r_id").map_err(failed)?),
        article: ArticleId(row.try_get("", "r_article_id").map_err(failed)?),
        author: person(row, "p_")?,
        body: row.try_get("", "r_body").map_err(failed)?,
        quote,
        created_at: row.try_get("", "r_created_at").map_err(failed)?,
        deleted_at: get("r_deleted_at")?,
        version: row.try_get("", "r_version").map_err(failed)?,
        edited_at: get("r_edited_at")?,
        withheld: crate::withheld::parse(row.try_get("", "r_withheld").map_err(failed)?)?,
    })
}

async fn find_in(c: &impl ConnectionTrait, id: ReplyId) -> Result<Option<Reply>, GroupsError> {
    let mut sql = reply_select(None);
    let r = sql.bind(id.0);
    sql.push(&format!("r.id = {r}"));
    query_all(c, sql).await?.first().map(to_reply).transpose()
}

async fn query_all(c: &impl ConnectionTrait, sql: Sql) -> Result<Vec<QueryResult>, GroupsError> {
    c.query_all_raw(sql.build(c.get_database_backend()))
        .await
        .map_err(failed)
}

async fn execute(
    c: &impl ConnectionTrait,
    sql: &str,
    values: Vec<sea_orm::Value>,
) -> Result<u64, GroupsError> {
    c.execute_raw(crate::statement(c.get_database_backend(), sql, values))
        .await
        .map(|r| r.rows_affected())
        .map_err(failed)
}

#[derive(Debug, Clone)]
pub struct SqlReplyRepository {
    db: DatabaseConnection,
}

impl SqlReplyRepository {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

#[async_trait]
impl ReplyRepository for SqlReplyRepository {
    async fn insert(&self, reply: &NewReply) -> Result<(), GroupsError> {
        let txn = self.db.begin().await.map_err(failed)?;
        let counted = execute(
            &txn,
            "UPDATE articles SET reply_count = reply_count + 1 \
             WHERE id = $1 AND replies_locked = $2",
            vec![reply.article.0.into(), false.into()],
        )
        .await?;
        if counted != 1 {
            // Nothing was written; the transaction is dropped (rolled back).
            let mut sql = Sql::new("SELECT id FROM articles WHERE id = ");
            let a = sql.bind(reply.article.0);
            sql.push(&a);
            let exists = !query_all(&txn, sql).await?.is_empty();
            return Err(if exists {
                GroupsError::RepliesLocked
            } else {
                GroupsError::NotFound
            });
        }
        article_replies::ActiveModel {
            id: Set(reply.id.0),
            article_id: Set(reply.article.0),
            author_id: Set(reply.author.0),
            body: Set(reply.body.as_str().to_owned()),
            excerpt: Set(reply.body.excerpt()),
            quote_id: Set(reply.quote.map(|q| q.0)),
            created_at: Set(stored(reply.created_at)),
            deleted_at: Set(None),
            version: Set(1),
            edited_at: Set(None),
            withheld: Set(None),
        }
        .insert(&txn)
        .await
        .map_err(failed)?;
        if let Some(words) = &reply.held {
            hold(
                &txn,
                &Held {
                    item: Item::Reply,
                    id: reply.id.0,
                    text: reply.body.as_str(),
                    words,
                    at: reply.created_at,
                },
            )
            .await?;
        }
        txn.commit().await.map_err(failed)
    }

    async fn find(&self, id: ReplyId) -> Result<Option<Reply>, GroupsError> {
        find_in(&self.db, id).await
    }

    async fn find_many(&self, ids: &[ReplyId]) -> Result<Vec<Reply>, GroupsError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut sql = reply_select(None);
        let ids: Vec<String> = ids.iter().map(|id| sql.bind(id.0)).collect();
        sql.push(&format!("r.id IN ({})", ids.join(", ")));
        query_all(&self.db, sql)
            .await?
            .iter()
            .map(to_reply)
            .collect()
    }

    async fn edit(
        &self,
        id: ReplyId,
        body: &ReplyBody,
        expected_version: i64,
        now: DateTime<Utc>,
        held: Option<Vec<String>>,
    ) -> Result<Option<ReplyEdit>, GroupsError> {
        // The first statement writes (keeping the replaced body, where the version is still
        // the expected one), so no transaction reads a version it then fails to write.
        let txn = self.db.begin().await.map_err(failed)?;
        let kept = txn
            .execute_raw(crate::statement(
                txn.get_database_backend(),
                "INSERT INTO reply_versions (reply_id, version, body, written_at) \
                 SELECT id, version, body, COALESCE(edited_at, created_at) FROM article_replies \
                 WHERE id = $1 AND version = $2 AND deleted_at IS NULL",
                vec![id.0.into(), expected_version.into()],
            ))
            .await;
        let changed =
            match kept {
                Err(e) if is_unique(&e) => 0,
                Err(e) => return Err(failed(e)),
                Ok(r) if r.rows_affected() != 1 => 0,
                Ok(_) => execute(
                    &txn,
                    "UPDATE article_replies SET body = $1, excerpt = $2, version = version + 1, \
                     edited_at = $3 WHERE id = $4 AND version = $5 AND deleted_at IS NULL",
                    vec![
                        body.as_str().to_owned().into(),
                        body.excerpt().into(),
                        stored(now).into(),
                        id.0.into(),
                        expected_version.into(),
                    ],
                )
                .await?,
            };
        if changed != 1 {
            // Another edit (or a delete) came first, or it is gone: nothing of this one is
            // written (the transaction is dropped, rolled back).
            drop(txn);
            return Ok(find_in(&self.db, id)
                .await?
                .filter(|r| r.deleted_at.is_none())
                .map(ReplyEdit::Conflict));
        }
        if let Some(words) = &held {
            hold(
                &txn,
                &Held {
                    item: Item::Reply,
                    id: id.0,
                    text: body.as_str(),
                    words,
                    at: now,
                },
            )
            .await?;
        }
        txn.commit().await.map_err(failed)?;
        Ok(find_in(&self.db, id).await?.map(ReplyEdit::Saved))
    }

    async fn versions(&self, id: ReplyId) -> Result<Vec<ReplyVersion>, GroupsError> {
        let mut sql =
            Sql::new("SELECT version, body, written_at FROM reply_versions WHERE reply_id = ");
        let r = sql.bind(id.0);
        sql.push(&r).push(" ORDER BY version DESC");
        query_all(&self.db, sql)
            .await?
            .iter()
            .map(|row| {
                Ok(ReplyVersion {
                    version: row.try_get("", "version").map_err(failed)?,
                    body: row.try_get("", "body").map_err(failed)?,
                    written_at: row.try_get("", "written_at").map_err(failed)?,
                })
            })
            .collect()
    }

    async fn of_article(
        &self,
        article: ArticleId,
        viewer: Option<UserId>,
        page: PageRequest,
    ) -> Result<Page<Reply>, GroupsError> {
        let mut sql = reply_select(viewer);
        let a = sql.bind(article.0);
        sql.push(&format!("r.article_id = {a} AND r.deleted_at IS NULL"));
        seen_by(&mut sql, viewer, "r.author_id");
        shown_to(&mut sql, viewer, "r");
        sql.after("r.created_at", "r.id", page.after, Order::Asc)
            .order_limit("r.created_at", "r.id", Order::Asc, page.fetch_limit());
        let rows = query_all(&self.db, sql)
            .await?
            .iter()
            .map(to_reply)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Page::from_fetched(rows, page, |r| {
            Cursor::new(r.created_at, r.id.0)
        }))
    }

    async fn delete(&self, id: ReplyId, now: DateTime<Utc>) -> Result<bool, GroupsError> {
        let txn = self.db.begin().await.map_err(failed)?;
        let deleted = execute(
            &txn,
            "UPDATE article_replies SET deleted_at = $1, body = '', excerpt = '' \
             WHERE id = $2 AND deleted_at IS NULL",
            vec![stored(now).into(), id.0.into()],
        )
        .await?;
        if deleted == 1 {
            execute(
                &txn,
                "DELETE FROM reply_versions WHERE reply_id = $1",
                vec![id.0.into()],
            )
            .await?;
            execute(
                &txn,
                "UPDATE articles SET reply_count = reply_count - 1 \
                 WHERE id = (SELECT article_id FROM article_replies WHERE id = $1)",
                vec![id.0.into()],
            )
            .await?;
        }
        txn.commit().await.map_err(failed)?;
        Ok(deleted == 1)
    }

    async fn set_locked(&self, article: ArticleId, locked: bool) -> Result<bool, GroupsError> {
        let changed = execute(
            &self.db,
            "UPDATE articles SET replies_locked = $1 WHERE id = $2",
            vec![locked.into(), article.0.into()],
        )
        .await?;
        Ok(changed == 1)
    }
}
