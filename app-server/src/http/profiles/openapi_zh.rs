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
    (
        "GET /api/users/{id}",
        "个人主页",
        Some(
            "头像、昵称、用户名、简介、角色和加入时间；`disabled` 仅对管理员给出。其小组、广场动态和文章见 `GET /api/users/{id}/groups`、`/posts` 和 `/articles`。任何人（包括未登录）都可以查看。对已登录的提问者，`myBlock` 说明提问者是否屏蔽或静音了此人，`blocked` 说明两人之间是否有屏蔽（任一方屏蔽了另一方）：此时主页只显示此人是谁，不显示其任何内容（`bio` 为 `null`，三个列表为空）。",
        ),
    ),
    (
        "GET /api/users/by-username/{username}",
        "按用户名查看个人主页",
        Some(
            "同 `GET /api/users/{id}`，用于以用户名指明此人的链接（`@用户名` 提及）。用户名按小写比较。",
        ),
    ),
];
