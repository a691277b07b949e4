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
        "GET /api/admin/media",
        "图库管理：全部已存储的文件",
        Some(
            "所有类型（小组相册与封面、广场帖子、头像）的已存储图片，包括已隐藏的，从新到旧，附所有者、小组和帖子；可按 `kind`、`owner`、`group` 和创建时间范围（含 `from`，不含 `until`）筛选。同时给出已用存储总量（不受筛选影响）。",
        ),
    ),
    (
        "DELETE /api/admin/media/{id}",
        "图库管理：删除文件",
        Some(
            "从存储中删除图片及其缩略图，再删除其记录。显示过它的广场帖子会注明有图片被移除；文章中指向它的图片显示占位提示；以它为封面的小组不再有封面；以它为头像的用户改显示首字母。记入审计日志 `media.deleted`。",
        ),
    ),
    (
        "POST /api/admin/media/{id}/hide",
        "图库管理：隐藏文件",
        Some(
            "即刻起，图片及其缩略图对管理员以外的所有人返回 404，小组相册不再列出，广场帖子将其计入已移除的图片。隐藏已隐藏的文件不做任何更改。记入审计日志 `media.hidden`。",
        ),
    ),
    (
        "POST /api/admin/media/{id}/unhide",
        "图库管理：恢复显示文件",
        Some(
            "读者即刻可以重新看到它（在其有权查看之处）。恢复显示未隐藏的文件不做任何更改。记入审计日志 `media.unhidden`。",
        ),
    ),
    (
        "GET /api/admin/media/usage",
        "图库管理：已用存储",
        Some("全部已存储文件的字节数（原图与缩略图合计）和文件数。"),
    ),
    (
        "GET /api/admin/audit",
        "审计日志：一页事件",
        Some(
            "登录与登录失败、注册、令牌的创建与撤销、小组与广场的管理操作、管理员操作——按时间从新到旧，附带操作者的用户名和昵称。可按 `action`（一个或多个，用逗号分隔）、`actor`、`target`（完全匹配）和时间范围（`from` 含、`until` 不含）筛选。",
        ),
    ),
    (
        "GET /api/admin/audit/actions",
        "审计日志：操作名称",
        Some("审计日志记录的全部操作名称（筛选可选的清单）。"),
    ),
    (
        "GET /api/admin/directory/users",
        "按用户名或昵称查找用户",
        Some(
            "供审计日志和图库的用户筛选使用：最多 10 个用户名或昵称包含 `q` 的用户（不区分大小写，开头的 `@` 会被忽略），完全一致的用户名排在最前。",
        ),
    ),
    (
        "GET /api/admin/directory/groups",
        "按名称查找小组",
        Some(
            "供图库的小组筛选使用：最多 10 个名称包含 `q` 的小组（包括私密小组，不区分大小写），完全一致的名称排在最前。",
        ),
    ),
    (
        "GET /api/admin/audit/export",
        "审计日志：导出 CSV",
        Some(
            "与列表相同筛选条件下的全部事件，从新到旧，作为 CSV 附件（UTF-8、CRLF、带表头）。列：`at`（RFC 3339，UTC，精确到微秒）、`action`、`actor_id`、`actor_username`、`actor_nickname`、`target`、`ip`、`detail`、`id`。最多 10 000 行；匹配更多时响应带 `X-Export-Truncated: true`——请缩小时间范围。以 `=`、`+`、`-` 或 `@` 开头的字段前加 `'`，电子表格不会把它当公式执行。",
        ),
    ),
    (
        "POST /api/admin/users/{id}/disable",
        "停用用户",
        Some(
            "该账号无法再通过任何方式登录（密码、手机号、微信）；其所有会话立即登出，所有个人访问令牌立即吊销。记入审计日志 `user.disabled`。再次停用已停用的账号会结束其仍持有的一切。管理员不能停用自己的账号。",
        ),
    ),
    (
        "GET /api/admin/metrics",
        "运行指标（Prometheus）",
        Some(
            "本实例的运行指标，采用 Prometheus 文本格式（`text/plain; version=0.0.4`），供持有带 `admin:read` 权限的管理员令牌的采集器抓取：按路由模板、方法和状态码统计的请求数及延迟直方图；数据库连接池；打开的事件流；上传闸门与密码哈希队列；按结果统计的外部服务调用。每个实例只统计自己的：请逐个抓取所有实例。全部指标见 docs/operations.md。",
        ),
    ),
    (
        "POST /api/admin/users/{id}/enable",
        "启用用户",
        Some("该账号可以重新登录（停用时结束的会话和令牌不会恢复）。记入审计日志 `user.enabled`。"),
    ),
];
