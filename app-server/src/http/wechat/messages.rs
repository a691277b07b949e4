//! The sentences of the WeChat official account's administration (its menu and access token),
//! in Chinese and English (a [`Msg`] does not compile without both), and of each broken menu
//! rule.

use crate::http::error::MenuFaultDto;
use crate::i18n::{Lang, Msg, Sentence};
use wechat::menu::MenuFault;

#[allow(non_upper_case_globals)]
impl Msg {
    pub const WechatRateLimited: Msg = Msg(&Sentence {
        zh: "微信接口调用过于频繁，请稍后再试",
        en: "WeChat's rate limit was reached; please try again later",
    });
    pub const WechatInvalidCredential: Msg = Msg(&Sentence {
        zh: "微信拒绝了公众号凭据（AppID、AppSecret 或 IP 白名单）",
        en: "WeChat refused the app credentials (AppID, AppSecret or IP allowlist)",
    });
    pub const WechatRefreshLimited: Msg = Msg(&Sentence {
        zh: "强制刷新过于频繁：微信限定每 30 秒一次、每天 20 次",
        en: "Forced refreshes are limited by WeChat to one per 30 s and 20 a day",
    });
    pub const WechatRefreshBusy: Msg = Msg(&Sentence {
        zh: "另一台服务器正在刷新令牌，请稍后再试",
        en: "Another server is refreshing the token; please try again shortly",
    });
    pub const InvalidMenu: Msg = Msg(&Sentence {
        zh: "菜单不符合微信的规则，请按提示修改",
        en: "The menu breaks WeChat's rules; please fix the marked items",
    });
    pub const MenuVersionNotFound: Msg = Msg(&Sentence {
        zh: "找不到该菜单版本",
        en: "No such menu version",
    });
    pub const TokenRefreshed: Msg = Msg(&Sentence {
        zh: "访问令牌已刷新",
        en: "Access token refreshed",
    });
    pub const MenuPublished: Msg = Msg(&Sentence {
        zh: "菜单已发布",
        en: "Menu published",
    });
    pub const MenuDeleted: Msg = Msg(&Sentence {
        zh: "菜单已删除",
        en: "Menu deleted",
    });
    pub const MenuRolledBack: Msg = Msg(&Sentence {
        zh: "已回滚到所选版本",
        en: "Rolled back to the chosen version",
    });
}

impl MenuFaultDto {
    /// One broken menu rule, its message in `lang`.
    pub fn new(fault: &MenuFault, lang: Lang) -> Self {
        Self {
            path: fault.path.clone(),
            code: fault.kind.code(),
            message: menu_fault(&fault.kind, lang),
        }
    }
}

/// The message of one broken WeChat menu rule, with its numbers.
fn menu_fault(kind: &wechat::menu::FaultKind, lang: Lang) -> String {
    use wechat::menu::FaultKind as F;
    let zh = lang == Lang::Zh;
    match kind {
        F::TooFewButtons => pick(
            zh,
            "至少需要 1 个一级菜单",
            "Add at least one top-level button",
        ),
        F::TooManyButtons { max } => {
            if zh {
                format!("一级菜单最多 {max} 个")
            } else {
                format!("At most {max} top-level buttons")
            }
        }
        F::TooManySubButtons { max } => {
            if zh {
                format!("每个一级菜单下最多 {max} 个子菜单")
            } else {
                format!("At most {max} sub-buttons per button")
            }
        }
        F::NameRequired => pick(zh, "请填写菜单名称", "Enter a name"),
        F::NameTooLong { bytes, max } => {
            if zh {
                format!("名称过长：{bytes} 字节，最多 {max} 字节（一个汉字占 3 字节）")
            } else {
                format!(
                    "Name too long: {bytes} bytes, at most {max} (a Chinese character is 3 bytes)"
                )
            }
        }
        F::TypeRequired => pick(zh, "请选择菜单类型", "Choose a button type"),
        F::UnsupportedType { kind } => {
            if zh {
                format!("不支持的菜单类型 “{kind}”，可选 click、view、miniprogram")
            } else {
                format!("Unsupported type \"{kind}\": use click, view or miniprogram")
            }
        }
        F::KeyRequired => pick(zh, "点击类菜单需要填写 key", "A click button needs a key"),
        F::KeyTooLong { bytes, max } => {
            if zh {
                format!("key 过长：{bytes} 字节，最多 {max} 字节")
            } else {
                format!("Key too long: {bytes} bytes, at most {max}")
            }
        }
        F::UrlRequired => pick(zh, "请填写网页链接", "Enter a URL"),
        F::UrlTooLong { bytes, max } => {
            if zh {
                format!("链接过长：{bytes} 字节，最多 {max} 字节")
            } else {
                format!("URL too long: {bytes} bytes, at most {max}")
            }
        }
        F::UrlInvalid => pick(
            zh,
            "链接须以 http:// 或 https:// 开头",
            "A URL must start with http:// or https://",
        ),
        F::AppidRequired => pick(
            zh,
            "小程序菜单需要填写 appid",
            "A mini program button needs an appid",
        ),
        F::PagepathRequired => pick(
            zh,
            "小程序菜单需要填写页面路径 pagepath",
            "A mini program button needs a pagepath",
        ),
    }
}

fn pick(zh: bool, zh_text: &str, en_text: &str) -> String {
    if zh { zh_text } else { en_text }.to_owned()
}
