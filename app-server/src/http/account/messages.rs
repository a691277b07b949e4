//! The sentences of the signed-in account's own settings, in Chinese and English (a
//! [`Msg`] does not compile without both).

use crate::i18n::{Msg, Sentence};

#[allow(non_upper_case_globals)]
impl Msg {
    pub const InvalidAppearance: Msg = Msg(&Sentence {
        zh: "颜色模式须为 light、dark 或 system，语言须为 zh、en 或 system",
        en: "The colour mode is light, dark or system, and the language zh, en or system",
    });
    pub const InvalidColorMode: Msg = Msg(&Sentence {
        zh: "颜色模式须为 light、dark 或 system（跟随系统）",
        en: "The colour mode is light, dark or system (follow the device)",
    });
    pub const InvalidLanguage: Msg = Msg(&Sentence {
        zh: "语言须为 zh、en 或 system（跟随浏览器）",
        en: "The language is zh, en or system (follow the browser)",
    });
    pub const PhoneBound: Msg = Msg(&Sentence {
        zh: "手机号已绑定",
        en: "Phone number saved",
    });
    pub const ProfileSaved: Msg = Msg(&Sentence {
        zh: "资料已保存",
        en: "Profile saved",
    });
    pub const AvatarSet: Msg = Msg(&Sentence {
        zh: "头像已更新",
        en: "Avatar updated",
    });
    pub const AvatarRemoved: Msg = Msg(&Sentence {
        zh: "头像已移除",
        en: "Avatar removed",
    });
}
