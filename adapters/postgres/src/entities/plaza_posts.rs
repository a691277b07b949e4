use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "plaza_posts")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub author_id: Uuid,
    pub body: String,
    pub district_code: Option<String>,
    pub created_at: DateTimeUtc,
    /// Kept equal to the post's `plaza_likes` rows by the transactions that add and remove them.
    pub like_count: i64,
    /// Kept equal to the post's `plaza_comments` rows likewise.
    pub comment_count: i64,
    /// How many of the post's images an administrator deleted (their links went with them).
    pub removed_images: i64,
    /// 1 when written, one more per edit (`plaza_post_versions` keeps the texts it replaced).
    pub version: i64,
    pub edited_at: Option<DateTimeUtc>,
    /// `held` (the word list) or `hidden` (a moderator): its author's only; `NULL`: shown.
    pub withheld: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
