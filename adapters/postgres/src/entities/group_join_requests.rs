use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "group_join_requests")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub group_id: Uuid,
    pub user_id: Uuid,
    pub message: String,
    pub status: String,
    pub created_at: DateTimeUtc,
    pub decided_by: Option<Uuid>,
    pub decided_at: Option<DateTimeUtc>,
    pub reason: Option<String>,
    pub granted_role: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
