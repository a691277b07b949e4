//! The audit log (`audit_events`): writing it ([`SqlAuditLog`], the `kernel::AuditLog` port every
//! domain records through) and reading it: the filters as one `WHERE`, keyset pages newest
//! first on `(at, id)`, and the actors' names in a second query by id (one per page, whatever
//! its size). The indexes it leans on are in migration 000013.

use crate::entities::{audit_events, users};
use crate::unexpected;
use async_trait::async_trait;
use audit::{ActorName, AuditEntry, AuditFilter, AuditReader};
use kernel::{AuditEvent, AuditLog, Cursor, Page, PageRequest, UserId};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ActiveModelTrait, DatabaseConnection, Set};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Select};
use std::collections::HashMap;

/// The audit log in the `audit_events` table.
#[derive(Debug, Clone)]
pub struct SqlAuditLog {
    db: DatabaseConnection,
}

impl SqlAuditLog {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }

    pub(crate) fn conn(&self) -> &DatabaseConnection {
        &self.db
    }

    /// The newest events first, at most `limit` (the admin console pages through them).
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn recent(&self, limit: u64) -> anyhow::Result<Vec<AuditEvent>> {
        use sea_orm::QuerySelect;
        let rows = audit_events::Entity::find()
            .order_by_desc(audit_events::Column::At)
            .order_by_desc(audit_events::Column::Id)
            .limit(limit)
            .all(&self.db)
            .await
            .map_err(unexpected)?;
        Ok(rows
            .into_iter()
            .map(|m| AuditEvent {
                at: m.at,
                actor: m.actor_id.map(UserId),
                action: m.action,
                target: m.target,
                ip: m.ip,
                detail: m.detail,
            })
            .collect())
    }
}

#[async_trait]
impl AuditLog for SqlAuditLog {
    async fn record(&self, event: AuditEvent) -> anyhow::Result<()> {
        audit_events::ActiveModel {
            id: Set(uuid::Uuid::new_v4()),
            at: Set(event.at),
            actor_id: Set(event.actor.map(|a| a.0)),
            action: Set(event.action),
            target: Set(event.target),
            ip: Set(event.ip),
            detail: Set(event.detail),
        }
        .insert(&self.db)
        .await
        .map_err(unexpected)?;
        Ok(())
    }
}

/// The events matching `filter`, newest first.
fn select(filter: &AuditFilter) -> Select<audit_events::Entity> {
    let mut q = audit_events::Entity::find();
    if !filter.actions.is_empty() {
        q = q.filter(audit_events::Column::Action.is_in(filter.actions.iter().map(|a| a.as_str())));
    }
    if let Some(actor) = filter.actor {
        q = q.filter(audit_events::Column::ActorId.eq(actor.0));
    }
    if let Some(target) = &filter.target {
        q = q.filter(audit_events::Column::Target.eq(target.as_str()));
    }
    if let Some(from) = filter.from {
        q = q.filter(audit_events::Column::At.gte(crate::sql::stored(from)));
    }
    if let Some(to) = filter.to {
        q = q.filter(audit_events::Column::At.lt(crate::sql::stored(to)));
    }
    q.order_by_desc(audit_events::Column::At)
        .order_by_desc(audit_events::Column::Id)
}

impl SqlAuditLog {
    /// The rows with their actors' names (one query for all the names).
    async fn named(&self, rows: Vec<audit_events::Model>) -> anyhow::Result<Vec<AuditEntry>> {
        let mut ids: Vec<uuid::Uuid> = rows.iter().filter_map(|r| r.actor_id).collect();
        ids.sort_unstable();
        ids.dedup();
        let names: HashMap<uuid::Uuid, ActorName> = if ids.is_empty() {
            HashMap::new()
        } else {
            users::Entity::find()
                .filter(users::Column::Id.is_in(ids))
                .all(self.conn())
                .await
                .map_err(unexpected)?
                .into_iter()
                .map(|u| {
                    (
                        u.id,
                        ActorName {
                            username: u.username,
                            nickname: u.nickname,
                        },
                    )
                })
                .collect()
        };
        Ok(rows
            .into_iter()
            .map(|m| AuditEntry {
                id: m.id,
                actor_name: m.actor_id.and_then(|a| names.get(&a).cloned()),
                event: AuditEvent {
                    at: m.at,
                    actor: m.actor_id.map(UserId),
                    action: m.action,
                    target: m.target,
                    ip: m.ip,
                    detail: m.detail,
                },
            })
            .collect())
    }
}

#[async_trait]
impl AuditReader for SqlAuditLog {
    async fn find(
        &self,
        filter: &AuditFilter,
        page: PageRequest,
    ) -> anyhow::Result<Page<AuditEntry>> {
        let mut q = select(filter);
        if let Some(c) = page.after {
            // `(at, id) < (c.at, c.id)`: a row comparison, where an index scan starts (see
            // `crate::sql::Sql::after`).
            q = q.filter(
                Expr::tuple([
                    Expr::col(audit_events::Column::At),
                    Expr::col(audit_events::Column::Id),
                ])
                .lt(Expr::tuple([Expr::value(c.at), Expr::value(c.id)])),
            );
        }
        let rows = q
            .limit(page.fetch_limit())
            .all(self.conn())
            .await
            .map_err(unexpected)?;
        let entries = self.named(rows).await?;
        Ok(Page::from_fetched(entries, page, |e| {
            Cursor::new(e.event.at, e.id)
        }))
    }

    async fn find_all(&self, filter: &AuditFilter, limit: u64) -> anyhow::Result<Vec<AuditEntry>> {
        let rows = select(filter)
            .limit(limit)
            .all(self.conn())
            .await
            .map_err(unexpected)?;
        self.named(rows).await
    }
}
