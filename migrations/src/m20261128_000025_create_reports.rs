//! Reports and the moderation queue (docs/moderation.md, "Reports").
//!
//! - `report_cases`: one row per case — every report of one item while it is open — with what
//!   was reported (`subject_kind`, `subject_id`), its author, its group (whose managers handle
//!   it), an excerpt as it was when first reported, the count of reports, and how it was
//!   closed. At most one open case per item: a unique index over the subject of the rows not
//!   closed, so two first reports at once open one case.
//! - `reports`: one row per reporter and case (a repeat changes nothing), with the reason and
//!   the note. Never shown to the reported person.

use sea_orm_migration::sea_orm::ConnectionTrait;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum ReportCases {
    Table,
    Id,
    SubjectKind,
    SubjectId,
    AuthorId,
    GroupId,
    ParentId,
    Excerpt,
    Reports,
    OpenedAt,
    LastReportedAt,
    ClosedAction,
    ClosedBy,
    ClosedAt,
    ClosedNote,
}

#[derive(DeriveIden)]
enum Reports {
    Table,
    CaseId,
    ReporterId,
    Reason,
    Note,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(ReportCases::Table)
                    .if_not_exists()
                    .col(uuid(ReportCases::Id).primary_key())
                    .col(string_len(ReportCases::SubjectKind, 8))
                    .col(uuid(ReportCases::SubjectId))
                    // Not a foreign key: the case outlives what it was about (a deleted post).
                    .col(uuid(ReportCases::AuthorId))
                    .col(uuid_null(ReportCases::GroupId))
                    // A reply's article, a comment's post.
                    .col(uuid_null(ReportCases::ParentId))
                    .col(text(ReportCases::Excerpt))
                    .col(integer(ReportCases::Reports))
                    .col(timestamp_with_time_zone(ReportCases::OpenedAt))
                    .col(timestamp_with_time_zone(ReportCases::LastReportedAt))
                    .col(string_len_null(ReportCases::ClosedAction, 8))
                    .col(uuid_null(ReportCases::ClosedBy))
                    .col(timestamp_with_time_zone_null(ReportCases::ClosedAt))
                    .col(text_null(ReportCases::ClosedNote))
                    .to_owned(),
            )
            .await?;
        // One open case per item (both engines take a partial unique index).
        manager
            .get_connection()
            .execute_unprepared(
                "CREATE UNIQUE INDEX report_cases_open_subject ON report_cases \
                 (subject_kind, subject_id) WHERE closed_at IS NULL",
            )
            .await?;
        // The queues: a group's, the site's; oldest first.
        manager
            .create_index(
                Index::create()
                    .name("report_cases_group_opened")
                    .table(ReportCases::Table)
                    .col(ReportCases::GroupId)
                    .col(ReportCases::OpenedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("report_cases_opened")
                    .table(ReportCases::Table)
                    .col(ReportCases::OpenedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Reports::Table)
                    .if_not_exists()
                    .col(uuid(Reports::CaseId))
                    .col(uuid(Reports::ReporterId))
                    .col(string_len(Reports::Reason, 8))
                    .col(text_null(Reports::Note))
                    .col(timestamp_with_time_zone(Reports::CreatedAt))
                    .primary_key(
                        Index::create()
                            .col(Reports::CaseId)
                            .col(Reports::ReporterId),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_reports_case")
                            .from(Reports::Table, Reports::CaseId)
                            .to(ReportCases::Table, ReportCases::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_reports_reporter")
                            .from(Reports::Table, Reports::ReporterId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(Reports::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(ReportCases::Table).to_owned())
            .await
    }
}
