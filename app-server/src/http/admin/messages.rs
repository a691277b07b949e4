//! The sentences of the admin console, in Chinese and English (a
//! [`Msg`] does not compile without both).

use crate::i18n::{Msg, Sentence};

#[allow(non_upper_case_globals)]
impl Msg {
    pub const UserDisabled: Msg = Msg(&Sentence {
        zh: "已停用该用户：其所有会话已登出，所有令牌已吊销",
        en: "User disabled: all their sessions are signed out and all their tokens revoked",
    });
    pub const UserEnabled: Msg = Msg(&Sentence {
        zh: "已启用该用户，可以重新登录",
        en: "User enabled: they can sign in again",
    });
    pub const MediaHidden: Msg = Msg(&Sentence {
        zh: "图片已隐藏",
        en: "Image hidden",
    });
    pub const MediaUnhidden: Msg = Msg(&Sentence {
        zh: "图片已恢复显示",
        en: "Image shown again",
    });
    pub const MediaDeleted: Msg = Msg(&Sentence {
        zh: "图片已删除",
        en: "Image deleted",
    });
}
