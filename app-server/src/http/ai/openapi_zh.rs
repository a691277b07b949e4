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
        "POST /api/ai/chat",
        "与 AI 助手对话（流式）",
        Some(
            "以 server-sent events 流式返回回答：`data: {\"choices\":[{\"delta\":{\"reasoning\":…}}]}` 与 `data: {\"choices\":[{\"delta\":{\"content\":…}}]}` 行，最后一块带 `finish_reason` 和 `usage`，然后是 `data: [DONE]`。以 `:` 开头的行是保活注释。流开始后的失败以 `data: {\"error\":{\"code\",\"message\"}}` 送达，且流结束时没有 `[DONE]`。`stream: false` 时回答是一个 OpenAI `chat.completion` 形式的 JSON 对象。每个用户：同时最多 2 个回答，并有请求频率和每日 token 配额。",
        ),
    ),
    ("GET /api/ai/models", "AI 助手的模型及是否可用", None),
];
