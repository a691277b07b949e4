//! Blocking and muting over `user_blocks` (migration 000024, docs/moderation.md "Blocking and
//! muting"): [`SqlBlockStore`] is the `blocks` domain's store and the kernel's [`Blocks`] port
//! the areas ask before a write; [`sees`] and [`unblocked`] are the conditions every list of
//! people's writing adds to its statement with the viewer.
//!
//! - **A mute hides one way, a block both ways.** The viewer sees what an author wrote when
//!   the viewer holds no entry against the author (block or mute) and the author holds no
//!   block against the viewer: two `NOT EXISTS`, each a lookup of the primary key.
//! - **A block refuses writes; a mute refuses nothing.** [`Blocks::is_blocked`] and
//!   [`Blocks::blocked_among`] look for a block either way only.
//! - **An entry is one upsert.** Setting a kind replaces the row of the same blocker and
//!   target; a target without an account writes nothing (`INSERT … SELECT … WHERE EXISTS`, and
//!   a blocker or target deleted meanwhile fails its foreign key: also nothing).
//! - **A standing is two columns.** [`standing_columns`] writes where a viewer stands with
//!   another person as two sub-selects, read back by [`standing_of`]: a profile's statement
//!   (`accounts.rs`) reads them beside the person.

use crate::sql::{Order, PERSON_COLUMNS, Sql, person, rows, run, stored};
use ::blocks::model::{Block, BlockKind, Blocked, Standing};
use ::blocks::ports::BlockStore;
use async_trait::async_trait;
use kernel::{Blocks, Cursor, UserId};
use sea_orm::{DatabaseConnection, DbErr, QueryResult, SqlErr};

/// The stored name of a block (a constant of the code, written into the statements).
const BLOCK: &str = "block";

/// The condition that `viewer` sees what `author` wrote (both SQL expressions: a placeholder,
/// a column): the viewer neither blocked nor muted the author, and the author did not block
/// the viewer.
pub(crate) fn sees(viewer: &str, author: &str) -> String {
    format!(
        "NOT EXISTS (SELECT 1 FROM user_blocks ubm WHERE ubm.blocker_id = {viewer} \
         AND ubm.target_id = {author}) \
         AND NOT EXISTS (SELECT 1 FROM user_blocks ubt WHERE ubt.blocker_id = {author} \
         AND ubt.target_id = {viewer} AND ubt.kind = '{BLOCK}')"
    )
}

/// The condition that no block stands between `a` and `b` (SQL expressions), whoever blocked;
/// a mute is no block. Two `NOT EXISTS`, each a lookup of the primary key: one `NOT EXISTS`
/// with an `OR` of the two directions could use no index, and PostgreSQL read everyone's blocks
/// for it (the plan test, `tests/adapters/plans.rs`).
pub(crate) fn unblocked(a: &str, b: &str) -> String {
    format!(
        "(NOT EXISTS (SELECT 1 FROM user_blocks ubb WHERE ubb.blocker_id = {a} \
         AND ubb.target_id = {b} AND ubb.kind = '{BLOCK}') \
         AND NOT EXISTS (SELECT 1 FROM user_blocks ubr WHERE ubr.blocker_id = {b} \
         AND ubr.target_id = {a} AND ubr.kind = '{BLOCK}'))"
    )
}

/// ` AND` [`sees`] for a signed-in viewer (nothing for a visitor, who holds no entry and whom
/// nobody blocked): the rows of a list whose `author` column the viewer may see.
pub(crate) fn seen_by(sql: &mut Sql, viewer: Option<UserId>, author: &str) {
    if let Some(viewer) = viewer {
        let v = sql.bind(viewer.0);
        sql.push(&format!(" AND {}", sees(&v, author)));
    }
}

/// ` AND` [`unblocked`] between a signed-in viewer and `author`: a single item or a profile,
/// which a mute does not hide.
pub(crate) fn not_blocked(sql: &mut Sql, viewer: Option<UserId>, author: &str) {
    if let Some(viewer) = viewer {
        let v = sql.bind(viewer.0);
        sql.push(&format!(" AND {}", unblocked(&v, author)));
    }
}

/// Where `viewer` stands with `other` (SQL expressions: a placeholder, a column), as two
/// columns read back by [`standing_of`]: `standing_mine`, the kind of the viewer's entry against
/// them (`NULL` for none), and `standing_theirs`, whether they blocked the viewer. Each a lookup
/// of the primary key; whether a block stands between the two follows from both.
pub(crate) fn standing_columns(viewer: &str, other: &str) -> String {
    format!(
        "(SELECT ubs.kind FROM user_blocks ubs WHERE ubs.blocker_id = {viewer} \
         AND ubs.target_id = {other}) AS standing_mine, \
         EXISTS (SELECT 1 FROM user_blocks ubo WHERE ubo.blocker_id = {other} \
         AND ubo.target_id = {viewer} AND ubo.kind = '{BLOCK}') AS standing_theirs"
    )
}

/// The standing of a row read with [`standing_columns`].
pub(crate) fn standing_of(row: &QueryResult) -> anyhow::Result<Standing> {
    let mine: Option<String> = row
        .try_get("", "standing_mine")
        .map_err(crate::unexpected)?;
    let mine = mine.as_deref().map(stored_kind).transpose()?;
    let theirs: bool = row
        .try_get("", "standing_theirs")
        .map_err(crate::unexpected)?;
    Ok(Standing {
        mine,
        blocked: theirs || mine == Some(BlockKind::Block),
    })
}

/// A kind as stored; another name is data corruption.
fn stored_kind(raw: &str) -> anyhow::Result<BlockKind> {
    BlockKind::parse(raw).ok_or_else(|| anyhow::anyhow!("stored block kind {raw:?} is invalid"))
}

fn kind_of(row: &QueryResult) -> anyhow::Result<BlockKind> {
    let raw: String = row.try_get("", "kind").map_err(crate::unexpected)?;
    stored_kind(&raw)
}

fn to_blocked(row: &QueryResult) -> anyhow::Result<Blocked> {
    Ok(Blocked {
        person: person(row)?,
        kind: kind_of(row)?,
        created_at: row.try_get("", "created_at").map_err(crate::unexpected)?,
    })
}

/// Whether a statement failed on a foreign key (a person deleted meanwhile).
fn is_foreign_key(e: &DbErr) -> bool {
    matches!(e.sql_err(), Some(SqlErr::ForeignKeyConstraintViolation(_)))
}

/// `blocker`'s entry against `target` with the target as a person (`b`, `u`).
fn entry_select(blocker: UserId) -> Sql {
    let mut sql = Sql::new(&format!(
        "SELECT b.kind, b.created_at, {PERSON_COLUMNS} FROM user_blocks b \
         JOIN users u ON u.id = b.target_id WHERE b.blocker_id = "
    ));
    let b = sql.bind(blocker.0);
    sql.push(&b);
    sql
}

#[derive(Debug, Clone)]
pub struct SqlBlockStore {
    db: DatabaseConnection,
}

impl SqlBlockStore {
    pub(crate) fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

#[async_trait]
impl BlockStore for SqlBlockStore {
    async fn find(&self, blocker: UserId, target: UserId) -> Result<Option<Block>, anyhow::Error> {
        let mut sql = Sql::new("SELECT kind, created_at FROM user_blocks WHERE blocker_id = ");
        let (b, t) = (sql.bind(blocker.0), sql.bind(target.0));
        sql.push(&format!("{b} AND target_id = {t}"));
        rows(&self.db, sql)
            .await?
            .first()
            .map(|row| {
                Ok(Block {
                    blocker,
                    target,
                    kind: kind_of(row)?,
                    created_at: row.try_get("", "created_at").map_err(crate::unexpected)?,
                })
            })
            .transpose()
    }

    async fn count(&self, blocker: UserId) -> Result<u64, anyhow::Error> {
        let mut sql = Sql::new("SELECT COUNT(*) AS n FROM user_blocks WHERE blocker_id = ");
        let b = sql.bind(blocker.0);
        sql.push(&b);
        let n: i64 = match rows(&self.db, sql).await?.first() {
            Some(row) => row.try_get("", "n").map_err(crate::unexpected)?,
            None => 0,
        };
        Ok(u64::try_from(n).unwrap_or(0))
    }

    async fn put(&self, block: Block) -> Result<Option<Blocked>, anyhow::Error> {
        let mut sql =
            Sql::new("INSERT INTO user_blocks (blocker_id, target_id, kind, created_at) SELECT ");
        let b = sql.bind(block.blocker.0);
        let t = sql.bind(block.target.0);
        let k = sql.bind(block.kind.as_str());
        let at = sql.bind(stored(block.created_at));
        sql.push(&format!(
            "{b}, {t}, {k}, {at} WHERE EXISTS (SELECT 1 FROM users WHERE id = {t}) \
             AND EXISTS (SELECT 1 FROM users WHERE id = {b}) \
             ON CONFLICT (blocker_id, target_id) DO UPDATE SET kind = excluded.kind, \
             created_at = excluded.created_at"
        ));
        let backend = self.db.get_database_backend();
        let written =
            match sea_orm::ConnectionTrait::execute_raw(&self.db, sql.build(backend)).await {
                Ok(done) => done.rows_affected(),
                Err(e) if is_foreign_key(&e) => 0,
                Err(e) => return Err(crate::unexpected(e)),
            };
        if written == 0 {
            return Ok(None);
        }
        let mut sql = entry_select(block.blocker);
        let t = sql.bind(block.target.0);
        sql.push(&format!(" AND b.target_id = {t}"));
        rows(&self.db, sql)
            .await?
            .first()
            .map(to_blocked)
            .transpose()
    }

    async fn remove(&self, blocker: UserId, target: UserId) -> Result<bool, anyhow::Error> {
        let mut sql = Sql::new("DELETE FROM user_blocks WHERE blocker_id = ");
        let (b, t) = (sql.bind(blocker.0), sql.bind(target.0));
        sql.push(&format!("{b} AND target_id = {t}"));
        Ok(run(&self.db, sql).await? == 1)
    }

    async fn page(
        &self,
        blocker: UserId,
        kind: BlockKind,
        after: Option<Cursor>,
        limit: u64,
    ) -> Result<Vec<Blocked>, anyhow::Error> {
        let mut sql = entry_select(blocker);
        let k = sql.bind(kind.as_str());
        sql.push(&format!(" AND b.kind = {k}"))
            .after("b.created_at", "b.target_id", after, Order::Desc)
            .order_limit("b.created_at", "b.target_id", Order::Desc, limit);
        rows(&self.db, sql).await?.iter().map(to_blocked).collect()
    }
}

#[async_trait]
impl Blocks for SqlBlockStore {
    async fn is_blocked(&self, a: UserId, b: UserId) -> Result<bool, anyhow::Error> {
        let mut sql = Sql::new("SELECT 1 AS one FROM users u WHERE u.id = ");
        let (a, b) = (sql.bind(a.0), sql.bind(b.0));
        sql.push(&format!("{a} AND NOT {}", unblocked(&a, &b)));
        Ok(!rows(&self.db, sql).await?.is_empty())
    }

    async fn blocked_among(
        &self,
        actor: UserId,
        usernames: Vec<String>,
    ) -> Result<Vec<String>, anyhow::Error> {
        if usernames.is_empty() {
            return Ok(Vec::new());
        }
        let mut sql = Sql::new("SELECT u.username FROM users u WHERE u.username IN (");
        let names: Vec<String> = usernames
            .iter()
            .map(|n| sql.bind(n.to_lowercase()))
            .collect();
        let a = sql.bind(actor.0);
        sql.push(&names.join(", "))
            .push(&format!(") AND NOT {}", unblocked(&a, "u.id")));
        let found: Vec<String> = rows(&self.db, sql)
            .await?
            .iter()
            .map(|row| row.try_get::<String>("", "username"))
            .collect::<Result<_, _>>()
            .map_err(crate::unexpected)?;
        Ok(usernames
            .into_iter()
            .filter(|n| found.contains(&n.to_lowercase()))
            .collect())
    }
}
