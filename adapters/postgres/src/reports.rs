//! The reports' ports over `report_cases` and `reports` (migration 000025) and the content
//! tables: [`SqlCaseStore`] keeps the cases, [`SqlSubjects`] says what a reported item is as
//! the reporter may see it (the pages' rules: a private group's content for its active members
//! only), [`SqlGroupManagers`] who manages a group.
//!
//! Filing is one transaction: the open case of the item is found or opened — two first reports
//! at once both `INSERT … ON CONFLICT DO NOTHING` on the unique index of open subjects, then
//! read the one that is there — and the report is inserted once per reporter, the count going
//! up only when it was.

use crate::sql::{Order, PERSON_COLUMNS, Sql, person, rows, run, stored};
use crate::withheld::{CASE_EXCERPT_CHARS, Item, decide};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use groups::model::{ArticleStatus, MemberRole, MemberState, Visibility};
use kernel::{Cursor, GroupId, Page, PageRequest, UserId};
use reports::ReportsError;
use reports::model::{
    Action, Case, CaseId, Closed, Filed, NewReport, Queue, Reason, Subject, SubjectKind, Target,
};
use reports::ports::{CaseStore, GroupManagers, Subjects};
use sea_orm::{DatabaseConnection, QueryResult, TransactionTrait};
use std::collections::HashMap;
use uuid::Uuid;

pub struct SqlCaseStore {
    db: DatabaseConnection,
}

impl SqlCaseStore {
    pub(crate) fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

pub struct SqlSubjects {
    db: DatabaseConnection,
}

impl SqlSubjects {
    pub(crate) fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

pub struct SqlGroupManagers {
    db: DatabaseConnection,
}

impl SqlGroupManagers {
    pub(crate) fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

const CASE_COLUMNS: &str = "c.id, c.subject_kind, c.subject_id, c.author_id, c.group_id, c.parent_id, \
     c.excerpt, c.reports, c.opened_at, c.last_reported_at, c.closed_action, c.closed_by, \
     c.closed_at, c.closed_note, c.held_words";

fn corrupt(what: &str, value: &str) -> ReportsError {
    ReportsError::Unexpected(anyhow::anyhow!(
        "report_cases holds a bad {what}: {value:?}"
    ))
}

fn case_of(row: &QueryResult, reasons: Vec<(Reason, u32)>) -> Result<Case, ReportsError> {
    let get = crate::unexpected;
    let kind: String = row.try_get("", "subject_kind").map_err(get)?;
    let closed_action: Option<String> = row.try_get("", "closed_action").map_err(get)?;
    let closed = match closed_action {
        None => None,
        Some(action) => Some(Closed {
            action: Action::parse(&action).ok_or_else(|| corrupt("action", &action))?,
            by: UserId(
                row.try_get::<Option<Uuid>>("", "closed_by")
                    .map_err(get)?
                    .unwrap_or_default(),
            ),
            at: row
                .try_get::<Option<DateTime<Utc>>>("", "closed_at")
                .map_err(get)?
                .unwrap_or_default(),
            note: row.try_get("", "closed_note").map_err(get)?,
        }),
    };
    let reports: i32 = row.try_get("", "reports").map_err(get)?;
    Ok(Case {
        id: CaseId(row.try_get("", "id").map_err(get)?),
        subject: Subject {
            kind: SubjectKind::parse(&kind).ok_or_else(|| corrupt("subject kind", &kind))?,
            id: row.try_get("", "subject_id").map_err(get)?,
        },
        author: person(row)?,
        group: row
            .try_get::<Option<Uuid>>("", "group_id")
            .map_err(get)?
            .map(GroupId),
        parent: row.try_get("", "parent_id").map_err(get)?,
        excerpt: row.try_get("", "excerpt").map_err(get)?,
        reports: u32::try_from(reports).unwrap_or_default(),
        reasons,
        opened_at: row.try_get("", "opened_at").map_err(get)?,
        last_reported_at: row.try_get("", "last_reported_at").map_err(get)?,
        closed,
        held_words: row
            .try_get::<Option<String>>("", "held_words")
            .map_err(get)?
            .map(|w| w.lines().map(str::to_owned).collect()),
    })
}

/// The cases of `rows` with their reasons counted, read in one statement for all of them.
async fn cases(
    db: &DatabaseConnection,
    found: Vec<QueryResult>,
) -> Result<Vec<Case>, ReportsError> {
    let mut reasons: HashMap<Uuid, Vec<(Reason, u32)>> = HashMap::new();
    if !found.is_empty() {
        let mut sql =
            Sql::new("SELECT case_id, reason, COUNT(*) AS n FROM reports WHERE case_id IN (");
        let ids = found
            .iter()
            .map(|r| {
                r.try_get::<Uuid>("", "id")
                    .map(|id| sql.bind(id))
                    .map_err(crate::unexpected)
            })
            .collect::<Result<Vec<_>, _>>()?;
        sql.push(&ids.join(", "))
            .push(") GROUP BY case_id, reason ORDER BY case_id, n DESC, reason");
        for row in rows(db, sql).await? {
            let case: Uuid = row.try_get("", "case_id").map_err(crate::unexpected)?;
            let reason: String = row.try_get("", "reason").map_err(crate::unexpected)?;
            let n: i64 = row.try_get("", "n").map_err(crate::unexpected)?;
            let reason = Reason::parse(&reason).ok_or_else(|| corrupt("reason", &reason))?;
            reasons
                .entry(case)
                .or_default()
                .push((reason, u32::try_from(n).unwrap_or_default()));
        }
    }
    found
        .iter()
        .map(|row| {
            let id: Uuid = row.try_get("", "id").map_err(crate::unexpected)?;
            case_of(row, reasons.remove(&id).unwrap_or_default())
        })
        .collect()
}

#[async_trait]
impl CaseStore for SqlCaseStore {
    async fn file(&self, report: &NewReport, target: &Target) -> Result<Filed, ReportsError> {
        let txn = self.db.begin().await.map_err(crate::unexpected)?;
        let at = stored(report.at);
        let mut open = Sql::new(
            "INSERT INTO report_cases (id, subject_kind, subject_id, author_id, group_id, \
             parent_id, excerpt, reports, opened_at, last_reported_at) VALUES (",
        );
        let values = [
            open.bind(Uuid::new_v4()),
            open.bind(report.subject.kind.as_str()),
            open.bind(report.subject.id),
            open.bind(target.author.0),
            open.bind(target.group.map(|g| g.0)),
            open.bind(target.parent),
            open.bind(kernel::markdown::excerpt(
                &target.excerpt,
                CASE_EXCERPT_CHARS,
            )),
            open.bind(0_i32),
            open.bind(at),
        ];
        open.push(&format!(
            "{}, {}) ON CONFLICT (subject_kind, subject_id) WHERE closed_at IS NULL DO NOTHING",
            values.join(", "),
            values[8]
        ));
        run(&txn, open).await?;
        let mut find =
            Sql::new("SELECT id FROM report_cases WHERE closed_at IS NULL AND subject_kind = ");
        let kind = find.bind(report.subject.kind.as_str());
        let id = find.bind(report.subject.id);
        find.push(&format!("{kind} AND subject_id = {id}"));
        let case: Uuid = rows(&txn, find)
            .await?
            .first()
            .ok_or_else(|| anyhow::anyhow!("the open case of a subject is missing"))?
            .try_get("", "id")
            .map_err(crate::unexpected)?;
        let mut insert = Sql::new(
            "INSERT INTO reports (case_id, reporter_id, reason, note, created_at) VALUES (",
        );
        let values = [
            insert.bind(case),
            insert.bind(report.reporter.0),
            insert.bind(report.reason.as_str()),
            insert.bind(report.note.clone()),
            insert.bind(at),
        ];
        insert.push(&format!(
            "{}) ON CONFLICT (case_id, reporter_id) DO NOTHING",
            values.join(", ")
        ));
        let counted = run(&txn, insert).await? > 0;
        if counted {
            let mut count = Sql::new("UPDATE report_cases SET reports = reports + 1, ");
            let at = count.bind(at);
            let id = count.bind(case);
            count.push(&format!("last_reported_at = {at} WHERE id = {id}"));
            run(&txn, count).await?;
        }
        txn.commit().await.map_err(crate::unexpected)?;
        Ok(Filed {
            case: CaseId(case),
            counted,
        })
    }

    async fn find(&self, id: CaseId) -> Result<Option<Case>, ReportsError> {
        let mut sql = Sql::new(&format!(
            "SELECT {CASE_COLUMNS}, {PERSON_COLUMNS} FROM report_cases c \
             JOIN users u ON u.id = c.author_id WHERE c.id = "
        ));
        let id = sql.bind(id.0);
        sql.push(&id);
        Ok(cases(&self.db, rows(&self.db, sql).await?).await?.pop())
    }

    async fn queue(
        &self,
        queue: Queue,
        open: bool,
        page: PageRequest,
    ) -> Result<Page<Case>, ReportsError> {
        let mut sql = Sql::new(&format!(
            "SELECT {CASE_COLUMNS}, {PERSON_COLUMNS} FROM report_cases c \
             JOIN users u ON u.id = c.author_id WHERE "
        ));
        sql.push(if open {
            "c.closed_at IS NULL"
        } else {
            "c.closed_at IS NOT NULL"
        });
        match queue {
            // What the word list held is the operator's to review, not the group's.
            Queue::Group(group) => {
                let g = sql.bind(group.0);
                sql.push(&format!(" AND c.group_id = {g} AND c.held_words IS NULL"));
            }
            Queue::Site { escalated_before } if open => {
                let before = sql.bind(stored(escalated_before));
                sql.push(&format!(
                    " AND (c.group_id IS NULL OR c.held_words IS NOT NULL \
                     OR c.opened_at <= {before})"
                ));
            }
            // Closed: every case the administrators could have handled.
            Queue::Site { .. } => {}
        }
        sql.after("c.opened_at", "c.id", page.after, Order::Asc)
            .order_limit("c.opened_at", "c.id", Order::Asc, page.fetch_limit());
        let items = cases(&self.db, rows(&self.db, sql).await?).await?;
        Ok(Page::from_fetched(items, page, |c: &Case| {
            Cursor::new(c.opened_at, c.id.0)
        }))
    }

    async fn close(&self, id: CaseId, closed: &Closed) -> Result<bool, ReportsError> {
        let txn = self.db.begin().await.map_err(crate::unexpected)?;
        let mut sql = Sql::new("UPDATE report_cases SET closed_action = ");
        let action = sql.bind(closed.action.as_str());
        let by = sql.bind(closed.by.0);
        let at = sql.bind(stored(closed.at));
        let note = sql.bind(closed.note.clone());
        let case = sql.bind(id.0);
        sql.push(&format!(
            "{action}, closed_by = {by}, closed_at = {at}, closed_note = {note} \
             WHERE id = {case} AND closed_at IS NULL \
             RETURNING subject_kind, subject_id, held_words"
        ));
        let Some(row) = rows(&txn, sql).await?.into_iter().next() else {
            return Ok(false);
        };
        let get = crate::unexpected;
        let kind: String = row.try_get("", "subject_kind").map_err(get)?;
        if let Some(item) = Item::of_kind(&kind) {
            let subject: Uuid = row.try_get("", "subject_id").map_err(get)?;
            let held: Option<String> = row.try_get("", "held_words").map_err(get)?;
            decide(
                &txn,
                item,
                subject,
                closed.action == Action::Hide,
                closed.action == Action::Dismiss && held.is_some(),
            )
            .await?;
        }
        txn.commit().await.map_err(crate::unexpected)?;
        Ok(true)
    }

    async fn reporters(&self, id: CaseId) -> Result<Vec<UserId>, ReportsError> {
        let mut sql = Sql::new("SELECT reporter_id FROM reports WHERE case_id = ");
        let id = sql.bind(id.0);
        sql.push(&format!("{id} ORDER BY created_at, reporter_id"));
        rows(&self.db, sql)
            .await?
            .iter()
            .map(|row| {
                row.try_get("", "reporter_id")
                    .map(UserId)
                    .map_err(|e| ReportsError::Unexpected(crate::unexpected(e)))
            })
            .collect()
    }

    async fn reopen(&self, id: CaseId) -> Result<(), ReportsError> {
        let mut sql = Sql::new(
            "UPDATE report_cases SET closed_action = NULL, closed_by = NULL, closed_at = NULL, \
             closed_note = NULL WHERE id = ",
        );
        let id = sql.bind(id.0);
        sql.push(&id);
        run(&self.db, sql).await?;
        Ok(())
    }
}

/// `vm`, the viewer's membership of group `g`, and the rule that a private group's content is
/// for its active members only (as the group's pages).
fn readable(sql: &mut Sql, viewer: UserId) -> (String, String) {
    let v = sql.bind(viewer.0);
    let public = sql.bind(Visibility::Public.as_str());
    let active = sql.bind(MemberState::Active.as_str());
    (
        format!("LEFT JOIN group_memberships vm ON vm.group_id = g.id AND vm.user_id = {v}"),
        format!("(g.visibility = {public} OR vm.state = {active})"),
    )
}

#[async_trait]
impl Subjects for SqlSubjects {
    async fn describe(
        &self,
        subject: Subject,
        viewer: UserId,
    ) -> Result<Option<Target>, ReportsError> {
        let mut sql = Sql::new("");
        let text = match subject.kind {
            SubjectKind::Post => {
                "SELECT p.author_id AS author, NULL AS grp, NULL AS parent, p.body AS text FROM plaza_posts p \
                 WHERE p.withheld IS NULL AND p.id = "
                    .to_owned()
            }
            SubjectKind::Comment => "SELECT c.author_id AS author, NULL AS grp, c.post_id AS parent, c.body AS text \
                 FROM plaza_comments c WHERE c.withheld IS NULL AND c.id = "
                .to_owned(),
            SubjectKind::Person => {
                "SELECT u.id AS author, NULL AS grp, NULL AS parent, u.nickname AS text FROM users u \
                 WHERE u.disabled_at IS NULL AND u.id = "
                    .to_owned()
            }
            SubjectKind::Article => {
                let (vm, rule) = readable(&mut sql, viewer);
                let published = sql.bind(ArticleStatus::Published.as_str());
                format!(
                    "SELECT a.author_id AS author, g.id AS grp, NULL AS parent, a.title AS text FROM articles a \
                     JOIN groups g ON g.id = a.group_id {vm} WHERE a.status = {published} \
                     AND a.withheld IS NULL AND {rule} AND a.id = "
                )
            }
            SubjectKind::Reply => {
                let (vm, rule) = readable(&mut sql, viewer);
                let published = sql.bind(ArticleStatus::Published.as_str());
                format!(
                    "SELECT r.author_id AS author, g.id AS grp, r.article_id AS parent, r.body AS text \
                     FROM article_replies r JOIN articles a ON a.id = r.article_id \
                     JOIN groups g ON g.id = a.group_id {vm} WHERE r.deleted_at IS NULL \
                     AND r.withheld IS NULL AND a.status = {published} AND {rule} AND r.id = "
                )
            }
            SubjectKind::Group => {
                let (vm, rule) = readable(&mut sql, viewer);
                format!(
                    "SELECT g.owner_id AS author, g.id AS grp, NULL AS parent, g.name AS text FROM groups g {vm} \
                     WHERE {rule} AND g.id = "
                )
            }
            SubjectKind::Image => {
                let (vm, rule) = readable(&mut sql, viewer);
                format!(
                    "SELECT m.owner_id AS author, m.group_id AS grp, NULL AS parent, '' AS text FROM media m \
                     LEFT JOIN groups g ON g.id = m.group_id {vm} WHERE m.hidden_at IS NULL \
                     AND (m.group_id IS NULL OR {rule}) AND m.id = "
                )
            }
        };
        let id = sql.bind(subject.id);
        sql.push(&format!("{text}{id}"));
        let Some(row) = rows(&self.db, sql).await?.into_iter().next() else {
            return Ok(None);
        };
        let get = crate::unexpected;
        Ok(Some(Target {
            author: UserId(row.try_get("", "author").map_err(get)?),
            group: row
                .try_get::<Option<Uuid>>("", "grp")
                .map_err(get)?
                .map(GroupId),
            parent: row.try_get("", "parent").map_err(get)?,
            excerpt: row.try_get("", "text").map_err(get)?,
        }))
    }
}

#[async_trait]
impl GroupManagers for SqlGroupManagers {
    async fn manages(&self, group: GroupId, user: UserId) -> Result<bool, ReportsError> {
        let mut sql = Sql::new("SELECT 1 AS one FROM group_memberships WHERE group_id = ");
        let g = sql.bind(group.0);
        let u = sql.bind(user.0);
        let active = sql.bind(MemberState::Active.as_str());
        let owner = sql.bind(MemberRole::Owner.as_str());
        let admin = sql.bind(MemberRole::Admin.as_str());
        sql.push(&format!(
            "{g} AND user_id = {u} AND state = {active} AND role IN ({owner}, {admin})"
        ));
        Ok(!rows(&self.db, sql).await?.is_empty())
    }
}
