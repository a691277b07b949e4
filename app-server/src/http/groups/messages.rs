//! The sentences of groups, their members and articles, in Chinese and English (a
//! [`Msg`] does not compile without both).

use crate::i18n::{Msg, Sentence};

#[allow(non_upper_case_globals)]
impl Msg {
    pub const InvalidChoice: Msg = Msg(&Sentence {
        zh: "请从给定的选项中选择",
        en: "Choose one of the listed values",
    });
    pub const InvalidGroupSettings: Msg = Msg(&Sentence {
        zh: "小组设置有误",
        en: "The group settings are not valid",
    });
    pub const InvalidGroupName: Msg = Msg(&Sentence {
        zh: "小组名称需要 2 到 40 个字",
        en: "A group name has 2 to 40 characters",
    });
    pub const InvalidGroupDescription: Msg = Msg(&Sentence {
        zh: "小组简介最多 500 个字",
        en: "A group description has at most 500 characters",
    });
    pub const PrivateGroupCannotBeOpen: Msg = Msg(&Sentence {
        zh: "私密小组不能设为“任何人可直接加入”",
        en: "A private group cannot let anyone join at once",
    });
    pub const InvalidArticleTitle: Msg = Msg(&Sentence {
        zh: "标题需要 1 到 120 个字",
        en: "A title has 1 to 120 characters",
    });
    pub const InvalidArticleBody: Msg = Msg(&Sentence {
        zh: "正文最多 100000 个字",
        en: "An article has at most 100,000 characters",
    });
    pub const InvalidGroupMessage: Msg = Msg(&Sentence {
        zh: "留言最多 500 个字",
        en: "At most 500 characters",
    });
    pub const WrongInviteCode: Msg = Msg(&Sentence {
        zh: "邀请码不正确",
        en: "The invite code is not right",
    });
    pub const MembersOnly: Msg = Msg(&Sentence {
        zh: "只有小组成员可以查看",
        en: "Only members of this group can see this",
    });
    pub const GroupRoleNotAllowed: Msg = Msg(&Sentence {
        zh: "你在这个小组中的角色不能这样做",
        en: "Your role in this group does not allow this",
    });
    pub const AlreadyMember: Msg = Msg(&Sentence {
        zh: "你已经是这个小组的成员",
        en: "You are already a member of this group",
    });
    pub const RequestPending: Msg = Msg(&Sentence {
        zh: "你的加入申请正在等待审核",
        en: "Your request to join is waiting for a decision",
    });
    pub const BannedFromGroup: Msg = Msg(&Sentence {
        zh: "你已被禁止加入这个小组",
        en: "You are banned from this group",
    });
    pub const OwnerCannotLeave: Msg = Msg(&Sentence {
        zh: "组长需要先转让小组，才能退出",
        en: "The owner must transfer the group before leaving",
    });
    pub const OwnerUntouchable: Msg = Msg(&Sentence {
        zh: "不能这样更改组长",
        en: "The owner cannot be changed this way",
    });
    pub const NotAMember: Msg = Msg(&Sentence {
        zh: "对方不是这个小组的成员",
        en: "That person is not a member of this group",
    });
    pub const RequestDecided: Msg = Msg(&Sentence {
        zh: "这条申请已经处理过了",
        en: "This request was already decided",
    });
    pub const TooManyGroups: Msg = Msg(&Sentence {
        zh: "你创建的小组已达上限",
        en: "You already own the most groups allowed",
    });
    pub const TransferOfferPending: Msg = Msg(&Sentence {
        zh: "这个小组已有一个待答复的转让提议，请先撤回",
        en: "This group's transfer offer is still waiting for an answer; withdraw it first",
    });
    pub const NoTransferOffer: Msg = Msg(&Sentence {
        zh: "没有等待你答复的转让提议",
        en: "There is no transfer offer waiting for you here",
    });
    pub const ArticleQuotaExceeded: Msg = Msg(&Sentence {
        zh: "你的文章总字数已达上限，请删减旧文章或草稿后再写",
        en: "Your articles have reached the most characters allowed; shorten or delete old articles or drafts first",
    });
    pub const EditConflict: Msg = Msg(&Sentence {
        zh: "这篇文章在你打开后被别人保存过",
        en: "Someone saved this article after you opened it",
    });
    pub const GroupDeleted: Msg = Msg(&Sentence {
        zh: "小组已删除",
        en: "The group was deleted",
    });
    pub const LeftGroup: Msg = Msg(&Sentence {
        zh: "你已退出小组",
        en: "You left the group",
    });
    pub const ImageDeleted: Msg = Msg(&Sentence {
        zh: "图片已删除",
        en: "The image was deleted",
    });
    pub const RoleChanged: Msg = Msg(&Sentence {
        zh: "角色已更改",
        en: "The role was changed",
    });
    pub const MemberRemoved: Msg = Msg(&Sentence {
        zh: "成员已移出",
        en: "The member was removed",
    });
    pub const MemberBanned: Msg = Msg(&Sentence {
        zh: "已禁止此人加入",
        en: "They are banned",
    });
    pub const MemberUnbanned: Msg = Msg(&Sentence {
        zh: "已解除禁止",
        en: "The ban was lifted",
    });
    pub const ArticleDeleted: Msg = Msg(&Sentence {
        zh: "文章已删除",
        en: "The article was deleted",
    });
    pub const InvalidReply: Msg = Msg(&Sentence {
        zh: "回应需要 1 到 5000 个字，不能全是空格",
        en: "A reply has 1 to 5,000 characters and not only spaces",
    });
    pub const ReplyNotFound: Msg = Msg(&Sentence {
        zh: "没有这条回应，或它已被删除",
        en: "There is no such reply, or it was deleted",
    });
    pub const RepliesLocked: Msg = Msg(&Sentence {
        zh: "这篇文章已关闭回应",
        en: "Replies to this article are closed",
    });
    pub const ArticleNotPublished: Msg = Msg(&Sentence {
        zh: "文章发布后才能回应",
        en: "Only a published article can be replied to",
    });
    pub const ReplyDeleted: Msg = Msg(&Sentence {
        zh: "回应已删除",
        en: "The reply was deleted",
    });
    pub const ReplyEditConflict: Msg = Msg(&Sentence {
        zh: "这条回应在你开始编辑后已被修改，你的文字还在，请对照后再保存",
        en: "This reply was changed after you started editing; your text is kept, compare and save again",
    });
}
