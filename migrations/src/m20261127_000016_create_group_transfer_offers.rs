//! Ownership is offered, not pushed (issue 22): `group_transfer_offers` holds a group's one
//! pending offer (the group is the key, so there is at most one), from its owner to an active
//! member. Accepting moves the ownership and deletes the row; declining and cancelling delete
//! it. The audit log keeps the history, this table only what is waiting. A group's, or either
//! person's, deletion takes its offer with it.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Groups {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum GroupTransferOffers {
    Table,
    GroupId,
    FromId,
    ToId,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(GroupTransferOffers::Table)
                    .if_not_exists()
                    .col(uuid(GroupTransferOffers::GroupId).primary_key())
                    .col(uuid(GroupTransferOffers::FromId))
                    .col(uuid(GroupTransferOffers::ToId))
                    .col(timestamp_with_time_zone(GroupTransferOffers::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_group_transfer_offers_group")
                            .from(GroupTransferOffers::Table, GroupTransferOffers::GroupId)
                            .to(Groups::Table, Groups::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_group_transfer_offers_from")
                            .from(GroupTransferOffers::Table, GroupTransferOffers::FromId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_group_transfer_offers_to")
                            .from(GroupTransferOffers::Table, GroupTransferOffers::ToId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // The offers made to one person (their groups list).
        manager
            .create_index(
                Index::create()
                    .name("idx_group_transfer_offers_to")
                    .table(GroupTransferOffers::Table)
                    .col(GroupTransferOffers::ToId)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(GroupTransferOffers::Table).to_owned())
            .await
    }
}
