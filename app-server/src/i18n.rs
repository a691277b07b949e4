//! The server's two languages and the lookup of a sentence in one of them. A [`Msg`] is a
//! sentence in both, so a message without its Chinese or its English text does not compile.
//! The catalogues are per area: each `http/<area>/messages.rs` declares its own sentences as
//! constants of [`Msg`] (`Msg::GroupDeleted`); the ones no single area owns are in
//! `i18n/shared.rs`. Every constant lives on the one type, so two areas cannot both name a
//! `Msg::X` (that does not compile either).

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

/// A sentence the server sends to a person, in both its languages: a reference to its
/// [`Sentence`], so that an [`ApiError`](crate::http::error::ApiError) that carries one stays
/// small.
///
/// The constants are named like the variants of the one enum they once were (`Msg::LoggedIn`),
/// so a call site reads the same whichever area declares the sentence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Msg(pub &'static Sentence);

/// The two texts of a [`Msg`]: both are needed for it to compile.
#[derive(Debug, PartialEq, Eq)]
pub struct Sentence {
    pub zh: &'static str,
    pub en: &'static str,
}

impl Msg {
    /// The sentence in `lang`.
    pub const fn text(self, lang: Lang) -> &'static str {
        match lang {
            Lang::Zh => self.0.zh,
            Lang::En => self.0.en,
        }
    }
}

mod shared;

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
