//! Personal access tokens (only the SHA-256 of each secret is kept) and the audit log that
//! token creation and revocation — and later logins and admin actions — write to.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum PersonalAccessTokens {
    Table,
    Id,
    UserId,
    Name,
    Digest,
    Hint,
    Scopes,
    CreatedAt,
    ExpiresAt,
    LastUsedAt,
    RevokedAt,
}

#[derive(DeriveIden)]
enum AuditEvents {
    Table,
    Id,
    At,
    ActorId,
    Action,
    Target,
    Ip,
    Detail,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(PersonalAccessTokens::Table)
                    .if_not_exists()
                    .col(uuid(PersonalAccessTokens::Id).primary_key())
                    .col(uuid(PersonalAccessTokens::UserId))
                    .col(string_len(PersonalAccessTokens::Name, 200))
                    .col(string_len(PersonalAccessTokens::Digest, 64).unique_key())
                    .col(string_len(PersonalAccessTokens::Hint, 16))
                    .col(string_len(PersonalAccessTokens::Scopes, 200))
                    .col(timestamp_with_time_zone(PersonalAccessTokens::CreatedAt))
                    .col(timestamp_with_time_zone_null(
                        PersonalAccessTokens::ExpiresAt,
                    ))
                    .col(timestamp_with_time_zone_null(
                        PersonalAccessTokens::LastUsedAt,
                    ))
                    .col(timestamp_with_time_zone_null(
                        PersonalAccessTokens::RevokedAt,
                    ))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_personal_access_tokens_user")
                            .from(PersonalAccessTokens::Table, PersonalAccessTokens::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_personal_access_tokens_user")
                    .table(PersonalAccessTokens::Table)
                    .col(PersonalAccessTokens::UserId)
                    .col(PersonalAccessTokens::CreatedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AuditEvents::Table)
                    .if_not_exists()
                    .col(uuid(AuditEvents::Id).primary_key())
                    .col(timestamp_with_time_zone(AuditEvents::At))
                    .col(uuid_null(AuditEvents::ActorId))
                    .col(string_len(AuditEvents::Action, 64))
                    .col(string_len_null(AuditEvents::Target, 200))
                    .col(string_len_null(AuditEvents::Ip, 64))
                    .col(text_null(AuditEvents::Detail))
                    .to_owned(),
            )
            .await?;
        for (name, col) in [
            ("idx_audit_events_at", AuditEvents::At),
            ("idx_audit_events_action", AuditEvents::Action),
            ("idx_audit_events_actor", AuditEvents::ActorId),
        ] {
            manager
                .create_index(
                    Index::create()
                        .name(name)
                        .table(AuditEvents::Table)
                        .col(col)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(AuditEvents::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(PersonalAccessTokens::Table).to_owned())
            .await
    }
}
