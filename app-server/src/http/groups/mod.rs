//! Community groups (`/api/groups/*`): discovery, a group's home and settings, joining and
//! leaving, members, bans and requests, articles and their replies, and the gallery. Every rule is the domain's
//! (`groups::GroupsService`); handlers say who asks and turn bodies into domain values.

pub mod articles;
pub mod dto;
pub mod errors;
pub mod handlers;
pub mod members;
pub mod messages;
mod openapi_zh;
pub mod profiles;
pub mod replies;
mod rules;
pub mod settings;

use crate::http::area::{Area, OpenApiZh, Routes, Tag};

/// The area's line in the route table (`http/mod.rs`).
pub struct Groups;

impl Area for Groups {
    const NAME: &'static str = "groups";
    const ENUMS: &'static [crate::http::area::NamedEnum] = rules::ENUMS;
    const TAG: Option<Tag> = Some(Tag {
        name: "groups",
        en: "Community groups: their members, articles and gallery",
        zh: "社区小组：成员、文章和相册",
    });

    fn codes() -> &'static [crate::http::error::RegisteredCode] {
        errors::GroupsCode::CODES
    }

    fn openapi_zh() -> OpenApiZh {
        openapi_zh::OPENAPI_ZH
    }

    fn routes<R: Routes>(routes: R) -> R {
        routes
            .service(handlers::discover_groups)
            .service(handlers::my_groups)
            .service(handlers::create_group)
            .service(handlers::group_home)
            .service(handlers::update_group)
            .service(handlers::delete_group)
            .service(handlers::set_cover)
            .service(handlers::remove_cover)
            .service(handlers::regenerate_invite_code)
            .service(handlers::transfer_group)
            .service(handlers::cancel_transfer)
            .service(handlers::accept_transfer)
            .service(handlers::decline_transfer)
            .service(handlers::join_group)
            .service(handlers::leave_group)
            .service(handlers::group_gallery)
            .service(handlers::upload_image)
            .service(handlers::delete_gallery_image)
            .service(members::group_members)
            .service(members::set_role)
            .service(members::remove_member)
            .service(members::banned_members)
            .service(members::ban_member)
            .service(members::unban_member)
            .service(members::join_requests)
            .service(members::approve_request)
            .service(members::reject_request)
            .service(articles::published_articles)
            .service(articles::my_drafts)
            .service(articles::create_article)
            .service(articles::show_article)
            .service(articles::save_article)
            .service(articles::publish_article)
            .service(articles::unpublish_article)
            .service(articles::delete_article)
            .service(replies::article_replies)
            .service(replies::create_reply)
            .service(replies::lock_replies)
            .service(replies::delete_reply)
            .service(replies::edit_reply)
            .service(replies::reply_versions)
            .service(profiles::member_groups)
            .service(profiles::authored_articles)
    }
}
