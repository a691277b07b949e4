//! The server's two languages and every sentence it says. A message without both a Chinese and
//! an English text does not compile: [`Msg::text`] is one exhaustive match.

use actix_web::HttpRequest;
use actix_web::http::header::ACCEPT_LANGUAGE;

/// The cookie the SPA writes for the display language (`zh`, `en` or `system`).
pub const LANGUAGE_COOKIE: &str = "preference_language";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    Zh,
    En,
}

impl Lang {
    /// The language of a request: the `preference_language` cookie when it says `zh` or `en`,
    /// else the first `Accept-Language` range that is Chinese or English, else English.
    pub fn of(req: &HttpRequest) -> Self {
        if let Some(lang) = req
            .cookie(LANGUAGE_COOKIE)
            .and_then(|c| Self::from_tag(c.value()))
        {
            return lang;
        }
        req.headers()
            .get(ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .and_then(Self::from_accept_language)
            .unwrap_or(Lang::En)
    }

    fn from_tag(tag: &str) -> Option<Self> {
        let primary = tag.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "zh" => Some(Lang::Zh),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// The highest-weighted Chinese or English range of an `Accept-Language` header.
    fn from_accept_language(header: &str) -> Option<Self> {
        let mut best: Option<(f32, Self)> = None;
        for part in header.split(',') {
            let mut pieces = part.split(';');
            let Some(lang) = pieces.next().and_then(Self::from_tag) else {
                continue;
            };
            let q = pieces
                .find_map(|p| {
                    p.trim()
                        .strip_prefix("q=")
                        .and_then(|q| q.parse::<f32>().ok())
                })
                .unwrap_or(1.0);
            if q > 0.0 && best.is_none_or(|(bq, _)| q > bq) {
                best = Some((q, lang));
            }
        }
        best.map(|(_, l)| l)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Lang::Zh => "zh",
            Lang::En => "en",
        }
    }
}

/// Every sentence the server sends to a person.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Msg {
    // errors
    InvalidJson,
    InvalidBody,
    UnsupportedMediaType,
    PayloadTooLarge,
    ValidationFailed,
    InvalidUsername,
    ReservedUsername,
    InvalidNickname,
    InvalidPassword,
    UsernameTaken,
    InvalidCredentials,
    WrongPassword,
    AccountDisabled,
    Unauthorized,
    Forbidden,
    CrossOriginRequest,
    SessionNotFound,
    RateLimited,
    NotFound,
    InternalError,
    FieldRequired,
    FieldTooLong,
    // successes
    Registered,
    LoggedIn,
    LoggedOut,
    PasswordChanged,
    SessionRevoked,
}

impl Msg {
    pub fn text(self, lang: Lang) -> &'static str {
        let (zh, en) = match self {
            Msg::InvalidJson => (
                "请求内容不是有效的 JSON",
                "The request body is not valid JSON",
            ),
            Msg::InvalidBody => (
                "请求内容缺少字段或字段类型不对",
                "The request body has missing or mistyped fields",
            ),
            Msg::UnsupportedMediaType => (
                "请以 application/json 发送请求内容",
                "Send the request body as application/json",
            ),
            Msg::PayloadTooLarge => ("请求内容太大", "The request body is too large"),
            Msg::ValidationFailed => ("请检查填写的内容", "Please check the highlighted fields"),
            Msg::InvalidUsername => (
                "用户名须为 3–32 个字符，只能包含小写字母、数字、下划线和连字符",
                "A username is 3–32 characters of lowercase letters, digits, '_' and '-'",
            ),
            Msg::ReservedUsername => (
                "该用户名为系统保留，请换一个",
                "This username is reserved; please choose another",
            ),
            Msg::InvalidNickname => ("昵称须为 1–32 个字符", "A nickname is 1–32 characters"),
            Msg::InvalidPassword => ("密码须为 8–128 个字符", "A password is 8–128 characters"),
            Msg::UsernameTaken => ("该用户名已被注册", "This username is already taken"),
            Msg::InvalidCredentials => ("用户名或密码错误", "Wrong username or password"),
            Msg::WrongPassword => ("当前密码不正确", "The current password is wrong"),
            Msg::AccountDisabled => ("该账号已被停用", "This account has been disabled"),
            Msg::Unauthorized => ("请先登录", "Please log in first"),
            Msg::Forbidden => ("你没有权限执行此操作", "You are not allowed to do this"),
            Msg::CrossOriginRequest => (
                "已拒绝来自其他网站的请求",
                "Requests from other sites are refused",
            ),
            Msg::SessionNotFound => ("找不到该登录会话", "No such session"),
            Msg::RateLimited => (
                "尝试次数过多，请稍后再试",
                "Too many attempts; please try again later",
            ),
            Msg::NotFound => ("请求的接口不存在", "No such API endpoint"),
            Msg::InternalError => (
                "服务器出错了，请稍后再试",
                "Something went wrong on the server; please try again later",
            ),
            Msg::FieldRequired => ("此项为必填", "This field is required"),
            Msg::FieldTooLong => ("内容太长", "This is too long"),
            Msg::Registered => (
                "注册成功，欢迎加入庭院",
                "Welcome to Courtyard: your account is ready",
            ),
            Msg::LoggedIn => ("登录成功", "Logged in"),
            Msg::LoggedOut => ("已退出登录", "Logged out"),
            Msg::PasswordChanged => (
                "密码已修改，其他设备已退出登录",
                "Password changed; your other devices were signed out",
            ),
            Msg::SessionRevoked => ("该设备已退出登录", "That device was signed out"),
        };
        match lang {
            Lang::Zh => zh,
            Lang::En => en,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    #[test]
    fn the_cookie_wins_over_the_header() {
        let req = TestRequest::default()
            .insert_header((ACCEPT_LANGUAGE, "en-US"))
            .cookie(actix_web::cookie::Cookie::new(LANGUAGE_COOKIE, "zh"))
            .to_http_request();
        assert_eq!(Lang::of(&req), Lang::Zh);
    }

    #[test]
    fn system_cookie_falls_back_to_the_header() {
        let req = TestRequest::default()
            .insert_header((ACCEPT_LANGUAGE, "zh-CN,zh;q=0.9,en;q=0.8"))
            .cookie(actix_web::cookie::Cookie::new(LANGUAGE_COOKIE, "system"))
            .to_http_request();
        assert_eq!(Lang::of(&req), Lang::Zh);
    }

    #[test]
    fn accept_language_weights_are_honoured() {
        assert_eq!(
            Lang::from_accept_language("fr-FR, en;q=0.5, zh;q=0.8"),
            Some(Lang::Zh)
        );
        assert_eq!(Lang::from_accept_language("zh-TW;q=0, en"), Some(Lang::En));
        assert_eq!(Lang::from_accept_language("fr, de"), None);
        assert_eq!(
            Lang::of(&TestRequest::default().to_http_request()),
            Lang::En
        );
    }
}
