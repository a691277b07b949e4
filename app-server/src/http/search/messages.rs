//! The sentences of search, in Chinese and English (a [`Msg`] does not compile without both).

use crate::i18n::{Msg, Sentence};

#[allow(non_upper_case_globals)]
impl Msg {
    pub const InvalidSearch: Msg = Msg(&Sentence {
        zh: "请检查搜索条件",
        en: "Please check the search",
    });
    pub const SearchEmpty: Msg = Msg(&Sentence {
        zh: "请输入要搜索的字词（标点和符号不参与搜索）",
        en: "Type a word to search for (punctuation and symbols are not searched)",
    });
    pub const SearchTooLong: Msg = Msg(&Sentence {
        zh: "搜索最多 100 个字",
        en: "A search has at most 100 characters",
    });
    pub const SearchDistrict: Msg = Msg(&Sentence {
        zh: "地区代码应为 6 位数字的行政区划代码",
        en: "A district is a six-digit GB/T 2260 code",
    });
}
