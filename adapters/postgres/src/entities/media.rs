use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "media")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub owner_id: Uuid,
    pub group_id: Option<Uuid>,
    pub article_id: Option<Uuid>,
    pub kind: String,
    pub state: String,
    pub format: String,
    pub width: i64,
    pub height: i64,
    pub thumb_width: i64,
    pub thumb_height: i64,
    pub bytes: i64,
    pub created_at: DateTimeUtc,
    pub hidden_at: Option<DateTimeUtc>,
    pub kept_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
