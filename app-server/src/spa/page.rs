//! The SPA's HTML, answered per request: `index.html` of the build with `<html lang>`, the title,
//! the description and the share tags (Open Graph, Twitter) in the visitor's language, and the
//! preloads of the page's first screen ([`super::first_screen`]). The file is read once and cut
//! into a [`Template`]; a newer file (a rebuild while the server runs) is read again.

use super::first_screen::FirstScreens;
use crate::i18n::{self, LANGUAGE_COOKIE, Lang};
use actix_web::HttpRequest;
use actix_web::http::header::ACCEPT_LANGUAGE;
use sha2::{Digest, Sha256};
use std::fmt::Write as _;
use std::time::SystemTime;

/// What the page says about the site, beside the app's own code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageLanguage {
    /// The language the app will show: the page's `lang`, title, description and share tags.
    pub shown: Lang,
    /// Whether the API answers this request's GETs in that language too (see
    /// [`page_language`]); the page preloads API answers only then.
    pub api_agrees: bool,
}

/// The language of the page exactly as the app decides it (`src/lib/i18n.ts`,
/// `public/preferences.js`): the `preference_language` cookie when it says `zh` or `en`; for
/// `system` or none, the browser's first language (the first range of `Accept-Language`): `zh…`
/// is Chinese, anything else English. The API decides a little differently ([`Lang::of`]: the
/// best-weighted Chinese or English range), so `fr, zh;q=0.8` is an English page over Chinese
/// API answers; such a page does not preload them.
pub fn page_language(req: &HttpRequest) -> PageLanguage {
    let cookie = req.cookie(LANGUAGE_COOKIE);
    let shown = match cookie.as_ref().map(|c| c.value()) {
        Some("zh") => Lang::Zh,
        Some("en") => Lang::En,
        _ => {
            let first = req
                .headers()
                .get(ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .and_then(first_language_range);
            if first.is_some_and(|tag| tag.to_ascii_lowercase().starts_with("zh")) {
                Lang::Zh
            } else {
                Lang::En
            }
        }
    };
    PageLanguage {
        shown,
        api_agrees: Lang::of(req) == shown,
    }
}

/// The browser's first language: the first range of the highest weight (browsers list theirs
/// in order, each weighted lower than the one before).
fn first_language_range(header: &str) -> Option<&str> {
    let mut best: Option<(f32, &str)> = None;
    for part in header.split(',') {
        let mut pieces = part.split(';');
        let tag = pieces.next().map(str::trim).unwrap_or_default();
        if tag.is_empty() || tag == "*" {
            continue;
        }
        let q = pieces
            .find_map(|p| p.trim().strip_prefix("q=").and_then(|q| q.parse().ok()))
            .unwrap_or(1.0_f32);
        if q > 0.0 && best.is_none_or(|(bq, _)| q > bq) {
            best = Some((q, tag));
        }
    }
    best.map(|(_, tag)| tag)
}

/// `index.html` cut where the server writes.
#[derive(Debug)]
pub struct Template {
    /// The file's modification time: the cache's key and `Last-Modified`.
    pub modified: SystemTime,
    parts: Vec<Part>,
    first_screens: FirstScreens,
}

#[derive(Debug, PartialEq, Eq)]
enum Part {
    Text(String),
    /// `<html lang="…" …>`: the file's other attributes of the tag, in order.
    HtmlTag(String),
    /// The title, description and share tags, where the file's title was.
    Meta,
    /// The first screen's preloads, at the end of the head (after the app's own scripts).
    Preloads,
}

/// One request's page.
pub struct Render<'a> {
    pub language: PageLanguage,
    /// The request's path (`/group/…`), for `og:url` and the first screen.
    pub path: &'a str,
    /// The request's query string (without `?`; empty when none).
    pub query: &'a str,
    /// The configured public address (`PUBLIC_URL`, no trailing slash), never the request's
    /// `Host`: without it the page has no `og:url` nor `og:image`.
    pub public_url: Option<&'a str>,
}

/// The brand icon in the build (`frontend/public/`), raster, as link previews want it.
const SHARE_IMAGE: &str = "/icon-512.png";

impl Template {
    /// Cuts `html` (the build's `index.html`): its `<html>` tag loses `lang`, its `<title>`,
    /// `<meta name="description">` and any Open Graph or Twitter tags are dropped, and the
    /// server's go where the title was (else at the end of the head).
    pub fn parse(html: &str, modified: SystemTime, first_screens: FirstScreens) -> Self {
        const HTML: &str = "\0html\0";
        const META: &str = "\0meta\0";
        const PRELOADS: &str = "\0preloads\0";
        let mut html = html.replace('\0', "");
        let mut html_attributes = String::new();
        if let Some((start, end)) = find_tag(&html, "html", 0) {
            html_attributes = without_attribute(&html[start + 5..end - 1], "lang");
            html.replace_range(start..end, HTML);
        }
        let lower = html.to_ascii_lowercase();
        if let (Some(start), Some(close)) = (lower.find("<title"), lower.find("</title>"))
            && close > start
        {
            html.replace_range(start..close + "</title>".len(), META);
        }
        let mut from = 0;
        while let Some((start, end)) = find_tag(&html, "meta", from) {
            let tag = html[start..end].to_ascii_lowercase();
            let ours = tag.contains("name=\"description\"")
                || tag.contains("property=\"og:")
                || tag.contains("name=\"twitter:");
            if ours {
                // The tag and the line it stood on.
                let line_start = html[..start].trim_end_matches([' ', '\t']).len();
                let end =
                    end + html[end..].len() - html[end..].trim_start_matches([' ', '\t']).len();
                let end = if html[end..].starts_with('\n') && line_start < start {
                    end + 1
                } else {
                    end
                };
                html.replace_range(line_start..end, "");
                from = line_start;
            } else {
                from = end;
            }
        }
        if !html.contains(META) {
            insert_before_head_end(&mut html, META);
        }
        insert_before_head_end(&mut html, PRELOADS);

        let mut parts = Vec::new();
        let mut rest = html.as_str();
        while let Some(at) = rest.find('\0') {
            if at > 0 {
                parts.push(Part::Text(rest[..at].to_owned()));
            }
            let after = &rest[at..];
            let (part, len) = if after.starts_with(HTML) {
                (Part::HtmlTag(html_attributes.clone()), HTML.len())
            } else if after.starts_with(META) {
                (Part::Meta, META.len())
            } else {
                (Part::Preloads, PRELOADS.len())
            };
            parts.push(part);
            rest = &after[len..];
        }
        if !rest.is_empty() {
            parts.push(Part::Text(rest.to_owned()));
        }
        Self {
            modified,
            parts,
            first_screens,
        }
    }

    pub fn render(&self, page: &Render<'_>) -> String {
        let lang = page.language.shown;
        let mut out = String::with_capacity(
            self.parts
                .iter()
                .map(|p| match p {
                    Part::Text(t) => t.len(),
                    _ => 512,
                })
                .sum(),
        );
        for part in &self.parts {
            match part {
                Part::Text(text) => out.push_str(text),
                Part::HtmlTag(attributes) => {
                    let _ = write!(out, "<html lang=\"{}\"{attributes}>", html_lang(lang));
                }
                Part::Meta => write_meta(&mut out, page),
                Part::Preloads => {
                    for href in self.first_screens.modules(lang, page.path) {
                        let _ = write!(
                            out,
                            "<link rel=\"modulepreload\" crossorigin href=\"{}\">\n    ",
                            escape(href)
                        );
                    }
                    if page.language.api_agrees {
                        for href in self.first_screens.fetches(page.path, page.query) {
                            let _ = write!(
                                out,
                                "<link rel=\"preload\" as=\"fetch\" crossorigin href=\"{}\">\n    ",
                                escape(&href)
                            );
                        }
                    }
                }
            }
        }
        out
    }
}

fn html_lang(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "zh-CN",
        Lang::En => "en",
    }
}

fn write_meta(out: &mut String, page: &Render<'_>) {
    let lang = page.language.shown;
    let name = escape(i18n::site_name(lang));
    let description = escape(i18n::site_description(lang));
    let (locale, alternate) = match lang {
        Lang::Zh => ("zh_CN", "en_US"),
        Lang::En => ("en_US", "zh_CN"),
    };
    let _ = write!(
        out,
        "<title>{name}</title>\n    \
         <meta name=\"description\" content=\"{description}\" />\n    \
         <meta property=\"og:type\" content=\"website\" />\n    \
         <meta property=\"og:site_name\" content=\"{name}\" />\n    \
         <meta property=\"og:title\" content=\"{name}\" />\n    \
         <meta property=\"og:description\" content=\"{description}\" />\n    \
         <meta property=\"og:locale\" content=\"{locale}\" />\n    \
         <meta property=\"og:locale:alternate\" content=\"{alternate}\" />"
    );
    if let Some(base) = page.public_url {
        let _ = write!(
            out,
            "\n    <meta property=\"og:url\" content=\"{}{}\" />\n    \
             <meta property=\"og:image\" content=\"{}{SHARE_IMAGE}\" />",
            escape(base),
            escape(page.path),
            escape(base),
        );
    }
    let _ = write!(
        out,
        "\n    <meta name=\"twitter:card\" content=\"summary\" />\n    \
         <meta name=\"twitter:title\" content=\"{name}\" />\n    \
         <meta name=\"twitter:description\" content=\"{description}\" />"
    );
}

/// Text made safe for an attribute value in double quotes and for element content.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A strong validator of one rendered page: its bytes' digest.
pub fn etag(body: &str) -> String {
    let digest = Sha256::digest(body.as_bytes());
    let mut tag = String::with_capacity(34);
    tag.push('"');
    for byte in &digest[..12] {
        let _ = write!(tag, "{byte:02x}");
    }
    tag.push('"');
    tag
}

/// The byte range of the first `<name …>` tag at or after `from` (ASCII case-insensitive).
fn find_tag(html: &str, name: &str, from: usize) -> Option<(usize, usize)> {
    let lower = html.to_ascii_lowercase();
    let open = format!("<{name}");
    let mut at = from;
    while let Some(found) = lower[at..].find(&open) {
        let start = at + found;
        let after = lower.as_bytes().get(start + open.len()).copied();
        if matches!(after, Some(b' ' | b'\t' | b'\n' | b'\r' | b'>' | b'/')) {
            let end = start + lower[start..].find('>')? + 1;
            return Some((start, end));
        }
        at = start + open.len();
    }
    None
}

/// A tag's attribute text (`lang="zh-CN" class="x"`) without one attribute.
fn without_attribute(attributes: &str, name: &str) -> String {
    let mut out = String::new();
    let mut rest = attributes;
    loop {
        let trimmed = rest.trim_start();
        if trimmed.is_empty() {
            break;
        }
        let name_end = trimmed
            .find(|c: char| c == '=' || c.is_whitespace())
            .unwrap_or(trimmed.len());
        let mut end = name_end;
        let after_name = trimmed[name_end..].trim_start();
        if let Some(value) = after_name.strip_prefix('=') {
            let value = value.trim_start();
            let value_start = trimmed.len() - value.len();
            end = match value.chars().next() {
                Some(q @ ('"' | '\'')) => value[1..]
                    .find(q)
                    .map_or(trimmed.len(), |i| value_start + i + 2),
                _ => value
                    .find(char::is_whitespace)
                    .map_or(trimmed.len(), |i| value_start + i),
            };
        }
        if !trimmed[..name_end].eq_ignore_ascii_case(name) {
            out.push(' ');
            out.push_str(&trimmed[..end]);
        }
        rest = &trimmed[end..];
    }
    out
}

fn insert_before_head_end(html: &mut String, marker: &str) {
    match html.to_ascii_lowercase().find("</head>") {
        Some(at) => html.insert_str(at, marker),
        None => html.push_str(marker),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::cookie::Cookie;
    use actix_web::test::TestRequest;

    const INDEX: &str = "<!doctype html>\n<html lang=\"zh-CN\" class=\"x\">\n  <head>\n    \
        <meta charset=\"UTF-8\" />\n    <meta\n      name=\"description\"\n      content=\"old\"\n    />\n    \
        <title>庭院 · Courtyard</title>\n    <script type=\"module\" src=\"/assets/shell.js\"></script>\n  \
        </head>\n  <body><div id=\"root\"></div></body>\n</html>\n";

    fn render(lang: Lang, path: &str, public_url: Option<&str>) -> String {
        let template = Template::parse(INDEX, SystemTime::UNIX_EPOCH, FirstScreens::default());
        template.render(&Render {
            language: PageLanguage {
                shown: lang,
                api_agrees: true,
            },
            path,
            query: "",
            public_url,
        })
    }

    #[test]
    fn the_page_speaks_the_visitors_language() {
        let zh = render(Lang::Zh, "/plaza", None);
        assert!(zh.contains("<html lang=\"zh-CN\" class=\"x\">"), "{zh}");
        assert!(zh.contains("<title>庭院</title>"), "{zh}");
        assert!(zh.contains("og:locale\" content=\"zh_CN\""));
        assert!(!zh.contains("content=\"old\""), "{zh}");
        assert_eq!(zh.matches("name=\"description\"").count(), 1);
        let en = render(Lang::En, "/plaza", None);
        assert!(en.contains("<html lang=\"en\" class=\"x\">"));
        assert!(en.contains("<title>Courtyard</title>"));
        assert!(en.contains("og:locale\" content=\"en_US\""));
    }

    #[test]
    fn og_url_and_image_only_with_a_configured_address() {
        let without = render(Lang::En, "/plaza", None);
        assert!(!without.contains("og:url") && !without.contains("og:image"));
        let with = render(Lang::En, "/plaza", Some("https://courtyard.example"));
        assert!(with.contains("og:url\" content=\"https://courtyard.example/plaza\""));
        assert!(with.contains("og:image\" content=\"https://courtyard.example/icon-512.png\""));
    }

    #[test]
    fn what_comes_from_the_request_is_escaped() {
        let page = render(
            Lang::En,
            "/a\"><script>alert('x')</script>",
            Some("https://c.example"),
        );
        assert!(!page.contains("<script>alert"));
        assert!(page.contains("/a&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"));
    }

    #[test]
    fn a_file_without_title_or_lang_gets_both() {
        let template = Template::parse(
            "<html><head></head><body></body></html>",
            SystemTime::UNIX_EPOCH,
            FirstScreens::default(),
        );
        let page = template.render(&Render {
            language: PageLanguage {
                shown: Lang::Zh,
                api_agrees: true,
            },
            path: "/",
            query: "",
            public_url: None,
        });
        assert!(
            page.starts_with("<html lang=\"zh-CN\"><head><title>庭院</title>"),
            "{page}"
        );
        assert!(page.ends_with("</head><body></body></html>"), "{page}");
    }

    #[test]
    fn the_language_is_the_apps() {
        let of = |cookie: Option<&str>, accept: Option<&str>| {
            let mut req = TestRequest::default();
            if let Some(accept) = accept {
                req = req.insert_header((ACCEPT_LANGUAGE, accept));
            }
            if let Some(cookie) = cookie {
                req = req.cookie(Cookie::new(LANGUAGE_COOKIE, cookie.to_owned()));
            }
            page_language(&req.to_http_request())
        };
        assert_eq!(of(Some("zh"), Some("en-US")).shown, Lang::Zh);
        assert_eq!(of(Some("en"), Some("zh-CN")).shown, Lang::En);
        assert_eq!(of(Some("system"), Some("zh-TW,en;q=0.5")).shown, Lang::Zh);
        assert_eq!(of(None, Some("en-GB,zh;q=0.9")).shown, Lang::En);
        assert_eq!(of(None, None).shown, Lang::En);
        // The browser's first language decides, as navigator.language does in the app; the
        // API would answer in Chinese, so this page preloads no API answers.
        let french = of(None, Some("fr-FR, zh;q=0.8"));
        assert_eq!(french.shown, Lang::En);
        assert!(!french.api_agrees);
        assert!(of(None, Some("zh-CN,zh;q=0.9")).api_agrees);
    }

    /// The app sets the same title and description when the language changes at runtime
    /// (`src/lib/i18n.ts`, from `common.json`): the first HTML and the app must agree.
    #[test]
    fn the_app_says_the_same_as_the_first_html() {
        for (lang, dir) in [(Lang::Zh, "zh"), (Lang::En, "en")] {
            let file = format!(
                "{}/../frontend/src/locales/{dir}/common.json",
                env!("CARGO_MANIFEST_DIR")
            );
            let text = std::fs::read_to_string(&file).unwrap();
            let messages: serde_json::Value = serde_json::from_str(&text).unwrap();
            assert_eq!(messages["brand"], i18n::site_name(lang), "{file}");
            assert_eq!(
                messages["siteDescription"],
                i18n::site_description(lang),
                "{file}"
            );
        }
    }

    #[test]
    fn attributes_other_than_lang_stay() {
        assert_eq!(
            without_attribute(" lang=\"zh-CN\" dir='ltr' data-x=y hidden", "lang"),
            " dir='ltr' data-x=y hidden"
        );
    }
}
