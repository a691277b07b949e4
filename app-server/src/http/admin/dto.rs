//! Request and response bodies of the admin console.

use crate::http::error::MenuFaultDto;
use crate::http::rules;
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use wechat::menu::Menu;
use wechat::ports::MenuVersion;
use wechat::service::TokenStatus;

#[derive(Debug, Serialize, ToSchema)]
pub struct Integrations {
    #[schema(schema_with = rules::database_kind)]
    pub database: &'static str,
    #[schema(schema_with = rules::sms_provider)]
    pub sms: &'static str,
    /// Whether WeChat's app id and secret are configured.
    pub wechat: bool,
    /// The AI assistant's provider (`deepseek`, `openai-compatible`), or `null` when none is
    /// configured.
    #[schema(required = true)]
    pub llm: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OverviewResponse {
    pub success: bool,
    /// How many accounts exist.
    pub users: u64,
    pub integrations: Integrations,
}

/// The access token as the admin console shows it (never the token itself).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TokenStateDto {
    pub configured: bool,
    #[schema(required = true)]
    pub app_id: Option<String>,
    #[schema(schema_with = rules::wechat_token_state)]
    pub state: &'static str,
    #[schema(required = true, example = "81_Ab…x9Z")]
    pub masked_token: Option<String>,
    #[schema(required = true)]
    pub obtained_at: Option<DateTime<Utc>>,
    #[schema(required = true)]
    pub expires_at: Option<DateTime<Utc>>,
    #[schema(required = true)]
    pub last_error: Option<String>,
    #[schema(required = true)]
    pub last_error_at: Option<DateTime<Utc>>,
    pub force_refreshes_left_today: u32,
    #[schema(required = true)]
    pub next_force_refresh_at: Option<DateTime<Utc>>,
}

impl TokenStateDto {
    pub fn not_configured() -> Self {
        Self {
            configured: false,
            app_id: None,
            state: "missing",
            masked_token: None,
            obtained_at: None,
            expires_at: None,
            last_error: None,
            last_error_at: None,
            force_refreshes_left_today: 0,
            next_force_refresh_at: None,
        }
    }
}

impl From<TokenStatus> for TokenStateDto {
    fn from(s: TokenStatus) -> Self {
        Self {
            configured: s.configured,
            app_id: Some(s.app_id),
            state: s.state.as_str(),
            masked_token: s.masked_token,
            obtained_at: s.obtained_at,
            expires_at: s.expires_at,
            last_error: s.last_error,
            last_error_at: s.last_error_at,
            force_refreshes_left_today: s.force_refreshes_left_today,
            next_force_refresh_at: s.next_force_refresh_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TokenResponse {
    pub success: bool,
    pub token: TokenStateDto,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TokenRefreshedResponse {
    pub success: bool,
    pub message: &'static str,
    pub token: TokenStateDto,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MenuResponse {
    pub success: bool,
    /// Null when no menu is published.
    #[schema(required = true, value_type = Option<rules::MenuSchema>)]
    pub menu: Option<Menu>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ValidationResponse {
    pub success: bool,
    pub valid: bool,
    pub faults: Vec<MenuFaultDto>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MenuVersionDto {
    pub id: uuid::Uuid,
    #[schema(value_type = rules::MenuSchema)]
    pub menu: Menu,
    pub published_at: DateTime<Utc>,
    /// The admin's username.
    pub published_by: String,
    #[schema(required = true)]
    pub rolled_back_from: Option<uuid::Uuid>,
}

impl From<MenuVersion> for MenuVersionDto {
    fn from(v: MenuVersion) -> Self {
        Self {
            id: v.id.0,
            menu: v.menu,
            published_at: v.published_at,
            published_by: v.published_by,
            rolled_back_from: v.rolled_back_from.map(|id| id.0),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VersionResponse {
    pub success: bool,
    pub message: &'static str,
    pub version: MenuVersionDto,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VersionsResponse {
    pub success: bool,
    pub versions: Vec<MenuVersionDto>,
}

/// A menu in WeChat's JSON shape, as the request body of validate and publish.
#[derive(Debug, serde::Deserialize, ToSchema)]
#[schema(example = json!({"button": [{"type": "click", "name": "今日歌曲", "key": "V1001_TODAY_MUSIC"}, {"name": "菜单", "sub_button": [{"type": "view", "name": "搜索", "url": "https://www.soso.com/"}]}]}))]
pub struct MenuBody {
    /// At most 3 top-level buttons (validation reports more).
    #[schema(value_type = Vec<rules::MenuButtonSchema>, max_items = 3)]
    pub button: Vec<wechat::menu::Button>,
}
