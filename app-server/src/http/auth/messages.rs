//! The sentences of accounts and signing in (the accounts domain's sentences), in Chinese and English (a
//! [`Msg`] does not compile without both).

use crate::i18n::{Msg, Sentence};

#[allow(non_upper_case_globals)]
impl Msg {
    pub const ReservedUsername: Msg = Msg(&Sentence {
        zh: "该用户名为系统保留，请换一个",
        en: "This username is reserved; please choose another",
    });
    pub const AvatarNotUsable: Msg = Msg(&Sentence {
        zh: "这张图片不能用作头像：请先上传它",
        en: "This image cannot be your avatar: upload it first",
    });
    pub const InvalidPassword: Msg = Msg(&Sentence {
        zh: "密码须为 8–128 个字符",
        en: "A password is 8–128 characters",
    });
    pub const PasswordTooCommon: Msg = Msg(&Sentence {
        zh: "这个密码太常见，很容易被猜中，请换一个",
        en: "This password is one of the most common ones and easy to guess; please choose another",
    });
    pub const UsernameTaken: Msg = Msg(&Sentence {
        zh: "该用户名已被注册",
        en: "This username is already taken",
    });
    pub const InvalidCredentials: Msg = Msg(&Sentence {
        zh: "用户名或密码错误",
        en: "Wrong username or password",
    });
    pub const WrongPassword: Msg = Msg(&Sentence {
        zh: "当前密码不正确",
        en: "The current password is wrong",
    });
    pub const AccountDisabled: Msg = Msg(&Sentence {
        zh: "该账号已被停用",
        en: "This account has been disabled",
    });
    pub const CannotDisableSelf: Msg = Msg(&Sentence {
        zh: "不能停用你自己的账号",
        en: "You cannot disable your own account",
    });
    pub const SessionNotFound: Msg = Msg(&Sentence {
        zh: "找不到该登录会话",
        en: "No such session",
    });
    pub const UnsupportedPhoneRegion: Msg = Msg(&Sentence {
        zh: "目前仅支持 +86 和 +1 的手机号",
        en: "Only +86 and +1 phone numbers are supported",
    });
    pub const InvalidPhone: Msg = Msg(&Sentence {
        zh: "请输入有效的手机号",
        en: "Please enter a valid phone number",
    });
    pub const InvalidVerificationCode: Msg = Msg(&Sentence {
        zh: "验证码为 6 位数字",
        en: "The code is 6 digits",
    });
    pub const WrongVerificationCode: Msg = Msg(&Sentence {
        zh: "验证码错误或已失效",
        en: "The code is wrong or no longer valid",
    });
    pub const VerificationCodeExhausted: Msg = Msg(&Sentence {
        zh: "验证码错误次数过多，请重新获取",
        en: "Too many wrong tries; please request a new code",
    });
    pub const CodeResendTooSoon: Msg = Msg(&Sentence {
        zh: "验证码发送太频繁，请稍后再试",
        en: "A code was sent moments ago; please wait before requesting another",
    });
    pub const SmsThrottled: Msg = Msg(&Sentence {
        zh: "该手机号获取验证码次数过多，请稍后再试",
        en: "Too many codes requested for this number; please try again later",
    });
    pub const SmsProviderError: Msg = Msg(&Sentence {
        zh: "短信服务拒绝了发送请求，请稍后再试",
        en: "The SMS service refused to send the code; please try again later",
    });
    pub const SmsUnavailable: Msg = Msg(&Sentence {
        zh: "短信服务暂时不可用，请稍后再试",
        en: "The SMS service is unavailable; please try again later",
    });
    pub const PhoneTaken: Msg = Msg(&Sentence {
        zh: "该手机号已绑定其他账号",
        en: "This phone number belongs to another account",
    });
    pub const WechatTaken: Msg = Msg(&Sentence {
        zh: "该微信已绑定其他账号",
        en: "This WeChat account is linked to another account",
    });
    pub const WechatAlreadyBound: Msg = Msg(&Sentence {
        zh: "当前账号已绑定其他微信",
        en: "Your account is already linked to another WeChat account",
    });
    pub const WechatNotLinked: Msg = Msg(&Sentence {
        zh: "该微信尚未绑定账号",
        en: "No account is linked to this WeChat account",
    });
    pub const WechatSessionMissing: Msg = Msg(&Sentence {
        zh: "微信授权已过期，请在微信中重新打开本页",
        en: "The WeChat sign-in has expired; please reopen this page in WeChat",
    });
    pub const WechatStateInvalid: Msg = Msg(&Sentence {
        zh: "微信登录链接已过期或已使用，请在微信中重新打开本页。",
        en: "The WeChat sign-in link expired or was already used. Please open the page in WeChat again.",
    });
    pub const WechatDenied: Msg = Msg(&Sentence {
        zh: "已取消微信授权。",
        en: "WeChat sign-in was cancelled.",
    });
    pub const WechatCodeRejected: Msg = Msg(&Sentence {
        zh: "微信授权失败，请重新进入",
        en: "WeChat did not accept the sign-in; please try again",
    });
    pub const LastSignInMethod: Msg = Msg(&Sentence {
        zh: "这是该账号唯一的登录方式，不能解绑",
        en: "This is the account's only way to sign in; it cannot be removed",
    });
    pub const ReauthenticationRequired: Msg = Msg(&Sentence {
        zh: "请先确认是你本人：输入密码（或发送到你手机的验证码）后再试一次。",
        en: "Confirm it's you: enter your password (or a code sent to your phone) and try again.",
    });
    pub const NoPhoneBound: Msg = Msg(&Sentence {
        zh: "该账号没有绑定手机号，请用密码确认，或退出后重新登录。",
        en: "This account has no phone number; confirm with your password, or sign out and sign in again.",
    });
    pub const ReauthProofRequired: Msg = Msg(&Sentence {
        zh: "请输入密码或短信验证码（二选一）",
        en: "Enter either your password or the code from the SMS",
    });
    pub const Registered: Msg = Msg(&Sentence {
        zh: "注册成功，欢迎加入庭院",
        en: "Welcome to Courtyard: your account is ready",
    });
    pub const LoggedIn: Msg = Msg(&Sentence {
        zh: "登录成功",
        en: "Logged in",
    });
    pub const LoggedOut: Msg = Msg(&Sentence {
        zh: "已退出登录",
        en: "Logged out",
    });
    pub const PasswordChanged: Msg = Msg(&Sentence {
        zh: "密码已修改，其他设备已退出登录",
        en: "Password changed; your other devices were signed out",
    });
    pub const PasswordChangedTokensRevoked: Msg = Msg(&Sentence {
        zh: "密码已修改，其他设备已退出登录，个人访问令牌已全部撤销",
        en: "Password changed; your other devices were signed out and your personal access tokens revoked",
    });
    pub const Reauthenticated: Msg = Msg(&Sentence {
        zh: "已确认是你本人",
        en: "Confirmed it's you",
    });
    pub const SessionRevoked: Msg = Msg(&Sentence {
        zh: "该设备已退出登录",
        en: "That device was signed out",
    });
    pub const WechatBound: Msg = Msg(&Sentence {
        zh: "微信已绑定",
        en: "WeChat linked",
    });
    pub const WechatUnbound: Msg = Msg(&Sentence {
        zh: "微信已解绑",
        en: "WeChat unlinked",
    });
}
