//! Notifications (issue 24, docs/notifications.md).
//!
//! - `notifications`: one row per recipient and notice. `seq` is the recipient's sequence
//!   number (a stream's event id), unique per recipient; a folded like keeps its row and `id`
//!   and takes a new `seq` as it grows. The subject is `subject_type` with the ids it needs
//!   (`group_id`, `target_id`: the post or article, `item_id`: the comment or reply).
//!   `fold_key` names what folds (`liked:<subject>`), set only on folding kinds.
//! - `notification_counters`: each recipient's last `seq`, taken under its row lock in the
//!   transaction that writes the rows, so a recipient's rows commit in `seq` order.
//! - `notification_folds`: the distinct people folded into a row ("A and 12 others").
//! - `notification_preferences`: the kinds a user turned off (`muted`, comma-separated names).
//!
//! Deleting a user deletes what they were told and their choices; an actor's deletion leaves
//! the notification without its actor.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Notifications {
    Table,
    Id,
    RecipientId,
    Seq,
    Kind,
    ActorId,
    Others,
    SubjectType,
    GroupId,
    TargetId,
    ItemId,
    Detail,
    FoldKey,
    CreatedAt,
    UpdatedAt,
    ReadAt,
}

#[derive(DeriveIden)]
enum NotificationCounters {
    Table,
    UserId,
    Seq,
}

#[derive(DeriveIden)]
enum NotificationFolds {
    Table,
    NotificationId,
    ActorId,
}

#[derive(DeriveIden)]
enum NotificationPreferences {
    Table,
    UserId,
    Muted,
}

fn user_fk(name: &str, table: impl IntoIden, column: impl IntoIden) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(name)
        .from(table, column)
        .to(Users::Table, Users::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Notifications::Table)
                    .if_not_exists()
                    .col(uuid(Notifications::Id).primary_key())
                    .col(uuid(Notifications::RecipientId))
                    .col(big_integer(Notifications::Seq))
                    .col(text(Notifications::Kind))
                    .col(uuid_null(Notifications::ActorId))
                    .col(integer(Notifications::Others).default(0))
                    .col(text(Notifications::SubjectType))
                    .col(uuid_null(Notifications::GroupId))
                    .col(uuid_null(Notifications::TargetId))
                    .col(uuid_null(Notifications::ItemId))
                    .col(text_null(Notifications::Detail))
                    .col(text_null(Notifications::FoldKey))
                    .col(timestamp_with_time_zone(Notifications::CreatedAt))
                    .col(timestamp_with_time_zone(Notifications::UpdatedAt))
                    .col(timestamp_with_time_zone_null(Notifications::ReadAt))
                    .foreign_key(&mut user_fk(
                        "fk_notifications_recipient",
                        Notifications::Table,
                        Notifications::RecipientId,
                    ))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_notifications_actor")
                            .from(Notifications::Table, Notifications::ActorId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        // A recipient's rows in sequence order: the inbox's pages and a stream's catch-up.
        manager
            .create_index(
                Index::create()
                    .name("idx_notifications_recipient_seq")
                    .table(Notifications::Table)
                    .col(Notifications::RecipientId)
                    .col(Notifications::Seq)
                    .unique()
                    .to_owned(),
            )
            .await?;
        // The unread row a like folds into.
        manager
            .create_index(
                Index::create()
                    .name("idx_notifications_recipient_fold")
                    .table(Notifications::Table)
                    .col(Notifications::RecipientId)
                    .col(Notifications::FoldKey)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(NotificationCounters::Table)
                    .if_not_exists()
                    .col(uuid(NotificationCounters::UserId).primary_key())
                    .col(big_integer(NotificationCounters::Seq))
                    .foreign_key(&mut user_fk(
                        "fk_notification_counters_user",
                        NotificationCounters::Table,
                        NotificationCounters::UserId,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(NotificationFolds::Table)
                    .if_not_exists()
                    .col(uuid(NotificationFolds::NotificationId))
                    .col(uuid(NotificationFolds::ActorId))
                    .primary_key(
                        Index::create()
                            .col(NotificationFolds::NotificationId)
                            .col(NotificationFolds::ActorId),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_notification_folds_notification")
                            .from(NotificationFolds::Table, NotificationFolds::NotificationId)
                            .to(Notifications::Table, Notifications::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(NotificationPreferences::Table)
                    .if_not_exists()
                    .col(uuid(NotificationPreferences::UserId).primary_key())
                    .col(text(NotificationPreferences::Muted))
                    .foreign_key(&mut user_fk(
                        "fk_notification_preferences_user",
                        NotificationPreferences::Table,
                        NotificationPreferences::UserId,
                    ))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            NotificationFolds::Table.into_iden(),
            NotificationPreferences::Table.into_iden(),
            NotificationCounters::Table.into_iden(),
            Notifications::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
