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
    ("GET /api/admin/wechat/menu", "微信菜单：当前菜单", None),
    (
        "PUT /api/admin/wechat/menu",
        "微信菜单：发布",
        Some("校验后在微信发布，并把该菜单保存为新版本。"),
    ),
    (
        "DELETE /api/admin/wechat/menu",
        "微信菜单：删除",
        Some("删除微信上的自定义菜单；已发布的版本仍会保留。"),
    ),
    (
        "POST /api/admin/wechat/menu/validate",
        "微信菜单：按微信规则检查菜单",
        Some(
            "列出每条不符合的规则，附带位置（`button[1].sub_button[0].name`）、稳定的代码和说明。名称按 UTF-8 字节计：一级 16 字节，二级 60 字节（一个汉字占 3 字节）。",
        ),
    ),
    (
        "GET /api/admin/wechat/menu/versions",
        "微信菜单：已发布的版本",
        None,
    ),
    (
        "POST /api/admin/wechat/menu/versions/{id}/rollback",
        "微信菜单：回滚到某个版本",
        Some("重新发布一个已保存的版本，并记为注明来源版本的新版本。"),
    ),
    (
        "GET /api/admin/wechat/token",
        "微信 access token：状态",
        Some(
            "所有服务器实例共用的中控 access token：状态、打码后的令牌、获取与过期时间、最近一次错误，以及今天还能强制刷新几次。",
        ),
    ),
    (
        "POST /api/admin/wechat/token/refresh",
        "微信 access token：强制刷新",
        Some(
            "立即向微信申请新令牌（stable_token，force_refresh）。微信限制为每 30 秒一次、每天 20 次。",
        ),
    ),
];
