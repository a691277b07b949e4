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
        "GET /api/plaza/posts",
        "广场动态",
        Some(
            "按时间从新到旧；带 `district` 时只看该地区的动态。游标是上一页最后一条的位置，所以期间新发的动态不会让后面的页重复或漏掉内容；新动态出现在 `headCursor` 之上（见 `GET /api/plaza/posts/new-count`）。",
        ),
    ),
    (
        "GET /api/plaza/posts/new-count",
        "新动态数量",
        Some(
            "在某次加载的 `headCursor` 之上新发了多少条动态（最多计到 99），用于“有 N 条新动态”的提示。",
        ),
    ),
    (
        "POST /api/plaza/posts",
        "发动态",
        Some(
            "文字（最多 2000 个字符）和最多 9 张先用 `POST /api/plaza/images` 上传的图片，可选标注一个地区。每人有频率限制（`RATE_PLAZA_POSTS`）。",
        ),
    ),
    ("GET /api/plaza/posts/{id}", "一条动态", None),
    (
        "DELETE /api/plaza/posts/{id}",
        "删除动态",
        Some(
            "作者本人或管理员可以删除（管理员删除会记入审计日志，并告知作者，附上给出的 `reason`）。图片、点赞、评论和以前的版本一并删除。",
        ),
    ),
    (
        "POST /api/plaza/images",
        "为动态上传图片",
        Some(
            "请求体是一张图片的原始字节（JPEG、PNG、WebP 或 GIF，按内容判断），与其他上传一样检查并清理。在被某条动态使用（`imageIds`）之前只有上传者本人能看到；一天内没有动态使用的图片会被删除。",
        ),
    ),
    (
        "PUT /api/plaza/posts/{id}/like",
        "点赞",
        Some("每人一次：重复点赞不会改变任何东西。"),
    ),
    (
        "DELETE /api/plaza/posts/{id}/like",
        "取消点赞",
        Some("没有点过赞时什么也不会改变。"),
    ),
    (
        "GET /api/plaza/posts/{id}/comments",
        "动态的评论",
        Some("从旧到新（最新的在最后），按游标分页。"),
    ),
    (
        "POST /api/plaza/posts/{id}/comments",
        "发表评论",
        Some("1–500 个字符。每人有频率限制（`RATE_PLAZA_COMMENTS`）。"),
    ),
    (
        "DELETE /api/plaza/comments/{id}",
        "删除评论",
        Some(
            "作者本人或管理员可以删除（管理员删除会记入审计日志，并告知作者，附上给出的 `reason`）。",
        ),
    ),
    (
        "PATCH /api/plaza/posts/{id}",
        "编辑动态",
        Some(
            "为自己的动态写新的文字，附上编辑器载入时的 `version`；图片和地区不变。被替换的文字会保留（`GET /api/plaza/posts/{id}/versions`），动态显示 `editedAt`。若之后有人编辑过，则不写入任何内容，并以 409 `plaza_edit_conflict` 返回动态的当前内容。文字没有变化时不写入。新文字用 `@username` 提到而旧文字没有提到的人会收到通知。每人有频率限制（`RATE_PLAZA_EDITS`）。",
        ),
    ),
    (
        "GET /api/plaza/posts/{id}/versions",
        "动态的修改记录",
        Some(
            "动态的每一版文字，从新到旧：当前的一版，然后是被编辑替换的各版。仅作者和管理员可见。",
        ),
    ),
    (
        "PATCH /api/plaza/comments/{id}",
        "编辑评论",
        Some(
            "为自己的评论写新的文字，附上编辑器载入时的 `version`。被替换的文字会保留（`GET /api/plaza/comments/{id}/versions`），评论显示 `editedAt`。若之后有人编辑过，则不写入任何内容，并以 409 `plaza_edit_conflict` 返回评论的当前内容。文字没有变化时不写入。新文字用 `@username` 提到而旧文字没有提到的人会收到通知。每人有频率限制（`RATE_PLAZA_EDITS`）。",
        ),
    ),
    (
        "GET /api/plaza/comments/{id}/versions",
        "评论的修改记录",
        Some(
            "评论的每一版文字，从新到旧：当前的一版，然后是被编辑替换的各版。仅作者和管理员可见。",
        ),
    ),
    (
        "GET /api/users/{id}/posts",
        "个人主页：广场动态",
        Some(
            "此人的广场动态，从新到旧，格式与广场信息流相同（`liked` 和 `canDelete` 针对提问者）。",
        ),
    ),
];
