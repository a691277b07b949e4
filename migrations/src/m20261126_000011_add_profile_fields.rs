//! Profiles and appearance: a user's avatar (a stored image), bio, and the colour mode and
//! language saved for them so another device picks them up at sign-in.
//!
//! **`avatar_media_id` has no foreign key**, as `groups.cover_id` has none: `media.owner_id`
//! already refers to `users` (`RESTRICT`), and SQLite cannot add a constraint to an existing
//! table. The media repository emulates `ON DELETE SET NULL` instead: deleting a `media` row
//! clears every `users.avatar_media_id` naming it, in the same transaction
//! (adapters/postgres/src/media.rs), so an avatar removed from the admin gallery is gone from
//! the profile at once, on both engines.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    AvatarMediaId,
    Bio,
    ColorMode,
    Language,
}

const AVATAR_INDEX: &str = "idx_users_avatar_media";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite takes one column per ALTER TABLE.
        for col in [
            uuid_null(Users::AvatarMediaId),
            text_null(Users::Bio),
            string_len_null(Users::ColorMode, 8),
            string_len_null(Users::Language, 8),
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Users::Table)
                        .add_column(col)
                        .to_owned(),
                )
                .await?;
        }
        // Deleting a media row looks up who uses it as an avatar.
        manager
            .create_index(
                Index::create()
                    .name(AVATAR_INDEX)
                    .table(Users::Table)
                    .col(Users::AvatarMediaId)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(
                Index::drop()
                    .name(AVATAR_INDEX)
                    .table(Users::Table)
                    .to_owned(),
            )
            .await?;
        for col in [
            Users::Language,
            Users::ColorMode,
            Users::Bio,
            Users::AvatarMediaId,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Users::Table)
                        .drop_column(col)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}
