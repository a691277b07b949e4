//! The sentences no single area owns: the framework's refusals, the not-found of each
//! [`Resource`](crate::http::error::Resource), and what two or more areas say. Each area's
//! own are in its `http/<area>/messages.rs`.

use super::{Msg, Sentence};

#[allow(non_upper_case_globals)]
impl Msg {
    pub const InvalidJson: Msg = Msg(&Sentence {
        zh: "请求内容不是有效的 JSON",
        en: "The request body is not valid JSON",
    });
    pub const InvalidBody: Msg = Msg(&Sentence {
        zh: "请求内容缺少字段或字段类型不对",
        en: "The request body has missing or mistyped fields",
    });
    pub const UnsupportedMediaType: Msg = Msg(&Sentence {
        zh: "请以 application/json 发送请求内容",
        en: "Send the request body as application/json",
    });
    pub const PayloadTooLarge: Msg = Msg(&Sentence {
        zh: "请求内容太大",
        en: "The request body is too large",
    });
    pub const ValidationFailed: Msg = Msg(&Sentence {
        zh: "请检查填写的内容",
        en: "Please check the highlighted fields",
    });
    pub const InvalidUsername: Msg = Msg(&Sentence {
        zh: "用户名须为 3–32 个字符，只能包含小写字母、数字、下划线和连字符",
        en: "A username is 3–32 characters of lowercase letters, digits, '_' and '-'",
    });
    pub const InvalidNickname: Msg = Msg(&Sentence {
        zh: "昵称须为 1–32 个字符",
        en: "A nickname is 1–32 characters",
    });
    pub const InvalidBio: Msg = Msg(&Sentence {
        zh: "简介最多 280 个字符",
        en: "A bio is at most 280 characters",
    });
    pub const ServerBusy: Msg = Msg(&Sentence {
        zh: "服务器正忙，请稍后再试",
        en: "The server is busy; please try again in a moment",
    });
    pub const Unauthorized: Msg = Msg(&Sentence {
        zh: "请先登录",
        en: "Please log in first",
    });
    pub const Forbidden: Msg = Msg(&Sentence {
        zh: "你没有权限执行此操作",
        en: "You are not allowed to do this",
    });
    pub const CrossOriginRequest: Msg = Msg(&Sentence {
        zh: "已拒绝来自其他网站的请求",
        en: "Requests from other sites are refused",
    });
    pub const WordsRefused: Msg = Msg(&Sentence {
        zh: "内容含有不能发布的词语",
        en: "This text contains words that can't be published",
    });
    pub const Blocked: Msg = Msg(&Sentence {
        zh: "你们之间有一方屏蔽了对方，不能回复、评论、提及对方或给对方点赞",
        en: "One of you has blocked the other: you can't reply to, comment on, mention or like each other",
    });
    pub const RateLimited: Msg = Msg(&Sentence {
        zh: "尝试次数过多，请稍后再试",
        en: "Too many attempts; please try again later",
    });
    pub const NotFound: Msg = Msg(&Sentence {
        zh: "请求的接口不存在",
        en: "No such API endpoint",
    });
    pub const GroupNotFound: Msg = Msg(&Sentence {
        zh: "小组不存在",
        en: "No such group",
    });
    pub const ArticleNotFound: Msg = Msg(&Sentence {
        zh: "文章不存在",
        en: "No such article",
    });
    pub const UserNotFound: Msg = Msg(&Sentence {
        zh: "用户不存在",
        en: "No such user",
    });
    pub const MemberNotFound: Msg = Msg(&Sentence {
        zh: "该用户不是这个小组的成员",
        en: "No such member of this group",
    });
    pub const MembershipNotFound: Msg = Msg(&Sentence {
        zh: "你不是这个小组的成员",
        en: "You are not a member of this group",
    });
    pub const BanNotFound: Msg = Msg(&Sentence {
        zh: "该用户没有被封禁",
        en: "That user is not banned",
    });
    pub const JoinRequestNotFound: Msg = Msg(&Sentence {
        zh: "找不到这条加入申请",
        en: "No such join request",
    });
    pub const MediaNotFound: Msg = Msg(&Sentence {
        zh: "图片不存在",
        en: "No such image",
    });
    pub const TokenNotFound: Msg = Msg(&Sentence {
        zh: "令牌不存在",
        en: "No such token",
    });
    pub const MethodNotAllowed: Msg = Msg(&Sentence {
        zh: "该接口不支持此请求方法，可用的方法见 Allow 响应头",
        en: "This endpoint does not take this method; the Allow header lists the ones it does",
    });
    pub const InternalError: Msg = Msg(&Sentence {
        zh: "服务器出错了，请稍后再试",
        en: "Something went wrong on the server; please try again later",
    });
    pub const DatabaseUnavailable: Msg = Msg(&Sentence {
        zh: "暂时无法连接数据库，请稍后重试",
        en: "The database cannot be reached right now; please try again in a few seconds",
    });
    pub const MediaStoreUnavailable: Msg = Msg(&Sentence {
        zh: "暂时无法连接图片存储，图片没有保存，请稍后重试",
        en: "The image store cannot be reached right now, so nothing was saved; please try again shortly",
    });
    pub const FieldRequired: Msg = Msg(&Sentence {
        zh: "此项为必填",
        en: "This field is required",
    });
    pub const FieldTooLong: Msg = Msg(&Sentence {
        zh: "内容太长",
        en: "This is too long",
    });
    pub const WechatUnavailable: Msg = Msg(&Sentence {
        zh: "微信服务暂时不可用，请稍后再试",
        en: "WeChat is unavailable; please try again later",
    });
    pub const InvalidToken: Msg = Msg(&Sentence {
        zh: "访问令牌无效、已过期或已被撤销",
        en: "The access token is invalid, expired or revoked",
    });
    pub const InsufficientScope: Msg = Msg(&Sentence {
        zh: "访问令牌没有调用此接口所需的权限范围",
        en: "The access token lacks the scope this endpoint needs",
    });
    pub const TokenNotAllowed: Msg = Msg(&Sentence {
        zh: "此操作不能用访问令牌完成，请登录后在网页上操作",
        en: "This cannot be done with an access token; sign in on the website instead",
    });
    pub const UsernameChangeNeedsSession: Msg = Msg(&Sentence {
        zh: "修改用户名需要在网页上登录后进行，访问令牌只能修改昵称和简介",
        en: "Changing the username needs a signed-in browser; an access token may change the nickname and bio only",
    });
    pub const InvalidCursor: Msg = Msg(&Sentence {
        zh: "分页参数 cursor 无效，请使用上一页返回的 nextCursor",
        en: "The cursor is not valid: pass the nextCursor of the previous page",
    });
    pub const InvalidLimit: Msg = Msg(&Sentence {
        zh: "每页条数 limit 须在 1 到 50 之间",
        en: "The limit (items per page) must be between 1 and 50",
    });
    pub const InvalidDateRange: Msg = Msg(&Sentence {
        zh: "结束时间必须晚于开始时间",
        en: "The end of the date range must come after its start",
    });
    pub const InvalidQuery: Msg = Msg(&Sentence {
        zh: "查询参数的取值无效",
        en: "A query parameter has a value that is not allowed",
    });
    pub const InvalidRole: Msg = Msg(&Sentence {
        zh: "角色只能是 admin 或 member",
        en: "The role must be admin or member",
    });
    pub const UnsupportedImageType: Msg = Msg(&Sentence {
        zh: "只支持 JPEG、PNG、WebP 和 GIF 图片",
        en: "Only JPEG, PNG, WebP and GIF images are accepted",
    });
    pub const ImageTooLarge: Msg = Msg(&Sentence {
        zh: "图片文件太大",
        en: "The image file is too large",
    });
    pub const UploadInterrupted: Msg = Msg(&Sentence {
        zh: "上传中断了，请重试",
        en: "The upload was interrupted; try again",
    });
    pub const UploadTooSlow: Msg = Msg(&Sentence {
        zh: "上传太慢，已中断；请在网络较好时重试",
        en: "The upload arrived too slowly and was stopped; try again on a better connection",
    });
    pub const RequestTooSlow: Msg = Msg(&Sentence {
        zh: "请求内容发送太慢，已中断；请重试",
        en: "The request's body arrived too slowly and was stopped; try again",
    });
    pub const UnknownDistrict: Msg = Msg(&Sentence {
        zh: "没有这个地区",
        en: "No such district",
    });
    pub const PostNotFound: Msg = Msg(&Sentence {
        zh: "找不到这条动态或评论，可能已被删除",
        en: "No such post or comment; it may have been deleted",
    });
    pub const CodeSent: Msg = Msg(&Sentence {
        zh: "验证码已发送",
        en: "Verification code sent",
    });
    pub const WechatNotConfigured: Msg = Msg(&Sentence {
        zh: "服务器尚未配置微信公众号",
        en: "WeChat is not configured on this server",
    });
    pub const WechatError: Msg = Msg(&Sentence {
        zh: "微信接口返回了错误",
        en: "WeChat answered with an error",
    });
    pub const TooManyPostImages: Msg = Msg(&Sentence {
        zh: "一条动态最多 9 张图片",
        en: "A post has at most 9 images",
    });
}
