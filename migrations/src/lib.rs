//! Courtyard's schema, one migration per change, each with a working `down()`.
//! `app-server migrate` and every server start run [`Migrator::up`].

pub use sea_orm_migration::prelude::*;

mod m20261121_000001_create_accounts;
mod m20261121_000002_add_phone_and_wechat;
mod m20261121_000003_create_wechat;
mod m20261121_000004_create_ai_chat;
mod m20261121_000005_create_tokens_and_audit;
mod m20261123_000006_session_reauthentication;
mod m20261125_000007_create_groups_and_media;
mod m20261125_000008_create_districts;
mod m20261125_000009_create_weather_cache;
mod m20261125_000010_create_plaza;
mod m20261126_000011_add_profile_fields;
mod m20261126_000012_media_hidden;
mod m20261126_000013_audit_indexes;
mod m20261127_000014_add_media_kept_at;
mod m20261127_000015_create_username_holds;
mod m20261127_000016_create_group_transfer_offers;
mod m20261127_000017_create_integration_state;
mod m20261127_000018_create_article_replies;
mod m20261127_000019_create_plaza_versions;
mod m20261127_000020_create_reply_versions;
mod m20261127_000021_create_notifications;
mod m20261128_000022_create_word_list;
mod m20261128_000023_create_search;
mod m20261128_000024_create_user_blocks;
mod m20261128_000025_create_reports;
mod m20261128_000026_withheld_content;
mod m20261128_000027_index_busy_reads;
mod m20261128_000028_create_content_totals;
mod m20261128_000029_search_recent_per_kind;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261121_000001_create_accounts::Migration),
            Box::new(m20261121_000002_add_phone_and_wechat::Migration),
            Box::new(m20261121_000003_create_wechat::Migration),
            Box::new(m20261121_000004_create_ai_chat::Migration),
            Box::new(m20261121_000005_create_tokens_and_audit::Migration),
            Box::new(m20261123_000006_session_reauthentication::Migration),
            Box::new(m20261125_000007_create_groups_and_media::Migration),
            Box::new(m20261125_000008_create_districts::Migration),
            Box::new(m20261125_000009_create_weather_cache::Migration),
            Box::new(m20261125_000010_create_plaza::Migration),
            Box::new(m20261126_000011_add_profile_fields::Migration),
            Box::new(m20261126_000012_media_hidden::Migration),
            Box::new(m20261126_000013_audit_indexes::Migration),
            Box::new(m20261127_000014_add_media_kept_at::Migration),
            Box::new(m20261127_000015_create_username_holds::Migration),
            Box::new(m20261127_000016_create_group_transfer_offers::Migration),
            Box::new(m20261127_000017_create_integration_state::Migration),
            Box::new(m20261127_000018_create_article_replies::Migration),
            Box::new(m20261127_000019_create_plaza_versions::Migration),
            Box::new(m20261127_000020_create_reply_versions::Migration),
            Box::new(m20261127_000021_create_notifications::Migration),
            Box::new(m20261128_000022_create_word_list::Migration),
            Box::new(m20261128_000023_create_search::Migration),
            Box::new(m20261128_000024_create_user_blocks::Migration),
            Box::new(m20261128_000025_create_reports::Migration),
            Box::new(m20261128_000026_withheld_content::Migration),
            Box::new(m20261128_000027_index_busy_reads::Migration),
            Box::new(m20261128_000028_create_content_totals::Migration),
            Box::new(m20261128_000029_search_recent_per_kind::Migration),
        ]
    }
}
