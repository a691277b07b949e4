//! The sentences of blocking and muting, in Chinese and English (a [`Msg`] does not compile
//! without both).

use crate::i18n::{Msg, Sentence};

#[allow(non_upper_case_globals)]
impl Msg {
    pub const CannotBlockSelf: Msg = Msg(&Sentence {
        zh: "不能屏蔽或静音自己",
        en: "You can't block or mute yourself",
    });
    pub const InvalidBlockKind: Msg = Msg(&Sentence {
        zh: "类型只能是 block（屏蔽）或 mute（静音）",
        en: "The kind is block or mute",
    });
    pub const BlocksFull: Msg = Msg(&Sentence {
        zh: "屏蔽和静音的人合计最多 1000 个，请先解除一些",
        en: "You can block and mute at most 1000 people together; undo some first",
    });
    pub const NotBlocked: Msg = Msg(&Sentence {
        zh: "你没有屏蔽或静音此人",
        en: "You have neither blocked nor muted this person",
    });
}
