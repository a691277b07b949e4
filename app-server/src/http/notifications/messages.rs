//! The sentences of notifications, in Chinese and English (a [`Msg`] does not compile without
//! both).

use crate::i18n::{Msg, Sentence};

#[allow(non_upper_case_globals)]
impl Msg {
    pub const InvalidNotificationPreferences: Msg = Msg(&Sentence {
        zh: "没有这种通知",
        en: "There is no such kind of notification",
    });
    pub const NotificationNotFound: Msg = Msg(&Sentence {
        zh: "没有这条通知",
        en: "No such notification",
    });
    pub const InvalidMentionQuery: Msg = Msg(&Sentence {
        zh: "请输入 1 到 32 个字符",
        en: "Type 1 to 32 characters",
    });
}
