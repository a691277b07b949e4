use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "article_replies")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub article_id: Uuid,
    pub author_id: Uuid,
    pub body: String,
    pub excerpt: String,
    pub quote_id: Option<Uuid>,
    pub created_at: DateTimeUtc,
    pub deleted_at: Option<DateTimeUtc>,
    pub version: i64,
    pub edited_at: Option<DateTimeUtc>,
    /// `held` (the word list) or `hidden` (a moderator): its author's only; `NULL`: shown.
    pub withheld: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
