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
        "GET /api/notifications",
        "我的通知",
        Some(
            "按游标分页，最新的在前。收件人已无权阅读的内容（已删除的动态、已退出的私密小组）的通知仍会保留，但不含内容（`subject.readable: false`，没有 `title` 和 `detail`）。",
        ),
    ),
    (
        "GET /api/notifications/unread-count",
        "我的未读通知数",
        None,
    ),
    (
        "GET /api/notifications/stream",
        "我的通知实时推送（服务器发送事件）",
        Some(
            "`text/event-stream`。先发送 `retry: 3000` 和一条 `unread` 事件，之后每条新通知是一条 `notification` 事件，其 `id:` 为通知的 `seq`（折叠的点赞增长时以相同的 `notification.id`、新的 `seq` 再次发送）；未读数变化时（任一标签页中）发送 `unread` 事件；广场有新动态时发送 `plaza` 事件。空闲时每 `NOTIFICATIONS_KEEP_ALIVE_SECS`（15 秒）发送一行 `: keep-alive` 注释。重连时带上 `Last-Event-ID`（或 `?lastEventId=`），其后的每条通知恰好收到一次；不带则从此刻开始（之前的在通知列表中）。每位用户在每个实例上最多保持 `NOTIFICATIONS_STREAMS_PER_USER`（5）条推送，新的会关闭最早的。推送 30 分钟后结束，浏览器随即重连并重新校验登录凭证。服务器停止时立即结束其推送，并先发送 1–5 秒的 `retry:`（每条推送各不相同），浏览器随后带上 `Last-Event-ID` 重连到其他实例。",
        ),
    ),
    (
        "POST /api/notifications/{id}/read",
        "将一条通知标为已读",
        None,
    ),
    (
        "POST /api/notifications/read-all",
        "将我的通知标为已读",
        Some("标记 `upTo`（读者看到的最新 `seq`）及之前的所有通知；之后到达的仍为未读。"),
    ),
    ("GET /api/notifications/preferences", "我接收哪些通知", None),
    (
        "PUT /api/notifications/preferences",
        "选择接收哪些通知",
        Some("`muted` 中列出的种类将关闭，其余开启。关闭期间的该类通知不会被记录。"),
    ),
    (
        "GET /api/mentions/suggestions",
        "我可以提及的人",
        Some(
            "用户名以 `q` 开头或昵称包含 `q` 的最多 8 人，用于 `@` 补全。带 `groupId` 时只列出该小组的成员，且仅当调用者可以阅读该小组时（私密小组的成员只对其成员可见）。",
        ),
    ),
];
