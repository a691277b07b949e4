//! The sentences of personal access tokens, in Chinese and English (a
//! [`Msg`] does not compile without both).

use crate::i18n::{Msg, Sentence};

#[allow(non_upper_case_globals)]
impl Msg {
    pub const TokenRequired: Msg = Msg(&Sentence {
        zh: "此接口描述调用它的访问令牌，请用 Authorization: Bearer 调用",
        en: "This endpoint describes the access token that calls it: call it with Authorization: Bearer",
    });
    pub const ScopeNotAllowed: Msg = Msg(&Sentence {
        zh: "只有管理员可以授予管理权限",
        en: "Only administrators may grant admin scopes",
    });
    pub const TooManyTokens: Msg = Msg(&Sentence {
        zh: "有效的访问令牌已达上限，请先撤销不用的令牌",
        en: "You have the most active tokens allowed; revoke one you no longer use",
    });
    pub const TokenNameInvalid: Msg = Msg(&Sentence {
        zh: "令牌名称需为 1 到 50 个字符",
        en: "A token name has 1 to 50 characters",
    });
    pub const TokenScopesInvalid: Msg = Msg(&Sentence {
        zh: "请至少选择一个有效的权限范围",
        en: "Choose at least one valid scope",
    });
    pub const TokenExpiryInvalid: Msg = Msg(&Sentence {
        zh: "有效期只能是 7、30、90、365 天或永不过期",
        en: "Expiry must be 7, 30, 90 or 365 days, or never",
    });
    pub const AdminTokenNeedsExpiry: Msg = Msg(&Sentence {
        zh: "带管理权限的令牌必须设置有效期（7、30、90 或 365 天）",
        en: "A token with admin scopes must expire: choose 7, 30, 90 or 365 days",
    });
    pub const InvalidTokenRequest: Msg = Msg(&Sentence {
        zh: "令牌信息有误",
        en: "The token request is invalid",
    });
    pub const ScopeAccountRead: Msg = Msg(&Sentence {
        zh: "读取账户信息：资料、登录设备",
        en: "Read your account: profile and signed-in devices",
    });
    pub const ScopeAccountWrite: Msg = Msg(&Sentence {
        zh: "修改账户：让设备下线（更改登录方式只能在浏览器中进行）",
        en: "Change your account: signing devices out (sign-in methods change only in the browser)",
    });
    pub const ScopeAiRead: Msg = Msg(&Sentence {
        zh: "查看可用的 AI 模型",
        en: "See the available AI models",
    });
    pub const ScopeAiWrite: Msg = Msg(&Sentence {
        zh: "与 AI 助手对话（计入你的用量）",
        en: "Chat with the AI assistant (counts toward your usage)",
    });
    pub const ScopeGroupsRead: Msg = Msg(&Sentence {
        zh: "读取小组：文章、相册和成员",
        en: "Read groups: articles, gallery and members",
    });
    pub const ScopeGroupsWrite: Msg = Msg(&Sentence {
        zh: "参与小组：创建、加入、写文章、上传图片和管理",
        en: "Take part in groups: create, join, write, upload and manage",
    });
    pub const ScopePlazaRead: Msg = Msg(&Sentence {
        zh: "读取广场：动态、评论、地区和天气",
        en: "Read the plaza: posts, comments, districts and the weather",
    });
    pub const ScopeNotificationsRead: Msg = Msg(&Sentence {
        zh: "读取通知：通知列表、未读数和实时推送",
        en: "Read your notifications: the inbox, the unread count and the live stream",
    });
    pub const ScopeNotificationsWrite: Msg = Msg(&Sentence {
        zh: "管理通知：标为已读、更改通知设置",
        en: "Manage your notifications: mark them read and change which kinds you get",
    });
    pub const ScopePlazaWrite: Msg = Msg(&Sentence {
        zh: "参与广场：发动态、点赞和评论",
        en: "Take part in the plaza: post, like and comment",
    });
    pub const ScopeAdminRead: Msg = Msg(&Sentence {
        zh: "查看管理后台（仅管理员）",
        en: "Read the admin console (administrators only)",
    });
    pub const ScopeAdminWrite: Msg = Msg(&Sentence {
        zh: "在管理后台中操作（仅管理员）",
        en: "Act in the admin console (administrators only)",
    });
}
