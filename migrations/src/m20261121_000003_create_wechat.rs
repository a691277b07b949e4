//! The WeChat official account: the central access-token cache with its refresh lease, and
//! every published custom menu.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum WechatAccessTokens {
    Table,
    AppId,
    AccessToken,
    ObtainedAt,
    ExpiresAt,
    LastError,
    LastErrorAt,
    LockHolder,
    LockUntil,
}

#[derive(DeriveIden)]
enum WechatMenuVersions {
    Table,
    Id,
    MenuJson,
    PublishedAt,
    PublishedBy,
    RolledBackFrom,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(WechatAccessTokens::Table)
                    .if_not_exists()
                    .col(string_len(WechatAccessTokens::AppId, 64).primary_key())
                    .col(text_null(WechatAccessTokens::AccessToken))
                    .col(timestamp_with_time_zone_null(
                        WechatAccessTokens::ObtainedAt,
                    ))
                    .col(timestamp_with_time_zone_null(WechatAccessTokens::ExpiresAt))
                    .col(text_null(WechatAccessTokens::LastError))
                    .col(timestamp_with_time_zone_null(
                        WechatAccessTokens::LastErrorAt,
                    ))
                    .col(string_len_null(WechatAccessTokens::LockHolder, 128))
                    .col(timestamp_with_time_zone_null(WechatAccessTokens::LockUntil))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(WechatMenuVersions::Table)
                    .if_not_exists()
                    .col(uuid(WechatMenuVersions::Id).primary_key())
                    .col(text(WechatMenuVersions::MenuJson))
                    .col(timestamp_with_time_zone(WechatMenuVersions::PublishedAt))
                    .col(string_len(WechatMenuVersions::PublishedBy, 64))
                    .col(uuid_null(WechatMenuVersions::RolledBackFrom))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_wechat_menu_versions_published_at")
                    .table(WechatMenuVersions::Table)
                    .col(WechatMenuVersions::PublishedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(WechatMenuVersions::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(WechatAccessTokens::Table).to_owned())
            .await
    }
}
