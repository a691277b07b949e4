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
];
