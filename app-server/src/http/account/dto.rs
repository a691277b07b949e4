//! The account area's own bodies: the profile change, the avatar, the appearance and the
//! basics. Binding a phone takes the phone number and code that sign-in takes and answers the
//! user, all shared ([`crate::http::dto`]).

use super::errors::AccountCode;
use super::rules;
use crate::http::dto::{AppearanceDto, media_url};
use crate::http::error::ApiError;
use crate::i18n::Msg;
use accounts::model::{Appearance, Bio, ColorMode, Language, Nickname, User, Username};
use accounts::{AccountsError, ProfileChange};
use chrono::{DateTime, Utc};
use media::{Media, Variant};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

/// A profile change: each field sent is changed, each left out kept.
#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProfileRequest {
    #[schema(schema_with = rules::optional_profile_nickname)]
    #[validate(length(max = 256))]
    pub nickname: Option<String>,
    /// A new username (registration's rules; a browser session only). Sending the current
    /// one changes nothing.
    #[schema(schema_with = rules::optional_username)]
    #[validate(length(max = 256))]
    pub username: Option<String>,
    /// At most 280 characters; blank clears it.
    #[schema(schema_with = rules::optional_bio)]
    #[validate(length(max = 4096))]
    pub bio: Option<String>,
}

impl ProfileRequest {
    /// Parses every field sent and reports all faults at once, each under its field name.
    ///
    /// # Errors
    /// 422 with the first fault's code and a message per faulty field.
    pub fn try_into_domain(self) -> Result<ProfileChange, ApiError> {
        self.validate()?;
        let nickname = self.nickname.as_deref().map(Nickname::parse).transpose();
        let username = self.username.as_deref().map(Username::parse).transpose();
        let bio = self.bio.as_deref().map(Bio::parse).transpose();
        match (nickname, username, bio) {
            (Ok(nickname), Ok(username), Ok(bio)) => Ok(ProfileChange {
                nickname,
                username,
                bio,
            }),
            (n, u, b) => {
                let faults: Vec<(&str, AccountsError)> = [
                    ("nickname", n.err()),
                    ("username", u.err()),
                    ("bio", b.err()),
                ]
                .into_iter()
                .filter_map(|(f, e)| e.map(|e| (f, e)))
                .collect();
                let msg = |e: &AccountsError| match e {
                    AccountsError::InvalidNickname => Msg::InvalidNickname,
                    AccountsError::InvalidBio => Msg::InvalidBio,
                    _ => Msg::InvalidUsername,
                };
                let fields: Vec<(&str, Msg)> = faults.iter().map(|(f, e)| (*f, msg(e))).collect();
                let mut api = faults
                    .into_iter()
                    .next()
                    .map(|(_, e)| ApiError::from(e))
                    .unwrap_or_else(ApiError::not_found);
                for (f, m) in fields {
                    api = api.with_field(f, m);
                }
                Err(api)
            }
        }
    }
}

/// Which uploaded image becomes the avatar.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AvatarRequest {
    /// The `id` answered by `POST /api/account/avatar/upload`.
    pub media_id: uuid::Uuid,
}

/// An avatar upload waiting to be set.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AvatarUploadDto {
    pub id: uuid::Uuid,
    #[schema(example = "/api/media/0f8c…")]
    pub url: String,
    pub thumbnail_url: String,
    pub width: u32,
    pub height: u32,
}

impl From<&Media> for AvatarUploadDto {
    fn from(m: &Media) -> Self {
        Self {
            id: m.id.0,
            url: media_url(m.id, Variant::Original),
            thumbnail_url: media_url(m.id, Variant::Thumbnail),
            width: m.width,
            height: m.height,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AvatarUploadResponse {
    #[schema(example = true)]
    pub success: bool,
    pub image: AvatarUploadDto,
}

impl AppearanceDto {
    /// # Errors
    /// 422 `invalid_appearance` naming each field that is not one of its values, each with its
    /// own message (`colorMode`: light, dark or system; `language`: zh, en or system).
    pub fn try_into_domain(&self) -> Result<Appearance, ApiError> {
        let color_mode = self
            .color_mode
            .as_deref()
            .map(|m| ColorMode::from_stored(m).ok_or(("colorMode", Msg::InvalidColorMode)))
            .transpose();
        let language = self
            .language
            .as_deref()
            .map(|l| Language::from_stored(l).ok_or(("language", Msg::InvalidLanguage)))
            .transpose();
        match (color_mode, language) {
            (Ok(color_mode), Ok(language)) => Ok(Appearance {
                color_mode,
                language,
            }),
            (c, l) => {
                let mut api =
                    ApiError::unprocessable(AccountCode::InvalidAppearance, Msg::InvalidAppearance);
                for (field, msg) in [c.err(), l.err()].into_iter().flatten() {
                    api = api.with_field(field, msg);
                }
                Err(api)
            }
        }
    }
}

/// The ways an account can sign in.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignInMethodsDto {
    pub password: bool,
    pub phone: bool,
    pub wechat: bool,
}

/// The signed-in user's basics (`/profile/system/basic`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BasicsDto {
    pub id: uuid::Uuid,
    #[schema(example = "xiaoming")]
    pub username: String,
    #[schema(schema_with = rules::role)]
    pub role: String,
    pub created_at: DateTime<Utc>,
    pub sign_in_methods: SignInMethodsDto,
}

impl From<&User> for BasicsDto {
    fn from(u: &User) -> Self {
        Self {
            id: u.id.0,
            username: u.username.as_str().to_owned(),
            role: u.role.as_str().to_owned(),
            created_at: u.created_at,
            sign_in_methods: SignInMethodsDto {
                password: u.has_password,
                phone: u.phone.is_some(),
                wechat: u.wechat.is_some(),
            },
        }
    }
}
