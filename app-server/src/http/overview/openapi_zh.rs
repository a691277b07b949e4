//! The Chinese text of this area's part of the OpenAPI document (`Accept-Language: zh`): its
//! operations' summaries and descriptions here, and the descriptions of its parameters, schemas
//! and fields in `openapi_zh.json` (English → Chinese). `http/openapi_zh.rs` applies them; its
//! tests fail on an operation without Chinese, a stale entry or an English description left.

use crate::http::area::{OpenApiZh, OperationZh};

pub const OPENAPI_ZH: OpenApiZh = OpenApiZh {
    operations: OPERATIONS,
    texts: include_str!("openapi_zh.json"),
};

/// `METHOD /path` → (summary, description). A description is `None` exactly where the English
/// operation has none.
const OPERATIONS: &[OperationZh] = &[(
    "GET /api/admin/overview",
    "管理概览：数量、最新事件与外部服务",
    Some(
        "用户、小组、广场动态、文章、媒体文件及其占用的存储；最新 10 条审计事件；以及每个外部服务的状态（数据库、短信、微信、大模型、天气、媒体存储）。",
    ),
)];
