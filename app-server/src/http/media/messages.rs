//! The sentences of stored images, in Chinese and English (a
//! [`Msg`] does not compile without both).

use crate::i18n::{Msg, Sentence};

#[allow(non_upper_case_globals)]
impl Msg {
    pub const ImageTooManyPixels: Msg = Msg(&Sentence {
        zh: "图片尺寸太大",
        en: "The image has too many pixels",
    });
    pub const ImageCorrupt: Msg = Msg(&Sentence {
        zh: "图片已损坏，无法读取",
        en: "The image is damaged and cannot be read",
    });
    pub const StorageQuotaExceeded: Msg = Msg(&Sentence {
        zh: "你的存储空间已用完",
        en: "Your storage space is used up",
    });
    pub const AnimationTooLarge: Msg = Msg(&Sentence {
        zh: "动图的帧数或尺寸太大，请缩小后再上传",
        en: "This animation has too many frames or pixels; make it smaller and try again",
    });
    pub const TooManyKeptImages: Msg = Msg(&Sentence {
        zh: "一次最多保留 9 张草稿图片",
        en: "At most 9 draft images may be kept at once",
    });
}
