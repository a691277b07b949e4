use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "users")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    #[sea_orm(unique)]
    pub username: String,
    pub nickname: String,
    pub password_hash: Option<String>,
    pub role: String,
    pub avatar_url: Option<String>,
    pub phone: Option<String>,
    pub wechat_openid: Option<String>,
    pub wechat_unionid: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub disabled_at: Option<DateTimeUtc>,
    pub avatar_media_id: Option<Uuid>,
    pub bio: Option<String>,
    pub color_mode: Option<String>,
    pub language: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
