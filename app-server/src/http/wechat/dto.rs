//! Request and response bodies of the WeChat admin: the access token's state and the custom
//! menu, whose JSON the document describes by the domain's limits (`wechat::menu`).

use super::rules;
use crate::http::error::MenuFaultDto;
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use wechat::menu::Menu;
use wechat::ports::MenuVersion;
use wechat::service::AccessTokenStatus;

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

impl From<AccessTokenStatus> for TokenStateDto {
    fn from(s: AccessTokenStatus) -> Self {
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
    #[schema(required = true, value_type = Option<MenuSchema>)]
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
    #[schema(value_type = MenuSchema)]
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
    #[schema(value_type = Vec<MenuButtonSchema>, max_items = 3)]
    pub button: Vec<wechat::menu::Button>,
}

/// WeChat's menu JSON (`{"button": [...]}`), as `wechat::menu::Menu` reads and writes it.
#[derive(utoipa::ToSchema)]
#[schema(as = Menu)]
#[allow(dead_code)]
pub struct MenuSchema {
    /// At most 3 top-level buttons.
    #[schema(max_items = 3)]
    button: Vec<MenuButtonSchema>,
}

/// One button of WeChat's menu JSON: an action (`type` with its fields) or, at the top level
/// only, a parent of at most 5 `sub_button`s. Names and keys are counted in UTF-8 bytes (a
/// Chinese character is 3): a name 16 at the top level and 60 below, a key 128, a URL 1024.
/// `POST /api/admin/wechat/menu/validate` lists every rule a menu breaks.
#[derive(utoipa::ToSchema)]
#[schema(as = MenuButton)]
#[allow(dead_code)]
pub struct MenuButtonSchema {
    #[schema(min_length = 1, max_length = 60)]
    name: String,
    #[schema(rename = "type", schema_with = rules::menu_action_type)]
    kind: Option<String>,
    #[schema(max_length = 128)]
    key: Option<String>,
    #[schema(max_length = 1024)]
    url: Option<String>,
    appid: Option<String>,
    pagepath: Option<String>,
    #[schema(max_items = 5)]
    sub_button: Option<Vec<MenuSubButtonSchema>>,
}

/// A button below a top-level one: an action only. WeChat's menus have exactly two levels, and
/// the document says so instead of describing a recursive button (which also keeps schema-driven
/// generators such as schemathesis from descending without end).
#[derive(utoipa::ToSchema)]
#[schema(as = MenuSubButton)]
#[allow(dead_code)]
pub struct MenuSubButtonSchema {
    #[schema(min_length = 1, max_length = 60)]
    name: String,
    #[schema(rename = "type", schema_with = rules::menu_action_type)]
    kind: Option<String>,
    #[schema(max_length = 128)]
    key: Option<String>,
    #[schema(max_length = 1024)]
    url: Option<String>,
    appid: Option<String>,
    pagepath: Option<String>,
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn the_menu_schema_states_the_domain_limits() {
        use utoipa::PartialSchema;
        use wechat::menu::{
            MAX_BUTTONS, MAX_KEY_BYTES, MAX_SUB_BUTTONS, MAX_SUB_NAME_BYTES, MAX_URL_BYTES,
        };
        let menu = serde_json::to_value(MenuSchema::schema()).unwrap();
        assert_eq!(menu["properties"]["button"]["maxItems"], MAX_BUTTONS);
        let button = serde_json::to_value(MenuButtonSchema::schema()).unwrap();
        let props = &button["properties"];
        assert_eq!(props["name"]["maxLength"], MAX_SUB_NAME_BYTES);
        assert_eq!(props["key"]["maxLength"], MAX_KEY_BYTES);
        assert_eq!(props["url"]["maxLength"], MAX_URL_BYTES);
        assert_eq!(props["sub_button"]["maxItems"], MAX_SUB_BUTTONS);
        // Two levels, as WeChat's menus: a sub-button has no buttons of its own.
        assert_eq!(
            props["sub_button"]["items"]["$ref"],
            "#/components/schemas/MenuSubButton"
        );
        let sub = serde_json::to_value(MenuSubButtonSchema::schema()).unwrap();
        assert!(sub["properties"].get("sub_button").is_none());
        assert_eq!(sub["properties"]["name"]["maxLength"], MAX_SUB_NAME_BYTES);
        assert_eq!(sub["properties"]["key"]["maxLength"], MAX_KEY_BYTES);
        assert_eq!(sub["properties"]["url"]["maxLength"], MAX_URL_BYTES);
    }
}
