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
        "POST /api/auth/logout",
        "退出登录",
        Some(
            "结束本浏览器的会话并清除其 Cookie，并忘掉已证明的微信身份（其凭证作废、Cookie 被删除）。未登录时也会成功。",
        ),
    ),
    (
        "POST /api/auth/password/change",
        "修改密码",
        Some(
            "核对当前密码，设置新密码，并让该用户的其他会话全部下线。`revokeTokens: true` 时还会撤销该用户的全部个人访问令牌（逐个记入审计日志）；`tokensRevoked` 为撤销的数量。",
        ),
    ),
    (
        "POST /api/auth/reauthenticate",
        "确认是我本人",
        Some(
            "在本浏览器会话上再次证明账户：当前密码，或发送到已绑定号码的验证码（`POST /api/auth/reauthenticate/sendVerification`）。之后几分钟内（`REAUTH_WINDOW_MINUTES`，默认 10 分钟）该会话可以更改登录方式：绑定或更换手机号、关联或解除微信、修改用户名。刚登录也同样有效；只用微信登录的账户请重新登录。密码或验证码错误按账户限制次数。",
        ),
    ),
    (
        "POST /api/auth/reauthenticate/sendVerification",
        "发送确认身份的验证码",
        Some(
            "向当前账户已绑定的手机号发送验证码，用于 `POST /api/auth/reauthenticate`（无密码的账户）。适用所有验证码的限制。",
        ),
    ),
    (
        "POST /api/auth/phone/login",
        "用手机号和短信验证码登录",
        Some(
            "登录（设置会话 Cookie）；号码首次登录时会为其创建账户。验证码只能用一次，错 5 次即失效。",
        ),
    ),
    (
        "POST /api/auth/phone/sendVerification",
        "发送短信登录验证码",
        Some(
            "向 +86 或 +1 号码发送 6 位验证码，5 分钟内有效。每个号码 60 秒一条；每小时每个号码最多 5 条、每个客户端 IP 最多 20 条。",
        ),
    ),
    ("GET /api/auth/sessions", "列出我已登录的设备", None),
    ("DELETE /api/auth/sessions/{id}", "让我的某台设备下线", None),
    (
        "GET /api/auth/token",
        "本浏览器的登录状态",
        Some(
            "浏览器是否已登录、以谁的身份登录。在微信内置浏览器中，若已配置微信、无人登录且不知道 openid，`authUrl` 是浏览器必须前往的地址（微信 OAuth）。`wechatOpenId` 是本浏览器证明过且尚未使用的 openid（一份证明只能用于一次登录、注册或关联，退出登录时作废）；`hasUser` 表示是否有账户与之关联。若浏览器仍持有因管理员停用账户而结束的会话，`signedOutReason` 为 `account_disabled`（以便告诉用户为何已退出）。用访问令牌调用时返回令牌所属的用户。",
        ),
    ),
    (
        "POST /api/auth/username/login",
        "用用户名和密码登录",
        Some(
            "设置新的会话 Cookie。尝试次数按客户端 IP 限制；失败次数按账户与客户端的组合限制（超出后该组合在窗口内被拒绝），账户的失败次数超过上限后，对该账户的每次尝试都要等待一段随每次失败翻倍的时间（绝不会在整个窗口内锁定账户）。",
        ),
    ),
    (
        "POST /api/auth/username/register",
        "用用户名和密码注册",
        Some("创建账户并登录（设置会话 Cookie）。按客户端 IP 限制频率。"),
    ),
    (
        "POST /api/auth/wechat/binding",
        "把已证明的微信账号关联到我",
        Some(
            "仅限浏览器会话，且需近期确认过账户（在 `REAUTH_WINDOW_MINUTES` 内登录过，或用 `POST /api/auth/reauthenticate` 确认过，默认 10 分钟）。",
        ),
    ),
    (
        "DELETE /api/auth/wechat/binding",
        "解除我与微信的关联",
        Some(
            "当微信是该账户唯一的登录方式时会被拒绝。仅限浏览器会话，且需近期确认过账户（同关联）。",
        ),
    ),
    (
        "GET /api/auth/wechat/callback",
        "微信 OAuth 回调",
        Some(
            "微信带着 `code` 和 `state` 把浏览器送到这里。服务器用浏览器的 state Cookie（一次性）核对 state，用 code 换取 openid、unionid、昵称和头像，在签名 Cookie 中保存 30 分钟，然后重定向到单页应用。失败时重定向到 `/?wechatError=<code>`。",
        ),
    ),
    (
        "GET /api/auth/wechat/login",
        "用本浏览器证明过的微信账号登录",
        Some(
            "按规范保留为 `GET`，因此只接受本应用自己的请求：浏览器须发送 `Sec-Fetch-Site: same-origin`（若发送 `Sec-Fetch-Dest` 和 `Sec-Fetch-Mode`，须为 `empty` 和 `cors` 或 `same-origin`，即页面自己的 `fetch`）；不发送 fetch 元数据的客户端须带来自本站的 `Referer`。其他网站上的链接或图片绝不会让任何人登录。证明随即作废，其 Cookie 被删除。",
        ),
    ),
    (
        "POST /api/auth/wechat/register",
        "用微信资料创建账户",
        Some(
            "新建一个账户（昵称和头像来自微信，无密码），关联到已证明的 openid，并登录。证明随即作废，其 Cookie 被删除。",
        ),
    ),
];
