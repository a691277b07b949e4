//! The public plaza (`/api/plaza/*`): the feed, posts with images and a district, likes and
//! comments. Every rule is the domain's (`plaza::PlazaService`); handlers say who asks and turn
//! bodies into domain values.

pub mod dto;
pub mod errors;
pub mod handlers;
pub mod messages;
mod openapi_zh;
pub mod profiles;
mod rules;
pub mod settings;

use crate::http::area::{Area, OpenApiZh, Routes, Tag};

/// The area's line in the route table (`http/mod.rs`).
pub struct Plaza;

impl Area for Plaza {
    const NAME: &'static str = "plaza";
    const TAG: Option<Tag> = Some(Tag {
        name: "plaza",
        en: "The public plaza: posts, likes, comments and the weather map",
        zh: "公共广场：帖子、点赞、评论和天气地图",
    });

    fn codes() -> &'static [crate::http::error::RegisteredCode] {
        errors::PlazaCode::CODES
    }

    fn openapi_zh() -> OpenApiZh {
        openapi_zh::OPENAPI_ZH
    }

    fn routes<R: Routes>(routes: R) -> R {
        routes
            // `new-count` before `{id}`: the first route that matches serves.
            .service(handlers::count_new_plaza_posts)
            .service(handlers::list_plaza_posts)
            .service(handlers::create_plaza_post)
            .service(handlers::get_plaza_post)
            .service(handlers::delete_plaza_post)
            .service(handlers::upload_plaza_image)
            .service(handlers::like_plaza_post)
            .service(handlers::unlike_plaza_post)
            .service(handlers::list_plaza_comments)
            .service(handlers::create_plaza_comment)
            .service(handlers::delete_plaza_comment)
            .service(handlers::edit_plaza_post)
            .service(handlers::plaza_post_versions)
            .service(handlers::edit_plaza_comment)
            .service(handlers::plaza_comment_versions)
            .service(profiles::user_plaza_posts)
    }
}
