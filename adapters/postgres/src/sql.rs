//! What the hand-written list statements share: numbered placeholders, keyset conditions,
//! prefixed column lists for joins, and timestamps cut to what PostgreSQL keeps.

use chrono::{DateTime, SubsecRound, Utc};
use kernel::{Cursor, MediaId, Person, UserId};
use sea_orm::{
    ConnectionTrait, DbBackend, EntityTrait, IdenStatic, Iterable, QueryResult, Statement, Value,
};

/// A person joined from `users` as `u`, read back under `u_` by [`person`]; an avatar an
/// administrator hid reads as none.
pub(crate) const PERSON_COLUMNS: &str = "u.id AS u_id, u.username AS u_username, \
     u.nickname AS u_nickname, u.avatar_url AS u_avatar_url, \
     CASE WHEN EXISTS (SELECT 1 FROM media hm WHERE hm.id = u.avatar_media_id AND hm.hidden_at IS NOT NULL) \
     THEN NULL ELSE u.avatar_media_id END AS u_avatar_media_id";

/// The person of a row read with [`PERSON_COLUMNS`].
pub(crate) fn person(row: &QueryResult) -> anyhow::Result<Person> {
    let get = |e: sea_orm::DbErr| crate::unexpected(e);
    Ok(Person {
        id: UserId(row.try_get("", "u_id").map_err(get)?),
        username: row.try_get("", "u_username").map_err(get)?,
        nickname: row.try_get("", "u_nickname").map_err(get)?,
        avatar_url: row.try_get("", "u_avatar_url").map_err(get)?,
        avatar: row
            .try_get::<Option<uuid::Uuid>>("", "u_avatar_media_id")
            .map_err(get)?
            .map(MediaId),
    })
}

/// The rows of a statement.
pub(crate) async fn rows(c: &impl ConnectionTrait, sql: Sql) -> anyhow::Result<Vec<QueryResult>> {
    c.query_all_raw(sql.build(c.get_database_backend()))
        .await
        .map_err(crate::unexpected)
}

/// Runs a statement; the rows it changed.
pub(crate) async fn run(c: &impl ConnectionTrait, sql: Sql) -> anyhow::Result<u64> {
    Ok(c.execute_raw(sql.build(c.get_database_backend()))
        .await
        .map_err(crate::unexpected)?
        .rows_affected())
}

/// A statement being written with PostgreSQL's `$N` placeholders ([`crate::statement`]
/// rewrites them for SQLite).
pub(crate) struct Sql {
    text: String,
    values: Vec<Value>,
}

/// Which way a keyset list runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Order {
    /// Oldest first.
    Asc,
    /// Newest first.
    Desc,
}

impl Sql {
    pub(crate) fn new(text: &str) -> Self {
        Self {
            text: text.to_owned(),
            values: Vec::new(),
        }
    }

    /// Appends SQL text as it is.
    pub(crate) fn push(&mut self, text: &str) -> &mut Self {
        self.text.push_str(text);
        self
    }

    /// Binds a value and returns its placeholder (`$N`), which may be used more than once.
    pub(crate) fn bind(&mut self, value: impl Into<Value>) -> String {
        self.values.push(value.into());
        format!("${}", self.values.len())
    }

    /// ` AND (t, id) < (at, after)` — `>` for an ascending list — when there is a cursor: the
    /// rows strictly after it in `(time, id)` order. A row comparison, which both engines
    /// start an index scan at. Written as `t < at OR (t = at AND id < after)`, PostgreSQL could
    /// start none: it read every row before the cursor (a deep page cost what all the pages
    /// before it did), and it guessed the rows an `OR` keeps so badly that it sorted everything
    /// newer than a cursor to count a page of them (the plan test, `tests/adapters/plans.rs`).
    pub(crate) fn after(
        &mut self,
        time: &str,
        id: &str,
        cursor: Option<Cursor>,
        order: Order,
    ) -> &mut Self {
        if let Some(c) = cursor {
            let op = match order {
                Order::Asc => '>',
                Order::Desc => '<',
            };
            let at = self.bind(c.at);
            let after = self.bind(c.id);
            self.text
                .push_str(&format!(" AND ({time}, {id}) {op} ({at}, {after})"));
        }
        self
    }

    /// ` ORDER BY t, id LIMIT n`, both columns in `order`.
    pub(crate) fn order_limit(
        &mut self,
        time: &str,
        id: &str,
        order: Order,
        limit: u64,
    ) -> &mut Self {
        let limit = self.bind(i64::try_from(limit).unwrap_or(i64::MAX));
        self.order_by(time, id, order, &limit)
    }

    /// As [`Sql::order_limit`], the limit written into the text rather than bound. PostgreSQL
    /// keeps a plan for a prepared statement (a generic plan, made without the values) when it
    /// is priced no dearer than the plans made for the values, and it prices a bound `LIMIT` as
    /// reading a tenth of the rows: with a bound limit it kept the plaza feed's plan at 10 000
    /// posts and planned every page again at 1 000 000, 2 ms of a 2.5 ms page (`just bench`,
    /// docs/benchmarks.md "Growth"). Only for a statement whose plan suits every value it is
    /// run with: a kept plan is made for an average value, and for a skewed one (a prolific
    /// author's posts) it read and sorted all 10 000 of them.
    pub(crate) fn inline_limit(
        &mut self,
        time: &str,
        id: &str,
        order: Order,
        limit: u64,
    ) -> &mut Self {
        self.order_by(time, id, order, &limit.to_string())
    }

    /// ` ORDER BY time dir, id dir LIMIT limit`, the limit a placeholder or a literal.
    fn order_by(&mut self, time: &str, id: &str, order: Order, limit: &str) -> &mut Self {
        let dir = match order {
            Order::Asc => "ASC",
            Order::Desc => "DESC",
        };
        self.text
            .push_str(&format!(" ORDER BY {time} {dir}, {id} {dir} LIMIT {limit}"));
        self
    }

    pub(crate) fn build(self, backend: DbBackend) -> Statement {
        crate::statement(backend, &self.text, self.values)
    }
}

/// `alias.col AS prefixcol, …` for every column of `E`, to read a joined row back with
/// `Model::from_query_result(row, prefix)`.
pub(crate) fn columns<E: EntityTrait>(alias: &str, prefix: &str) -> String {
    E::Column::iter()
        .map(|c| format!("{alias}.{col} AS {prefix}{col}", col = c.as_str()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A time as stored: PostgreSQL keeps microseconds, so both engines are given no more (and a
/// cursor, which carries microseconds, names a stored time exactly).
pub(crate) fn stored(t: DateTime<Utc>) -> DateTime<Utc> {
    t.trunc_subsecs(6)
}

/// A `LIKE` pattern for "contains `text`", with `\` escaping `%`, `_` and `\` itself (the
/// statement says `ESCAPE '\'`).
pub(crate) fn contains_pattern(text: &str) -> String {
    let mut pattern = String::with_capacity(text.len() + 2);
    pattern.push('%');
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

/// A `LIKE` pattern for "starts with `text`", escaped as [`contains_pattern`] does.
pub(crate) fn prefix_pattern(text: &str) -> String {
    let mut pattern = contains_pattern(text);
    pattern.remove(0);
    pattern
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn like_patterns_escape_their_wildcards() {
        assert_eq!(contains_pattern("读书"), "%读书%");
        assert_eq!(contains_pattern("50%_a\\b"), "%50\\%\\_a\\\\b%");
        assert_eq!(prefix_pattern("51%"), "51\\%%");
    }

    #[test]
    fn keyset_conditions_compare_rows() {
        let mut sql = Sql::new("SELECT 1 FROM t WHERE a = ");
        let a = sql.bind(1_i64);
        sql.push(&a);
        let cursor = Cursor::new(DateTime::UNIX_EPOCH, uuid::Uuid::nil());
        sql.after("t.at", "t.id", Some(cursor), Order::Asc)
            .order_limit("t.at", "t.id", Order::Asc, 21);
        assert_eq!(
            sql.text,
            "SELECT 1 FROM t WHERE a = $1 AND (t.at, t.id) > ($2, $3) \
             ORDER BY t.at ASC, t.id ASC LIMIT $4"
        );
        assert_eq!(sql.values.len(), 4);
    }
}
