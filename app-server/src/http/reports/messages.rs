//! The sentences of reports, in Chinese and English (a [`Msg`] does not compile without both).

use crate::i18n::{Msg, Sentence};

#[allow(non_upper_case_globals)]
impl Msg {
    pub const ReportFiled: Msg = Msg(&Sentence {
        zh: "已收到举报，管理员会尽快处理。谢谢！",
        en: "Thanks — the moderators will look at it.",
    });
    pub const InvalidReport: Msg = Msg(&Sentence {
        zh: "请检查举报的填写",
        en: "Please check the report",
    });
    pub const ReportNoteTooLong: Msg = Msg(&Sentence {
        zh: "说明最多 500 个字",
        en: "A note has at most 500 characters",
    });
    pub const ReportNoteRequired: Msg = Msg(&Sentence {
        zh: "选择“其他”时请说明问题",
        en: "Say what is wrong when the reason is \"other\"",
    });
    pub const ReportOwn: Msg = Msg(&Sentence {
        zh: "不能举报自己或自己发布的内容",
        en: "You cannot report yourself or what you wrote",
    });
    pub const ReportNotFound: Msg = Msg(&Sentence {
        zh: "要举报的内容不存在或你无权查看",
        en: "There is nothing you can see there to report",
    });
    pub const ReportsRateLimited: Msg = Msg(&Sentence {
        zh: "举报太频繁，请稍后再试",
        en: "Too many reports; try again later",
    });
    pub const CaseNotFound: Msg = Msg(&Sentence {
        zh: "没有这个举报案件",
        en: "No such case",
    });
    pub const CaseClosed: Msg = Msg(&Sentence {
        zh: "这个案件已经处理过了",
        en: "The case has been closed already",
    });
    pub const CaseActionNotApplicable: Msg = Msg(&Sentence {
        zh: "这种处理方式不适用于这个案件",
        en: "That action does not apply to this case",
    });
    pub const CaseNotAllowed: Msg = Msg(&Sentence {
        zh: "你不能处理这个队列的案件",
        en: "You may not handle this queue's cases",
    });
}
