//! The Chinese text of this area's part of the OpenAPI document (`Accept-Language: zh`): its
//! operations' summaries and descriptions here, and the descriptions of its parameters, schemas
//! and fields in `openapi_zh.json` (English → Chinese). `http/openapi_zh.rs` applies them; its
//! tests fail on an operation without Chinese, a stale entry or an English description left.

use crate::http::area::{OpenApiZh, OperationZh};

pub const OPENAPI_ZH: OpenApiZh = OpenApiZh {
    operations: OPERATIONS,
    texts: include_str!("openapi_zh.json"),
};

/// `METHOD /path` → (summary, description).
const OPERATIONS: &[OperationZh] = &[
    (
        "GET /api/search/posts",
        "搜索广场帖子",
        Some(
            "包含 `q` 中每个词的帖子，最新的在前，标出匹配的词；`district` 只看该地区（及其下辖地区），`since` 只看最近一天、一周、一个月或一年。帖子发布或编辑后一秒内即可搜到，删除后不再出现。",
        ),
    ),
    (
        "GET /api/search/articles",
        "搜索文章",
        Some(
            "标题或正文包含 `q` 中每个词的已发布文章，只限提问者能阅读的小组（私密小组只对成员），按发布时间最新的在前，标出匹配的词；`group` 只看一个小组，`since` 只看最近一天、一周、一个月或一年。",
        ),
    ),
    (
        "GET /api/search/replies",
        "搜索文章回复",
        Some(
            "包含 `q` 中每个词的回复，只限提问者能阅读的小组中已发布的文章，最新的在前，标出匹配的词并给出所回复的文章；已删除的回复不会出现。`group` 只看一个小组，`since` 只看最近一天、一周、一个月或一年。",
        ),
    ),
    (
        "GET /api/search/groups",
        "搜索小组",
        Some(
            "名称或简介包含 `q` 中每个词的小组，只限小组目录向提问者展示的小组（私密小组只对成员），最新的在前，标出匹配的词；`author` 是组长。",
        ),
    ),
    (
        "GET /api/search/people",
        "搜索用户",
        Some(
            "用户名、昵称或简介包含 `q` 中每个词的用户，最新注册的在前，标出匹配的词（`title` 是昵称，`excerpt` 是简介）；已停用的账号不会出现。",
        ),
    ),
];
