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
    InvalidBio,
    AvatarNotUsable,
    InvalidAppearance,
    InvalidColorMode,
    InvalidLanguage,
    InvalidPassword,
    PasswordTooCommon,
    ServerBusy,
    UsernameTaken,
    InvalidCredentials,
    WrongPassword,
    AccountDisabled,
    CannotDisableSelf,
    UserDisabled,
    UserEnabled,
    Unauthorized,
    Forbidden,
    CrossOriginRequest,
    SessionNotFound,
    RateLimited,
    NotFound,
    GroupNotFound,
    ArticleNotFound,
    UserNotFound,
    MemberNotFound,
    MembershipNotFound,
    BanNotFound,
    JoinRequestNotFound,
    MediaNotFound,
    TokenNotFound,
    MethodNotAllowed,
    InternalError,
    DatabaseUnavailable,
    MediaStoreUnavailable,
    FieldRequired,
    FieldTooLong,
    UnsupportedPhoneRegion,
    InvalidPhone,
    InvalidVerificationCode,
    WrongVerificationCode,
    VerificationCodeExhausted,
    CodeResendTooSoon,
    SmsThrottled,
    SmsProviderError,
    SmsUnavailable,
    PhoneTaken,
    WechatTaken,
    WechatAlreadyBound,
    WechatNotLinked,
    WechatSessionMissing,
    WechatCodeRejected,
    WechatUnavailable,
    WechatNotConfigured,
    WechatError,
    WechatRateLimited,
    WechatInvalidCredential,
    WechatRefreshLimited,
    WechatRefreshBusy,
    InvalidMenu,
    MenuVersionNotFound,
    LastSignInMethod,
    ReauthenticationRequired,
    NoPhoneBound,
    ReauthProofRequired,
    AiSignInRequired,
    InvalidToken,
    InsufficientScope,
    TokenNotAllowed,
    TokenRequired,
    UsernameChangeNeedsSession,
    ScopeNotAllowed,
    TooManyTokens,
    TokenNameInvalid,
    TokenScopesInvalid,
    TokenExpiryInvalid,
    AdminTokenNeedsExpiry,
    InvalidTokenRequest,
    ScopeAccountRead,
    ScopeAccountWrite,
    ScopeAiRead,
    ScopeAiWrite,
    ScopeGroupsRead,
    ScopeGroupsWrite,
    ScopePlazaRead,
    ScopePlazaWrite,
    ScopeAdminRead,
    ScopeAdminWrite,
    AiUnavailable,
    AiInvalidRole,
    AiUnknownModel,
    AiNoMessages,
    AiTooManyMessages,
    AiEmptyMessage,
    AiMessageTooLong,
    AiConversationTooLong,
    AiLastMessageNotFromUser,
    AiTemperatureOutOfRange,
    AiMaxTokensOutOfRange,
    AiRateLimited,
    AiTooManyStreams,
    AiQuotaExhausted,
    AiProviderBusy,
    AiUpstreamAuth,
    AiUpstreamRejected,
    AiUpstreamError,
    AiUpstreamUnreachable,
    AiUpstreamTimeout,
    AiUpstreamInvalid,
    AiStreamInterrupted,
    InvalidCursor,
    InvalidLimit,
    InvalidDateRange,
    InvalidDistrict,
    InvalidDistrictCode,
    InvalidDistrictNameZh,
    InvalidDistrictNameEn,
    InvalidCoordinates,
    InvalidTile,
    MissingParentDistrict,
    DistrictExists,
    DistrictFileType,
    ImportFileEmpty,
    ImportNotUtf8,
    ImportTooManyLines,
    ImportMissingColumn,
    ImportUnknownColumn,
    ImportBadQuoting,
    ImportFieldCount,
    ImportNotJson,
    ImportNotAnArray,
    ImportNotAnObject,
    ImportBadValue,
    InvalidQuery,
    InvalidChoice,
    InvalidRole,
    InvalidGroupSettings,
    InvalidGroupName,
    InvalidGroupDescription,
    PrivateGroupCannotBeOpen,
    InvalidArticleTitle,
    InvalidArticleBody,
    InvalidGroupMessage,
    WrongInviteCode,
    MembersOnly,
    GroupRoleNotAllowed,
    AlreadyMember,
    RequestPending,
    BannedFromGroup,
    OwnerCannotLeave,
    OwnerUntouchable,
    NotAMember,
    RequestDecided,
    TooManyGroups,
    TransferOfferPending,
    NoTransferOffer,
    ArticleQuotaExceeded,
    EditConflict,
    UnsupportedImageType,
    ImageTooLarge,
    ImageTooManyPixels,
    ImageCorrupt,
    StorageQuotaExceeded,
    UploadInterrupted,
    UploadTooSlow,
    RequestTooSlow,
    AnimationTooLarge,
    GroupDeleted,
    LeftGroup,
    ImageDeleted,
    RoleChanged,
    MemberRemoved,
    MemberBanned,
    MemberUnbanned,
    ArticleDeleted,
    InvalidPostBody,
    InvalidComment,
    TooManyPostImages,
    TooManyKeptImages,
    ImageNotUsable,
    UnknownDistrict,
    NotYours,
    PostNotFound,
    PostDeleted,
    CommentDeleted,
    // successes
    Registered,
    LoggedIn,
    LoggedOut,
    PasswordChanged,
    PasswordChangedTokensRevoked,
    Reauthenticated,
    SessionRevoked,
    CodeSent,
    PhoneBound,
    ProfileSaved,
    AvatarSet,
    AvatarRemoved,
    WechatBound,
    WechatUnbound,
    TokenRefreshed,
    MediaHidden,
    MediaUnhidden,
    MediaDeleted,
    MenuPublished,
    MenuDeleted,
    MenuRolledBack,
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
            Msg::InvalidBio => ("简介最多 280 个字符", "A bio is at most 280 characters"),
            Msg::InvalidAppearance => (
                "颜色模式须为 light、dark 或 system，语言须为 zh、en 或 system",
                "The colour mode is light, dark or system, and the language zh, en or system",
            ),
            Msg::InvalidColorMode => (
                "颜色模式须为 light、dark 或 system（跟随系统）",
                "The colour mode is light, dark or system (follow the device)",
            ),
            Msg::InvalidLanguage => (
                "语言须为 zh、en 或 system（跟随浏览器）",
                "The language is zh, en or system (follow the browser)",
            ),
            Msg::AvatarNotUsable => (
                "这张图片不能用作头像：请先上传它",
                "This image cannot be your avatar: upload it first",
            ),
            Msg::InvalidPassword => ("密码须为 8–128 个字符", "A password is 8–128 characters"),
            Msg::PasswordTooCommon => (
                "这个密码太常见，很容易被猜中，请换一个",
                "This password is one of the most common ones and easy to guess; please choose another",
            ),
            Msg::ServerBusy => (
                "服务器正忙，请稍后再试",
                "The server is busy; please try again in a moment",
            ),
            Msg::UsernameTaken => ("该用户名已被注册", "This username is already taken"),
            Msg::InvalidCredentials => ("用户名或密码错误", "Wrong username or password"),
            Msg::WrongPassword => ("当前密码不正确", "The current password is wrong"),
            Msg::AccountDisabled => ("该账号已被停用", "This account has been disabled"),
            Msg::CannotDisableSelf => (
                "不能停用你自己的账号",
                "You cannot disable your own account",
            ),
            Msg::UserDisabled => (
                "已停用该用户：其所有会话已登出，所有令牌已吊销",
                "User disabled: all their sessions are signed out and all their tokens revoked",
            ),
            Msg::UserEnabled => (
                "已启用该用户，可以重新登录",
                "User enabled: they can sign in again",
            ),
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
            Msg::GroupNotFound => ("小组不存在", "No such group"),
            Msg::ArticleNotFound => ("文章不存在", "No such article"),
            Msg::UserNotFound => ("用户不存在", "No such user"),
            Msg::MemberNotFound => ("该用户不是这个小组的成员", "No such member of this group"),
            Msg::MembershipNotFound => {
                ("你不是这个小组的成员", "You are not a member of this group")
            }
            Msg::BanNotFound => ("该用户没有被封禁", "That user is not banned"),
            Msg::JoinRequestNotFound => ("找不到这条加入申请", "No such join request"),
            Msg::MediaNotFound => ("图片不存在", "No such image"),
            Msg::TokenNotFound => ("令牌不存在", "No such token"),
            Msg::MethodNotAllowed => (
                "该接口不支持此请求方法，可用的方法见 Allow 响应头",
                "This endpoint does not take this method; the Allow header lists the ones it does",
            ),
            Msg::InternalError => (
                "服务器出错了，请稍后再试",
                "Something went wrong on the server; please try again later",
            ),
            Msg::DatabaseUnavailable => (
                "暂时无法连接数据库，请稍后重试",
                "The database cannot be reached right now; please try again in a few seconds",
            ),
            Msg::MediaStoreUnavailable => (
                "暂时无法连接图片存储，图片没有保存，请稍后重试",
                "The image store cannot be reached right now, so nothing was saved; please try again shortly",
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
            Msg::PasswordChangedTokensRevoked => (
                "密码已修改，其他设备已退出登录，个人访问令牌已全部撤销",
                "Password changed; your other devices were signed out and your personal access tokens revoked",
            ),
            Msg::SessionRevoked => ("该设备已退出登录", "That device was signed out"),
            Msg::UnsupportedPhoneRegion => (
                "目前仅支持 +86 和 +1 的手机号",
                "Only +86 and +1 phone numbers are supported",
            ),
            Msg::InvalidPhone => ("请输入有效的手机号", "Please enter a valid phone number"),
            Msg::InvalidVerificationCode => ("验证码为 6 位数字", "The code is 6 digits"),
            Msg::WrongVerificationCode => {
                ("验证码错误或已失效", "The code is wrong or no longer valid")
            }
            Msg::VerificationCodeExhausted => (
                "验证码错误次数过多，请重新获取",
                "Too many wrong tries; please request a new code",
            ),
            Msg::CodeResendTooSoon => (
                "验证码发送太频繁，请稍后再试",
                "A code was sent moments ago; please wait before requesting another",
            ),
            Msg::SmsThrottled => (
                "该手机号获取验证码次数过多，请稍后再试",
                "Too many codes requested for this number; please try again later",
            ),
            Msg::SmsProviderError => (
                "短信服务拒绝了发送请求，请稍后再试",
                "The SMS service refused to send the code; please try again later",
            ),
            Msg::SmsUnavailable => (
                "短信服务暂时不可用，请稍后再试",
                "The SMS service is unavailable; please try again later",
            ),
            Msg::PhoneTaken => (
                "该手机号已绑定其他账号",
                "This phone number belongs to another account",
            ),
            Msg::WechatTaken => (
                "该微信已绑定其他账号",
                "This WeChat account is linked to another account",
            ),
            Msg::WechatAlreadyBound => (
                "当前账号已绑定其他微信",
                "Your account is already linked to another WeChat account",
            ),
            Msg::WechatNotLinked => (
                "该微信尚未绑定账号",
                "No account is linked to this WeChat account",
            ),
            Msg::WechatSessionMissing => (
                "微信授权已过期，请在微信中重新打开本页",
                "The WeChat sign-in has expired; please reopen this page in WeChat",
            ),
            Msg::WechatCodeRejected => (
                "微信授权失败，请重新进入",
                "WeChat did not accept the sign-in; please try again",
            ),
            Msg::WechatUnavailable => (
                "微信服务暂时不可用，请稍后再试",
                "WeChat is unavailable; please try again later",
            ),
            Msg::WechatNotConfigured => (
                "服务器尚未配置微信公众号",
                "WeChat is not configured on this server",
            ),
            Msg::WechatError => ("微信接口返回了错误", "WeChat answered with an error"),
            Msg::WechatRateLimited => (
                "微信接口调用过于频繁，请稍后再试",
                "WeChat's rate limit was reached; please try again later",
            ),
            Msg::WechatInvalidCredential => (
                "微信拒绝了公众号凭据（AppID、AppSecret 或 IP 白名单）",
                "WeChat refused the app credentials (AppID, AppSecret or IP allowlist)",
            ),
            Msg::WechatRefreshLimited => (
                "强制刷新过于频繁：微信限定每 30 秒一次、每天 20 次",
                "Forced refreshes are limited by WeChat to one per 30 s and 20 a day",
            ),
            Msg::WechatRefreshBusy => (
                "另一台服务器正在刷新令牌，请稍后再试",
                "Another server is refreshing the token; please try again shortly",
            ),
            Msg::InvalidMenu => (
                "菜单不符合微信的规则，请按提示修改",
                "The menu breaks WeChat's rules; please fix the marked items",
            ),
            Msg::MenuVersionNotFound => ("找不到该菜单版本", "No such menu version"),
            Msg::AiSignInRequired => ("登录后即可使用 AI 助手", "Sign in to use the AI assistant"),
            Msg::InvalidToken => (
                "访问令牌无效、已过期或已被撤销",
                "The access token is invalid, expired or revoked",
            ),
            Msg::InsufficientScope => (
                "访问令牌没有调用此接口所需的权限范围",
                "The access token lacks the scope this endpoint needs",
            ),
            Msg::TokenNotAllowed => (
                "此操作不能用访问令牌完成，请登录后在网页上操作",
                "This cannot be done with an access token; sign in on the website instead",
            ),
            Msg::TokenRequired => (
                "此接口描述调用它的访问令牌，请用 Authorization: Bearer 调用",
                "This endpoint describes the access token that calls it: call it with Authorization: Bearer",
            ),
            Msg::UsernameChangeNeedsSession => (
                "修改用户名需要在网页上登录后进行，访问令牌只能修改昵称和简介",
                "Changing the username needs a signed-in browser; an access token may change the nickname and bio only",
            ),
            Msg::ScopeNotAllowed => (
                "只有管理员可以授予管理权限",
                "Only administrators may grant admin scopes",
            ),
            Msg::TooManyTokens => (
                "有效的访问令牌已达上限，请先撤销不用的令牌",
                "You have the most active tokens allowed; revoke one you no longer use",
            ),
            Msg::TokenNameInvalid => (
                "令牌名称需为 1 到 50 个字符",
                "A token name has 1 to 50 characters",
            ),
            Msg::TokenScopesInvalid => (
                "请至少选择一个有效的权限范围",
                "Choose at least one valid scope",
            ),
            Msg::AdminTokenNeedsExpiry => (
                "带管理权限的令牌必须设置有效期（7、30、90 或 365 天）",
                "A token with admin scopes must expire: choose 7, 30, 90 or 365 days",
            ),
            Msg::TokenExpiryInvalid => (
                "有效期只能是 7、30、90、365 天或永不过期",
                "Expiry must be 7, 30, 90 or 365 days, or never",
            ),
            Msg::InvalidTokenRequest => ("令牌信息有误", "The token request is invalid"),
            Msg::ScopeAccountRead => (
                "读取账户信息：资料、登录设备",
                "Read your account: profile and signed-in devices",
            ),
            Msg::ScopeAccountWrite => (
                "修改账户：让设备下线（更改登录方式只能在浏览器中进行）",
                "Change your account: signing devices out (sign-in methods change only in the browser)",
            ),
            Msg::ScopeAiRead => ("查看可用的 AI 模型", "See the available AI models"),
            Msg::ScopeAiWrite => (
                "与 AI 助手对话（计入你的用量）",
                "Chat with the AI assistant (counts toward your usage)",
            ),
            Msg::ScopeGroupsRead => (
                "读取小组：文章、相册和成员",
                "Read groups: articles, gallery and members",
            ),
            Msg::ScopeGroupsWrite => (
                "参与小组：创建、加入、写文章、上传图片和管理",
                "Take part in groups: create, join, write, upload and manage",
            ),
            Msg::ScopePlazaRead => (
                "读取广场：动态、评论、地区和天气",
                "Read the plaza: posts, comments, districts and the weather",
            ),
            Msg::ScopePlazaWrite => (
                "参与广场：发动态、点赞和评论",
                "Take part in the plaza: post, like and comment",
            ),
            Msg::InvalidCursor => (
                "分页参数 cursor 无效，请使用上一页返回的 nextCursor",
                "The cursor is not valid: pass the nextCursor of the previous page",
            ),
            Msg::InvalidLimit => (
                "每页条数 limit 须在 1 到 50 之间",
                "The limit (items per page) must be between 1 and 50",
            ),
            Msg::InvalidDateRange => (
                "结束时间必须晚于开始时间",
                "The end of the date range must come after its start",
            ),
            Msg::InvalidDistrict => ("请检查行政区的填写", "Please check the district's fields"),
            Msg::InvalidDistrictCode => (
                "行政区代码是 6 位数字（GB/T 2260），如 110000",
                "A district code is six digits (GB/T 2260), e.g. 110000",
            ),
            Msg::InvalidDistrictNameZh => (
                "中文名需要 1 到 40 个字",
                "A Chinese name has 1 to 40 characters",
            ),
            Msg::InvalidDistrictNameEn => (
                "英文名需要 1 到 80 个字符",
                "An English name has 1 to 80 characters",
            ),
            Msg::InvalidCoordinates => (
                "纬度须在 -90 到 90 之间，经度须在 -180 到 180 之间",
                "Latitude is between -90 and 90, longitude between -180 and 180",
            ),
            Msg::InvalidTile => (
                "只有省级行政区在瓦片地图上有位置，列和行都在 0 到 15 之间",
                "Only a province has a place on the tile map, column and row 0 to 15",
            ),
            Msg::MissingParentDistrict => {
                ("上级行政区不存在", "Its parent district does not exist")
            }
            Msg::DistrictExists => (
                "已有这个代码的行政区",
                "A district with this code exists already",
            ),
            Msg::DistrictFileType => (
                "请以 text/csv 或 application/json 上传文件",
                "Upload the file as text/csv or application/json",
            ),
            Msg::ImportFileEmpty => ("文件是空的", "The file is empty"),
            Msg::ImportNotUtf8 => (
                "文件不是 UTF-8 文本（在表格软件中请另存为“CSV UTF-8”）",
                "The file is not UTF-8 text (in a spreadsheet, save it as \"CSV UTF-8\")",
            ),
            Msg::ImportTooManyLines => ("一次最多导入 5000 行", "An import has at most 5000 lines"),
            Msg::ImportMissingColumn => (
                "CSV 表头缺少必需的列（code、name_zh、name_en、lat、lon）",
                "The CSV header lacks a required column (code, name_zh, name_en, lat, lon)",
            ),
            Msg::ImportUnknownColumn => (
                "CSV 表头有未知或重复的列（可用：code、name_zh、name_en、lat、lon、tile_col、tile_row）",
                "The CSV header names an unknown or repeated column (known: code, name_zh, name_en, lat, lon, tile_col, tile_row)",
            ),
            Msg::ImportBadQuoting => (
                "CSV 有一行的引号不完整，或引号后还有文字",
                "A quoted CSV field is not closed, or text follows its closing quote",
            ),
            Msg::ImportFieldCount => (
                "CSV 有一行的字段数与表头不同",
                "A CSV line has another number of fields than the header",
            ),
            Msg::ImportNotJson => ("文件不是有效的 JSON", "The file is not valid JSON"),
            Msg::ImportNotAnArray => (
                "JSON 文件应是行政区对象的数组",
                "The JSON file must be an array of district objects",
            ),
            Msg::ImportNotAnObject => (
                "JSON 数组中有一项不是对象",
                "An entry of the JSON array is not an object",
            ),
            Msg::ImportBadValue => (
                "JSON 中有一个值既不是字符串也不是数字",
                "A value in the JSON is neither a string nor a number",
            ),
            Msg::InvalidQuery => (
                "查询参数的取值无效",
                "A query parameter has a value that is not allowed",
            ),
            Msg::InvalidChoice => ("请从给定的选项中选择", "Choose one of the listed values"),
            Msg::InvalidRole => (
                "角色只能是 admin 或 member",
                "The role must be admin or member",
            ),
            Msg::InvalidGroupSettings => ("小组设置有误", "The group settings are not valid"),
            Msg::InvalidGroupName => (
                "小组名称需要 2 到 40 个字",
                "A group name has 2 to 40 characters",
            ),
            Msg::InvalidGroupDescription => (
                "小组简介最多 500 个字",
                "A group description has at most 500 characters",
            ),
            Msg::PrivateGroupCannotBeOpen => (
                "私密小组不能设为“任何人可直接加入”",
                "A private group cannot let anyone join at once",
            ),
            Msg::InvalidArticleTitle => {
                ("标题需要 1 到 120 个字", "A title has 1 to 120 characters")
            }
            Msg::InvalidArticleBody => (
                "正文最多 100000 个字",
                "An article has at most 100,000 characters",
            ),
            Msg::InvalidGroupMessage => ("留言最多 500 个字", "At most 500 characters"),
            Msg::WrongInviteCode => ("邀请码不正确", "The invite code is not right"),
            Msg::MembersOnly => (
                "只有小组成员可以查看",
                "Only members of this group can see this",
            ),
            Msg::GroupRoleNotAllowed => (
                "你在这个小组中的角色不能这样做",
                "Your role in this group does not allow this",
            ),
            Msg::AlreadyMember => (
                "你已经是这个小组的成员",
                "You are already a member of this group",
            ),
            Msg::RequestPending => (
                "你的加入申请正在等待审核",
                "Your request to join is waiting for a decision",
            ),
            Msg::BannedFromGroup => ("你已被禁止加入这个小组", "You are banned from this group"),
            Msg::OwnerCannotLeave => (
                "组长需要先转让小组，才能退出",
                "The owner must transfer the group before leaving",
            ),
            Msg::OwnerUntouchable => ("不能这样更改组长", "The owner cannot be changed this way"),
            Msg::NotAMember => (
                "对方不是这个小组的成员",
                "That person is not a member of this group",
            ),
            Msg::RequestDecided => ("这条申请已经处理过了", "This request was already decided"),
            Msg::TooManyGroups => (
                "你创建的小组已达上限",
                "You already own the most groups allowed",
            ),
            Msg::TransferOfferPending => (
                "这个小组已有一个待答复的转让提议，请先撤回",
                "This group's transfer offer is still waiting for an answer; withdraw it first",
            ),
            Msg::NoTransferOffer => (
                "没有等待你答复的转让提议",
                "There is no transfer offer waiting for you here",
            ),
            Msg::ArticleQuotaExceeded => (
                "你的文章总字数已达上限，请删减旧文章或草稿后再写",
                "Your articles have reached the most characters allowed; shorten or delete old articles or drafts first",
            ),
            Msg::EditConflict => (
                "这篇文章在你打开后被别人保存过",
                "Someone saved this article after you opened it",
            ),
            Msg::UnsupportedImageType => (
                "只支持 JPEG、PNG、WebP 和 GIF 图片",
                "Only JPEG, PNG, WebP and GIF images are accepted",
            ),
            Msg::ImageTooLarge => ("图片文件太大", "The image file is too large"),
            Msg::ImageTooManyPixels => ("图片尺寸太大", "The image has too many pixels"),
            Msg::ImageCorrupt => (
                "图片已损坏，无法读取",
                "The image is damaged and cannot be read",
            ),
            Msg::StorageQuotaExceeded => ("你的存储空间已用完", "Your storage space is used up"),
            Msg::UploadInterrupted => (
                "上传中断了，请重试",
                "The upload was interrupted; try again",
            ),
            Msg::UploadTooSlow => (
                "上传太慢，已中断；请在网络较好时重试",
                "The upload arrived too slowly and was stopped; try again on a better connection",
            ),
            Msg::RequestTooSlow => (
                "请求内容发送太慢，已中断；请重试",
                "The request's body arrived too slowly and was stopped; try again",
            ),
            Msg::AnimationTooLarge => (
                "动图的帧数或尺寸太大，请缩小后再上传",
                "This animation has too many frames or pixels; make it smaller and try again",
            ),
            Msg::GroupDeleted => ("小组已删除", "The group was deleted"),
            Msg::LeftGroup => ("你已退出小组", "You left the group"),
            Msg::ImageDeleted => ("图片已删除", "The image was deleted"),
            Msg::RoleChanged => ("角色已更改", "The role was changed"),
            Msg::MemberRemoved => ("成员已移出", "The member was removed"),
            Msg::MemberBanned => ("已禁止此人加入", "They are banned"),
            Msg::MemberUnbanned => ("已解除禁止", "The ban was lifted"),
            Msg::ArticleDeleted => ("文章已删除", "The article was deleted"),
            Msg::InvalidPostBody => (
                "动态内容最多 2000 个字符，且不能既无文字又无图片",
                "A post has at most 2000 characters, and text or at least one image",
            ),
            Msg::InvalidComment => (
                "评论需要 1 到 500 个字符",
                "A comment has 1 to 500 characters",
            ),
            Msg::TooManyPostImages => ("一条动态最多 9 张图片", "A post has at most 9 images"),
            Msg::TooManyKeptImages => (
                "一次最多保留 9 张草稿图片",
                "At most 9 draft images may be kept at once",
            ),
            Msg::ImageNotUsable => (
                "图片无法用于这条动态：请重新上传",
                "An image cannot be used in this post: upload it again",
            ),
            Msg::UnknownDistrict => ("没有这个地区", "No such district"),
            Msg::NotYours => (
                "只有作者或管理员可以删除",
                "Only its author or an administrator can delete it",
            ),
            Msg::PostNotFound => (
                "找不到这条动态或评论，可能已被删除",
                "No such post or comment; it may have been deleted",
            ),
            Msg::PostDeleted => ("动态已删除", "The post was deleted"),
            Msg::CommentDeleted => ("评论已删除", "The comment was deleted"),
            Msg::ScopeAdminRead => (
                "查看管理后台（仅管理员）",
                "Read the admin console (administrators only)",
            ),
            Msg::ScopeAdminWrite => (
                "在管理后台中操作（仅管理员）",
                "Act in the admin console (administrators only)",
            ),
            Msg::AiUnavailable => (
                "本站尚未配置 AI 助手",
                "The AI assistant is not configured on this server",
            ),
            Msg::AiInvalidRole => (
                "消息的角色只能是 user 或 assistant",
                "A message's role must be user or assistant",
            ),
            Msg::AiUnknownModel => ("不支持所选的模型", "The chosen model is not offered here"),
            Msg::AiNoMessages => ("请至少发送一条消息", "Send at least one message"),
            Msg::AiTooManyMessages => (
                "对话中的消息太多了，请新建一个会话",
                "The conversation has too many messages; please start a new chat",
            ),
            Msg::AiEmptyMessage => ("消息不能为空", "A message cannot be empty"),
            Msg::AiMessageTooLong => ("单条消息太长了", "A message is too long"),
            Msg::AiConversationTooLong => (
                "对话太长了，请新建一个会话",
                "The conversation is too long; please start a new chat",
            ),
            Msg::AiLastMessageNotFromUser => (
                "最后一条消息须由用户发送",
                "The last message must be the user's",
            ),
            Msg::AiTemperatureOutOfRange => (
                "temperature 须在 0 到 2 之间",
                "temperature must be between 0 and 2",
            ),
            Msg::AiMaxTokensOutOfRange => (
                "max_tokens 须在 1 到 8192 之间",
                "max_tokens must be between 1 and 8192",
            ),
            Msg::AiRateLimited => (
                "提问太频繁了，请稍后再试",
                "Too many questions at once; please try again shortly",
            ),
            Msg::AiTooManyStreams => (
                "已有两个回答正在生成，请等它们结束",
                "Two answers are already being written; please wait for them to finish",
            ),
            Msg::AiQuotaExhausted => (
                "今天的 AI 用量已用完，明天再来吧",
                "Today's AI allowance is used up; please come back tomorrow",
            ),
            Msg::AiProviderBusy => (
                "AI 服务繁忙，请稍后再试",
                "The AI service is busy; please try again shortly",
            ),
            Msg::AiUpstreamAuth => (
                "AI 服务暂时不可用，请联系管理员",
                "The AI service is unavailable; please tell an administrator",
            ),
            Msg::AiUpstreamRejected => (
                "AI 服务拒绝了这次请求，对话可能太长",
                "The AI service refused this request; the conversation may be too long",
            ),
            Msg::AiUpstreamError => (
                "AI 服务出错了，请稍后再试",
                "The AI service failed; please try again shortly",
            ),
            Msg::AiUpstreamUnreachable => (
                "无法连接 AI 服务，请稍后再试",
                "The AI service cannot be reached; please try again shortly",
            ),
            Msg::AiUpstreamTimeout => (
                "AI 服务响应超时，请稍后再试",
                "The AI service took too long to answer; please try again",
            ),
            Msg::AiUpstreamInvalid => (
                "AI 服务返回了无法识别的内容",
                "The AI service sent an answer that could not be read",
            ),
            Msg::AiStreamInterrupted => (
                "回答中途中断了，请重试",
                "The answer broke off; please try again",
            ),
            Msg::LastSignInMethod => (
                "这是该账号唯一的登录方式，不能解绑",
                "This is the account's only way to sign in; it cannot be removed",
            ),
            Msg::ReauthenticationRequired => (
                "请先确认是你本人：输入密码（或发送到你手机的验证码）后再试一次。",
                "Confirm it's you: enter your password (or a code sent to your phone) and try again.",
            ),
            Msg::NoPhoneBound => (
                "该账号没有绑定手机号，请用密码确认，或退出后重新登录。",
                "This account has no phone number; confirm with your password, or sign out and sign in again.",
            ),
            Msg::Reauthenticated => ("已确认是你本人", "Confirmed it's you"),
            Msg::ReauthProofRequired => (
                "请输入密码或短信验证码（二选一）",
                "Enter either your password or the code from the SMS",
            ),
            Msg::CodeSent => ("验证码已发送", "Verification code sent"),
            Msg::PhoneBound => ("手机号已绑定", "Phone number saved"),
            Msg::ProfileSaved => ("资料已保存", "Profile saved"),
            Msg::AvatarSet => ("头像已更新", "Avatar updated"),
            Msg::AvatarRemoved => ("头像已移除", "Avatar removed"),
            Msg::WechatBound => ("微信已绑定", "WeChat linked"),
            Msg::WechatUnbound => ("微信已解绑", "WeChat unlinked"),
            Msg::TokenRefreshed => ("访问令牌已刷新", "Access token refreshed"),
            Msg::MediaHidden => ("图片已隐藏", "Image hidden"),
            Msg::MediaUnhidden => ("图片已恢复显示", "Image shown again"),
            Msg::MediaDeleted => ("图片已删除", "Image deleted"),
            Msg::MenuPublished => ("菜单已发布", "Menu published"),
            Msg::MenuDeleted => ("菜单已删除", "Menu deleted"),
            Msg::MenuRolledBack => ("已回滚到所选版本", "Rolled back to the chosen version"),
        };
        match lang {
            Lang::Zh => zh,
            Lang::En => en,
        }
    }
}

/// The message of one broken WeChat menu rule, with its numbers.
pub fn menu_fault(kind: &wechat::menu::FaultKind, lang: Lang) -> String {
    use wechat::menu::FaultKind as F;
    let zh = lang == Lang::Zh;
    match kind {
        F::TooFewButtons => pick(
            zh,
            "至少需要 1 个一级菜单",
            "Add at least one top-level button",
        ),
        F::TooManyButtons { max } => {
            if zh {
                format!("一级菜单最多 {max} 个")
            } else {
                format!("At most {max} top-level buttons")
            }
        }
        F::TooManySubButtons { max } => {
            if zh {
                format!("每个一级菜单下最多 {max} 个子菜单")
            } else {
                format!("At most {max} sub-buttons per button")
            }
        }
        F::NameRequired => pick(zh, "请填写菜单名称", "Enter a name"),
        F::NameTooLong { bytes, max } => {
            if zh {
                format!("名称过长：{bytes} 字节，最多 {max} 字节（一个汉字占 3 字节）")
            } else {
                format!(
                    "Name too long: {bytes} bytes, at most {max} (a Chinese character is 3 bytes)"
                )
            }
        }
        F::TypeRequired => pick(zh, "请选择菜单类型", "Choose a button type"),
        F::UnsupportedType { kind } => {
            if zh {
                format!("不支持的菜单类型 “{kind}”，可选 click、view、miniprogram")
            } else {
                format!("Unsupported type \"{kind}\": use click, view or miniprogram")
            }
        }
        F::KeyRequired => pick(zh, "点击类菜单需要填写 key", "A click button needs a key"),
        F::KeyTooLong { bytes, max } => {
            if zh {
                format!("key 过长：{bytes} 字节，最多 {max} 字节")
            } else {
                format!("Key too long: {bytes} bytes, at most {max}")
            }
        }
        F::UrlRequired => pick(zh, "请填写网页链接", "Enter a URL"),
        F::UrlTooLong { bytes, max } => {
            if zh {
                format!("链接过长：{bytes} 字节，最多 {max} 字节")
            } else {
                format!("URL too long: {bytes} bytes, at most {max}")
            }
        }
        F::UrlInvalid => pick(
            zh,
            "链接须以 http:// 或 https:// 开头",
            "A URL must start with http:// or https://",
        ),
        F::AppidRequired => pick(
            zh,
            "小程序菜单需要填写 appid",
            "A mini program button needs an appid",
        ),
        F::PagepathRequired => pick(
            zh,
            "小程序菜单需要填写页面路径 pagepath",
            "A mini program button needs a pagepath",
        ),
    }
}

/// Why an import refused a line, in `lang` (with the parent's code or the earlier line).
pub fn district_refusal(why: &districts::import::Refusal, lang: Lang) -> String {
    use districts::DistrictError as E;
    use districts::import::Refusal as R;
    let zh = lang == Lang::Zh;
    match why {
        R::Invalid(E::MissingParent(parent)) => {
            if zh {
                format!("上级行政区 {parent} 不存在，本文件中也没有被接受的一行添加它")
            } else {
                format!(
                    "Its parent {parent} does not exist, nor does an accepted line of this file add it"
                )
            }
        }
        R::Invalid(e) => district_error(e).text(lang).to_owned(),
        R::Duplicate { first_line } => {
            if zh {
                format!("与第 {first_line} 行的代码重复")
            } else {
                format!("The same code as line {first_line}")
            }
        }
        R::NotANumber => pick(
            zh,
            "纬度或经度不是数字",
            "Latitude or longitude is not a number",
        ),
    }
}

/// The sentence for a district's broken rule.
pub fn district_error(e: &districts::DistrictError) -> Msg {
    use districts::DistrictError as E;
    match e {
        E::InvalidCode => Msg::InvalidDistrictCode,
        E::InvalidNameZh => Msg::InvalidDistrictNameZh,
        E::InvalidNameEn => Msg::InvalidDistrictNameEn,
        E::InvalidCoordinates => Msg::InvalidCoordinates,
        E::InvalidTile => Msg::InvalidTile,
        E::MissingParent(_) => Msg::MissingParentDistrict,
    }
}

/// The site's name: the app's HTML's title and share tags (`spa`). The app sets the same title on
/// a language change (`common.json`'s `brand`; a test below holds them together).
pub fn site_name(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "庭院",
        Lang::En => "Courtyard",
    }
}

/// What the site is, for search results and link previews (`<meta name="description">`,
/// `og:description`); the app's `common.json` `siteDescription` says the same.
pub fn site_description(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => {
            "庭院是一个中英双语社区：加入小组，写文章、办相册；在广场发动态，看各省天气地图；\
             还有 AI 助手，以及面向开发者的开放 API。"
        }
        Lang::En => {
            "Courtyard is a bilingual (Chinese and English) community: join groups, write \
             articles and share galleries, post on the plaza, check the weather map, ask the AI \
             assistant, and build on the open developer API."
        }
    }
}

fn pick(zh: bool, zh_text: &str, en_text: &str) -> String {
    if zh { zh_text } else { en_text }.to_owned()
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
