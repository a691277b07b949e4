//! Community groups (their memberships, join requests and articles) and the rows that describe
//! stored images.
//!
//! Counts and sizes the domain keeps as `u32`/`u64` (member counts, pixel dimensions, bytes)
//! are `BIGINT`, so every `u32` fits. Lists are read by keyset (a time, then the id), and each
//! index below serves one of those orders.
//!
//! **Foreign keys of `media`** — the invariant is "every object in the store has a row, and
//! every row its objects" (domain/media): only the media service may delete a row, after the
//! objects. So no foreign key of `media` may cascade:
//! - `owner_id` → `users` is `RESTRICT`: deleting a user who still has files fails, instead of
//!   silently deleting rows and leaving their objects behind (account deletion must remove the
//!   user's files through the media service first).
//! - `group_id` and `article_id` have **no** foreign key. The media service deletes a group's
//!   (or an article's) files before the group (or article); should that be interrupted, the
//!   leftover rows still name their group, so a retried deletion finds them (`of_group`,
//!   `of_article`) and the sweeper takes pending and unattached ones. A `RESTRICT` key would
//!   block the group's deletion on such a leftover; `SET NULL` would orphan an attached row
//!   that nothing would ever find again; `CASCADE` would lose the rows and keep the objects.
//!   The repository checks, in the inserting statement, that a named group and article exist.
//! - `groups.cover_id` has no foreign key either (a cover is a `media` row of the group, and
//!   the two tables would otherwise refer to each other).

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
    Name,
    /// The name folded to lower case (Unicode), searched with `LIKE … ESCAPE`: the same
    /// case-insensitive containment on PostgreSQL and SQLite, Chinese included.
    NameFolded,
    Description,
    CoverId,
    Visibility,
    JoinPolicy,
    InviteCode,
    OwnerId,
    MemberCount,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum GroupMemberships {
    Table,
    GroupId,
    UserId,
    Role,
    State,
    Since,
}

#[derive(DeriveIden)]
enum GroupJoinRequests {
    Table,
    Id,
    GroupId,
    UserId,
    Message,
    Status,
    CreatedAt,
    DecidedBy,
    DecidedAt,
    Reason,
    GrantedRole,
}

#[derive(DeriveIden)]
enum Articles {
    Table,
    Id,
    GroupId,
    AuthorId,
    Title,
    Body,
    Excerpt,
    Status,
    Version,
    CreatedAt,
    UpdatedAt,
    PublishedAt,
}

#[derive(DeriveIden)]
enum Media {
    Table,
    Id,
    OwnerId,
    GroupId,
    ArticleId,
    Kind,
    State,
    Format,
    Width,
    Height,
    ThumbWidth,
    ThumbHeight,
    Bytes,
    CreatedAt,
}

/// A plain index `name` on `table` over `cols`, in order.
fn index<T: IntoIden>(name: &str, table: T, cols: Vec<IndexColumn>) -> IndexCreateStatement {
    let mut index = Index::create();
    index.name(name).table(table);
    for col in cols {
        index.col(col);
    }
    index.to_owned()
}

fn desc<T: IntoIden>(col: T) -> IndexColumn {
    (col, IndexOrder::Desc).into()
}

fn asc<T: IntoIden>(col: T) -> IndexColumn {
    IndexColumn::from(col)
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Groups::Table)
                    .if_not_exists()
                    .col(uuid(Groups::Id).primary_key())
                    .col(string_len(Groups::Name, 100))
                    // Folding may lengthen a name (e.g. 'İ' becomes two characters).
                    .col(string_len(Groups::NameFolded, 200))
                    .col(text(Groups::Description))
                    .col(uuid_null(Groups::CoverId))
                    .col(string_len(Groups::Visibility, 16))
                    .col(string_len(Groups::JoinPolicy, 16))
                    .col(string_len(Groups::InviteCode, 16))
                    .col(uuid(Groups::OwnerId))
                    .col(big_integer(Groups::MemberCount).default(0))
                    .col(timestamp_with_time_zone(Groups::CreatedAt))
                    .col(timestamp_with_time_zone(Groups::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_groups_owner")
                            .from(Groups::Table, Groups::OwnerId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        for statement in [
            // Discover: newest first, then id.
            index(
                "idx_groups_created",
                Groups::Table,
                vec![desc(Groups::CreatedAt), desc(Groups::Id)],
            ),
            index(
                "idx_groups_owner",
                Groups::Table,
                vec![asc(Groups::OwnerId)],
            ),
        ] {
            manager.create_index(statement).await?;
        }

        manager
            .create_table(
                Table::create()
                    .table(GroupMemberships::Table)
                    .if_not_exists()
                    .col(uuid(GroupMemberships::GroupId))
                    .col(uuid(GroupMemberships::UserId))
                    .col(string_len(GroupMemberships::Role, 16))
                    .col(string_len(GroupMemberships::State, 16))
                    .col(timestamp_with_time_zone(GroupMemberships::Since))
                    .primary_key(
                        Index::create()
                            .col(GroupMemberships::GroupId)
                            .col(GroupMemberships::UserId),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_group_memberships_group")
                            .from(GroupMemberships::Table, GroupMemberships::GroupId)
                            .to(Groups::Table, Groups::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_group_memberships_user")
                            .from(GroupMemberships::Table, GroupMemberships::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        for statement in [
            // A person's groups, most recently joined first (and every lookup by user).
            index(
                "idx_group_memberships_user",
                GroupMemberships::Table,
                vec![asc(GroupMemberships::UserId), asc(GroupMemberships::Since)],
            ),
            // A group's members (since ascending) and its banned (since descending).
            index(
                "idx_group_memberships_group_state",
                GroupMemberships::Table,
                vec![
                    asc(GroupMemberships::GroupId),
                    asc(GroupMemberships::State),
                    asc(GroupMemberships::Since),
                ],
            ),
        ] {
            manager.create_index(statement).await?;
        }

        manager
            .create_table(
                Table::create()
                    .table(GroupJoinRequests::Table)
                    .if_not_exists()
                    .col(uuid(GroupJoinRequests::Id).primary_key())
                    .col(uuid(GroupJoinRequests::GroupId))
                    .col(uuid(GroupJoinRequests::UserId))
                    .col(text(GroupJoinRequests::Message))
                    .col(string_len(GroupJoinRequests::Status, 16))
                    .col(timestamp_with_time_zone(GroupJoinRequests::CreatedAt))
                    .col(uuid_null(GroupJoinRequests::DecidedBy))
                    .col(timestamp_with_time_zone_null(GroupJoinRequests::DecidedAt))
                    .col(text_null(GroupJoinRequests::Reason))
                    .col(string_len_null(GroupJoinRequests::GrantedRole, 16))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_group_join_requests_group")
                            .from(GroupJoinRequests::Table, GroupJoinRequests::GroupId)
                            .to(Groups::Table, Groups::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_group_join_requests_user")
                            .from(GroupJoinRequests::Table, GroupJoinRequests::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        for statement in [
            index(
                "idx_group_join_requests_group",
                GroupJoinRequests::Table,
                vec![
                    asc(GroupJoinRequests::GroupId),
                    asc(GroupJoinRequests::Status),
                    asc(GroupJoinRequests::CreatedAt),
                ],
            ),
            // The whole history, newest first.
            index(
                "idx_group_join_requests_history",
                GroupJoinRequests::Table,
                vec![
                    asc(GroupJoinRequests::GroupId),
                    asc(GroupJoinRequests::CreatedAt),
                ],
            ),
            // Withdrawing a person's pending request; deleting a user.
            index(
                "idx_group_join_requests_user",
                GroupJoinRequests::Table,
                vec![
                    asc(GroupJoinRequests::UserId),
                    asc(GroupJoinRequests::GroupId),
                ],
            ),
        ] {
            manager.create_index(statement).await?;
        }

        manager
            .create_table(
                Table::create()
                    .table(Articles::Table)
                    .if_not_exists()
                    .col(uuid(Articles::Id).primary_key())
                    .col(uuid(Articles::GroupId))
                    .col(uuid(Articles::AuthorId))
                    .col(string_len(Articles::Title, 200))
                    .col(text(Articles::Body))
                    .col(string_len(Articles::Excerpt, 400))
                    .col(string_len(Articles::Status, 16))
                    .col(big_integer(Articles::Version))
                    .col(timestamp_with_time_zone(Articles::CreatedAt))
                    .col(timestamp_with_time_zone(Articles::UpdatedAt))
                    .col(timestamp_with_time_zone_null(Articles::PublishedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_articles_group")
                            .from(Articles::Table, Articles::GroupId)
                            .to(Groups::Table, Groups::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_articles_author")
                            .from(Articles::Table, Articles::AuthorId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        for statement in [
            index(
                "idx_articles_published",
                Articles::Table,
                vec![
                    asc(Articles::GroupId),
                    asc(Articles::Status),
                    asc(Articles::PublishedAt),
                ],
            ),
            index(
                "idx_articles_drafts",
                Articles::Table,
                vec![
                    asc(Articles::GroupId),
                    asc(Articles::AuthorId),
                    asc(Articles::Status),
                    asc(Articles::UpdatedAt),
                ],
            ),
            // Deleting a user's articles with the user.
            index(
                "idx_articles_author",
                Articles::Table,
                vec![asc(Articles::AuthorId)],
            ),
        ] {
            manager.create_index(statement).await?;
        }

        manager
            .create_table(
                Table::create()
                    .table(Media::Table)
                    .if_not_exists()
                    .col(uuid(Media::Id).primary_key())
                    .col(uuid(Media::OwnerId))
                    // No foreign keys: see the module's documentation.
                    .col(uuid_null(Media::GroupId))
                    .col(uuid_null(Media::ArticleId))
                    .col(string_len(Media::Kind, 16))
                    .col(string_len(Media::State, 16))
                    .col(string_len(Media::Format, 8))
                    .col(big_integer(Media::Width))
                    .col(big_integer(Media::Height))
                    .col(big_integer(Media::ThumbWidth))
                    .col(big_integer(Media::ThumbHeight))
                    .col(big_integer(Media::Bytes))
                    .col(timestamp_with_time_zone(Media::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_media_owner")
                            .from(Media::Table, Media::OwnerId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .to_owned(),
            )
            .await?;
        for statement in [
            index(
                "idx_media_gallery",
                Media::Table,
                vec![
                    asc(Media::GroupId),
                    asc(Media::Kind),
                    asc(Media::State),
                    asc(Media::CreatedAt),
                ],
            ),
            index("idx_media_owner", Media::Table, vec![asc(Media::OwnerId)]),
            index(
                "idx_media_article",
                Media::Table,
                vec![asc(Media::ArticleId)],
            ),
            // The sweep of stale pending and unattached rows.
            index(
                "idx_media_state_created",
                Media::Table,
                vec![asc(Media::State), asc(Media::CreatedAt)],
            ),
        ] {
            manager.create_index(statement).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // Indexes go with their tables; children before parents.
        for table in [
            Media::Table.into_iden(),
            Articles::Table.into_iden(),
            GroupJoinRequests::Table.into_iden(),
            GroupMemberships::Table.into_iden(),
            Groups::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
