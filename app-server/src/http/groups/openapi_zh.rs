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
        "GET /api/groups",
        "发现小组",
        Some(
            "公开小组，以及提问者是活跃成员的私密小组，按创建时间从新到旧。带 `q` 时只列出名称包含它的小组。",
        ),
    ),
    (
        "POST /api/groups",
        "创建小组",
        Some(
            "创建者成为组长，也是唯一的成员。每人创建频率受限（`RATE_GROUPS_CREATE`），每人拥有的小组数有上限（`GROUPS_MAX_OWNED_PER_USER`）。私密小组不能设为 `open`。",
        ),
    ),
    (
        "GET /api/groups/mine",
        "我的小组",
        Some("我是活跃成员或已申请加入的小组，按时间从新到旧。"),
    ),
    (
        "GET /api/groups/{id}",
        "小组主页",
        Some(
            "提问者看到的小组；能阅读它的人（公开小组任何人，私密小组仅活跃成员）还会得到最新发布的文章、图片和成员，其他人得到空列表。",
        ),
    ),
    (
        "PUT /api/groups/{id}",
        "修改小组设置",
        Some("名称、简介、可见性和加入方式（组长和管理员）。"),
    ),
    (
        "DELETE /api/groups/{id}",
        "删除小组",
        Some("连同文章、申请、成员和所有文件一起删除（仅组长）。"),
    ),
    (
        "PUT /api/groups/{id}/cover",
        "设置小组封面",
        Some(
            "请求体就是图片本身（JPEG、PNG、WebP 或 GIF，按内容判断；`MEDIA_MAX_UPLOAD_BYTES`）。重新编码、去掉元数据，并替换旧封面（组长和管理员）。",
        ),
    ),
    ("DELETE /api/groups/{id}/cover", "移除小组封面", None),
    (
        "POST /api/groups/{id}/invite-code",
        "生成新的邀请码",
        Some("旧邀请码（以及带它的链接）随即失效（组长和管理员）。"),
    ),
    (
        "POST /api/groups/{id}/transfer",
        "提议转让小组",
        Some(
            "把小组提议转给一位活跃成员（仅组长）。对方接受（`POST …/transfer/accept`）之前什么都不变；组长可以撤回（`DELETE …/transfer`）。同一时间只能有一个待答复的提议；已拥有 `GROUPS_MAX_OWNED_PER_USER` 个小组的成员不能被提议。",
        ),
    ),
    (
        "DELETE /api/groups/{id}/transfer",
        "撤回转让提议",
        Some("撤回小组待答复的转让提议（仅组长）。"),
    ),
    (
        "POST /api/groups/{id}/transfer/accept",
        "接受转让",
        Some(
            "提议的接收者成为组长，原组长成为管理员——前提是接收者仍是活跃成员，且拥有的小组少于 `GROUPS_MAX_OWNED_PER_USER` 个（否则提议保留，可以稍后拒绝或接受）。",
        ),
    ),
    (
        "POST /api/groups/{id}/transfer/decline",
        "拒绝转让",
        Some("小组仍归原组长（仅提议的接收者）。"),
    ),
    (
        "POST /api/groups/{id}/join",
        "加入小组",
        Some(
            "按小组的加入方式：`open` 立即加入；`approval` 提交申请（附 `message`），由组长或管理员处理；`invite_code` 需要邀请码 `code`。正确的邀请码在任何加入方式下都能直接加入。被禁止的人在解除前不能加入或申请。",
        ),
    ),
    (
        "DELETE /api/groups/{id}/membership",
        "退出小组",
        Some("或撤回我待处理的申请。组长需先转让小组。"),
    ),
    (
        "GET /api/groups/{id}/gallery",
        "小组相册",
        Some("小组的图片，从新到旧（含文章中的图片）。"),
    ),
    (
        "POST /api/groups/{id}/gallery",
        "上传图片到相册",
        Some(
            "请求体就是图片本身（JPEG、PNG、WebP 或 GIF，按内容判断；`MEDIA_MAX_UPLOAD_BYTES`、`MEDIA_MAX_PIXELS`）。重新编码、去掉 EXIF 和 GPS，并生成缩略图。任何活跃成员都可上传；带 `articleId` 时表示在该文章的编辑器中上传（作者或小组管理者），或在回应该文章时上传（文章已发布且未关闭回应时，任何活跃成员），文章删除时一并删除。计入上传者的存储配额和上传频率。",
        ),
    ),
    (
        "DELETE /api/groups/{id}/gallery/{mediaId}",
        "删除相册图片",
        Some("自己上传的，或组长和管理员删除任意图片；文件随即删除。"),
    ),
    (
        "GET /api/groups/{id}/members",
        "小组成员",
        Some("活跃成员及其角色，先加入的在前。"),
    ),
    (
        "PUT /api/groups/{id}/members/{userId}/role",
        "更改成员角色",
        Some("`admin` 或 `member`（仅组长；组长身份通过转让变更）。"),
    ),
    (
        "DELETE /api/groups/{id}/members/{userId}",
        "移出成员",
        Some("对方可按小组的加入方式再次加入。组长可移出其他任何人；管理员只能移出普通成员。"),
    ),
    (
        "GET /api/groups/{id}/bans",
        "被禁止的人",
        Some("最近被禁止的在前（组长和管理员）。"),
    ),
    (
        "PUT /api/groups/{id}/bans/{userId}",
        "禁止某人",
        Some(
            "成员或申请人：对方离开小组，在解除前不能再加入或申请。组长可禁止其他任何人；管理员只能禁止普通成员。",
        ),
    ),
    ("DELETE /api/groups/{id}/bans/{userId}", "解除禁止", None),
    (
        "GET /api/groups/{id}/requests",
        "加入申请",
        Some("从新到旧：待处理的申请，或用 `status=all` 查看全部历史及结果（组长和管理员）。"),
    ),
    (
        "POST /api/groups/{id}/requests/{requestId}/approve",
        "批准加入申请",
        Some(
            "指定对方获得的角色（默认 `member`；只有组长能授予 `admin`）。只处理一次：第二次处理得到 409 `request_decided`。",
        ),
    ),
    (
        "POST /api/groups/{id}/requests/{requestId}/reject",
        "拒绝加入申请",
        Some("可附理由，记入历史；对方可以再次申请。"),
    ),
    (
        "GET /api/groups/{id}/articles",
        "小组已发布的文章",
        Some("最近发布的在前。"),
    ),
    (
        "GET /api/groups/{id}/articles/drafts",
        "我在小组中的草稿",
        Some("最近修改的在前。"),
    ),
    (
        "POST /api/groups/{id}/articles",
        "新建文章",
        Some(
            "草稿在发布前只有作者和小组管理者可见（任何活跃成员都可新建）。每人新建频率受限（`RATE_GROUP_ARTICLES_CREATE`）；每人写下的全部文章计入 `GROUPS_ARTICLE_CHARS_PER_USER`。",
        ),
    ),
    (
        "GET /api/groups/{id}/articles/{articleId}",
        "文章",
        Some("已发布的文章对小组的读者可见；草稿只对作者和小组管理者可见（其他人得到 404）。"),
    ),
    (
        "PUT /api/groups/{id}/articles/{articleId}",
        "保存文章",
        Some(
            "标题和正文，附上编辑器载入时的 `version`。若之后有人保存过，则不写入任何内容，并以 409 `edit_conflict` 返回文章的当前内容（作者和小组管理者）。每人保存频率受限（`RATE_GROUP_ARTICLE_SAVES`）；让文章变长的保存计入作者的 `GROUPS_ARTICLE_CHARS_PER_USER`。",
        ),
    ),
    (
        "DELETE /api/groups/{id}/articles/{articleId}",
        "删除文章",
        Some(
            "连同在其编辑器中上传的图片（作者和小组管理者）。管理者删除别人的文章时记入审计日志，并通知作者，附上给出的 `reason`。",
        ),
    ),
    (
        "POST /api/groups/{id}/articles/{articleId}/publish",
        "发布文章",
        Some("从此小组的读者都能看到；保留首次发布的时间（作者和小组管理者）。"),
    ),
    (
        "POST /api/groups/{id}/articles/{articleId}/unpublish",
        "撤回发布",
        Some(
            "变回草稿（作者和小组管理者）。管理者撤回他人的文章即对读者隐藏：会通知作者，给出 `reason` 时附上理由。",
        ),
    ),
    (
        "GET /api/groups/{id}/articles/{articleId}/replies",
        "文章的回应",
        Some(
            "最早的在前（最新的在最后），对能阅读这篇文章的人可见（私密小组仅限活跃成员）；已删除的回应不列出。每条回应附带它引用的回应，被引用的回应删除后只给出其 ID。同时给出文章的 `replyCount` 和 `repliesLocked`。",
        ),
    ),
    (
        "POST /api/groups/{id}/articles/{articleId}/replies",
        "回应文章",
        Some(
            "小组的任何活跃成员都可以回应已发布且未关闭回应的文章，可引用这篇文章的另一条回应（`quoteId`）。每人回应频率受限（`RATE_GROUP_REPLIES`）。",
        ),
    ),
    (
        "PUT /api/groups/{id}/articles/{articleId}/replies/lock",
        "关闭或开放文章的回应",
        Some("关闭后文章不再接受新回应，已有的回应保留（文章作者和小组管理者）。"),
    ),
    (
        "DELETE /api/groups/{id}/articles/{articleId}/replies/{replyId}",
        "删除回应",
        Some(
            "回应的作者，或小组的组长和管理员（删除别人的回应时记入审计日志，并通知作者，附上给出的 `reason`）。删除后它连同早先版本从所有列表中消失；引用它的回应显示其已删除。",
        ),
    ),
    (
        "PATCH /api/groups/{id}/articles/{articleId}/replies/{replyId}",
        "编辑我的回应",
        Some(
            "回应的作者，从编辑器载入的 `version` 开始，且仍可在此回应（活跃成员、文章已发布、回应未关闭）。回应会显示 `editedAt`；被替换的正文作为早先版本保留。若之后已有人编辑过，则不写入任何内容，返回 409 `edit_conflict` 和回应当前的样子。新提到的人会收到通知。每人编辑频率受限（`RATE_GROUP_REPLY_EDITS`）。",
        ),
    ),
    (
        "GET /api/groups/{id}/articles/{articleId}/replies/{replyId}/versions",
        "回应的早先版本",
        Some(
            "回应当前的样子，以及历次编辑替换掉的正文，最新的在前：仅回应的作者和小组的组长、管理员可见，且须仍能阅读这篇文章（其他人：403）。",
        ),
    ),
    (
        "GET /api/users/{id}/groups",
        "个人主页：所在小组",
        Some(
            "此人作为正式成员所在、且提问者有权查看的小组（公开小组，以及提问者也是正式成员的私密小组），最近加入的在前，附此人在组中的角色。",
        ),
    ),
    (
        "GET /api/users/{id}/articles",
        "个人主页：文章",
        Some(
            "此人在提问者有权查看的小组中已发布的文章，最近发布的在前，附小组名称。草稿从不列出。",
        ),
    ),
];
