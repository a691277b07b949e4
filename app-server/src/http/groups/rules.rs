//! Community groups' input rules and values as OpenAPI schemas (settings, roles, requests,
//! articles), built from the `groups` domain's own constants; the builders are in
//! [`crate::http::rules`].

use crate::http::area::{NamedEnum, named};
use crate::http::rules::{nullable, one_of, string};
use groups::model::{
    ArticleBody, ArticleStatus, ArticleTitle, GroupDescription, GroupName, INVITE_LEN, JoinPolicy,
    MAX_MESSAGE_CHARS, MemberRole, MemberState, ReplyBody, RequestStatus, Visibility,
};
use serde_json::{Value, json};
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};

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

/// `ReplyBody::parse`: Markdown, 1–5000 characters after trimming, not only white space.
pub fn reply_body() -> Schema {
    string()
        .min_length(Some(ReplyBody::MIN_CHARS))
        .max_length(Some(ReplyBody::MAX_CHARS))
        .pattern(Some(r"\S"))
        .description(Some(format!(
            "Markdown, {}–{} characters, not only spaces (trimmed).",
            ReplyBody::MIN_CHARS,
            ReplyBody::MAX_CHARS
        )))
        .examples([json!("同意，**第二章**写得最好。")])
        .build()
        .into()
}

/// The area's string enums, named ([`Area::ENUMS`](crate::http::area::Area::ENUMS)).
pub const ENUMS: &[NamedEnum] = &[
    named(
        "MemberRole",
        &["owner", "admin", "member"],
        "小组中的角色",
        "A role in a group",
    ),
    named(
        "AssignableRole",
        &["admin", "member"],
        "可授予成员的小组角色（`owner` 只能通过转让获得）",
        "A group role that can be given to a member (`owner` moves only by a transfer)",
    ),
    named(
        "MembershipState",
        &["pending", "active", "banned"],
        "小组成员身份的状态",
        "The state of a group membership",
    ),
    named(
        "Visibility",
        &["public", "private"],
        "小组的可见性：公开，或仅成员可见",
        "A group's visibility: public, or members only",
    ),
    named(
        "JoinPolicy",
        &["open", "approval", "invite_code"],
        "如何加入小组：直接加入、需审批或凭邀请码",
        "How one joins a group: at once, on approval or with an invite code",
    ),
    named(
        "JoinRequestStatus",
        &["pending", "approved", "rejected", "withdrawn"],
        "入组申请的状态",
        "The state of a join request",
    ),
    named(
        "JoinRequestFilter",
        &["pending", "all"],
        "列出哪些入组申请：待处理的或全部",
        "Which join requests to list: the pending ones or all",
    ),
    named(
        "JoinOutcome",
        &["joined", "requested"],
        "加入的结果：已加入，或已提出申请",
        "What joining did: joined, or asked to join",
    ),
    named(
        "ArticleStatus",
        &["draft", "published"],
        "文章的状态",
        "An article's state",
    ),
];

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_reply_schema_states_the_domains_bounds() {
        let schema = serde_json::to_value(reply_body()).unwrap();
        assert_eq!(schema["minLength"], ReplyBody::MIN_CHARS);
        assert_eq!(schema["maxLength"], ReplyBody::MAX_CHARS);
        assert!(ReplyBody::parse(&"字".repeat(ReplyBody::MAX_CHARS)).is_ok());
        assert!(ReplyBody::parse(&"字".repeat(ReplyBody::MAX_CHARS + 1)).is_err());
    }

    proptest! {
        /// Printable text with something other than white space, within the length, parses.
        #[test]
        fn every_printable_reply_the_document_allows_parses(
            body in "[^\\p{C}]{0,40}[^\\p{C}\\s]{1,40}[\n\t ]{0,3}[^\\p{C}]{0,40}"
        ) {
            prop_assert!(ReplyBody::parse(&body).is_ok(), "{body:?}");
        }
    }
}
