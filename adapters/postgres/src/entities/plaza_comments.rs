use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "plaza_comments")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub post_id: Uuid,
    pub author_id: Uuid,
    pub body: String,
    pub created_at: DateTimeUtc,
    /// 1 when written, one more per edit (`plaza_comment_versions` keeps the texts it replaced).
    pub version: i64,
    pub edited_at: Option<DateTimeUtc>,
    /// `held` (the word list) or `hidden` (a moderator): its author's only; `NULL`: shown.
    pub withheld: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
