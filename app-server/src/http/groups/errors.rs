//! The groups domain's errors as HTTP: status, typed code and sentence.

use crate::http::error::{ApiError, Resource, SharedCode, error_codes};
use crate::i18n::Msg;
use actix_web::http::StatusCode;
use groups::GroupsError;

error_codes! {
    /// The groups area's codes: settings, membership, roles, articles, replies.
    pub enum GroupsCode {
        InvalidGroupSettings = "invalid_group_settings" => InvalidGroupSettings,
        PrivateGroupCannotBeOpen = "private_group_cannot_be_open" => PrivateGroupCannotBeOpen,
        InvalidArticleTitle = "invalid_article_title" => InvalidArticleTitle,
        InvalidArticleBody = "invalid_article_body" => InvalidArticleBody,
        InvalidMessage = "invalid_message" => InvalidGroupMessage,
        WrongInviteCode = "wrong_invite_code" => WrongInviteCode,
        MembersOnly = "members_only" => MembersOnly,
        GroupRoleNotAllowed = "group_role_not_allowed" => GroupRoleNotAllowed,
        AlreadyMember = "already_member" => AlreadyMember,
        RequestPending = "request_pending" => RequestPending,
        BannedFromGroup = "banned_from_group" => BannedFromGroup,
        OwnerCannotLeave = "owner_cannot_leave" => OwnerCannotLeave,
        OwnerUntouchable = "owner_untouchable" => OwnerUntouchable,
        NotAMember = "not_a_member" => NotAMember,
        RequestDecided = "request_decided" => RequestDecided,
        TooManyGroups = "too_many_groups" => TooManyGroups,
        TransferOfferPending = "transfer_offer_pending" => TransferOfferPending,
        ArticleQuotaExceeded = "article_quota_exceeded" => ArticleQuotaExceeded,
        EditConflict = "edit_conflict" => EditConflict,
        InvalidReply = "invalid_reply" => InvalidReply,
        RepliesLocked = "replies_locked" => RepliesLocked,
        ArticleNotPublished = "article_not_published" => ArticleNotPublished,
    }
}

impl From<GroupsError> for ApiError {
    fn from(e: GroupsError) -> Self {
        use StatusCode as S;
        let (status, code, msg) = match e {
            GroupsError::WordsRefused { field, found } => {
                return ApiError::words_refused(found, Some(field));
            }
            GroupsError::InvalidName => {
                return ApiError::unprocessable(
                    GroupsCode::InvalidGroupSettings,
                    Msg::InvalidGroupSettings,
                )
                .with_field("name", Msg::InvalidGroupName);
            }
            GroupsError::InvalidDescription => {
                return ApiError::unprocessable(
                    GroupsCode::InvalidGroupSettings,
                    Msg::InvalidGroupSettings,
                )
                .with_field("description", Msg::InvalidGroupDescription);
            }
            GroupsError::PrivateGroupCannotBeOpen => {
                return ApiError::unprocessable(
                    GroupsCode::PrivateGroupCannotBeOpen,
                    Msg::PrivateGroupCannotBeOpen,
                )
                .with_field("joinPolicy", Msg::PrivateGroupCannotBeOpen);
            }
            GroupsError::InvalidTitle => {
                return ApiError::unprocessable(
                    GroupsCode::InvalidArticleTitle,
                    Msg::InvalidArticleTitle,
                )
                .with_field("title", Msg::InvalidArticleTitle);
            }
            GroupsError::InvalidBody => {
                return ApiError::unprocessable(
                    GroupsCode::InvalidArticleBody,
                    Msg::InvalidArticleBody,
                )
                .with_field("body", Msg::InvalidArticleBody);
            }
            GroupsError::InvalidReply => {
                return ApiError::unprocessable(GroupsCode::InvalidReply, Msg::InvalidReply)
                    .with_field("body", Msg::InvalidReply);
            }
            GroupsError::ReplyNotFound => {
                return ApiError::new(S::NOT_FOUND, SharedCode::NotFound, Msg::ReplyNotFound);
            }
            GroupsError::RepliesLocked => {
                (S::CONFLICT, GroupsCode::RepliesLocked, Msg::RepliesLocked)
            }
            GroupsError::ArticleNotPublished => (
                S::CONFLICT,
                GroupsCode::ArticleNotPublished,
                Msg::ArticleNotPublished,
            ),
            GroupsError::InvalidMessage => (
                S::UNPROCESSABLE_ENTITY,
                GroupsCode::InvalidMessage,
                Msg::InvalidGroupMessage,
            ),
            GroupsError::WrongInviteCode => (
                S::FORBIDDEN,
                GroupsCode::WrongInviteCode,
                Msg::WrongInviteCode,
            ),
            GroupsError::NotFound => return ApiError::missing(Resource::Group),
            GroupsError::MembersOnly => (S::FORBIDDEN, GroupsCode::MembersOnly, Msg::MembersOnly),
            GroupsError::Blocked => {
                return ApiError::new(S::FORBIDDEN, SharedCode::Blocked, Msg::Blocked);
            }
            GroupsError::NotAllowed => (
                S::FORBIDDEN,
                GroupsCode::GroupRoleNotAllowed,
                Msg::GroupRoleNotAllowed,
            ),
            GroupsError::AlreadyMember => {
                (S::CONFLICT, GroupsCode::AlreadyMember, Msg::AlreadyMember)
            }
            GroupsError::RequestPending => {
                (S::CONFLICT, GroupsCode::RequestPending, Msg::RequestPending)
            }
            GroupsError::Banned => (
                S::FORBIDDEN,
                GroupsCode::BannedFromGroup,
                Msg::BannedFromGroup,
            ),
            GroupsError::OwnerCannotLeave => (
                S::CONFLICT,
                GroupsCode::OwnerCannotLeave,
                Msg::OwnerCannotLeave,
            ),
            GroupsError::OwnerUntouchable => (
                S::CONFLICT,
                GroupsCode::OwnerUntouchable,
                Msg::OwnerUntouchable,
            ),
            GroupsError::NotAMember => (
                S::UNPROCESSABLE_ENTITY,
                GroupsCode::NotAMember,
                Msg::NotAMember,
            ),
            GroupsError::RequestDecided => {
                (S::CONFLICT, GroupsCode::RequestDecided, Msg::RequestDecided)
            }
            GroupsError::TooManyGroups { .. } => {
                (S::CONFLICT, GroupsCode::TooManyGroups, Msg::TooManyGroups)
            }
            GroupsError::TransferOfferPending => (
                S::CONFLICT,
                GroupsCode::TransferOfferPending,
                Msg::TransferOfferPending,
            ),
            GroupsError::NoTransferOffer => {
                return ApiError::new(S::NOT_FOUND, SharedCode::NotFound, Msg::NoTransferOffer);
            }
            GroupsError::ArticleQuotaExceeded { max } => {
                return ApiError::unprocessable(
                    GroupsCode::ArticleQuotaExceeded,
                    Msg::ArticleQuotaExceeded,
                )
                .with_detail(max.to_string());
            }
            GroupsError::RateLimited { retry_after_secs } => {
                return ApiError::rate_limited(retry_after_secs);
            }
            GroupsError::Media(e) => return e.into(),
            GroupsError::Unexpected(cause) => return ApiError::internal(&cause),
        };
        ApiError::new(status, code, msg)
    }
}
