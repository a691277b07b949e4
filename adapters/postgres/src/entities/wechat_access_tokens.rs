use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "wechat_access_tokens")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub app_id: String,
    pub access_token: Option<String>,
    pub obtained_at: Option<DateTimeUtc>,
    pub expires_at: Option<DateTimeUtc>,
    pub last_error: Option<String>,
    pub last_error_at: Option<DateTimeUtc>,
    pub lock_holder: Option<String>,
    pub lock_until: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
