use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "groups")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub name: String,
    /// `name` folded to lower case: what a search matches against.
    pub name_folded: String,
    pub description: String,
    pub cover_id: Option<Uuid>,
    pub visibility: String,
    pub join_policy: String,
    pub invite_code: String,
    pub owner_id: Uuid,
    pub member_count: i64,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
