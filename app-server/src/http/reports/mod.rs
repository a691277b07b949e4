//! Reports and the moderation queue (docs/moderation.md, "Reports"): anyone signed in reports
//! what they can see (`POST /api/reports`); the site's administrators handle the site's queue
//! (`/api/admin/reports*`, with a session or a token's admin scopes), a group's owner and admins
//! their group's (`/api/groups/{id}/reports*`). Every rule is the domain's
//! (`reports::ReportsService`).

pub mod dto;
pub mod errors;
pub mod handlers;
pub mod messages;
mod openapi_zh;
mod rules;

use crate::http::area::{Area, OpenApiZh, Routes, Tag};

/// The area's line in the route table (`http/mod.rs`).
pub struct Reports;

impl Area for Reports {
    const NAME: &'static str = "reports";
    const TAG: Option<Tag> = Some(Tag {
        name: "reports",
        en: "Reports: anyone signed in reports what they can see; the queues are in the admin console and each group's settings",
        zh: "举报：登录的用户可以举报能看到的内容；处理队列在管理后台和各小组的设置中",
    });
    const ENUMS: &'static [crate::http::area::NamedEnum] = rules::ENUMS;
    const CLOSED_SCHEMAS: &'static [&'static str] = &["NewReportBody", "CloseCaseBody"];

    fn codes() -> &'static [crate::http::error::RegisteredCode] {
        errors::ReportsCode::CODES
    }

    fn openapi_zh() -> OpenApiZh {
        openapi_zh::OPENAPI_ZH
    }

    fn routes<R: Routes>(routes: R) -> R {
        routes
            .service(handlers::file_report)
            .service(handlers::site_cases)
            .service(handlers::site_case)
            .service(handlers::close_site_case)
            .service(handlers::group_cases)
            .service(handlers::group_case)
            .service(handlers::close_group_case)
    }
}
