//! The notifications' store over sea-orm, and the PostgreSQL wake-up bus.
//!
//! [`SqlNotificationStore::record`] writes every row of a notice in one transaction: for each
//! recipient (in id order, so two notices never wait on each other's locks) it takes the next
//! sequence number with one upsert of the recipient's counter row, which locks the row until
//! commit — a recipient's rows therefore commit in sequence order, and a stream that read up to
//! `n` never misses a row numbered below `n`. No `NOTIFY` is sent inside it: PostgreSQL takes
//! one instance-wide lock at commit for every transaction holding a pending `NOTIFY`, which
//! would serialise the commits of every writer. [`PgWakeBus`] sends the wake-ups afterwards,
//! batched, from one connection of its own per instance.
//!
//! Who is left out is decided where the rows are written, so it holds however a notice is
//! made: a recipient who turned the kind off, and — for the kinds that heed them
//! ([`NewNotification::heeds_blocks`]) — a recipient who blocked or muted the actor, or whom
//! the actor blocked (`crate::blocks::sees`, the condition every list uses).

use crate::blocks::sees;
use crate::sql::{Sql, stored};
use crate::unexpected;
use ::notifications::ports::{NotificationStore, WakeBus};
use ::notifications::{NewNotification, Notification, Preferences, Seq, Wake};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use kernel::{ArticleId, GroupId, NoticeKind, Subject, UserId};
use sea_orm::{ConnectionTrait, DatabaseConnection, DbErr, QueryResult, TransactionTrait};
use std::collections::{HashMap, HashSet};
use std::time::Duration;
use tokio::sync::{broadcast, mpsc};
use uuid::Uuid;

fn failed(e: DbErr) -> anyhow::Error {
    unexpected(e)
}

async fn query_all(c: &impl ConnectionTrait, sql: Sql) -> Result<Vec<QueryResult>, anyhow::Error> {
    c.query_all_raw(sql.build(c.get_database_backend()))
        .await
        .map_err(failed)
}

async fn execute(c: &impl ConnectionTrait, sql: Sql) -> Result<u64, anyhow::Error> {
    c.execute_raw(sql.build(c.get_database_backend()))
        .await
        .map(|r| r.rows_affected())
        .map_err(failed)
}

/// The stored form of a subject: its type and up to three ids.
fn subject_columns(s: &Subject) -> (&'static str, Option<Uuid>, Option<Uuid>, Option<Uuid>) {
    match *s {
        Subject::PlazaPost { post } => ("plaza_post", None, Some(post), None),
        Subject::PlazaComment { post, comment } => {
            ("plaza_comment", None, Some(post), Some(comment))
        }
        Subject::Article { group, article } => ("article", Some(group.0), Some(article.0), None),
        Subject::Reply {
            group,
            article,
            reply,
        } => ("reply", Some(group.0), Some(article.0), Some(reply)),
        Subject::Group { group } => ("group", Some(group.0), None, None),
        Subject::Person { user } => ("person", None, Some(user.0), None),
    }
}

fn subject_of(
    kind: &str,
    group: Option<Uuid>,
    target: Option<Uuid>,
    item: Option<Uuid>,
) -> Option<Subject> {
    Some(match kind {
        "plaza_post" => Subject::PlazaPost { post: target? },
        "plaza_comment" => Subject::PlazaComment {
            post: target?,
            comment: item?,
        },
        "article" => Subject::Article {
            group: GroupId(group?),
            article: ArticleId(target?),
        },
        "reply" => Subject::Reply {
            group: GroupId(group?),
            article: ArticleId(target?),
            reply: item?,
        },
        "group" => Subject::Group {
            group: GroupId(group?),
        },
        "person" => Subject::Person {
            user: UserId(target?),
        },
        _ => return None,
    })
}

fn fold_key(row: &NewNotification) -> Option<String> {
    if !row.folds() {
        return None;
    }
    let (t, g, a, i) = subject_columns(&row.subject);
    let id = |u: Option<Uuid>| u.map(|u| u.simple().to_string()).unwrap_or_default();
    Some(format!(
        "{}:{t}:{}:{}:{}",
        row.kind.as_str(),
        id(g),
        id(a),
        id(i)
    ))
}

const COLUMNS: &str = "id, recipient_id, seq, kind, actor_id, others, subject_type, group_id, \
                       target_id, item_id, detail, created_at, updated_at, read_at";

fn to_notification(row: &QueryResult) -> Result<Option<Notification>, anyhow::Error> {
    let get_uuid = |c: &str| row.try_get::<Option<Uuid>>("", c).map_err(failed);
    let kind: String = row.try_get("", "kind").map_err(failed)?;
    let subject_type: String = row.try_get("", "subject_type").map_err(failed)?;
    let (Some(kind), Some(subject)) = (
        NoticeKind::parse(&kind),
        subject_of(
            &subject_type,
            get_uuid("group_id")?,
            get_uuid("target_id")?,
            get_uuid("item_id")?,
        ),
    ) else {
        // A kind or subject this version does not know (written by a newer one): left out.
        return Ok(None);
    };
    let others: i32 = row.try_get("", "others").map_err(failed)?;
    Ok(Some(Notification {
        id: row.try_get("", "id").map_err(failed)?,
        recipient: UserId(row.try_get("", "recipient_id").map_err(failed)?),
        seq: row.try_get("", "seq").map_err(failed)?,
        kind,
        actor: get_uuid("actor_id")?.map(UserId),
        others: u32::try_from(others).unwrap_or(0),
        subject,
        detail: row.try_get("", "detail").map_err(failed)?,
        created_at: row.try_get("", "created_at").map_err(failed)?,
        updated_at: row.try_get("", "updated_at").map_err(failed)?,
        read: row
            .try_get::<Option<DateTime<Utc>>>("", "read_at")
            .map_err(failed)?
            .is_some(),
    }))
}

fn to_notifications(rows: &[QueryResult]) -> Result<Vec<Notification>, anyhow::Error> {
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        out.extend(to_notification(row)?);
    }
    Ok(out)
}

fn limit_value(limit: u64) -> i64 {
    i64::try_from(limit).unwrap_or(i64::MAX)
}

#[derive(Debug, Clone)]
pub struct SqlNotificationStore {
    db: DatabaseConnection,
}

impl SqlNotificationStore {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

/// Takes `user`'s next sequence number, locking their counter row until commit.
async fn next_seq(c: &impl ConnectionTrait, user: UserId) -> Result<Seq, anyhow::Error> {
    let mut sql = Sql::new("INSERT INTO notification_counters (user_id, seq) VALUES (");
    let u = sql.bind(user.0);
    sql.push(&format!(
        "{u}, 1) ON CONFLICT (user_id) DO UPDATE SET seq = notification_counters.seq + 1 \
         RETURNING seq"
    ));
    let rows = query_all(c, sql).await?;
    let row = rows
        .first()
        .ok_or_else(|| anyhow::anyhow!("the counter upsert returned no row"))?;
    row.try_get("", "seq").map_err(failed)
}

async fn insert_row(
    c: &impl ConnectionTrait,
    row: &NewNotification,
    seq: Seq,
    fold: Option<String>,
) -> Result<(), anyhow::Error> {
    let (t, g, a, i) = subject_columns(&row.subject);
    let mut sql = Sql::new(&format!(
        "INSERT INTO notifications ({COLUMNS}, fold_key) VALUES ("
    ));
    let at = stored(row.at);
    let values = [
        sql.bind(row.id),
        sql.bind(row.recipient.0),
        sql.bind(seq),
        sql.bind(row.kind.as_str()),
        sql.bind(row.actor.map(|a| a.0)),
        sql.bind(0_i32),
        sql.bind(t),
        sql.bind(g),
        sql.bind(a),
        sql.bind(i),
        sql.bind(row.detail.clone()),
        sql.bind(at),
        sql.bind(at),
        sql.bind(Option::<DateTime<Utc>>::None),
        sql.bind(fold),
    ];
    sql.push(&values.join(", ")).push(")");
    execute(c, sql).await?;
    Ok(())
}

/// On PostgreSQL, a row that does not fold in one statement: the counter's upsert (locking its
/// row until the statement commits) feeds the insert. One round trip instead of a transaction's
/// four, on the write path of every reply and comment.
/// PostgreSQL: one statement stores `row` with its recipient's next sequence number, unless
/// the recipient turned its kind off, or a block or mute leaves it out (then nothing is
/// written and `None` comes back).
async fn insert_counted(
    c: &impl ConnectionTrait,
    row: &NewNotification,
) -> Result<Option<Seq>, anyhow::Error> {
    let (t, g, a, i) = subject_columns(&row.subject);
    let mut sql = Sql::new("WITH c AS (INSERT INTO notification_counters (user_id, seq) SELECT ");
    let u = sql.bind(row.recipient.0);
    let k = sql.bind(row.kind.as_str());
    let unblocked = match row.actor {
        Some(actor) if row.heeds_blocks() => {
            let by = sql.bind(actor.0);
            format!(" AND {}", sees(&u, &by))
        }
        _ => String::new(),
    };
    sql.push(&format!(
        "{u}, 1 WHERE NOT EXISTS (SELECT 1 FROM notification_preferences p \
         WHERE p.user_id = {u} AND position(',' || {k} || ',' in ',' || p.muted || ',') > 0)\
         {unblocked} ON CONFLICT (user_id) DO UPDATE SET seq = notification_counters.seq + 1 \
         RETURNING seq) INSERT INTO notifications ({COLUMNS}, fold_key) SELECT "
    ));
    let at = stored(row.at);
    let values = [
        sql.bind(row.id),
        u.clone(),
        "c.seq".to_owned(),
        k,
        sql.bind(row.actor.map(|a| a.0)),
        sql.bind(0_i32),
        sql.bind(t),
        sql.bind(g),
        sql.bind(a),
        sql.bind(i),
        sql.bind(row.detail.clone()),
        sql.bind(at),
        sql.bind(at),
        sql.bind(Option::<DateTime<Utc>>::None),
        sql.bind(Option::<String>::None),
    ];
    sql.push(&values.join(", ")).push(" FROM c RETURNING seq");
    match query_all(c, sql).await?.first() {
        Some(row) => Ok(Some(row.try_get("", "seq").map_err(failed)?)),
        None => Ok(None),
    }
}

/// Of `users`, those who turned `kind` off.
async fn muting_of(
    c: &impl ConnectionTrait,
    users: &[UserId],
    kind: NoticeKind,
) -> Result<Vec<UserId>, anyhow::Error> {
    if users.is_empty() {
        return Ok(Vec::new());
    }
    let mut sql =
        Sql::new("SELECT user_id, muted FROM notification_preferences WHERE user_id IN (");
    let list: Vec<String> = users.iter().map(|u| sql.bind(u.0)).collect();
    sql.push(&list.join(", ")).push(")");
    let mut muting = Vec::new();
    for row in query_all(c, sql).await? {
        let muted: String = row.try_get("", "muted").map_err(failed)?;
        if muted.split(',').any(|k| k == kind.as_str()) {
            muting.push(UserId(row.try_get("", "user_id").map_err(failed)?));
        }
    }
    Ok(muting)
}

/// Of the rows that heed blocks, the (recipient, actor) pairs a block or a mute leaves out: the
/// recipient blocked or muted the actor, or the actor blocked the recipient.
async fn hidden_pairs(
    c: &impl ConnectionTrait,
    rows: &[&NewNotification],
) -> Result<HashSet<(UserId, UserId)>, anyhow::Error> {
    let pairs: HashSet<(UserId, UserId)> = rows
        .iter()
        .filter(|r| r.heeds_blocks())
        .filter_map(|r| r.actor.map(|a| (r.recipient, a)))
        .collect();
    if pairs.is_empty() {
        return Ok(HashSet::new());
    }
    let mut people: Vec<UserId> = pairs.iter().flat_map(|(r, a)| [*r, *a]).collect();
    people.sort();
    people.dedup();
    let mut sql =
        Sql::new("SELECT blocker_id, target_id, kind FROM user_blocks WHERE blocker_id IN (");
    let list: Vec<String> = people.iter().map(|u| sql.bind(u.0)).collect();
    let list = list.join(", ");
    sql.push(&format!("{list}) AND target_id IN ({list})"));
    let mut hidden = HashSet::new();
    for found in query_all(c, sql).await? {
        let blocker = UserId(found.try_get("", "blocker_id").map_err(failed)?);
        let target = UserId(found.try_get("", "target_id").map_err(failed)?);
        let kind: String = found.try_get("", "kind").map_err(failed)?;
        // The recipient's own entry against the actor, of either kind …
        if pairs.contains(&(blocker, target)) {
            hidden.insert((blocker, target));
        }
        // … or the actor's block of the recipient.
        if kind == ::blocks::BlockKind::Block.as_str() && pairs.contains(&(target, blocker)) {
            hidden.insert((target, blocker));
        }
    }
    Ok(hidden)
}

/// Counts `actor` into the fold of notification `id`; `true` when they were not counted yet.
async fn count_actor(
    c: &impl ConnectionTrait,
    id: Uuid,
    actor: Option<UserId>,
) -> Result<bool, anyhow::Error> {
    let Some(actor) = actor else {
        return Ok(false);
    };
    let mut sql = Sql::new("INSERT INTO notification_folds (notification_id, actor_id) VALUES (");
    let n = sql.bind(id);
    let a = sql.bind(actor.0);
    sql.push(&format!("{n}, {a}) ON CONFLICT DO NOTHING"));
    Ok(execute(c, sql).await? == 1)
}

#[async_trait]
impl NotificationStore for SqlNotificationStore {
    async fn record(&self, rows: &[NewNotification]) -> Result<Vec<Option<Seq>>, anyhow::Error> {
        // Recipients in id order: two batches lock the counters they share in the same order.
        let mut ordered: Vec<(usize, &NewNotification)> = rows.iter().enumerate().collect();
        ordered.sort_by_key(|(_, r)| r.recipient);
        let mut seqs = vec![None; rows.len()];
        // Rows that do not fold are one statement each with its counter on PostgreSQL (a
        // recipient's rows still commit in sequence order); one alone needs no transaction.
        if self.db.get_database_backend() == sea_orm::DbBackend::Postgres
            && !ordered.iter().any(|(_, r)| r.folds())
        {
            if let [(i, row)] = ordered.as_slice() {
                seqs[*i] = insert_counted(&self.db, row).await?;
                return Ok(seqs);
            }
            // One statement a row, each the same text (its plan prepared once per connection),
            // in one transaction: measured faster than one statement for the batch, whose text
            // (and plan) changes with the batch's size (docs/benchmarks.md).
            let txn = self.db.begin().await.map_err(failed)?;
            for (i, row) in ordered {
                seqs[i] = insert_counted(&txn, row).await?;
            }
            txn.commit().await.map_err(failed)?;
            return Ok(seqs);
        }
        let txn = self.db.begin().await.map_err(failed)?;
        let mut muted: HashMap<NoticeKind, Vec<UserId>> = HashMap::new();
        for (_, row) in &ordered {
            if let std::collections::hash_map::Entry::Vacant(kind) = muted.entry(row.kind) {
                let users: Vec<UserId> = ordered
                    .iter()
                    .filter(|(_, r)| r.kind == row.kind)
                    .map(|(_, r)| r.recipient)
                    .collect();
                kind.insert(muting_of(&txn, &users, row.kind).await?);
            }
        }
        let hidden =
            hidden_pairs(&txn, &ordered.iter().map(|(_, r)| *r).collect::<Vec<_>>()).await?;
        for (i, row) in ordered {
            if muted[&row.kind].contains(&row.recipient) {
                continue;
            }
            if row.heeds_blocks()
                && row
                    .actor
                    .is_some_and(|a| hidden.contains(&(row.recipient, a)))
            {
                continue;
            }
            let seq = next_seq(&txn, row.recipient).await?;
            let fold = fold_key(row);
            let open = match &fold {
                None => None,
                Some(key) => {
                    let mut sql = Sql::new("SELECT id FROM notifications WHERE recipient_id = ");
                    let r = sql.bind(row.recipient.0);
                    let k = sql.bind(key.clone());
                    sql.push(&format!("{r} AND fold_key = {k} AND read_at IS NULL"));
                    match query_all(&txn, sql).await?.first() {
                        Some(found) => Some(found.try_get::<Uuid>("", "id").map_err(failed)?),
                        None => None,
                    }
                }
            };
            match open {
                Some(id) => {
                    let grew = i32::from(count_actor(&txn, id, row.actor).await?);
                    let mut sql = Sql::new("UPDATE notifications SET seq = ");
                    let s = sql.bind(seq);
                    let a = sql.bind(row.actor.map(|a| a.0));
                    let o = sql.bind(grew);
                    let at = sql.bind(stored(row.at));
                    let i = sql.bind(id);
                    sql.push(&format!(
                        "{s}, actor_id = {a}, others = others + {o}, updated_at = {at} \
                         WHERE id = {i}"
                    ));
                    execute(&txn, sql).await?;
                }
                None => {
                    insert_row(&txn, row, seq, fold.clone()).await?;
                    if fold.is_some() {
                        count_actor(&txn, row.id, row.actor).await?;
                    }
                }
            }
            seqs[i] = Some(seq);
        }
        txn.commit().await.map_err(failed)?;
        Ok(seqs)
    }

    async fn after(
        &self,
        recipient: UserId,
        after: Seq,
        limit: u64,
    ) -> Result<Vec<Notification>, anyhow::Error> {
        let mut sql = Sql::new(&format!(
            "SELECT {COLUMNS} FROM notifications WHERE recipient_id = "
        ));
        let r = sql.bind(recipient.0);
        let a = sql.bind(after);
        let l = sql.bind(limit_value(limit));
        sql.push(&format!("{r} AND seq > {a} ORDER BY seq ASC LIMIT {l}"));
        to_notifications(&query_all(&self.db, sql).await?)
    }

    async fn before(
        &self,
        recipient: UserId,
        before: Option<Seq>,
        limit: u64,
    ) -> Result<Vec<Notification>, anyhow::Error> {
        let mut sql = Sql::new(&format!(
            "SELECT {COLUMNS} FROM notifications WHERE recipient_id = "
        ));
        let r = sql.bind(recipient.0);
        sql.push(&r);
        if let Some(before) = before {
            let b = sql.bind(before);
            sql.push(&format!(" AND seq < {b}"));
        }
        let l = sql.bind(limit_value(limit));
        sql.push(&format!(" ORDER BY seq DESC LIMIT {l}"));
        to_notifications(&query_all(&self.db, sql).await?)
    }

    async fn latest(&self, recipient: UserId) -> Result<Seq, anyhow::Error> {
        let mut sql = Sql::new("SELECT seq FROM notification_counters WHERE user_id = ");
        let r = sql.bind(recipient.0);
        sql.push(&r);
        match query_all(&self.db, sql).await?.first() {
            Some(row) => row.try_get("", "seq").map_err(failed),
            None => Ok(0),
        }
    }

    async fn unread(&self, recipient: UserId) -> Result<u64, anyhow::Error> {
        let mut sql = Sql::new("SELECT COUNT(*) AS n FROM notifications WHERE recipient_id = ");
        let r = sql.bind(recipient.0);
        sql.push(&format!("{r} AND read_at IS NULL"));
        let rows = query_all(&self.db, sql).await?;
        let n: i64 = rows
            .first()
            .map(|row| row.try_get("", "n"))
            .transpose()
            .map_err(failed)?
            .unwrap_or(0);
        Ok(u64::try_from(n).unwrap_or(0))
    }

    async fn mark_read(&self, recipient: UserId, id: Uuid) -> Result<bool, anyhow::Error> {
        // Already read is found too (a second tab marking it is no error).
        let mut sql = Sql::new("UPDATE notifications SET read_at = COALESCE(read_at, ");
        let now = sql.bind(stored(Utc::now()));
        let r = sql.bind(recipient.0);
        let i = sql.bind(id);
        sql.push(&format!("{now}) WHERE recipient_id = {r} AND id = {i}"));
        Ok(execute(&self.db, sql).await? == 1)
    }

    async fn mark_all_read(&self, recipient: UserId, up_to: Seq) -> Result<u64, anyhow::Error> {
        let mut sql = Sql::new("UPDATE notifications SET read_at = ");
        let now = sql.bind(stored(Utc::now()));
        let r = sql.bind(recipient.0);
        let u = sql.bind(up_to);
        sql.push(&format!(
            "{now} WHERE recipient_id = {r} AND seq <= {u} AND read_at IS NULL"
        ));
        execute(&self.db, sql).await
    }

    async fn preferences(&self, user: UserId) -> Result<Preferences, anyhow::Error> {
        let mut sql = Sql::new("SELECT muted FROM notification_preferences WHERE user_id = ");
        let u = sql.bind(user.0);
        sql.push(&u);
        let Some(row) = query_all(&self.db, sql).await?.into_iter().next() else {
            return Ok(Preferences::default());
        };
        let muted: String = row.try_get("", "muted").map_err(failed)?;
        Ok(Preferences {
            muted: muted.split(',').filter_map(NoticeKind::parse).collect(),
        })
    }

    async fn set_preferences(
        &self,
        user: UserId,
        prefs: &Preferences,
    ) -> Result<(), anyhow::Error> {
        let muted = prefs
            .muted
            .iter()
            .map(|k| k.as_str())
            .collect::<Vec<_>>()
            .join(",");
        let mut sql = Sql::new("INSERT INTO notification_preferences (user_id, muted) VALUES (");
        let u = sql.bind(user.0);
        let m = sql.bind(muted);
        sql.push(&format!(
            "{u}, {m}) ON CONFLICT (user_id) DO UPDATE SET muted = excluded.muted"
        ));
        execute(&self.db, sql).await?;
        Ok(())
    }

    async fn muting(
        &self,
        users: &[UserId],
        kind: NoticeKind,
    ) -> Result<Vec<UserId>, anyhow::Error> {
        muting_of(&self.db, users, kind).await
    }
}

/// The `LISTEN`/`NOTIFY` channel the instances wake each other on.
const CHANNEL: &str = "courtyard_wake";
/// How long the sender gathers wake-ups into one `NOTIFY`.
const BATCH_WINDOW: Duration = Duration::from_millis(20);
/// Wake-ups in one `NOTIFY` (its payload must stay under PostgreSQL's 8000 bytes: a user's
/// wake-up is 33 bytes with its comma).
const BATCH_MAX: usize = 200;
/// Wake-ups a slow hub may fall behind by before it reads every stream again.
const CAPACITY: usize = 4096;

/// Wakes the streams of every instance over one PostgreSQL: one connection per instance sends
/// the batched `NOTIFY`s (never inside a write's transaction), one listens. When the listening
/// connection is cut, what was sent meanwhile is lost to it: once it is back it wakes every
/// stream to read again ([`Wake::Everyone`]), and the rows in the table hold everything.
#[derive(Debug)]
pub struct PgWakeBus {
    outbox: mpsc::UnboundedSender<Wake>,
    tx: broadcast::Sender<Wake>,
}

impl PgWakeBus {
    /// Starts the sender and the listener on connections of their own to `db`'s server.
    ///
    /// # Errors
    /// When `db` is not PostgreSQL.
    pub fn start(db: &crate::Database) -> anyhow::Result<Self> {
        if db.kind() != crate::DatabaseKind::Postgres {
            anyhow::bail!("the PostgreSQL wake-up bus needs a PostgreSQL database");
        }
        let options = db.conn.get_postgres_connection_pool().connect_options();
        let (outbox, inbox) = mpsc::unbounded_channel();
        let (tx, _) = broadcast::channel(CAPACITY);
        tokio::spawn(send_loop((*options).clone(), inbox));
        tokio::spawn(listen_loop((*options).clone(), tx.clone()));
        Ok(Self { outbox, tx })
    }
}

impl WakeBus for PgWakeBus {
    fn publish(&self, wakes: Vec<Wake>) {
        for wake in wakes {
            let _ = self.outbox.send(wake);
        }
    }

    fn subscribe(&self) -> broadcast::Receiver<Wake> {
        self.tx.subscribe()
    }
}

type PgOptions = sea_orm::sqlx::postgres::PgConnectOptions;

async fn send_loop(options: PgOptions, mut inbox: mpsc::UnboundedReceiver<Wake>) {
    use sea_orm::sqlx::{Connection, PgConnection};
    let mut conn: Option<PgConnection> = None;
    while let Some(first) = inbox.recv().await {
        let mut batch = vec![first];
        tokio::time::sleep(BATCH_WINDOW).await;
        while let Ok(more) = inbox.try_recv() {
            batch.push(more);
        }
        batch.sort_by_key(Wake::encode);
        batch.dedup();
        for chunk in batch.chunks(BATCH_MAX) {
            let payload = Wake::encode_batch(chunk);
            let mut sent = false;
            for _attempt in 0..2 {
                if conn.is_none() {
                    match PgConnection::connect_with(&options).await {
                        Ok(c) => conn = Some(c),
                        Err(e) => {
                            tracing::warn!(error = %e, "the wake-up sender cannot connect");
                            break;
                        }
                    }
                }
                let Some(c) = conn.as_mut() else { break };
                match sea_orm::sqlx::query("SELECT pg_notify($1, $2)")
                    .bind(CHANNEL)
                    .bind(&payload)
                    .execute(&mut *c)
                    .await
                {
                    Ok(_) => {
                        sent = true;
                        break;
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "a wake-up NOTIFY failed; reconnecting");
                        conn = None;
                    }
                }
            }
            if !sent {
                // The streams catch up when the listeners reconnect or the next wake-up comes;
                // the rows are stored either way.
                tracing::warn!(wakes = chunk.len(), "wake-ups not sent");
            }
        }
    }
}

async fn listen_loop(options: PgOptions, tx: broadcast::Sender<Wake>) {
    use sea_orm::sqlx::postgres::PgListener;
    let mut first = true;
    loop {
        let listener = async {
            let pool = sea_orm::sqlx::postgres::PgPoolOptions::new()
                .max_connections(1)
                .connect_with(options.clone())
                .await?;
            let mut listener = PgListener::connect_with(&pool).await?;
            listener.listen(CHANNEL).await?;
            Ok::<_, sea_orm::sqlx::Error>(listener)
        }
        .await;
        let mut listener = match listener {
            Ok(l) => l,
            Err(e) => {
                tracing::warn!(error = %e, "the wake-up listener cannot connect; retrying in 1 s");
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
        };
        if !first {
            tracing::info!("the wake-up listener is back; every stream reads again");
            let _ = tx.send(Wake::Everyone);
        }
        first = false;
        loop {
            match listener.try_recv().await {
                Ok(Some(n)) => {
                    for wake in Wake::decode_batch(n.payload()) {
                        let _ = tx.send(wake);
                    }
                }
                Ok(None) | Err(_) => {
                    tracing::warn!("the wake-up listener lost its connection");
                    break;
                }
            }
        }
    }
}

/// The accounts as the notifications see them: usernames to ids, ids to persons.
#[async_trait]
impl ::notifications::ports::People for crate::Database {
    async fn by_usernames(&self, usernames: &[String]) -> Result<Vec<UserId>, anyhow::Error> {
        if usernames.is_empty() {
            return Ok(Vec::new());
        }
        let mut sql = Sql::new("SELECT id FROM users WHERE username IN (");
        let list: Vec<String> = usernames
            .iter()
            .map(|n| sql.bind(n.to_lowercase()))
            .collect();
        sql.push(&list.join(", ")).push(")");
        query_all(&self.conn, sql)
            .await?
            .iter()
            .map(|row| row.try_get::<Uuid>("", "id").map(UserId).map_err(failed))
            .collect()
    }

    async fn persons(
        &self,
        ids: &[UserId],
    ) -> Result<std::collections::HashMap<UserId, kernel::Person>, anyhow::Error> {
        if ids.is_empty() {
            return Ok(std::collections::HashMap::new());
        }
        let mut sql = Sql::new(&format!("{PERSON_SELECT} WHERE u.id IN ("));
        let list: Vec<String> = ids.iter().map(|u| sql.bind(u.0)).collect();
        sql.push(&list.join(", ")).push(")");
        let rows = query_all(&self.conn, sql).await?;
        rows.iter()
            .map(|row| to_person(row).map(|p| (p.id, p)))
            .collect()
    }

    async fn suggest(
        &self,
        asker: UserId,
        prefix: &str,
        group: Option<GroupId>,
        limit: u64,
    ) -> Result<Vec<kernel::Person>, anyhow::Error> {
        let folded = prefix.trim().trim_start_matches('@').to_lowercase();
        let mut sql = Sql::new(PERSON_SELECT);
        if let Some(group) = group {
            let g = sql.bind(group.0);
            let active = sql.bind(::groups::model::MemberState::Active.as_str());
            sql.push(&format!(
                " JOIN group_memberships m ON m.user_id = u.id AND m.group_id = {g} \
                 AND m.state = {active}"
            ));
        }
        let starts = sql.bind(crate::sql::prefix_pattern(&folded));
        let holds = sql.bind(crate::sql::contains_pattern(&folded));
        let starts_again = sql.bind(crate::sql::prefix_pattern(&folded));
        let a = sql.bind(asker.0);
        let unblocked = crate::blocks::unblocked(&a, "u.id");
        let n = sql.bind(limit_value(limit));
        sql.push(&format!(
            " WHERE (u.username LIKE {starts} ESCAPE '\\' OR lower(u.nickname) LIKE {holds} \
             ESCAPE '\\') AND {unblocked} ORDER BY CASE WHEN u.username LIKE {starts_again} ESCAPE '\\' THEN 0 \
             ELSE 1 END, u.username LIMIT {n}"
        ));
        query_all(&self.conn, sql)
            .await?
            .iter()
            .map(to_person)
            .collect()
    }
}

/// A person (`users u`), an avatar an administrator hid read as none.
const PERSON_SELECT: &str = "SELECT u.id, u.username, u.nickname, u.avatar_url, CASE WHEN \
     EXISTS (SELECT 1 FROM media hm WHERE hm.id = u.avatar_media_id AND hm.hidden_at IS NOT \
     NULL) THEN NULL ELSE u.avatar_media_id END AS avatar_media_id FROM users u";

fn to_person(row: &QueryResult) -> Result<kernel::Person, anyhow::Error> {
    Ok(kernel::Person {
        id: UserId(row.try_get("", "id").map_err(failed)?),
        username: row.try_get("", "username").map_err(failed)?,
        nickname: row.try_get("", "nickname").map_err(failed)?,
        avatar_url: row.try_get("", "avatar_url").map_err(failed)?,
        avatar: row
            .try_get::<Option<Uuid>>("", "avatar_media_id")
            .map_err(failed)?
            .map(kernel::MediaId),
    })
}
