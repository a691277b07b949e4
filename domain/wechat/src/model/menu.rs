//! The custom menu of the official account, in WeChat's own JSON shape, and WeChat's rules for
//! it (<https://developers.weixin.qq.com/doc/offiaccount/Custom_Menus/Creating_Custom-Defined_Menu.html>).

use serde::{Deserialize, Serialize};

/// `{"button": [...]}` exactly as WeChat's menu API reads and writes it.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Menu {
    #[serde(default)]
    pub button: Vec<Button>,
}

/// One button: either an action (`type` with its fields) or, at the top level only, a parent
/// of `sub_button`s.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Button {
    #[serde(default)]
    pub name: String,
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub appid: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pagepath: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sub_button: Vec<Button>,
}

/// WeChat's limits.
pub const MAX_BUTTONS: usize = 3;
pub const MAX_SUB_BUTTONS: usize = 5;
pub const MAX_TOP_NAME_BYTES: usize = 16;
pub const MAX_SUB_NAME_BYTES: usize = 60;
pub const MAX_KEY_BYTES: usize = 128;
pub const MAX_URL_BYTES: usize = 1024;

/// One broken rule, at `path` (`button[1].sub_button[0].name`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MenuFault {
    pub path: String,
    pub kind: FaultKind,
}

/// Which rule, with the numbers a message needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FaultKind {
    TooFewButtons,
    TooManyButtons { max: usize },
    TooManySubButtons { max: usize },
    NameRequired,
    NameTooLong { bytes: usize, max: usize },
    TypeRequired,
    UnsupportedType { kind: String },
    KeyRequired,
    KeyTooLong { bytes: usize, max: usize },
    UrlRequired,
    UrlTooLong { bytes: usize, max: usize },
    UrlInvalid,
    AppidRequired,
    PagepathRequired,
}

impl FaultKind {
    /// The stable snake_case code clients branch on (docs/api.md).
    pub fn code(&self) -> &'static str {
        match self {
            Self::TooFewButtons => "too_few_buttons",
            Self::TooManyButtons { .. } => "too_many_buttons",
            Self::TooManySubButtons { .. } => "too_many_sub_buttons",
            Self::NameRequired => "name_required",
            Self::NameTooLong { .. } => "name_too_long",
            Self::TypeRequired => "type_required",
            Self::UnsupportedType { .. } => "unsupported_type",
            Self::KeyRequired => "key_required",
            Self::KeyTooLong { .. } => "key_too_long",
            Self::UrlRequired => "url_required",
            Self::UrlTooLong { .. } => "url_too_long",
            Self::UrlInvalid => "url_invalid",
            Self::AppidRequired => "appid_required",
            Self::PagepathRequired => "pagepath_required",
        }
    }
}

/// The action types this console publishes (WeChat knows more, e.g. `scancode_push`; the
/// product only offers these three).
pub const SUPPORTED_TYPES: [&str; 3] = ["click", "view", "miniprogram"];

/// The menu as it should be validated and published: every string trimmed, empty optional
/// strings dropped, and only the fields that matter kept:
///
/// - a parent (a button with sub-buttons) loses `type`, `key`, `url`, `appid` and `pagepath`:
///   WeChat ignores them there, and an editor that turned an action into a parent may leave
///   them behind;
/// - an action of a supported type keeps only its own fields (`click`: `key`; `view`: `url`;
///   `miniprogram`: `url`, `appid`, `pagepath`); a button without a supported type keeps
///   everything, so validation can point at what is wrong.
///
/// Buttons are never removed or reordered, so fault paths stay valid for the original menu.
pub fn normalized(menu: &Menu) -> Menu {
    Menu {
        button: menu.button.iter().map(normalized_button).collect(),
    }
}

fn normalized_button(b: &Button) -> Button {
    let clean = |s: &Option<String>| {
        s.as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
    };
    let mut out = Button {
        name: b.name.trim().to_owned(),
        kind: clean(&b.kind),
        key: clean(&b.key),
        url: clean(&b.url),
        appid: clean(&b.appid),
        pagepath: clean(&b.pagepath),
        sub_button: b.sub_button.iter().map(normalized_button).collect(),
    };
    if !out.sub_button.is_empty() {
        out.kind = None;
        out.key = None;
        out.url = None;
        out.appid = None;
        out.pagepath = None;
        return out;
    }
    match out.kind.as_deref() {
        Some("click") => {
            out.url = None;
            out.appid = None;
            out.pagepath = None;
        }
        Some("view") => {
            out.key = None;
            out.appid = None;
            out.pagepath = None;
        }
        Some("miniprogram") => out.key = None,
        _ => {}
    }
    out
}

/// Every rule of WeChat's that `menu` breaks, in document order (empty: the menu is valid).
///
/// - `button` must hold 1–3 buttons (`too_few_buttons`, `too_many_buttons` at `button`);
/// - a top-level button with a non-empty `sub_button` is a parent: 1–5 sub-buttons
///   (`too_many_sub_buttons` at `button[i].sub_button`); its own `type` and action fields are
///   ignored (and dropped by [`normalized`]);
/// - any other button is an action; sub-buttons are always actions, and a sub-button with
///   sub-buttons of its own is `too_many_sub_buttons` with `max: 0`;
/// - names are required and at most 16 UTF-8 bytes at the top, 60 below;
/// - actions: `type` among [`SUPPORTED_TYPES`]; `click` needs `key` ≤ 128 bytes; `view` needs
///   an http(s) `url` ≤ 1024 bytes; `miniprogram` needs `appid`, `pagepath` and such a `url`.
///
/// Values are judged trimmed; callers normally pass the [`normalized`] menu.
pub fn validate(menu: &Menu) -> Vec<MenuFault> {
    let mut faults = Vec::new();
    if menu.button.is_empty() {
        push(&mut faults, "button".to_owned(), FaultKind::TooFewButtons);
    } else if menu.button.len() > MAX_BUTTONS {
        push(
            &mut faults,
            "button".to_owned(),
            FaultKind::TooManyButtons { max: MAX_BUTTONS },
        );
    }
    for (i, b) in menu.button.iter().enumerate() {
        let path = format!("button[{i}]");
        check_name(&mut faults, &path, &b.name, MAX_TOP_NAME_BYTES);
        if b.sub_button.is_empty() {
            check_action(&mut faults, &path, b);
            continue;
        }
        if b.sub_button.len() > MAX_SUB_BUTTONS {
            push(
                &mut faults,
                format!("{path}.sub_button"),
                FaultKind::TooManySubButtons {
                    max: MAX_SUB_BUTTONS,
                },
            );
        }
        for (j, sub) in b.sub_button.iter().enumerate() {
            let sub_path = format!("{path}.sub_button[{j}]");
            check_name(&mut faults, &sub_path, &sub.name, MAX_SUB_NAME_BYTES);
            if !sub.sub_button.is_empty() {
                push(
                    &mut faults,
                    format!("{sub_path}.sub_button"),
                    FaultKind::TooManySubButtons { max: 0 },
                );
            }
            check_action(&mut faults, &sub_path, sub);
        }
    }
    faults
}

fn push(faults: &mut Vec<MenuFault>, path: String, kind: FaultKind) {
    faults.push(MenuFault { path, kind });
}

fn trimmed(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

fn check_name(faults: &mut Vec<MenuFault>, path: &str, name: &str, max: usize) {
    let name = name.trim();
    if name.is_empty() {
        push(faults, format!("{path}.name"), FaultKind::NameRequired);
    } else if name.len() > max {
        push(
            faults,
            format!("{path}.name"),
            FaultKind::NameTooLong {
                bytes: name.len(),
                max,
            },
        );
    }
}

fn check_action(faults: &mut Vec<MenuFault>, path: &str, b: &Button) {
    let Some(kind) = trimmed(&b.kind) else {
        push(faults, format!("{path}.type"), FaultKind::TypeRequired);
        return;
    };
    match kind {
        "click" => match trimmed(&b.key) {
            None => push(faults, format!("{path}.key"), FaultKind::KeyRequired),
            Some(key) if key.len() > MAX_KEY_BYTES => push(
                faults,
                format!("{path}.key"),
                FaultKind::KeyTooLong {
                    bytes: key.len(),
                    max: MAX_KEY_BYTES,
                },
            ),
            Some(_) => {}
        },
        "view" => check_url(faults, path, &b.url),
        "miniprogram" => {
            if trimmed(&b.appid).is_none() {
                push(faults, format!("{path}.appid"), FaultKind::AppidRequired);
            }
            if trimmed(&b.pagepath).is_none() {
                push(
                    faults,
                    format!("{path}.pagepath"),
                    FaultKind::PagepathRequired,
                );
            }
            check_url(faults, path, &b.url);
        }
        other => push(
            faults,
            format!("{path}.type"),
            FaultKind::UnsupportedType {
                kind: other.to_owned(),
            },
        ),
    }
}

fn check_url(faults: &mut Vec<MenuFault>, path: &str, url: &Option<String>) {
    let path = format!("{path}.url");
    match trimmed(url) {
        None => push(faults, path, FaultKind::UrlRequired),
        Some(url) if url.len() > MAX_URL_BYTES => push(
            faults,
            path,
            FaultKind::UrlTooLong {
                bytes: url.len(),
                max: MAX_URL_BYTES,
            },
        ),
        Some(url) if !is_http_url(url) => push(faults, path, FaultKind::UrlInvalid),
        Some(_) => {}
    }
}

/// `http://` or `https://` (any case), a non-empty host, and no whitespace or control
/// characters anywhere.
fn is_http_url(url: &str) -> bool {
    let lower = url.to_ascii_lowercase();
    let Some(rest) = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))
    else {
        return false;
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = host.rsplit('@').next().unwrap_or_default();
    let host_name = host.split(':').next().unwrap_or_default();
    !host_name.is_empty() && !url.chars().any(|c| c.is_whitespace() || c.is_control())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn click(name: &str, key: &str) -> Button {
        Button {
            name: name.into(),
            kind: Some("click".into()),
            key: Some(key.into()),
            ..Button::default()
        }
    }

    fn view(name: &str, url: &str) -> Button {
        Button {
            name: name.into(),
            kind: Some("view".into()),
            url: Some(url.into()),
            ..Button::default()
        }
    }

    fn parent(name: &str, subs: Vec<Button>) -> Button {
        Button {
            name: name.into(),
            sub_button: subs,
            ..Button::default()
        }
    }

    fn menu(buttons: Vec<Button>) -> Menu {
        Menu { button: buttons }
    }

    /// (path, code) pairs, for compact assertions.
    fn faults(m: &Menu) -> Vec<(String, &'static str)> {
        validate(m)
            .into_iter()
            .map(|f| (f.path, f.kind.code()))
            .collect()
    }

    fn one(path: &str, code: &'static str) -> Vec<(String, &'static str)> {
        vec![(path.to_owned(), code)]
    }

    fn full_menu() -> Menu {
        menu(vec![
            click("今日歌曲", "V1001_TODAY_MUSIC"),
            parent(
                "菜单",
                vec![
                    view("搜索", "http://www.soso.com/"),
                    Button {
                        name: "wxa".into(),
                        kind: Some("miniprogram".into()),
                        url: Some("http://mp.weixin.qq.com".into()),
                        appid: Some("wx286b93c14bbf93aa".into()),
                        pagepath: Some("pages/lunar/index".into()),
                        ..Button::default()
                    },
                    click("赞一下我们", "V1001_GOOD"),
                ],
            ),
            view("Courtyard", "https://courtyard.example/path?q=1#top"),
        ])
    }

    #[test]
    fn a_full_menu_in_wechat_json_is_valid() {
        let m = full_menu();
        assert_eq!(validate(&m), vec![]);
        // WeChat's own documented example parses into the same shape.
        let json = r#"{"button":[{"type":"click","name":"今日歌曲","key":"V1001_TODAY_MUSIC"},
            {"name":"菜单","sub_button":[{"type":"view","name":"搜索","url":"http://www.soso.com/"},
            {"type":"miniprogram","name":"wxa","url":"http://mp.weixin.qq.com","appid":"wx286b93c14bbf93aa","pagepath":"pages/lunar/index"},
            {"type":"click","name":"赞一下我们","key":"V1001_GOOD"}]},
            {"type":"view","name":"Courtyard","url":"https://courtyard.example/path?q=1#top"}]}"#;
        let parsed: Menu = serde_json::from_str(json).unwrap();
        assert_eq!(parsed, m);
        // Absent fields are not written back.
        let out = serde_json::to_value(&m).unwrap();
        assert!(out["button"][1].get("type").is_none());
        assert!(out["button"][0].get("sub_button").is_none());
    }

    #[test]
    fn button_count_is_one_to_three() {
        assert_eq!(faults(&menu(vec![])), one("button", "too_few_buttons"));
        let four = menu((0..4).map(|i| click(&format!("b{i}"), "k")).collect());
        assert_eq!(faults(&four), one("button", "too_many_buttons"));
        assert_eq!(
            validate(&four)[0].kind,
            FaultKind::TooManyButtons { max: 3 }
        );
        let three = menu((0..3).map(|i| click(&format!("b{i}"), "k")).collect());
        assert_eq!(validate(&three), vec![]);
    }

    #[test]
    fn top_level_names_are_at_most_16_bytes() {
        // 五个汉字: 15 bytes.
        assert_eq!(validate(&menu(vec![click("五个汉字啊", "k")])), vec![]);
        // 六个汉字: 18 bytes.
        let m = menu(vec![click("六个汉字啊啊", "k")]);
        assert_eq!(
            validate(&m),
            vec![MenuFault {
                path: "button[0].name".into(),
                kind: FaultKind::NameTooLong { bytes: 18, max: 16 },
            }]
        );
        // 16 ASCII bytes pass, 17 do not.
        assert_eq!(validate(&menu(vec![click(&"a".repeat(16), "k")])), vec![]);
        assert_eq!(
            faults(&menu(vec![click(&"a".repeat(17), "k")])),
            one("button[0].name", "name_too_long")
        );
        // A parent's name obeys the same limit.
        assert_eq!(
            faults(&menu(vec![parent("六个汉字啊啊", vec![click("子", "k")])])),
            one("button[0].name", "name_too_long")
        );
    }

    #[test]
    fn sub_button_names_are_at_most_60_bytes() {
        let twenty = "汉".repeat(20);
        let twenty_one = "汉".repeat(21);
        assert_eq!(
            validate(&menu(vec![parent("p", vec![click(&twenty, "k")])])),
            vec![]
        );
        assert_eq!(
            validate(&menu(vec![parent(
                "p",
                vec![click("a", "k"), click(&twenty_one, "k")]
            )])),
            vec![MenuFault {
                path: "button[0].sub_button[1].name".into(),
                kind: FaultKind::NameTooLong { bytes: 63, max: 60 },
            }]
        );
    }

    #[test]
    fn names_are_required_and_judged_trimmed() {
        assert_eq!(
            faults(&menu(vec![click("   ", "k")])),
            one("button[0].name", "name_required")
        );
        assert_eq!(
            faults(&menu(vec![parent("p", vec![click("", "k")])])),
            one("button[0].sub_button[0].name", "name_required")
        );
        // Surrounding spaces do not count against the limit.
        assert_eq!(validate(&menu(vec![click("  五个汉字啊  ", "k")])), vec![]);
    }

    #[test]
    fn parents_have_one_to_five_sub_buttons_and_their_type_is_ignored() {
        let five = (0..5).map(|i| click(&format!("s{i}"), "k")).collect();
        assert_eq!(validate(&menu(vec![parent("p", five)])), vec![]);
        let six = (0..6).map(|i| click(&format!("s{i}"), "k")).collect();
        let m = menu(vec![click("a", "k"), click("b", "k"), parent("p", six)]);
        assert_eq!(
            validate(&m),
            vec![MenuFault {
                path: "button[2].sub_button".into(),
                kind: FaultKind::TooManySubButtons { max: 5 },
            }]
        );
        // A parent's own type (even an unknown one) is not judged.
        let mut p = parent("p", vec![click("s", "k")]);
        p.kind = Some("bogus".into());
        assert_eq!(validate(&menu(vec![p])), vec![]);
    }

    #[test]
    fn sub_buttons_cannot_have_sub_buttons() {
        let mut sub = click("s", "k");
        sub.sub_button = vec![click("t", "k")];
        let m = menu(vec![parent("p", vec![sub])]);
        assert_eq!(
            validate(&m),
            vec![MenuFault {
                path: "button[0].sub_button[0].sub_button".into(),
                kind: FaultKind::TooManySubButtons { max: 0 },
            }]
        );
    }

    #[test]
    fn actions_need_a_supported_type() {
        let mut b = click("a", "k");
        b.kind = None;
        assert_eq!(
            faults(&menu(vec![b.clone()])),
            one("button[0].type", "type_required")
        );
        b.kind = Some("  ".into());
        assert_eq!(
            faults(&menu(vec![b.clone()])),
            one("button[0].type", "type_required")
        );
        b.kind = Some("scancode_push".into());
        assert_eq!(
            validate(&menu(vec![b])),
            vec![MenuFault {
                path: "button[0].type".into(),
                kind: FaultKind::UnsupportedType {
                    kind: "scancode_push".into()
                },
            }]
        );
    }

    #[test]
    fn click_needs_a_key_of_at_most_128_bytes() {
        let mut b = click("a", "");
        assert_eq!(
            faults(&menu(vec![b.clone()])),
            one("button[0].key", "key_required")
        );
        b.key = None;
        assert_eq!(
            faults(&menu(vec![b.clone()])),
            one("button[0].key", "key_required")
        );
        b.key = Some("k".repeat(128));
        assert_eq!(validate(&menu(vec![b.clone()])), vec![]);
        b.key = Some("k".repeat(129));
        assert_eq!(
            validate(&menu(vec![b])),
            vec![MenuFault {
                path: "button[0].key".into(),
                kind: FaultKind::KeyTooLong {
                    bytes: 129,
                    max: 128
                },
            }]
        );
    }

    #[test]
    fn view_needs_an_http_url_of_at_most_1024_bytes() {
        let at = "button[0].url";
        let mut b = view("a", "");
        assert_eq!(faults(&menu(vec![b.clone()])), one(at, "url_required"));
        for bad in [
            "ftp://x.example/",
            "javascript:alert(1)",
            "courtyard.example",
            "https://",
            "https:///path",
            "https://a b.example/",
        ] {
            b.url = Some(bad.into());
            assert_eq!(
                faults(&menu(vec![b.clone()])),
                one(at, "url_invalid"),
                "{bad}"
            );
        }
        for good in [
            "http://x.example",
            "HTTPS://X.example/a?b=c",
            "https://u@x.example:8443/p",
        ] {
            b.url = Some(good.into());
            assert_eq!(validate(&menu(vec![b.clone()])), vec![], "{good}");
        }
        let base = "https://x.example/";
        b.url = Some(format!("{base}{}", "a".repeat(1024 - base.len())));
        assert_eq!(validate(&menu(vec![b.clone()])), vec![]);
        b.url = Some(format!("{base}{}", "a".repeat(1025 - base.len())));
        assert_eq!(
            validate(&menu(vec![b])),
            vec![MenuFault {
                path: at.into(),
                kind: FaultKind::UrlTooLong {
                    bytes: 1025,
                    max: 1024
                },
            }]
        );
    }

    #[test]
    fn miniprogram_needs_appid_pagepath_and_a_fallback_url() {
        let b = Button {
            name: "wxa".into(),
            kind: Some("miniprogram".into()),
            ..Button::default()
        };
        assert_eq!(
            faults(&menu(vec![parent("p", vec![b])])),
            vec![
                ("button[0].sub_button[0].appid".to_owned(), "appid_required"),
                (
                    "button[0].sub_button[0].pagepath".to_owned(),
                    "pagepath_required"
                ),
                ("button[0].sub_button[0].url".to_owned(), "url_required"),
            ]
        );
    }

    #[test]
    fn every_fault_is_reported_at_once() {
        let m = menu(vec![
            click("", ""),
            parent(
                "一二三四五六",
                vec![
                    view("ok", "mailto:x@example.com"),
                    Button {
                        name: "x".into(),
                        ..Button::default()
                    },
                    click("a", "k"),
                    click("b", "k"),
                    click("c", "k"),
                    click("d", "k"),
                ],
            ),
            Button {
                name: "m".into(),
                kind: Some("location_select".into()),
                ..Button::default()
            },
            view("v", "https://x.example"),
        ]);
        assert_eq!(
            faults(&m),
            vec![
                ("button".to_owned(), "too_many_buttons"),
                ("button[0].name".to_owned(), "name_required"),
                ("button[0].key".to_owned(), "key_required"),
                ("button[1].name".to_owned(), "name_too_long"),
                ("button[1].sub_button".to_owned(), "too_many_sub_buttons"),
                ("button[1].sub_button[0].url".to_owned(), "url_invalid"),
                ("button[1].sub_button[1].type".to_owned(), "type_required"),
                ("button[2].type".to_owned(), "unsupported_type"),
            ]
        );
    }

    #[test]
    fn every_fault_kind_has_a_distinct_snake_case_code() {
        let kinds = [
            FaultKind::TooFewButtons,
            FaultKind::TooManyButtons { max: 3 },
            FaultKind::TooManySubButtons { max: 5 },
            FaultKind::NameRequired,
            FaultKind::NameTooLong { bytes: 1, max: 1 },
            FaultKind::TypeRequired,
            FaultKind::UnsupportedType { kind: "x".into() },
            FaultKind::KeyRequired,
            FaultKind::KeyTooLong { bytes: 1, max: 1 },
            FaultKind::UrlRequired,
            FaultKind::UrlTooLong { bytes: 1, max: 1 },
            FaultKind::UrlInvalid,
            FaultKind::AppidRequired,
            FaultKind::PagepathRequired,
        ];
        let codes: std::collections::BTreeSet<_> = kinds.iter().map(FaultKind::code).collect();
        assert_eq!(codes.len(), kinds.len());
        assert!(
            codes
                .iter()
                .all(|c| c.chars().all(|ch| ch.is_ascii_lowercase() || ch == '_'))
        );
    }

    #[test]
    fn normalizing_trims_drops_empty_strings_and_irrelevant_fields() {
        let raw = menu(vec![
            Button {
                name: "  菜单 ".into(),
                kind: Some("click".into()),
                key: Some("stale".into()),
                sub_button: vec![
                    Button {
                        name: " 搜索\t".into(),
                        kind: Some(" view ".into()),
                        url: Some(" https://x.example ".into()),
                        key: Some("left over".into()),
                        appid: Some("".into()),
                        ..Button::default()
                    },
                    Button {
                        name: "wxa".into(),
                        kind: Some("miniprogram".into()),
                        url: Some("https://x.example".into()),
                        appid: Some(" wx1 ".into()),
                        pagepath: Some("pages/index".into()),
                        key: Some("k".into()),
                        ..Button::default()
                    },
                ],
                ..Button::default()
            },
            Button {
                name: "c".into(),
                kind: Some("click".into()),
                key: Some(" k ".into()),
                url: Some("https://x.example".into()),
                ..Button::default()
            },
            Button {
                name: "?".into(),
                kind: Some("  ".into()),
                key: Some(" kept ".into()),
                url: Some("   ".into()),
                ..Button::default()
            },
        ]);
        let n = normalized(&raw);
        assert_eq!(
            n,
            menu(vec![
                Button {
                    name: "菜单".into(),
                    sub_button: vec![
                        view("搜索", "https://x.example"),
                        Button {
                            name: "wxa".into(),
                            kind: Some("miniprogram".into()),
                            url: Some("https://x.example".into()),
                            appid: Some("wx1".into()),
                            pagepath: Some("pages/index".into()),
                            ..Button::default()
                        },
                    ],
                    ..Button::default()
                },
                click("c", "k"),
                Button {
                    name: "?".into(),
                    key: Some("kept".into()),
                    ..Button::default()
                },
            ])
        );
        assert_eq!(faults(&n), one("button[2].type", "type_required"));
        assert_eq!(normalized(&n), n, "normalizing twice changes nothing");
    }
}
