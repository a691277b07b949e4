//! Courtyard's schema, one migration per change, each with a working `down()`.
//! `app-server migrate` and every server start run [`Migrator::up`].

pub use sea_orm_migration::prelude::*;

mod m20261121_000001_create_accounts;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![Box::new(m20261121_000001_create_accounts::Migration)]
    }
}
