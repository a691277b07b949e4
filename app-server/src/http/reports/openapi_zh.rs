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
        "POST /api/reports",
        "举报",
        Some(
            "举报提问者能看到的帖子、评论、文章、回复、图片、小组或用户，并给出原因（`other` 需要说明）。同一内容在案件处理前的所有举报合并为一个案件，每人只计一次（重复举报不改变任何内容，答复相同）。小组的内容交给该小组的组长和管理员，其他内容交给站点管理员；被举报的人不会知道是谁举报的。每小时最多举报 20 次。",
        ),
    ),
    (
        "GET /api/admin/reports",
        "站点举报队列",
        Some(
            "不属于任何小组的内容，以及小组管理者 48 小时未处理的案件：未处理的（或 `state=closed` 已处理的）案件，最早的在前。",
        ),
    ),
    ("GET /api/admin/reports/{caseId}", "一个举报案件", None),
    (
        "POST /api/admin/reports/{caseId}/close",
        "处理举报案件",
        Some(
            "`dismiss`（驳回）、`delete`（删除内容，并以 `note` 告知作者原因）、`ban`（禁止作者加入案件所属的小组）或 `disable`（停用作者的账号）。先认领案件：第二位管理者会得到 409 `case_closed`。记入审计日志 `report.closed`。",
        ),
    ),
    (
        "GET /api/groups/{id}/reports",
        "小组的举报队列",
        Some(
            "小组内容的未处理（或 `state=closed` 已处理的）案件，最早的在前：供组长和管理员处理。48 小时未处理的案件也会交给站点管理员。",
        ),
    ),
    (
        "GET /api/groups/{id}/reports/{caseId}",
        "小组队列中的一个案件",
        None,
    ),
    (
        "POST /api/groups/{id}/reports/{caseId}/close",
        "处理小组队列中的案件",
        Some(
            "`dismiss`（驳回）、`delete`（删除内容，并以 `note` 告知作者原因）或 `ban`（禁止作者加入小组）；停用账号由站点管理员处理。记入审计日志 `report.closed`。",
        ),
    ),
];
