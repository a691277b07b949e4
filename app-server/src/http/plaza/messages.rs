//! The sentences of the plaza, in Chinese and English (a
//! [`Msg`] does not compile without both).

use crate::i18n::{Msg, Sentence};

#[allow(non_upper_case_globals)]
impl Msg {
    pub const InvalidPostBody: Msg = Msg(&Sentence {
        zh: "动态内容最多 2000 个字符，且不能既无文字又无图片",
        en: "A post has at most 2000 characters, and text or at least one image",
    });
    pub const InvalidComment: Msg = Msg(&Sentence {
        zh: "评论需要 1 到 500 个字符",
        en: "A comment has 1 to 500 characters",
    });
    pub const ImageNotUsable: Msg = Msg(&Sentence {
        zh: "图片无法用于这条动态：请重新上传",
        en: "An image cannot be used in this post: upload it again",
    });
    pub const NotYours: Msg = Msg(&Sentence {
        zh: "只有作者或管理员可以删除",
        en: "Only its author or an administrator can delete it",
    });
    pub const PostDeleted: Msg = Msg(&Sentence {
        zh: "动态已删除",
        en: "The post was deleted",
    });
    pub const CommentDeleted: Msg = Msg(&Sentence {
        zh: "评论已删除",
        en: "The comment was deleted",
    });
    pub const InvalidReason: Msg = Msg(&Sentence {
        zh: "理由最多 200 个字符",
        en: "A reason has at most 200 characters",
    });
    pub const PlazaEditConflict: Msg = Msg(&Sentence {
        zh: "你打开之后它已被修改过：请在最新版本上重新编辑",
        en: "It was edited after you opened it: edit the latest version again",
    });
    pub const NotYourText: Msg = Msg(&Sentence {
        zh: "只有作者可以编辑",
        en: "Only its author can edit it",
    });
    pub const NoVersionsForYou: Msg = Msg(&Sentence {
        zh: "只有作者或管理员可以查看修改记录",
        en: "Only its author or an administrator can see its earlier versions",
    });
}
