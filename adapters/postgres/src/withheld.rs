//! Content shown to its author only (migration 000026, docs/moderation.md "Hold and hide"): a
//! plaza post or comment, an article or a reply that the word list held for review
//! (`withheld = 'held'`) or a moderator hid (`'hidden'`).
//!
//! - **Reading.** Every list and every single item asks [`shown_to`] with the viewer: the row
//!   is read when nothing withholds it or the viewer wrote it. A visitor reads no withheld
//!   row. Search and the new-posts count ask `withheld IS NULL` alone.
//! - **Holding** is part of the write that stores the text: the same transaction marks the row
//!   held and opens its case ([`hold`]), so a held item is never shown, not even for the time
//!   between two statements, and never held without a case. A row held or hidden already stays
//!   as it is (an edit cannot take a hidden item back to review).
//! - **Deciding** is the case's closing ([`decide`], in the transaction that claims the case):
//!   hiding marks the row hidden; dismissing a case the word list opened shows the row again.

use crate::sql::{Sql, run, stored};
use chrono::{DateTime, Utc};
use kernel::{UserId, Withheld};
use sea_orm::ConnectionTrait;
use uuid::Uuid;

/// The most characters of an item's text a case keeps.
pub(crate) const CASE_EXCERPT_CHARS: usize = 280;

/// What can be withheld, by the name a case gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Item {
    Post,
    Comment,
    Article,
    Reply,
}

impl Item {
    /// The case's subject kind for it (`reports::SubjectKind::as_str`).
    pub(crate) fn kind(self) -> &'static str {
        match self {
            Item::Post => "post",
            Item::Comment => "comment",
            Item::Article => "article",
            Item::Reply => "reply",
        }
    }

    /// The item of a case's subject kind; `None` for what cannot be withheld.
    pub(crate) fn of_kind(kind: &str) -> Option<Self> {
        [Item::Post, Item::Comment, Item::Article, Item::Reply]
            .into_iter()
            .find(|i| i.kind() == kind)
    }

    fn table(self) -> &'static str {
        match self {
            Item::Post => "plaza_posts",
            Item::Comment => "plaza_comments",
            Item::Article => "articles",
            Item::Reply => "article_replies",
        }
    }
}

/// ` AND (alias.withheld IS NULL OR alias.author_id = viewer)`: the rows of `alias` the
/// viewer may read (a visitor: none withheld).
pub(crate) fn shown_to(sql: &mut Sql, viewer: Option<UserId>, alias: &str) {
    match viewer {
        Some(viewer) => {
            let v = sql.bind(viewer.0);
            sql.push(&format!(
                " AND ({alias}.withheld IS NULL OR {alias}.author_id = {v})"
            ));
        }
        None => {
            sql.push(&format!(" AND {alias}.withheld IS NULL"));
        }
    }
}

/// The stored `withheld` of a row.
///
/// # Errors
/// A value the code never writes (corruption).
pub(crate) fn parse(raw: Option<String>) -> anyhow::Result<Option<Withheld>> {
    raw.map(|raw| {
        Withheld::parse(&raw).ok_or_else(|| anyhow::anyhow!("stored withheld {raw:?} is invalid"))
    })
    .transpose()
}

/// An item the word list holds.
pub(crate) struct Held<'a> {
    pub item: Item,
    pub id: Uuid,
    /// Its text as stored, for the case's excerpt.
    pub text: &'a str,
    pub words: &'a [String],
    pub at: DateTime<Utc>,
}

impl Item {
    /// The item's author, group and parent (a comment's post, a reply's article) as columns
    /// of the row `t`.
    fn case_columns(self) -> &'static str {
        match self {
            Item::Post => "t.author_id, NULL, NULL",
            Item::Comment => "t.author_id, NULL, t.post_id",
            Item::Article => "t.author_id, t.group_id, NULL",
            Item::Reply => {
                "t.author_id, (SELECT a.group_id FROM articles a WHERE a.id = t.article_id), \
                 t.article_id"
            }
        }
    }
}

/// Marks `held.id` held when it is shown, and opens its case for the site's administrators
/// with the words that held it (an open case of reports on it takes the words). Run in the
/// transaction of the write that stored the text. `false` when the row was withheld already
/// (nothing written).
///
/// # Errors
/// The database's.
pub(crate) async fn hold(c: &impl ConnectionTrait, held: &Held<'_>) -> anyhow::Result<bool> {
    let table = held.item.table();
    let mut mark = Sql::new(&format!(
        "UPDATE {table} SET withheld = 'held' WHERE withheld IS NULL AND id = "
    ));
    let id = mark.bind(held.id);
    mark.push(&id);
    if run(c, mark).await? == 0 {
        return Ok(false);
    }
    let mut open = Sql::new(
        "INSERT INTO report_cases (id, subject_kind, subject_id, author_id, group_id, \
         parent_id, excerpt, reports, opened_at, last_reported_at, held_words) SELECT ",
    );
    let at = stored(held.at);
    let case = open.bind(Uuid::new_v4());
    let kind = open.bind(held.item.kind());
    let subject = open.bind(held.id);
    let excerpt = open.bind(kernel::markdown::excerpt(held.text, CASE_EXCERPT_CHARS));
    let at = open.bind(at);
    let words = open.bind(held.words.join("\n"));
    open.push(&format!(
        "{case}, {kind}, t.id, {columns}, {excerpt}, 0, {at}, {at}, {words} FROM {table} t \
         WHERE t.id = {subject} ON CONFLICT (subject_kind, subject_id) WHERE closed_at IS NULL \
         DO UPDATE SET held_words = excluded.held_words",
        columns = held.item.case_columns(),
    ));
    run(c, open).await?;
    Ok(true)
}

/// Carries a case's closing out on its item, in the transaction that closed the case: `hide`
/// marks it hidden; otherwise a held item is shown again when `release` (the case the word
/// list opened was dismissed).
///
/// # Errors
/// The database's.
pub(crate) async fn decide(
    c: &impl ConnectionTrait,
    item: Item,
    id: Uuid,
    hide: bool,
    release: bool,
) -> anyhow::Result<()> {
    let table = item.table();
    let statement = if hide {
        format!("UPDATE {table} SET withheld = 'hidden' WHERE id = ")
    } else if release {
        format!("UPDATE {table} SET withheld = NULL WHERE withheld = 'held' AND id = ")
    } else {
        return Ok(());
    };
    let mut sql = Sql::new(&statement);
    let id = sql.bind(id);
    sql.push(&id);
    run(c, sql).await?;
    Ok(())
}
