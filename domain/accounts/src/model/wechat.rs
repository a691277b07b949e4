use std::fmt;

/// Who a person is on WeChat: the openid of our official account, and the unionid across the
/// developer's apps when WeChat gives one.
#[derive(Clone, PartialEq, Eq)]
pub struct WechatIdentity {
    pub openid: String,
    pub unionid: Option<String>,
}

impl fmt::Debug for WechatIdentity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let head: String = self.openid.chars().take(6).collect();
        write!(f, "WechatIdentity({head}…)")
    }
}

/// What WeChat's OAuth (snsapi_userinfo) tells us about a person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WechatProfile {
    pub identity: WechatIdentity,
    pub nickname: Option<String>,
    pub avatar_url: Option<String>,
}
