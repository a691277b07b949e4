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
        "GET /api/blocks",
        "我屏蔽或静音的人",
        Some(
            "每次一个列表（`kind`），最新的在前，每项附带此人。屏蔽对双方都隐藏——双方都看不到对方的帖子、评论、回复和文章，也看不到对方主页上的内容——双方都不能回复、评论、提及对方或给对方点赞，也不会收到对方行为的通知。静音只是对我隐藏此人的内容，且不再通知我此人的行为；对方不会收到任何通知，也不会被拒绝任何操作。",
        ),
    ),
    (
        "PUT /api/blocks/{userId}",
        "屏蔽或静音某人",
        Some(
            "把我对此人的设置改为 `kind`：屏蔽已静音的人会把静音变为屏蔽，静音已屏蔽的人会把屏蔽放宽为静音（以现在为时间）；再次设为已有的类型不会有任何变化。立即在所有地方生效（动态、评论、回复、小组页面、搜索、个人主页、@ 提及建议、通知）。不会通知任何人。屏蔽和静音合计最多 1000 人；按人限制频率。",
        ),
    ),
    (
        "DELETE /api/blocks/{userId}",
        "解除屏蔽或静音",
        Some(
            "删除我对此人的屏蔽或静音：被隐藏的内容重新显示，对方也可以再次回复、提及我和给我点赞。不会通知任何人。与屏蔽一样按人限制频率。",
        ),
    ),
];
