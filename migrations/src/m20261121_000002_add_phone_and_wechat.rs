//! Phone and WeChat sign-in: the users' phone number, WeChat identity and avatar, and the
//! SMS verification codes (hashed), and the secrets every server instance shares.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    AvatarUrl,
    Phone,
    WechatOpenid,
    WechatUnionid,
}

#[derive(DeriveIden)]
enum VerificationCodes {
    Table,
    Id,
    Phone,
    Purpose,
    CodeHash,
    SentAt,
    ExpiresAt,
    Attempts,
    ConsumedAt,
}

#[derive(DeriveIden)]
enum ServerSecrets {
    Table,
    Name,
    Value,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite takes one column per ALTER TABLE and no UNIQUE column there: unique indexes
        // instead (NULLs never collide, on either engine).
        for col in [
            text_null(Users::AvatarUrl),
            string_len_null(Users::Phone, 20),
            string_len_null(Users::WechatOpenid, 64),
            string_len_null(Users::WechatUnionid, 64),
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Users::Table)
                        .add_column(col)
                        .to_owned(),
                )
                .await?;
        }
        for (name, col) in [
            ("users_phone_key", Users::Phone),
            ("users_wechat_openid_key", Users::WechatOpenid),
        ] {
            manager
                .create_index(
                    Index::create()
                        .name(name)
                        .table(Users::Table)
                        .col(col)
                        .unique()
                        .to_owned(),
                )
                .await?;
        }
        manager
            .create_table(
                Table::create()
                    .table(VerificationCodes::Table)
                    .if_not_exists()
                    .col(uuid(VerificationCodes::Id).primary_key())
                    .col(string_len(VerificationCodes::Phone, 20))
                    .col(string_len(VerificationCodes::Purpose, 16))
                    .col(string_len(VerificationCodes::CodeHash, 64))
                    .col(timestamp_with_time_zone(VerificationCodes::SentAt))
                    .col(timestamp_with_time_zone(VerificationCodes::ExpiresAt))
                    .col(integer(VerificationCodes::Attempts).default(0))
                    .col(timestamp_with_time_zone_null(VerificationCodes::ConsumedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_verification_codes_phone")
                    .table(VerificationCodes::Table)
                    .col(VerificationCodes::Phone)
                    .col(VerificationCodes::Purpose)
                    .to_owned(),
            )
            .await?;
        // Secrets every instance must share (the key signing short-lived cookies), made by
        // the first instance that needs one.
        manager
            .create_table(
                Table::create()
                    .table(ServerSecrets::Table)
                    .if_not_exists()
                    .col(string_len(ServerSecrets::Name, 64).primary_key())
                    .col(text(ServerSecrets::Value))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(ServerSecrets::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(VerificationCodes::Table).to_owned())
            .await?;
        for name in ["users_wechat_openid_key", "users_phone_key"] {
            manager
                .drop_index(Index::drop().name(name).table(Users::Table).to_owned())
                .await?;
        }
        for col in [
            Users::WechatUnionid,
            Users::WechatOpenid,
            Users::Phone,
            Users::AvatarUrl,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Users::Table)
                        .drop_column(col)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}
