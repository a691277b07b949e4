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
const OPERATIONS: &[OperationZh] = &[
    ("GET /api/tokens", "我的个人访问令牌", None),
    (
        "POST /api/tokens",
        "创建个人访问令牌",
        Some("密钥只在本次回答中出现一次；服务器只保存其 SHA-256。记入审计日志 `token.created`。"),
    ),
    (
        "GET /api/tokens/scopes",
        "我可以授予令牌的权限范围",
        Some("管理员还能看到管理权限。"),
    ),
    (
        "DELETE /api/tokens/{id}",
        "撤销我的某个令牌",
        Some("立即生效：之后用它的请求会得到 401。重复撤销无害。记入审计日志 `token.revoked`。"),
    ),
    (
        "GET /api/tokens/current",
        "调用本接口的令牌",
        Some(
            "它的名称、权限范围和过期时间（除密钥外的一切），让客户端在尝试之前就知道自己能做什么。只能用个人访问令牌调用（任何权限范围均可）；浏览器会话会得到 403 `token_required`。",
        ),
    ),
];
