//! `/api/users/{id}`: a person's public profile. Their groups, plaza posts and articles are
//! listed by the areas that own them (`groups`, `plaza`) under `/api/users/{id}/…`, each
//! showing only what the asker may read.

pub mod dto;
pub mod handlers;
mod openapi_zh;

use crate::http::area::{Area, OpenApiZh, Routes, Tag};

/// The area's line in the route table (`http/mod.rs`).
pub struct Profiles;

impl Area for Profiles {
    const NAME: &'static str = "profiles";
    const TAG: Option<Tag> = Some(Tag {
        name: "profiles",
        en: "People's public profiles: who they are, their groups, plaza posts and articles (only what the asker may read)",
        zh: "个人主页：此人是谁、所在小组、广场动态和文章（仅限提问者有权查看的内容）",
    });

    fn openapi_zh() -> OpenApiZh {
        openapi_zh::OPENAPI_ZH
    }

    fn routes<R: Routes>(routes: R) -> R {
        // The literal `by-username` before `{id}`.
        routes
            .service(handlers::user_profile_by_username)
            .service(handlers::user_profile)
    }
}
