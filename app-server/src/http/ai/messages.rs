//! The sentences of the AI assistant, in Chinese and English (a
//! [`Msg`] does not compile without both).

use crate::i18n::{Msg, Sentence};

#[allow(non_upper_case_globals)]
impl Msg {
    pub const AiSignInRequired: Msg = Msg(&Sentence {
        zh: "登录后即可使用 AI 助手",
        en: "Sign in to use the AI assistant",
    });
    pub const AiUnavailable: Msg = Msg(&Sentence {
        zh: "本站尚未配置 AI 助手",
        en: "The AI assistant is not configured on this server",
    });
    pub const AiInvalidRole: Msg = Msg(&Sentence {
        zh: "消息的角色只能是 user 或 assistant",
        en: "A message's role must be user or assistant",
    });
    pub const AiUnknownModel: Msg = Msg(&Sentence {
        zh: "不支持所选的模型",
        en: "The chosen model is not offered here",
    });
    pub const AiNoMessages: Msg = Msg(&Sentence {
        zh: "请至少发送一条消息",
        en: "Send at least one message",
    });
    pub const AiTooManyMessages: Msg = Msg(&Sentence {
        zh: "对话中的消息太多了，请新建一个会话",
        en: "The conversation has too many messages; please start a new chat",
    });
    pub const AiEmptyMessage: Msg = Msg(&Sentence {
        zh: "消息不能为空",
        en: "A message cannot be empty",
    });
    pub const AiMessageTooLong: Msg = Msg(&Sentence {
        zh: "单条消息太长了",
        en: "A message is too long",
    });
    pub const AiConversationTooLong: Msg = Msg(&Sentence {
        zh: "对话太长了，请新建一个会话",
        en: "The conversation is too long; please start a new chat",
    });
    pub const AiLastMessageNotFromUser: Msg = Msg(&Sentence {
        zh: "最后一条消息须由用户发送",
        en: "The last message must be the user's",
    });
    pub const AiTemperatureOutOfRange: Msg = Msg(&Sentence {
        zh: "temperature 须在 0 到 2 之间",
        en: "temperature must be between 0 and 2",
    });
    pub const AiMaxTokensOutOfRange: Msg = Msg(&Sentence {
        zh: "max_tokens 须在 1 到 8192 之间",
        en: "max_tokens must be between 1 and 8192",
    });
    pub const AiRateLimited: Msg = Msg(&Sentence {
        zh: "提问太频繁了，请稍后再试",
        en: "Too many questions at once; please try again shortly",
    });
    pub const AiTooManyStreams: Msg = Msg(&Sentence {
        zh: "已有两个回答正在生成，请等它们结束",
        en: "Two answers are already being written; please wait for them to finish",
    });
    pub const AiQuotaExhausted: Msg = Msg(&Sentence {
        zh: "今天的 AI 用量已用完，明天再来吧",
        en: "Today's AI allowance is used up; please come back tomorrow",
    });
    pub const AiProviderBusy: Msg = Msg(&Sentence {
        zh: "AI 服务繁忙，请稍后再试",
        en: "The AI service is busy; please try again shortly",
    });
    pub const AiUpstreamAuth: Msg = Msg(&Sentence {
        zh: "AI 服务暂时不可用，请联系管理员",
        en: "The AI service is unavailable; please tell an administrator",
    });
    pub const AiUpstreamRejected: Msg = Msg(&Sentence {
        zh: "AI 服务拒绝了这次请求，对话可能太长",
        en: "The AI service refused this request; the conversation may be too long",
    });
    pub const AiUpstreamError: Msg = Msg(&Sentence {
        zh: "AI 服务出错了，请稍后再试",
        en: "The AI service failed; please try again shortly",
    });
    pub const AiUpstreamUnreachable: Msg = Msg(&Sentence {
        zh: "无法连接 AI 服务，请稍后再试",
        en: "The AI service cannot be reached; please try again shortly",
    });
    pub const AiUpstreamTimeout: Msg = Msg(&Sentence {
        zh: "AI 服务响应超时，请稍后再试",
        en: "The AI service took too long to answer; please try again",
    });
    pub const AiUpstreamInvalid: Msg = Msg(&Sentence {
        zh: "AI 服务返回了无法识别的内容",
        en: "The AI service sent an answer that could not be read",
    });
    pub const AiStreamInterrupted: Msg = Msg(&Sentence {
        zh: "回答中途中断了，请重试",
        en: "The answer broke off; please try again",
    });
}
