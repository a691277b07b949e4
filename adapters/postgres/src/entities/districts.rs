use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "districts")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub code: String,
    /// What the code's shape says (`None` for a province).
    pub parent_code: Option<String>,
    /// `province`, `city` or `county`, as the code's shape says.
    pub level: String,
    pub name_zh: String,
    pub name_en: String,
    pub lat: f64,
    pub lon: f64,
    /// A province's place on the tile map (both or neither).
    pub tile_col: Option<i32>,
    pub tile_row: Option<i32>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
