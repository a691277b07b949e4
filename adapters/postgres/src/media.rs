//! The media rows over sea-orm. Only the media service deletes a row (after its objects), so
//! no foreign key cascades into `media` (see the migration `m20261125_000007`): the owner's
//! key restricts, and a row's group and article are checked when it is inserted.

use crate::entities::media as rows;
use crate::sql::{Order, Sql, columns, stored};
use crate::unexpected;
use ::media::MediaError;
use ::media::catalog::{CatalogEntry, CatalogFilter, OwnerRef, StorageUsage};
use ::media::model::{ImageFormat, Media, MediaKind, MediaState, UnpublishedImages};
use ::media::ports::{MediaCatalog, MediaRepository};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use groups::model::ArticleStatus;
use kernel::{ArticleId, Cursor, GroupId, MediaId, Page, PageRequest, UserId};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait,
    FromQueryResult, QueryFilter, QueryOrder, QuerySelect, Select, TransactionTrait,
};

fn failed(e: DbErr) -> MediaError {
    MediaError::Unexpected(unexpected(e))
}

fn corrupt(what: &str, id: uuid::Uuid, value: &str) -> MediaError {
    // Stored rows were valid when written; one that no longer parses is data corruption.
    MediaError::Unexpected(anyhow::anyhow!(
        "stored {what} {value:?} of media {id} is invalid"
    ))
}

fn to_media(m: rows::Model) -> Result<Media, MediaError> {
    let dim =
        |what: &str, v: i64| u32::try_from(v).map_err(|_| corrupt(what, m.id, &v.to_string()));
    Ok(Media {
        id: MediaId(m.id),
        owner: UserId(m.owner_id),
        group: m.group_id.map(GroupId),
        article: m.article_id.map(ArticleId),
        kind: MediaKind::from_stored(&m.kind).ok_or_else(|| corrupt("kind", m.id, &m.kind))?,
        state: MediaState::from_stored(&m.state).ok_or_else(|| corrupt("state", m.id, &m.state))?,
        format: ImageFormat::from_stored(&m.format)
            .ok_or_else(|| corrupt("format", m.id, &m.format))?,
        width: dim("width", m.width)?,
        height: dim("height", m.height)?,
        thumb_width: dim("thumbnail width", m.thumb_width)?,
        thumb_height: dim("thumbnail height", m.thumb_height)?,
        bytes: u64::try_from(m.bytes).map_err(|_| corrupt("size", m.id, &m.bytes.to_string()))?,
        created_at: m.created_at,
        hidden_at: m.hidden_at,
    })
}

#[derive(Debug, Clone)]
pub struct SqlMediaRepository {
    db: DatabaseConnection,
}

impl SqlMediaRepository {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }

    async fn all(&self, select: Select<rows::Entity>) -> Result<Vec<Media>, MediaError> {
        select
            .all(&self.db)
            .await
            .map_err(failed)?
            .into_iter()
            .map(to_media)
            .collect()
    }
}

#[async_trait]
impl MediaRepository for SqlMediaRepository {
    /// One statement that inserts only when the named group (and article, of that group)
    /// exists: `group_id` and `article_id` have no foreign keys.
    async fn insert(&self, media: &Media) -> Result<(), MediaError> {
        let bytes = i64::try_from(media.bytes)
            .map_err(|_| anyhow::anyhow!("{} bytes do not fit a BIGINT", media.bytes))?;
        let inserted = self
            .db
            .execute_raw(crate::statement(
                self.db.get_database_backend(),
                "INSERT INTO media (id, owner_id, group_id, article_id, kind, state, format, \
                 width, height, thumb_width, thumb_height, bytes, created_at) \
                 SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13 \
                 WHERE ($3 IS NULL OR EXISTS (SELECT 1 FROM groups WHERE id = $3)) \
                 AND ($4 IS NULL OR EXISTS (SELECT 1 FROM articles WHERE id = $4 \
                 AND ($3 IS NULL OR group_id = $3)))",
                vec![
                    media.id.0.into(),
                    media.owner.0.into(),
                    media.group.map(|g| g.0).into(),
                    media.article.map(|a| a.0).into(),
                    media.kind.as_str().into(),
                    media.state.as_str().into(),
                    media.format.as_str().into(),
                    i64::from(media.width).into(),
                    i64::from(media.height).into(),
                    i64::from(media.thumb_width).into(),
                    i64::from(media.thumb_height).into(),
                    bytes.into(),
                    stored(media.created_at).into(),
                ],
            ))
            .await
            .map_err(failed)?
            .rows_affected();
        if inserted != 1 {
            return Err(
                anyhow::anyhow!("media {}: its group or article is gone", media.id.0).into(),
            );
        }
        Ok(())
    }

    async fn set_state(&self, id: MediaId, state: MediaState) -> Result<bool, MediaError> {
        let changed = rows::Entity::update_many()
            .col_expr(rows::Column::State, Expr::value(state.as_str()))
            .filter(rows::Column::Id.eq(id.0))
            .exec(&self.db)
            .await
            .map_err(failed)?
            .rows_affected;
        Ok(changed > 0)
    }

    async fn find(&self, id: MediaId) -> Result<Option<Media>, MediaError> {
        rows::Entity::find_by_id(id.0)
            .one(&self.db)
            .await
            .map_err(failed)?
            .map(to_media)
            .transpose()
    }

    async fn delete(&self, id: MediaId) -> Result<(), MediaError> {
        // `users.avatar_media_id` has no foreign key (migration 000011): clearing the avatars
        // that name the row, in the same transaction, is its `ON DELETE SET NULL`.
        let txn = self.db.begin().await.map_err(failed)?;
        crate::entities::users::Entity::update_many()
            .col_expr(
                crate::entities::users::Column::AvatarMediaId,
                Expr::value(Option::<uuid::Uuid>::None),
            )
            .filter(crate::entities::users::Column::AvatarMediaId.eq(id.0))
            .exec(&txn)
            .await
            .map_err(failed)?;
        // A plaza post showing the image counts it as removed and loses its link (`RESTRICT`
        // on `media`); a group whose cover it is has none (no foreign key either).
        let backend = txn.get_database_backend();
        for sql in [
            "UPDATE plaza_posts SET removed_images = removed_images + 1 \
             WHERE id IN (SELECT post_id FROM plaza_post_images WHERE media_id = $1)",
            "DELETE FROM plaza_post_images WHERE media_id = $1",
            "UPDATE groups SET cover_id = NULL WHERE cover_id = $1",
        ] {
            txn.execute_raw(crate::statement(backend, sql, vec![id.0.into()]))
                .await
                .map_err(failed)?;
        }
        rows::Entity::delete_by_id(id.0)
            .exec(&txn)
            .await
            .map_err(failed)?;
        txn.commit().await.map_err(failed)?;
        Ok(())
    }

    async fn bytes_of_owner(&self, owner: UserId) -> Result<u64, MediaError> {
        // PostgreSQL's SUM of a BIGINT is a NUMERIC: cast back.
        let row = self
            .db
            .query_one_raw(crate::statement(
                self.db.get_database_backend(),
                "SELECT CAST(COALESCE(SUM(bytes), 0) AS BIGINT) AS total FROM media \
                 WHERE owner_id = $1",
                vec![owner.0.into()],
            ))
            .await
            .map_err(failed)?
            .ok_or_else(|| anyhow::anyhow!("SUM returned no row"))?;
        let total: i64 = row.try_get("", "total").map_err(failed)?;
        Ok(u64::try_from(total).map_err(|_| anyhow::anyhow!("stored bytes sum {total}"))?)
    }

    async fn gallery(
        &self,
        group: GroupId,
        unpublished: UnpublishedImages,
        page: PageRequest,
    ) -> Result<Page<Media>, MediaError> {
        // The image's article is joined, not looked for in a list of the articles shown: given
        // `article_id IN (SELECT id FROM articles WHERE …)`, PostgreSQL read every published
        // article of every group to answer a page (the plan test, `tests/adapters/plans.rs`).
        let mut sql = Sql::new(&format!(
            "SELECT {} FROM media m LEFT JOIN articles a ON a.id = m.article_id WHERE ",
            columns::<rows::Entity>("m", "")
        ));
        let g = sql.bind(group.0);
        let kind = sql.bind(MediaKind::Gallery.as_str());
        let state = sql.bind(MediaState::Attached.as_str());
        sql.push(&format!(
            "m.group_id = {g} AND m.kind = {kind} AND m.state = {state} AND m.hidden_at IS NULL"
        ));
        // An article's images wait for it: shown once it is published, before that only to
        // whom `unpublished` says (the groups domain decided it for this viewer). An image whose
        // article is gone is shown to nobody but those who see every image.
        match unpublished {
            UnpublishedImages::Shown => {}
            UnpublishedImages::Hidden => {
                let published = sql.bind(ArticleStatus::Published.as_str());
                sql.push(&format!(
                    " AND (m.article_id IS NULL OR a.status = {published})"
                ));
            }
            UnpublishedImages::OfAuthor(author) => {
                let published = sql.bind(ArticleStatus::Published.as_str());
                let author = sql.bind(author.0);
                sql.push(&format!(
                    " AND (m.article_id IS NULL OR a.status = {published} OR a.author_id = {author})"
                ));
            }
        }
        sql.after("m.created_at", "m.id", page.after, Order::Desc)
            .order_limit("m.created_at", "m.id", Order::Desc, page.fetch_limit());
        let found = crate::sql::rows(&self.db, sql)
            .await?
            .iter()
            .map(|row| to_media(rows::Model::from_query_result(row, "").map_err(failed)?))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Page::from_fetched(found, page, |m| {
            Cursor::new(m.created_at, m.id.0)
        }))
    }

    async fn of_group(&self, group: GroupId, limit: u64) -> Result<Vec<Media>, MediaError> {
        self.all(
            rows::Entity::find()
                .filter(rows::Column::GroupId.eq(group.0))
                .order_by_asc(rows::Column::CreatedAt)
                .order_by_asc(rows::Column::Id)
                .limit(limit),
        )
        .await
    }

    async fn of_article(&self, article: ArticleId, limit: u64) -> Result<Vec<Media>, MediaError> {
        self.all(
            rows::Entity::find()
                .filter(rows::Column::ArticleId.eq(article.0))
                .order_by_asc(rows::Column::CreatedAt)
                .order_by_asc(rows::Column::Id)
                .limit(limit),
        )
        .await
    }

    async fn stale(&self, before: DateTime<Utc>, limit: u64) -> Result<Vec<Media>, MediaError> {
        self.all(
            rows::Entity::find()
                .filter(rows::Column::State.is_in([
                    MediaState::Pending.as_str(),
                    MediaState::Unattached.as_str(),
                ]))
                // Age from the last keep, else from the upload.
                .filter(
                    Condition::any()
                        .add(
                            Condition::all()
                                .add(rows::Column::KeptAt.is_null())
                                .add(rows::Column::CreatedAt.lt(before)),
                        )
                        .add(rows::Column::KeptAt.lt(before)),
                )
                .order_by_asc(rows::Column::CreatedAt)
                .order_by_asc(rows::Column::Id)
                .limit(limit),
        )
        .await
    }

    /// One transaction: which of `ids` qualify, then their `kept_at`.
    async fn keep(
        &self,
        owner: UserId,
        ids: &[MediaId],
        at: DateTime<Utc>,
    ) -> Result<Vec<MediaId>, MediaError> {
        let wanted: Vec<uuid::Uuid> = ids.iter().map(|id| id.0).collect();
        let txn = self.db.begin().await.map_err(failed)?;
        let found: Vec<uuid::Uuid> = rows::Entity::find()
            .select_only()
            .column(rows::Column::Id)
            .filter(rows::Column::Id.is_in(wanted))
            .filter(rows::Column::OwnerId.eq(owner.0))
            .filter(rows::Column::State.eq(MediaState::Unattached.as_str()))
            .into_tuple()
            .all(&txn)
            .await
            .map_err(failed)?;
        if !found.is_empty() {
            rows::Entity::update_many()
                .col_expr(rows::Column::KeptAt, Expr::value(stored(at)))
                .filter(rows::Column::Id.is_in(found.clone()))
                .exec(&txn)
                .await
                .map_err(failed)?;
        }
        txn.commit().await.map_err(failed)?;
        // In the order asked.
        Ok(ids
            .iter()
            .filter(|id| found.contains(&id.0))
            .copied()
            .collect())
    }
}

#[async_trait]
impl MediaCatalog for SqlMediaRepository {
    /// One statement: the rows with their owner, their group's name and the post showing them
    /// (`plaza_post_images.media_id` is unique: one post at most), by `idx_media_created`.
    async fn list(
        &self,
        filter: &CatalogFilter,
        page: PageRequest,
    ) -> Result<Page<CatalogEntry>, MediaError> {
        let mut sql = Sql::new("");
        let pending = sql.bind(MediaState::Pending.as_str());
        sql.push(&format!(
            "SELECT {}, u.username AS o_username, u.nickname AS o_nickname, \
             g.name AS g_name, i.post_id AS i_post_id \
             FROM media m JOIN users u ON u.id = m.owner_id \
             LEFT JOIN groups g ON g.id = m.group_id \
             LEFT JOIN plaza_post_images i ON i.media_id = m.id \
             WHERE m.state <> {pending}",
            columns::<rows::Entity>("m", "m_"),
        ));
        if let Some(kind) = filter.kind() {
            let k = sql.bind(kind.as_str());
            sql.push(&format!(" AND m.kind = {k}"));
        }
        if let Some(owner) = filter.owner() {
            let o = sql.bind(owner.0);
            sql.push(&format!(" AND m.owner_id = {o}"));
        }
        if let Some(group) = filter.group() {
            let g = sql.bind(group.0);
            sql.push(&format!(" AND m.group_id = {g}"));
        }
        if let Some(from) = filter.from() {
            let f = sql.bind(stored(from));
            sql.push(&format!(" AND m.created_at >= {f}"));
        }
        if let Some(until) = filter.until() {
            let u = sql.bind(stored(until));
            sql.push(&format!(" AND m.created_at < {u}"));
        }
        sql.after("m.created_at", "m.id", page.after, Order::Desc)
            .order_limit("m.created_at", "m.id", Order::Desc, page.fetch_limit());
        let found = self
            .db
            .query_all_raw(sql.build(self.db.get_database_backend()))
            .await
            .map_err(failed)?
            .iter()
            .map(|row| {
                let media = to_media(rows::Model::from_query_result(row, "m_").map_err(failed)?)?;
                Ok(CatalogEntry {
                    owner: OwnerRef {
                        id: media.owner,
                        username: row.try_get("", "o_username").map_err(failed)?,
                        nickname: row.try_get("", "o_nickname").map_err(failed)?,
                    },
                    group_name: row.try_get("", "g_name").map_err(failed)?,
                    post: row.try_get("", "i_post_id").map_err(failed)?,
                    media,
                })
            })
            .collect::<Result<Vec<_>, MediaError>>()?;
        Ok(Page::from_fetched(found, page, |e| {
            Cursor::new(e.media.created_at, e.media.id.0)
        }))
    }

    async fn usage(&self) -> Result<StorageUsage, MediaError> {
        // Kept by triggers (migration 000028), not summed over every row per request.
        let [files, bytes] =
            crate::system::totals(&self.db, ["media_files", "media_bytes"]).await?;
        Ok(StorageUsage { bytes, files })
    }

    async fn set_hidden(
        &self,
        id: MediaId,
        hidden_at: Option<DateTime<Utc>>,
    ) -> Result<bool, MediaError> {
        let changed = rows::Entity::update_many()
            .col_expr(rows::Column::HiddenAt, Expr::value(hidden_at.map(stored)))
            .filter(rows::Column::Id.eq(id.0))
            .exec(&self.db)
            .await
            .map_err(failed)?
            .rows_affected;
        Ok(changed > 0)
    }
}
