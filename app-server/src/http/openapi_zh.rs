//! The Chinese text of the OpenAPI document: every operation's summary and description, every
//! tag and the API's own description. The English text lives beside each handler; this table
//! is checked against the document by tests, so an operation without Chinese fails the build's
//! tests, and so does a stale entry.

use serde_json::Value;

/// `METHOD /path` → (summary, description). A description is `None` exactly where the English
/// operation has none.
pub const OPERATIONS: &[(&str, &str, Option<&str>)] = &[
    (
        "GET /api/account/appearance",
        "我保存的外观",
        Some("为我保存的颜色模式和语言；从未选择过的为 `null`。客户端在登录时应用它们。"),
    ),
    (
        "PUT /api/account/appearance",
        "保存我的外观",
        Some(
            "保存在一台设备上选择的颜色模式（`light`、`dark`、`system`：跟随设备）和语言（`zh`、`en`、`system`：跟随浏览器），供我的其他设备在登录时采用；`null` 清除该项选择（各设备保留自己的）。其他取值返回 422 `invalid_appearance`，消息写在所属字段下。",
        ),
    ),
    (
        "PUT /api/account/avatar",
        "设置我的头像",
        Some(
            "把我自己上传且尚未使用的一张头像图片设为头像（此后公开可见）；原头像的文件随之删除。",
        ),
    ),
    (
        "DELETE /api/account/avatar",
        "移除我的头像",
        Some("删除头像文件，改为显示姓名首字。没有头像时移除也会成功。"),
    ),
    (
        "POST /api/account/avatar/upload",
        "上传头像图片",
        Some(
            "一张图片的原始字节（JPEG、PNG、WebP 或 GIF，按内容判断；客户端先裁成正方形），与其他上传一样去除元数据后重新编码并生成缩略图。在 `PUT /api/account/avatar` 把它设为头像之前只有上传者能看到；一天内未被设为头像的会被删除。",
        ),
    ),
    (
        "GET /api/account/basics",
        "我的账户基本信息",
        Some("账户 ID、用户名、角色、创建时间，以及已绑定的登录方式（密码、手机号、微信）。"),
    ),
    (
        "PATCH /api/account/profile",
        "修改我的资料",
        Some(
            "昵称、用户名和简介；提交的字段才会修改，未提交的保持不变。新用户名遵循注册规则（不区分大小写地唯一，不能使用保留名称，不能是为他人保留的名字）；改名会改变账户的登录方式，因此仅限浏览器会话，且需近期确认过账户（在 `REAUTH_WINDOW_MINUTES` 内登录过，或用 `POST /api/auth/reauthenticate` 确认过）：令牌只能修改昵称和简介。放弃的用户名为原主人保留 `USERNAME_HOLD_DAYS` 天（默认 30 天）：其间他人不能注册或改用它，原主人可以改回。改名后会话和令牌照常有效。",
        ),
    ),
    (
        "PUT /api/account/phone",
        "绑定或更换我的手机号",
        Some(
            "仅限浏览器会话，且需近期确认过账户（同发送验证码）。先核对验证码；只有验证码正确后才会答复 `phone_taken`。",
        ),
    ),
    (
        "POST /api/account/phone/sendVerification",
        "发送绑定手机号的验证码",
        Some(
            "与登录验证码相同，但用于把号码绑定到当前登录的账户。仅限浏览器会话，且需近期确认过账户（在 `REAUTH_WINDOW_MINUTES` 内登录过，或用 `POST /api/auth/reauthenticate` 确认过，默认 10 分钟）。答复从不透露号码是否属于其他账户：那要等验证码正确后由 `PUT /api/account/phone` 告知。除每条验证码的限制外，每个账户每小时最多 10 条。",
        ),
    ),
    (
        "POST /api/admin/districts",
        "行政区：新增",
        Some(
            "上级行政区须已存在（由代码的形式决定：`510100` 属于 `510000`）；只有省级行政区有瓦片位置。记入审计日志 `district.created`。",
        ),
    ),
    (
        "PUT /api/admin/districts/{code}",
        "行政区：编辑",
        Some(
            "修改名称、驻地坐标和（省级）瓦片位置；代码不可更改。记入审计日志 `district.updated`，并记下修改前的内容。",
        ),
    ),
    (
        "GET /api/admin/districts/export",
        "行政区：导出全部",
        Some(
            "以文件下载返回（`Content-Disposition: attachment`），格式与导入相同，上级在下级之前：原样导入不会有任何更改。",
        ),
    ),
    (
        "POST /api/admin/districts/import",
        "行政区：导入 CSV 或 JSON 文件",
        Some(
            "请求内容就是文件本身：`text/csv`（表头包含 `code`、`name_zh`、`name_en`、`lat`、`lon`，可选 `tile_col`、`tile_row`）或 `application/json`（`DistrictFileEntry` 的数组），最大 2 MiB、5000 行。答复逐行（按文件本身的行号）列出将新增、修改的行，以及被拒绝的行和原因。`dryRun=false` 时，只有没有任何一行被拒绝才会在一个事务中写入：要么全部写入，要么都不写。无法按其格式读取的文件答复 400 `invalid_import_file`（有行号时放在 `detail` 中）。记入审计日志 `district.imported`。",
        ),
    ),
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
        "GET /api/admin/overview",
        "管理概览：数量、最新事件与外部服务",
        Some(
            "用户、小组、广场动态、文章、媒体文件及其占用的存储；最新 10 条审计事件；以及每个外部服务的状态（数据库、短信、微信、大模型、天气、媒体存储）。",
        ),
    ),
    ("GET /api/admin/wechat/menu", "微信菜单：当前菜单", None),
    (
        "PUT /api/admin/wechat/menu",
        "微信菜单：发布",
        Some("校验后在微信发布，并把该菜单保存为新版本。"),
    ),
    (
        "DELETE /api/admin/wechat/menu",
        "微信菜单：删除",
        Some("删除微信上的自定义菜单；已发布的版本仍会保留。"),
    ),
    (
        "POST /api/admin/wechat/menu/validate",
        "微信菜单：按微信规则检查菜单",
        Some(
            "列出每条不符合的规则，附带位置（`button[1].sub_button[0].name`）、稳定的代码和说明。名称按 UTF-8 字节计：一级 16 字节，二级 60 字节（一个汉字占 3 字节）。",
        ),
    ),
    (
        "GET /api/admin/wechat/menu/versions",
        "微信菜单：已发布的版本",
        None,
    ),
    (
        "POST /api/admin/wechat/menu/versions/{id}/rollback",
        "微信菜单：回滚到某个版本",
        Some("重新发布一个已保存的版本，并记为注明来源版本的新版本。"),
    ),
    (
        "GET /api/admin/wechat/token",
        "微信 access token：状态",
        Some(
            "所有服务器实例共用的中控 access token：状态、打码后的令牌、获取与过期时间、最近一次错误，以及今天还能强制刷新几次。",
        ),
    ),
    (
        "POST /api/admin/wechat/token/refresh",
        "微信 access token：强制刷新",
        Some(
            "立即向微信申请新令牌（stable_token，force_refresh）。微信限制为每 30 秒一次、每天 20 次。",
        ),
    ),
    (
        "POST /api/ai/chat",
        "与 AI 助手对话（流式）",
        Some(
            "以 server-sent events 流式返回回答：`data: {\"choices\":[{\"delta\":{\"reasoning\":…}}]}` 与 `data: {\"choices\":[{\"delta\":{\"content\":…}}]}` 行，最后一块带 `finish_reason` 和 `usage`，然后是 `data: [DONE]`。以 `:` 开头的行是保活注释。流开始后的失败以 `data: {\"error\":{\"code\",\"message\"}}` 送达，且流结束时没有 `[DONE]`。`stream: false` 时回答是一个 OpenAI `chat.completion` 形式的 JSON 对象。每个用户：同时最多 2 个回答，并有请求频率和每日 token 配额。",
        ),
    ),
    ("GET /api/ai/models", "AI 助手的模型及是否可用", None),
    (
        "GET /api/districts",
        "某上级之下的行政区",
        Some(
            "`parent` 直接管辖的行政区（省的地级市、市的县区），不带 `parent` 时为 34 个省级行政区，按代码排序。",
        ),
    ),
    (
        "GET /api/districts/search",
        "搜索行政区",
        Some(
            "代码以 `q` 开头，或中文名、英文名包含 `q`（英文不区分大小写）的各级行政区，按代码排序。",
        ),
    ),
    ("GET /api/districts/{code}", "某个行政区", None),
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
    ("GET /api/docs.json", "本 API 的 OpenAPI 文档", None),
    ("GET /api/health", "健康检查", None),
    ("GET /api/tokens", "我的个人访问令牌", None),
    (
        "POST /api/tokens",
        "创建个人访问令牌",
        Some("密钥只在本次回答中出现一次；服务器只保存其 SHA-256。记入审计日志 `token.created`。"),
    ),
    (
        "GET /api/tokens/scopes",
        "我可以授予令牌的权限范围",
        Some("管理员还能看到管理权限。"),
    ),
    (
        "DELETE /api/tokens/{id}",
        "撤销我的某个令牌",
        Some("立即生效：之后用它的请求会得到 401。重复撤销无害。记入审计日志 `token.revoked`。"),
    ),
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
            "请求体就是图片本身（JPEG、PNG、WebP 或 GIF，按内容判断；`MEDIA_MAX_UPLOAD_BYTES`、`MEDIA_MAX_PIXELS`）。重新编码、去掉 EXIF 和 GPS，并生成缩略图。任何活跃成员都可上传；带 `articleId` 时表示在该文章的编辑器中上传（作者或小组管理者），文章删除时一并删除。计入上传者的存储配额和上传频率。",
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
        Some("连同在其编辑器中上传的图片（作者和小组管理者）。"),
    ),
    (
        "POST /api/groups/{id}/articles/{articleId}/publish",
        "发布文章",
        Some("从此小组的读者都能看到；保留首次发布的时间（作者和小组管理者）。"),
    ),
    (
        "POST /api/groups/{id}/articles/{articleId}/unpublish",
        "撤回发布",
        Some("变回草稿（作者和小组管理者）。"),
    ),
    (
        "POST /api/media/keep",
        "保留草稿中的上传",
        Some(
            "说明这些上传（最多 9 个）仍在提问者的草稿里：清理任务会删除 `MEDIA_SWEEP_AFTER_SECONDS` 内没有被使用的上传，对这些上传改为从现在起计时。`kept` 是其中属于提问者且尚未使用的上传，在 `keepUntil` 之前不会被清理；`missing` 是其余的——已不存在（被清理或被管理员删除）、属于别人（与不存在的一样对待，相当于 404）或已用在动态里——草稿应当去掉它们。每人有频率限制（`RATE_MEDIA_KEEPS_PER_USER`）。",
        ),
    ),
    (
        "GET /api/media/{id}",
        "图片",
        Some(
            "已去除元数据的重新编码版本。公开小组的图片任何人都可缓存（`Cache-Control: public`）；私密小组的图片只提供给活跃成员（`private, no-store`），对其他人与不存在的文件一样返回 404。管理员隐藏的图片对管理员以外的所有人返回 404（管理员可取得任何文件，`private, no-store`）。",
        ),
    ),
    (
        "GET /api/media/{id}/thumbnail",
        "图片缩略图",
        Some("JPEG，长边最多 `MEDIA_THUMB_MAX_EDGE` 像素；谁能查看与原图相同。"),
    ),
    (
        "GET /api/plaza/weather",
        "天气地图",
        Some(
            "每个省级行政区在瓦片地图上的位置（`tile`）及其天气：来自免密钥天气预报 API（Open-Meteo）的当前天气和未来 3 天预报，所有服务器共用，最多每 15 分钟由其中一台刷新一次。天气服务出错时，返回上次的数据，附 `stale: true` 和数据时间 `asOf`；一条数据都没有时 `available: false`。两种情况都答复 200。展示数据时请同时展示 `attribution`。",
        ),
    ),
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
        Some("作者本人或管理员可以删除（管理员删除会记入审计日志）。图片、点赞和评论一并删除。"),
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
        Some("作者本人或管理员可以删除（管理员删除会记入审计日志）。"),
    ),
    (
        "GET /api/users/{id}",
        "个人主页",
        Some(
            "头像、昵称、用户名、简介、角色和加入时间；`disabled` 仅对管理员给出。其小组、广场动态和文章见 `GET /api/users/{id}/groups`、`/posts` 和 `/articles`。任何人（包括未登录）都可以查看。",
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
    (
        "GET /api/users/{id}/posts",
        "个人主页：广场动态",
        Some(
            "此人的广场动态，从新到旧，格式与广场信息流相同（`liked` 和 `canDelete` 针对提问者）。",
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
        "POST /api/admin/users/{id}/enable",
        "启用用户",
        Some("该账号可以重新登录（停用时结束的会话和令牌不会恢复）。记入审计日志 `user.enabled`。"),
    ),
    (
        "GET /api/tokens/current",
        "调用本接口的令牌",
        Some(
            "它的名称、权限范围和过期时间（除密钥外的一切），让客户端在尝试之前就知道自己能做什么。只能用个人访问令牌调用（任何权限范围均可）；浏览器会话会得到 403 `token_required`。",
        ),
    ),
];

/// Tag name → description.
pub const TAGS: &[(&str, &str)] = &[
    ("auth", "账户、登录与会话"),
    ("account", "当前登录用户自己的账户"),
    (
        "tokens",
        "个人访问令牌：用浏览器会话创建、列出和吊销；令牌可以查看自身",
    ),
    ("admin", "管理后台（仅管理员）"),
    ("ai", "AI 助手"),
    ("groups", "社区小组：成员、文章和相册"),
    (
        "districts",
        "行政区划（GB/T 2260）：省、市、县，可浏览和搜索",
    ),
    ("media", "已存储的图片（私密小组的图片仅对其成员可见）"),
    ("plaza", "公共广场：帖子、点赞、评论和天气地图"),
    (
        "profiles",
        "个人主页：此人是谁、所在小组、广场动态和文章（仅限提问者有权查看的内容）",
    ),
    ("system", "健康检查与 API 描述本身"),
];

/// The descriptions of parameters and of schemas and their fields: English → Chinese, in
/// `openapi_zh_texts.json` (written once from the English document; a test keeps it complete).
const TEXTS_JSON: &str = include_str!("openapi_zh_texts.json");

fn texts() -> &'static std::collections::HashMap<String, String> {
    static TEXTS: std::sync::OnceLock<std::collections::HashMap<String, String>> =
        std::sync::OnceLock::new();
    TEXTS.get_or_init(|| serde_json::from_str(TEXTS_JSON).unwrap_or_default())
}

/// Every `description` under `value` that the table has, in Chinese.
fn translate_descriptions(value: &mut Value) {
    match value {
        Value::Object(map) => {
            for (key, v) in map.iter_mut() {
                if key == "description"
                    && let Some(zh) = v.as_str().and_then(|en| texts().get(en))
                {
                    *v = Value::from(zh.as_str());
                } else {
                    translate_descriptions(v);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(translate_descriptions),
        _ => {}
    }
}

pub const INFO: &str = "庭院（Courtyard）的 REST API。每个响应都是带 `success` 标志的 JSON；错误另有稳定的 `code` 和使用请求语言的 `message`（依据 `Accept-Language` 或 `preference_language` Cookie）。用浏览器会话（Cookie）或开发者中心创建的个人访问令牌（`Authorization: Bearer`）调用。";

const METHODS: [&str; 8] = [
    "get", "post", "put", "delete", "patch", "options", "head", "trace",
];

/// The document with its Chinese text. Anything the table lacks stays English (the tests keep
/// the table complete).
pub fn localize(mut doc: Value) -> Value {
    if let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) {
        for (path, item) in paths.iter_mut() {
            for method in METHODS {
                let Some(op) = item.get_mut(method).and_then(Value::as_object_mut) else {
                    continue;
                };
                let key = format!("{} {path}", method.to_uppercase());
                if let Some(parameters) = op.get_mut("parameters") {
                    translate_descriptions(parameters);
                }
                // A response's own words (`Saved`, `A page of groups`); error codes stay.
                if let Some(responses) = op.get_mut("responses").and_then(Value::as_object_mut) {
                    for response in responses.values_mut() {
                        if let Some(zh) = response
                            .get("description")
                            .and_then(Value::as_str)
                            .and_then(|en| texts().get(en))
                        {
                            response["description"] = Value::from(zh.as_str());
                        }
                    }
                }
                if let Some((_, summary, description)) =
                    OPERATIONS.iter().find(|(k, _, _)| *k == key)
                {
                    op.insert("summary".into(), Value::from(*summary));
                    if let Some(d) = description {
                        op.insert("description".into(), Value::from(*d));
                    }
                }
            }
        }
    }
    if let Some(tags) = doc.get_mut("tags").and_then(Value::as_array_mut) {
        for tag in tags {
            let name = tag.get("name").and_then(Value::as_str).unwrap_or_default();
            if let Some((_, zh)) = TAGS.iter().find(|(n, _)| *n == name) {
                tag["description"] = Value::from(*zh);
            }
        }
    }
    if let Some(schemas) = doc.pointer_mut("/components/schemas") {
        translate_descriptions(schemas);
    }
    if let Some(info) = doc.get_mut("info").and_then(Value::as_object_mut) {
        info.insert("description".into(), Value::from(INFO));
    }
    doc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::ApiDoc;

    fn has_cjk(s: &str) -> bool {
        s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
    }

    #[test]
    #[allow(clippy::unwrap_used)]
    fn every_operation_and_tag_has_chinese_text_and_no_entry_is_stale() {
        let en = serde_json::to_value(ApiDoc::openapi_with_routes()).unwrap();
        let zh = localize(en.clone());
        let mut seen = Vec::new();
        for (path, item) in en["paths"].as_object().unwrap() {
            for (method, op) in item.as_object().unwrap() {
                let key = format!("{} {path}", method.to_uppercase());
                let z = &zh["paths"][path][method];
                let summary = z["summary"].as_str().unwrap_or_default();
                assert!(has_cjk(summary), "{key}: no Chinese summary");
                assert_eq!(
                    op.get("description").is_some(),
                    z.get("description").is_some(),
                    "{key}"
                );
                if let Some(d) = z.get("description") {
                    assert!(
                        has_cjk(d.as_str().unwrap()),
                        "{key}: the description is still English"
                    );
                    assert_ne!(Some(d), op.get("description"), "{key}");
                }
                seen.push(key);
            }
        }
        for (key, _, _) in OPERATIONS {
            assert!(seen.iter().any(|k| k == key), "stale entry {key}");
        }
        assert_eq!(seen.len(), OPERATIONS.len());
        for tag in zh["tags"].as_array().unwrap() {
            assert!(has_cjk(tag["description"].as_str().unwrap()), "{tag}");
        }
        assert!(has_cjk(zh["info"]["description"].as_str().unwrap()));
    }

    /// Every description of a parameter, a schema or a schema's field, collected with where.
    fn descriptions(doc: &Value) -> Vec<(String, String)> {
        fn walk(v: &Value, at: &str, out: &mut Vec<(String, String)>) {
            match v {
                Value::Object(map) => {
                    for (k, v) in map {
                        match (k.as_str(), v.as_str()) {
                            ("description", Some(text)) => {
                                out.push((at.to_owned(), text.to_owned()))
                            }
                            _ => walk(v, &format!("{at}/{k}"), out),
                        }
                    }
                }
                Value::Array(items) => {
                    for (i, v) in items.iter().enumerate() {
                        walk(v, &format!("{at}/{i}"), out);
                    }
                }
                _ => {}
            }
        }
        let mut out = Vec::new();
        for (path, item) in doc["paths"].as_object().unwrap() {
            for (method, op) in item.as_object().unwrap() {
                walk(&op["parameters"], &format!("{method} {path}"), &mut out);
            }
        }
        walk(&doc["components"]["schemas"], "schemas", &mut out);
        out
    }

    #[test]
    #[allow(clippy::unwrap_used)]
    fn every_parameter_and_schema_description_has_chinese_text() {
        let en = serde_json::to_value(ApiDoc::openapi_with_routes()).unwrap();
        let zh = localize(en.clone());
        let english: Vec<String> = descriptions(&zh)
            .into_iter()
            .filter(|(_, text)| !has_cjk(text) && !texts().values().any(|z| z == text))
            .map(|(at, text)| format!("{at}: {text:?}"))
            .collect();
        assert!(
            english.is_empty(),
            "descriptions without Chinese (add them to openapi_zh_texts.json): {english:#?}"
        );
        assert!(texts().len() > 300);
        assert!(!descriptions(&en).is_empty());
        // Every answer that is not a refusal says what it is in Chinese.
        for (path, item) in zh["paths"].as_object().unwrap() {
            for (method, op) in item.as_object().unwrap() {
                for (status, response) in op["responses"].as_object().unwrap() {
                    if status.starts_with('2') || status.starts_with('3') {
                        let text = response["description"].as_str().unwrap();
                        assert!(
                            has_cjk(text) || texts().values().any(|z| z == text),
                            "{method} {path} {status}: {text:?} (add it to openapi_zh_texts.json)"
                        );
                    }
                }
            }
        }
    }
}
