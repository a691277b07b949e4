//! The audit log's reading (the admin console's `/admin/logs`):
//!
//! - `idx_audit_events_at_id` (`at DESC, id DESC`): every list and export runs newest first by
//!   keyset on `(at, id)`; with the time and its tie-breaker in one index a deep page costs the
//!   same as the first.
//! - `idx_audit_events_target`: the exact-target filter (a username, a masked phone, an id).
//!
//! The action and actor filters use `idx_audit_events_action` and `idx_audit_events_actor` from
//! `m20261121_000005`.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum AuditEvents {
    Table,
    Id,
    At,
    Target,
}

const AT_ID: &str = "idx_audit_events_at_id";
const TARGET: &str = "idx_audit_events_target";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_index(
                Index::create()
                    .name(AT_ID)
                    .table(AuditEvents::Table)
                    .col((AuditEvents::At, IndexOrder::Desc))
                    .col((AuditEvents::Id, IndexOrder::Desc))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name(TARGET)
                    .table(AuditEvents::Table)
                    .col(AuditEvents::Target)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for name in [TARGET, AT_ID] {
            manager
                .drop_index(
                    Index::drop()
                        .name(name)
                        .table(AuditEvents::Table)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}
