//! Usernames given up by a rename, held for their former owner (issue 22): until `held_until`
//! nobody else may register or rename to `username` (stored folded to lower case, as
//! `users.username`); the former owner may take it back. A user's holds go with the user.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum UsernameHolds {
    Table,
    Username,
    UserId,
    HeldUntil,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(UsernameHolds::Table)
                    .if_not_exists()
                    .col(string_len(UsernameHolds::Username, 64).primary_key())
                    .col(uuid(UsernameHolds::UserId))
                    .col(timestamp_with_time_zone(UsernameHolds::HeldUntil))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_username_holds_user")
                            .from(UsernameHolds::Table, UsernameHolds::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(UsernameHolds::Table).to_owned())
            .await
    }
}
