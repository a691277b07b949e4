//! The plaza: posts, their images' order, likes and comments.
//!
//! `like_count` and `comment_count` are counters kept by the transaction that adds or removes a
//! like or a comment (`SET like_count = like_count ± 1`, never read and written back); they are
//! `BIGINT`, as the other counts the domain keeps as `u32` (`groups.member_count`). The feed is
//! read by keyset, newest first by `(created_at, id)`, overall or of one district; comments
//! oldest first by `(created_at, id)` within a post. Each index below serves one of those
//! orders, or a cascade.
//!
//! **Foreign keys**
//! - A post, its likes and its comments go with their author (`CASCADE` from `users`), and
//!   likes, comments and image links with their post (`CASCADE` from `plaza_posts`).
//! - `plaza_posts.district_code` → `districts.code` is `RESTRICT`: there is no way to delete a
//!   district (imports only add and rename), and should one ever be deleted, refusing is right
//!   while posts are tagged with it — `SET NULL` would silently strip a tag the author chose,
//!   and the same rule holds for a district's children (`fk_districts_parent`).
//! - `plaza_post_images.media_id` → `media.id` is `RESTRICT` and `UNIQUE` (an image belongs to
//!   one post). Only the media service deletes a `media` row, after its objects (see
//!   `m20261125_000007`): the plaza deletes the post first (its links cascade), then the files.
//!   A row still linked to a post can therefore not be deleted by mistake, and a post never
//!   shows an image whose row is gone.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Districts {
    Table,
    Code,
}

#[derive(DeriveIden)]
enum Media {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum PlazaPosts {
    Table,
    Id,
    AuthorId,
    Body,
    DistrictCode,
    CreatedAt,
    LikeCount,
    CommentCount,
}

#[derive(DeriveIden)]
enum PlazaPostImages {
    Table,
    PostId,
    MediaId,
    Position,
}

#[derive(DeriveIden)]
enum PlazaLikes {
    Table,
    PostId,
    UserId,
    CreatedAt,
}

#[derive(DeriveIden)]
enum PlazaComments {
    Table,
    Id,
    PostId,
    AuthorId,
    Body,
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

fn cascade(
    name: &str,
    from: (impl IntoIden, impl IntoIden),
    to: (impl IntoIden, impl IntoIden),
) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(name)
        .from(from.0, from.1)
        .to(to.0, to.1)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(PlazaPosts::Table)
                    .if_not_exists()
                    .col(uuid(PlazaPosts::Id).primary_key())
                    .col(uuid(PlazaPosts::AuthorId))
                    .col(text(PlazaPosts::Body))
                    .col(string_len_null(PlazaPosts::DistrictCode, 6))
                    .col(timestamp_with_time_zone(PlazaPosts::CreatedAt))
                    .col(big_integer(PlazaPosts::LikeCount).default(0))
                    .col(big_integer(PlazaPosts::CommentCount).default(0))
                    .foreign_key(&mut cascade(
                        "fk_plaza_posts_author",
                        (PlazaPosts::Table, PlazaPosts::AuthorId),
                        (Users::Table, Users::Id),
                    ))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_plaza_posts_district")
                            .from(PlazaPosts::Table, PlazaPosts::DistrictCode)
                            .to(Districts::Table, Districts::Code)
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .to_owned(),
            )
            .await?;
        for statement in [
            // The feed: newest first, then id.
            index(
                "idx_plaza_posts_created",
                PlazaPosts::Table,
                vec![desc(PlazaPosts::CreatedAt), desc(PlazaPosts::Id)],
            ),
            // One district's feed.
            index(
                "idx_plaza_posts_district_created",
                PlazaPosts::Table,
                vec![
                    asc(PlazaPosts::DistrictCode),
                    desc(PlazaPosts::CreatedAt),
                    desc(PlazaPosts::Id),
                ],
            ),
            // A person's posts (profiles; deleting a user).
            index(
                "idx_plaza_posts_author",
                PlazaPosts::Table,
                vec![asc(PlazaPosts::AuthorId)],
            ),
        ] {
            manager.create_index(statement).await?;
        }

        manager
            .create_table(
                Table::create()
                    .table(PlazaPostImages::Table)
                    .if_not_exists()
                    .col(uuid(PlazaPostImages::PostId))
                    .col(uuid(PlazaPostImages::MediaId).unique_key())
                    .col(small_integer(PlazaPostImages::Position))
                    .primary_key(
                        Index::create()
                            .col(PlazaPostImages::PostId)
                            .col(PlazaPostImages::Position),
                    )
                    .foreign_key(&mut cascade(
                        "fk_plaza_post_images_post",
                        (PlazaPostImages::Table, PlazaPostImages::PostId),
                        (PlazaPosts::Table, PlazaPosts::Id),
                    ))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_plaza_post_images_media")
                            .from(PlazaPostImages::Table, PlazaPostImages::MediaId)
                            .to(Media::Table, Media::Id)
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(PlazaLikes::Table)
                    .if_not_exists()
                    .col(uuid(PlazaLikes::PostId))
                    .col(uuid(PlazaLikes::UserId))
                    .col(timestamp_with_time_zone(PlazaLikes::CreatedAt))
                    .primary_key(
                        Index::create()
                            .col(PlazaLikes::PostId)
                            .col(PlazaLikes::UserId),
                    )
                    .foreign_key(&mut cascade(
                        "fk_plaza_likes_post",
                        (PlazaLikes::Table, PlazaLikes::PostId),
                        (PlazaPosts::Table, PlazaPosts::Id),
                    ))
                    .foreign_key(&mut cascade(
                        "fk_plaza_likes_user",
                        (PlazaLikes::Table, PlazaLikes::UserId),
                        (Users::Table, Users::Id),
                    ))
                    .to_owned(),
            )
            .await?;
        // Deleting a user takes their likes.
        manager
            .create_index(index(
                "idx_plaza_likes_user",
                PlazaLikes::Table,
                vec![asc(PlazaLikes::UserId)],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(PlazaComments::Table)
                    .if_not_exists()
                    .col(uuid(PlazaComments::Id).primary_key())
                    .col(uuid(PlazaComments::PostId))
                    .col(uuid(PlazaComments::AuthorId))
                    .col(text(PlazaComments::Body))
                    .col(timestamp_with_time_zone(PlazaComments::CreatedAt))
                    .foreign_key(&mut cascade(
                        "fk_plaza_comments_post",
                        (PlazaComments::Table, PlazaComments::PostId),
                        (PlazaPosts::Table, PlazaPosts::Id),
                    ))
                    .foreign_key(&mut cascade(
                        "fk_plaza_comments_author",
                        (PlazaComments::Table, PlazaComments::AuthorId),
                        (Users::Table, Users::Id),
                    ))
                    .to_owned(),
            )
            .await?;
        for statement in [
            // A post's comments, oldest first.
            index(
                "idx_plaza_comments_post_created",
                PlazaComments::Table,
                vec![
                    asc(PlazaComments::PostId),
                    asc(PlazaComments::CreatedAt),
                    asc(PlazaComments::Id),
                ],
            ),
            // Deleting a user takes their comments.
            index(
                "idx_plaza_comments_author",
                PlazaComments::Table,
                vec![asc(PlazaComments::AuthorId)],
            ),
        ] {
            manager.create_index(statement).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // Indexes go with their tables; children before `plaza_posts`. (SQLite empties a table
        // before dropping it, which runs its cascades: with the children gone first, dropping
        // the posts has nothing to cascade into, and nothing refers to the children.)
        for table in [
            PlazaComments::Table.into_iden(),
            PlazaLikes::Table.into_iden(),
            PlazaPostImages::Table.into_iden(),
            PlazaPosts::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
