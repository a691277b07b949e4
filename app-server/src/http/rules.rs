//! The domain's input rules as OpenAPI schemas, so the document states every rule the server
//! enforces and a client built from it sends only what is accepted (issue 11).
//!
//! A request field the domain parses takes its schema from here,
//! `#[schema(schema_with = rules::username)]`, and each schema is built from the domain's own
//! constants (`Username::MAX_CHARS`, `Expiry::DAYS`, `Scope::all()`, …): a rule changed in the
//! domain changes the document with it. Where a schema says more than a constant can (a pattern),
//! the tests below prove that every value the schema allows, the domain accepts. Enumerations the
//! server answers with (a role, a token's state) are here too, so the frontend's generated types
//! name the values instead of `string`.
//!
//! `schema_with` replaces the field's whole schema: its description and example are given here,
//! not by the field's doc comment.

use accounts::model::{Bio, Nickname, Password, PhoneRegion, Username, VerificationCode};
use chat::model::{ChatLimits, ChatRole, DEFAULT_MAX_TOKENS, DEFAULT_TEMPERATURE};
use groups::model::{
    ArticleBody, ArticleStatus, ArticleTitle, GroupDescription, GroupName, INVITE_LEN, JoinPolicy,
    MAX_MESSAGE_CHARS, MemberRole, MemberState, RequestStatus, Visibility,
};
use kernel::Role;
use serde_json::{Value, json};
use tokens::model::{Access, Area, Expiry, MAX_NAME_CHARS, Scope, TokenState};
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Schema, SchemaType, Type};
use utoipa::openapi::{KnownFormat, RefOr, SchemaFormat};
use weather::Condition;

/// A mainland mobile number, national digits.
const CN_NATIONAL: &str = "1[3-9][0-9]{9}";
/// A NANP number, national digits (`NXX NXX XXXX`, N is 2–9).
const NANP_NATIONAL: &str = "[2-9][0-9]{2}[2-9][0-9]{6}";

fn string() -> ObjectBuilder {
    ObjectBuilder::new().schema_type(Type::String)
}

fn nullable(ty: Type) -> SchemaType {
    SchemaType::Array(vec![ty, Type::Null])
}

/// A string that is one of `values`.
fn one_of<I: IntoIterator<Item = &'static str>>(values: I, description: &str) -> Schema {
    string()
        .enum_values(Some(values))
        .description(Some(description))
        .build()
        .into()
}

/// `Username::parse`: 3–32 of `a-z0-9_-` after trimming and folding upper case to lower case.
fn username_pattern() -> String {
    format!(
        "^[A-Za-z0-9_-]{{{},{}}}$",
        Username::MIN_CHARS,
        Username::MAX_CHARS
    )
}

pub fn username() -> Schema {
    string()
        .min_length(Some(Username::MIN_CHARS))
        .max_length(Some(Username::MAX_CHARS))
        .pattern(Some(username_pattern()))
        .description(Some(format!(
            "{}–{} of `a-z`, `0-9`, `_` and `-`; upper case is folded to lower case.",
            Username::MIN_CHARS,
            Username::MAX_CHARS
        )))
        .examples([json!("xiaoming")])
        .build()
        .into()
}

/// A password being chosen: `Password::parse_new`.
pub fn new_password() -> Schema {
    string()
        .min_length(Some(Password::MIN_CHARS))
        .max_length(Some(Password::MAX_CHARS))
        .description(Some(format!(
            "{}–{} characters (not bytes), and not one of the 10,000 most common passwords.",
            Password::MIN_CHARS,
            Password::MAX_CHARS
        )))
        .examples([json!("correct horse battery")])
        .build()
        .into()
}

/// A password as typed to prove who one is: `Password::for_login` caps it in bytes; a UTF-8
/// character is at most 4 bytes, so this many characters always fit.
pub fn current_password() -> Schema {
    string()
        .min_length(Some(1))
        .max_length(Some(Password::LOGIN_MAX_BYTES / 4))
        .description(Some(format!(
            "The password as it was set; at most {} bytes.",
            Password::LOGIN_MAX_BYTES
        )))
        .examples([json!("correct horse battery")])
        .build()
        .into()
}

/// `Nickname::parse`; blank or absent means the username.
pub fn optional_nickname() -> Schema {
    ObjectBuilder::new()
        .schema_type(nullable(Type::String))
        .max_length(Some(Nickname::MAX_CHARS))
        .pattern(Some(r"^[^\u0000-\u001F\u007F-\u009F]*$"))
        .description(Some(format!(
            "1–{} characters without control characters; blank or left out: the username.",
            Nickname::MAX_CHARS
        )))
        .examples([json!("小明")])
        .build()
        .into()
}

/// A new nickname for `PATCH /api/account/profile`; `null` or left out keeps it.
pub fn optional_profile_nickname() -> Schema {
    ObjectBuilder::new()
        .schema_type(nullable(Type::String))
        .min_length(Some(1))
        .max_length(Some(Nickname::MAX_CHARS))
        .pattern(Some(
            r"^[^\u0000-\u001F\u007F-\u009F]*[^\s\u0000-\u001F\u007F-\u009F][^\u0000-\u001F\u007F-\u009F]*$",
        ))
        .description(Some(format!(
            "1–{} characters without control characters; `null` or left out: unchanged.",
            Nickname::MAX_CHARS
        )))
        .examples([json!("小明")])
        .build()
        .into()
}

/// A new username for `PATCH /api/account/profile`; `null` or left out keeps it.
pub fn optional_username() -> Schema {
    ObjectBuilder::new()
        .schema_type(nullable(Type::String))
        .min_length(Some(Username::MIN_CHARS))
        .max_length(Some(Username::MAX_CHARS))
        .pattern(Some(username_pattern()))
        .description(Some(format!(
            "{}–{} of `a-z`, `0-9`, `_` and `-` (upper case folded), not a reserved name; `null` or left out: unchanged.",
            Username::MIN_CHARS,
            Username::MAX_CHARS
        )))
        .examples([json!("xiaoming")])
        .build()
        .into()
}

/// `Bio::parse`: at most 280 characters, line breaks but no other control characters.
pub fn optional_bio() -> Schema {
    ObjectBuilder::new()
        .schema_type(nullable(Type::String))
        .max_length(Some(Bio::MAX_CHARS))
        .pattern(Some(
            r"^[^\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F]*$",
        ))
        .description(Some(format!(
            "At most {} characters; blank clears it; `null` or left out: unchanged.",
            Bio::MAX_CHARS
        )))
        .examples([json!("喜欢爬山和摄影")])
        .build()
        .into()
}

/// A bound number's calling code, as answered.
pub fn calling_code() -> Schema {
    one_of(
        PhoneRegion::ALL.map(PhoneRegion::prefix),
        "The calling code without `+`.",
    )
}

/// `PhoneRegion::parse`: the calling codes served.
pub fn phone_prefix() -> Schema {
    string()
        .enum_values(Some(PhoneRegion::ALL.map(PhoneRegion::prefix)))
        .description(Some(
            "The calling code without `+` (a leading `+` is accepted too).",
        ))
        .examples([json!("86")])
        .build()
        .into()
}

fn phone_number_pattern() -> String {
    format!("^(?:(?:86)?{CN_NATIONAL}|1?{NANP_NATIONAL})$")
}

/// `PhoneNumber::parse`, per region; the pattern allows either region's format.
pub fn phone_number() -> Schema {
    string()
        .pattern(Some(phone_number_pattern()))
        .description(Some(
            "The digits: for `86` a mainland mobile number, 11 digits `1[3-9]…`; for `1` a NANP number, 10 digits `NXX NXX XXXX` (N is 2–9). Spaces, `-`, `.`, `(` and `)` are also accepted, and so is the calling code repeated in front.",
        ))
        .examples([json!("13800138000")])
        .build()
        .into()
}

/// `VerificationCode::parse`.
pub fn verification_code() -> Schema {
    string()
        .min_length(Some(VerificationCode::LEN))
        .max_length(Some(VerificationCode::LEN))
        .pattern(Some(format!("^[0-9]{{{}}}$", VerificationCode::LEN)))
        .description(Some(format!(
            "The {} digits from the SMS.",
            VerificationCode::LEN
        )))
        .examples([json!("123456")])
        .build()
        .into()
}

/// `TokensService::create`: the name, trimmed, 1–50 characters.
pub fn token_name() -> Schema {
    string()
        .min_length(Some(1))
        .max_length(Some(MAX_NAME_CHARS))
        .pattern(Some(r"\S"))
        .description(Some(format!(
            "1–{MAX_NAME_CHARS} characters, not only spaces (trimmed)."
        )))
        .examples([json!("CI deploy")])
        .build()
        .into()
}

fn scope_names() -> Schema {
    string()
        .enum_values(Some(Scope::all().map(Scope::as_str)))
        .build()
        .into()
}

/// `Scopes::parse`: at least one known scope (repeats are dropped).
pub fn token_scopes() -> Schema {
    ArrayBuilder::new()
        .items(RefOr::T(scope_names()))
        .min_items(Some(1))
        .description(Some(
            "At least one of `GET /api/tokens/scopes` (administrators alone may give `admin:…`).",
        ))
        .examples([json!(["account:read", "ai:write"])])
        .build()
        .into()
}

/// `Expiry::from_days`.
pub fn token_expiry() -> Schema {
    let days = Expiry::DAYS.map(|d| json!(d));
    ObjectBuilder::new()
        .schema_type(nullable(Type::Integer))
        .enum_values(Some(days.into_iter().chain([Value::Null])))
        .description(Some(format!(
            "Days until it expires: one of {:?}; `null` or left out: it never expires.",
            Expiry::DAYS
        )))
        .examples([json!(30)])
        .build()
        .into()
}

/// The scopes of a listed token.
pub fn listed_scopes() -> Schema {
    ArrayBuilder::new()
        .items(RefOr::T(scope_names()))
        .examples([json!(["account:read", "ai:write"])])
        .build()
        .into()
}

/// One scope, `area:access`.
pub fn scope() -> Schema {
    string()
        .enum_values(Some(Scope::all().map(Scope::as_str)))
        .examples([json!("account:read")])
        .build()
        .into()
}

pub fn scope_area() -> Schema {
    one_of(Area::ALL.map(Area::as_str), "The area of the API.")
}

pub fn scope_access() -> Schema {
    one_of(
        [Access::Read, Access::Write].map(Access::as_str),
        "`write` includes `read`.",
    )
}

pub fn token_state() -> Schema {
    let name = |s: TokenState| match s {
        TokenState::Active => "active",
        TokenState::Expired => "expired",
        TokenState::Revoked => "revoked",
    };
    one_of(
        [TokenState::Active, TokenState::Expired, TokenState::Revoked].map(name),
        "Where the token stands now.",
    )
}

/// The media stores `adapter-media` has.
pub fn media_store_kind() -> Schema {
    one_of(["filesystem", "s3"], "`filesystem` or `s3`.")
}

/// `kernel::AuditAction`: every name of the audit log's registry.
pub fn audit_action() -> Schema {
    one_of(
        kernel::AuditAction::ALL.iter().map(|a| a.as_str()),
        "A name of the audit log's registry (kernel::audit::AuditAction).",
    )
}

/// The registry, as a list.
pub fn audit_actions() -> Schema {
    utoipa::openapi::schema::ArrayBuilder::new()
        .items(utoipa::openapi::RefOr::T(audit_action()))
        .build()
        .into()
}

pub fn role() -> Schema {
    one_of(
        [Role::User, Role::Admin].map(Role::as_str),
        "`user` or `admin`.",
    )
}

/// `ChatRequest::new`: who said a message.
pub fn chat_role() -> Schema {
    string()
        .enum_values(Some(ChatRole::ALL.map(ChatRole::as_str)))
        .description(Some("The last message must be the user's."))
        .examples([json!("user")])
        .build()
        .into()
}

/// `ChatRequest::new`: a message's text (the server's limits are configurable; these are the
/// defaults).
pub fn chat_content() -> Schema {
    let limits = ChatLimits::default();
    string()
        .min_length(Some(1))
        .max_length(Some(limits.max_message_chars))
        .pattern(Some(r"\S"))
        .description(Some(format!(
            "Not blank; at most {} characters (all messages together at most {}; `AI_MAX_MESSAGE_CHARS` and `AI_MAX_TOTAL_CHARS` may lower both).",
            limits.max_message_chars, limits.max_total_chars
        )))
        .examples([json!("用一句话介绍庭院")])
        .build()
        .into()
}

/// An optional number within `min..=max`; the default applies when it is left out or null.
fn optional_range(ty: Type, format: KnownFormat, min: f64, max: f64, default: String) -> Schema {
    ObjectBuilder::new()
        .schema_type(nullable(ty))
        .format(Some(SchemaFormat::KnownFormat(format)))
        .minimum(Some(min))
        .maximum(Some(max))
        .description(Some(format!("{min}–{max}, default {default}.")))
        .build()
        .into()
}

pub fn chat_temperature() -> Schema {
    let limits = ChatLimits::default();
    optional_range(
        Type::Number,
        KnownFormat::Float,
        0.0,
        f64::from(limits.max_temperature),
        DEFAULT_TEMPERATURE.to_string(),
    )
}

pub fn chat_max_tokens() -> Schema {
    let limits = ChatLimits::default();
    optional_range(
        Type::Integer,
        KnownFormat::Int32,
        1.0,
        f64::from(limits.max_tokens),
        DEFAULT_MAX_TOKENS.to_string(),
    )
}

/// `postgres` or `sqlite`.
pub fn database_kind() -> Schema {
    use system::DatabaseKind;
    one_of(
        [DatabaseKind::Postgres, DatabaseKind::Sqlite].map(DatabaseKind::as_str),
        "The database in use.",
    )
}

/// The SMS senders `adapter-sms` has (`log`: development, codes in the server log).
pub fn sms_provider() -> Schema {
    one_of(
        ["aliyun", "log", "none"],
        "`aliyun`, `log` (development: codes in the server log) or `none`.",
    )
}

/// Where the shared WeChat access token stands (`wechat`'s token lease).
pub fn wechat_token_state() -> Schema {
    one_of(
        ["missing", "fresh", "expiring", "expired"],
        "`missing`, `fresh`, `expiring` or `expired`.",
    )
}

/// The action types this console edits; WeChat knows more, which validation reports.
pub fn menu_action_type() -> Schema {
    string()
        .enum_values(Some(wechat::menu::SUPPORTED_TYPES))
        .description(Some(
            "Absent on a parent of `sub_button`s; `click` needs `key`, `view` needs `url`, `miniprogram` needs `appid`, `pagepath` and `url`.",
        ))
        .build()
        .into()
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
    #[schema(rename = "type", schema_with = menu_action_type)]
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
    #[schema(rename = "type", schema_with = menu_action_type)]
    kind: Option<String>,
    #[schema(max_length = 128)]
    key: Option<String>,
    #[schema(max_length = 1024)]
    url: Option<String>,
    appid: Option<String>,
    pagepath: Option<String>,
}

// ---- groups (issue 12) ----

/// `GroupName::parse`: 2–40 characters after trimming.
pub fn group_name() -> Schema {
    string()
        .min_length(Some(GroupName::MIN_CHARS))
        .max_length(Some(GroupName::MAX_CHARS))
        .pattern(Some(r"\S.*\S"))
        .description(Some(format!(
            "{}–{} characters after trimming (counted as characters, not bytes).",
            GroupName::MIN_CHARS,
            GroupName::MAX_CHARS
        )))
        .examples([json!("周末读书会")])
        .build()
        .into()
}

/// `GroupDescription::parse`: at most 500 characters.
pub fn group_description() -> Schema {
    ObjectBuilder::new()
        .schema_type(nullable(Type::String))
        .max_length(Some(GroupDescription::MAX_CHARS))
        .description(Some(format!(
            "At most {} characters (trimmed); `null` or absent: empty.",
            GroupDescription::MAX_CHARS
        )))
        .examples([json!("每周读一本书，周日线下聊。")])
        .build()
        .into()
}

pub fn group_visibility() -> Schema {
    one_of(
        Visibility::ALL.map(Visibility::as_str),
        "`public`: anyone may read its content; `private`: its active members only.",
    )
}

pub fn join_policy() -> Schema {
    one_of(
        JoinPolicy::ALL.map(JoinPolicy::as_str),
        "`open`: anyone joins at once (public groups only); `approval`: a request the owner or an admin decides; `invite_code`: the group's code is needed.",
    )
}

pub fn weather_condition() -> Schema {
    one_of(
        Condition::ALL.map(Condition::as_str),
        "The weather, from the provider's WMO code; `unknown` for a code the table does not know.",
    )
}

pub fn member_role() -> Schema {
    one_of(MemberRole::ALL.map(MemberRole::as_str), "A member's role.")
}

pub fn member_state() -> Schema {
    one_of(
        MemberState::ALL.map(MemberState::as_str),
        "`pending`: asked to join; `active`: a member; `banned`: may not join or ask.",
    )
}

pub fn request_status() -> Schema {
    one_of(
        RequestStatus::ALL.map(RequestStatus::as_str),
        "What became of the request.",
    )
}

/// The role a request was approved with, or `null`.
pub fn granted_role() -> Schema {
    ObjectBuilder::new()
        .schema_type(nullable(Type::String))
        .enum_values(Some(
            [MemberRole::Admin, MemberRole::Member]
                .map(|r| json!(r.as_str()))
                .into_iter()
                .chain([Value::Null]),
        ))
        .description(Some("The role it was approved with."))
        .build()
        .into()
}

/// A role a manager may give (never `owner`: ownership moves by transfer).
pub fn grantable_role_required() -> Schema {
    one_of(
        [MemberRole::Admin, MemberRole::Member].map(MemberRole::as_str),
        "`admin` (the owner only) or `member`.",
    )
}

pub fn grantable_role() -> Schema {
    ObjectBuilder::new()
        .schema_type(nullable(Type::String))
        .enum_values(Some(
            [MemberRole::Admin, MemberRole::Member]
                .map(|r| json!(r.as_str()))
                .into_iter()
                .chain([Value::Null]),
        ))
        .description(Some("`admin` (the owner only) or `member` (the default)."))
        .build()
        .into()
}

pub fn requests_filter() -> Schema {
    one_of(
        ["pending", "all"],
        "`pending` (the default) or `all` (the history).",
    )
}

pub fn join_outcome() -> Schema {
    one_of(
        ["joined", "requested"],
        "`joined`: an active member now; `requested`: waiting for a decision.",
    )
}

/// `parse_message`: at most 500 characters.
pub fn group_message() -> Schema {
    ObjectBuilder::new()
        .schema_type(nullable(Type::String))
        .max_length(Some(MAX_MESSAGE_CHARS))
        .description(Some(format!(
            "At most {MAX_MESSAGE_CHARS} characters (trimmed)."
        )))
        .examples([json!("我也喜欢读书，想加入。")])
        .build()
        .into()
}

/// `normalize_invite_code`: 8 characters of the code alphabet, any case, spaces trimmed.
pub fn invite_code() -> Schema {
    ObjectBuilder::new()
        .schema_type(nullable(Type::String))
        .max_length(Some(64))
        .description(Some(format!(
            "The group's invite code: {INVITE_LEN} characters (case does not matter)."
        )))
        .examples([json!("7KQ2MZ9P")])
        .build()
        .into()
}

pub fn article_status() -> Schema {
    one_of(
        ArticleStatus::ALL.map(ArticleStatus::as_str),
        "`draft`: its author and the group's managers only; `published`: the group's readers.",
    )
}

/// `ArticleTitle::parse`: 1–120 characters after trimming.
pub fn article_title() -> Schema {
    string()
        .min_length(Some(1))
        .max_length(Some(ArticleTitle::MAX_CHARS))
        .pattern(Some(r"\S"))
        .description(Some(format!(
            "1–{} characters, not only spaces (trimmed).",
            ArticleTitle::MAX_CHARS
        )))
        .examples([json!("三月书单")])
        .build()
        .into()
}

/// `ArticleBody::parse`: Markdown, at most 100 000 characters.
pub fn article_body() -> Schema {
    string()
        .max_length(Some(ArticleBody::MAX_CHARS))
        .description(Some(format!(
            "Markdown, at most {} characters.",
            ArticleBody::MAX_CHARS
        )))
        .examples([json!("## 三月\n\n- 《活着》")])
        .build()
        .into()
}

/// A plaza post's text (`plaza::model::parse_post_body`).
pub fn post_body() -> Schema {
    string()
        .max_length(Some(plaza::model::MAX_POST_CHARS))
        .description(Some(format!(
            "At most {} characters after trimming; may be empty only when the post has images.",
            plaza::model::MAX_POST_CHARS
        )))
        .examples([json!("成都今天出太阳了 ☀️")])
        .build()
        .into()
}

/// The images of a post, in order (`plaza::model::MAX_POST_IMAGES`).
pub fn post_image_ids() -> Schema {
    ArrayBuilder::new()
        .items(RefOr::T(
            string()
                .format(Some(SchemaFormat::KnownFormat(KnownFormat::Uuid)))
                .build()
                .into(),
        ))
        .max_items(Some(plaza::model::MAX_POST_IMAGES))
        .unique_items(true)
        .description(Some(format!(
            "Ids of images uploaded with `POST /api/plaza/images` by the author and not yet in a post, at most {}, in the order to show them.",
            plaza::model::MAX_POST_IMAGES
        )))
        .build()
        .into()
}

/// A comment's text (`plaza::model::parse_comment_body`).
pub fn comment_body() -> Schema {
    string()
        .min_length(Some(1))
        .max_length(Some(plaza::model::MAX_COMMENT_CHARS))
        .pattern(Some(r"\S"))
        .description(Some(format!(
            "1–{} characters after trimming.",
            plaza::model::MAX_COMMENT_CHARS
        )))
        .examples([json!("好天气！")])
        .build()
        .into()
}

/// A GB/T 2260 district code: six digits.
pub fn district_code() -> Schema {
    string()
        .pattern(Some("^[0-9]{6}$"))
        .description(Some(
            "A GB/T 2260 code: six digits (`510000` a province, `510100` a city, `510104` a county).",
        ))
        .examples([json!("510000")])
        .build()
        .into()
}

/// A district a post may be tagged with: a code, or `null` (or left out) for none.
pub fn district_code_or_none() -> Schema {
    string()
        .schema_type(nullable(Type::String))
        .pattern(Some("^[0-9]{6}$"))
        .description(Some(
            "A GB/T 2260 code (six digits), or `null` or left out for a post without a place.",
        ))
        .examples([json!("510000")])
        .build()
        .into()
}

/// A district's level (its code's shape gives it).
pub fn district_level() -> Schema {
    one_of(
        districts::Level::ALL.map(districts::Level::as_str),
        "`province` (`xx0000`), `city` (`xxxx00`) or `county`.",
    )
}

fn district_name(max: usize, example: &str) -> Schema {
    string()
        .min_length(Some(1))
        .max_length(Some(max))
        .pattern(Some(r"\S"))
        .description(Some(format!(
            "1–{max} characters after trimming, no control characters."
        )))
        .examples([json!(example)])
        .build()
        .into()
}

/// `District::new`: a Chinese name.
pub fn district_name_zh() -> Schema {
    district_name(districts::District::MAX_NAME_ZH, "成都市")
}

/// `District::new`: an English name.
pub fn district_name_en() -> Schema {
    district_name(districts::District::MAX_NAME_EN, "Chengdu")
}

fn degrees(max: f64, description: &str, example: f64) -> Schema {
    ObjectBuilder::new()
        .schema_type(Type::Number)
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Double)))
        .minimum(Some(-max))
        .maximum(Some(max))
        .description(Some(description))
        .examples([json!(example)])
        .build()
        .into()
}

/// The seat's latitude, degrees (WGS 84).
pub fn latitude() -> Schema {
    degrees(
        90.0,
        "The seat's latitude, -90 to 90 (degrees, WGS 84).",
        30.5728,
    )
}

/// The seat's longitude, degrees (WGS 84).
pub fn longitude() -> Schema {
    degrees(
        180.0,
        "The seat's longitude, -180 to 180 (degrees, WGS 84).",
        104.0668,
    )
}

/// A tile-map column or row (`TilePosition::SIZE`).
pub fn district_tile_index() -> Schema {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(0))
        .maximum(Some(districts::TilePosition::SIZE - 1))
        .description(Some(format!(
            "0–{}: columns west → east, rows north → south.",
            districts::TilePosition::SIZE - 1
        )))
        .build()
        .into()
}

/// Why an import refused a line (`districts::import::Refusal::code`).
pub fn district_refusal() -> Schema {
    one_of(
        [
            "invalid_code",
            "invalid_name_zh",
            "invalid_name_en",
            "invalid_coordinates",
            "invalid_tile",
            "missing_parent",
            "duplicate_code",
            "not_a_number",
        ],
        "Why the line was refused.",
    )
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use accounts::model::PhoneNumber;
    use proptest::prelude::*;

    /// The pattern without its anchors, for proptest's generator (which anchors itself).
    fn unanchored(pattern: &str) -> String {
        pattern
            .trim_start_matches('^')
            .trim_end_matches('$')
            .to_owned()
    }

    proptest! {
        #[test]
        fn every_username_the_document_allows_parses(
            name in proptest::string::string_regex(&unanchored(&username_pattern())).unwrap()
        ) {
            prop_assert!(Username::parse(&name).is_ok(), "{name:?}");
        }

        #[test]
        fn every_mainland_number_the_document_allows_parses(
            number in proptest::string::string_regex(&format!("(86)?{CN_NATIONAL}")).unwrap()
        ) {
            prop_assert!(PhoneNumber::parse("86", &number).is_ok(), "{number:?}");
        }

        #[test]
        fn every_nanp_number_the_document_allows_parses(
            number in proptest::string::string_regex(&format!("1?{NANP_NATIONAL}")).unwrap()
        ) {
            prop_assert!(PhoneNumber::parse("1", &number).is_ok(), "{number:?}");
        }

        #[test]
        fn every_code_the_document_allows_parses(code in "[0-9]{6}") {
            prop_assert!(VerificationCode::parse(&code).is_ok());
        }

        #[test]
        fn every_nickname_the_document_allows_parses(
            nickname in "[^\\x00-\\x1F\\x7F-\\x{9F}]{1,32}"
        ) {
            prop_assume!(!nickname.trim().is_empty());
            prop_assert!(Nickname::parse(&nickname).is_ok(), "{nickname:?}");
        }
    }

    #[test]
    fn the_phone_pattern_is_both_regions_and_nothing_else() {
        assert_eq!(
            phone_number_pattern(),
            format!("^(?:(?:86)?{CN_NATIONAL}|1?{NANP_NATIONAL})$")
        );
        for region in PhoneRegion::ALL {
            assert!(PhoneRegion::parse(region.prefix()).is_ok());
        }
    }

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

    #[test]
    fn the_longest_current_password_allowed_fits_the_login_cap() {
        let longest = "密".repeat(Password::LOGIN_MAX_BYTES / 4);
        assert!(Password::for_login(&longest).is_ok());
        let four_byte = "😀".repeat(Password::LOGIN_MAX_BYTES / 4);
        assert!(Password::for_login(&four_byte).is_ok());
    }
}
