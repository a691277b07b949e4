//! The API contract the frontend is built from: the committed OpenAPI document is the one the code
//! writes, and it states the domain's input rules with the domain's own numbers.

use accounts::model::{Nickname, Password, PhoneRegion, Username, VerificationCode};
use app_server::http::ApiDoc;
use app_server::i18n::Lang;
use chat::model::ChatLimits;
use serde_json::{Value, json};
use std::path::Path;
use tokens::model::{Expiry, MAX_NAME_CHARS, Scope};

const COMMITTED: &str = "../frontend/src/lib/api/openapi.json";

fn document() -> Value {
    serde_json::from_str(&ApiDoc::pretty_json(Lang::En).unwrap()).unwrap()
}

/// The first line where two texts differ, to say where without printing 100 KB.
fn first_difference(a: &str, b: &str) -> String {
    let (mut left, mut right) = (a.lines(), b.lines());
    for n in 1.. {
        match (left.next(), right.next()) {
            (Some(x), Some(y)) if x == y => {}
            (None, None) => break,
            (x, y) => return format!("line {n}: committed {x:?}, code {y:?}"),
        }
    }
    String::new()
}

#[test]
fn the_committed_openapi_document_is_the_one_the_code_writes() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(COMMITTED);
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    let current = ApiDoc::pretty_json(Lang::En).unwrap();
    assert!(
        committed == current,
        "{COMMITTED} is stale ({}): run `just api-types`",
        first_difference(&committed, &current)
    );
}

#[test]
fn the_document_is_written_with_sorted_keys_and_the_chinese_one_differs_only_in_text() {
    let en = ApiDoc::pretty_json(Lang::En).unwrap();
    let zh = ApiDoc::pretty_json(Lang::Zh).unwrap();
    assert!(en.ends_with("}\n"));
    let top: Vec<String> = serde_json::from_str::<serde_json::Map<String, Value>>(&en)
        .unwrap()
        .keys()
        .cloned()
        .collect();
    let mut sorted = top.clone();
    sorted.sort();
    assert_eq!(top, sorted);
    let en: Value = serde_json::from_str(&en).unwrap();
    let zh: Value = serde_json::from_str(&zh).unwrap();
    assert_eq!(
        en["components"], zh["components"],
        "schemas are not translated"
    );
    assert_ne!(en["info"], zh["info"]);
}

#[test]
fn every_operation_has_its_own_id() {
    let doc = document();
    let mut ids: Vec<&str> = doc["paths"]
        .as_object()
        .unwrap()
        .values()
        .flat_map(|item| item.as_object().unwrap().values())
        .filter_map(|op| op["operationId"].as_str())
        .collect();
    let count = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), count, "operationIds repeat: {ids:?}");
    let phone_login = &doc["paths"]["/api/auth/phone/login"]["post"]["operationId"];
    assert_eq!(phone_login, "auth_phone_login");
}

fn schema<'a>(doc: &'a Value, name: &str) -> &'a Value {
    let s = &doc["components"]["schemas"][name];
    assert!(s.is_object(), "no schema {name}");
    s
}

fn property<'a>(doc: &'a Value, name: &str, field: &str) -> &'a Value {
    let p = &schema(doc, name)["properties"][field];
    assert!(p.is_object(), "no property {name}.{field}");
    p
}

#[test]
fn the_document_states_the_domains_input_rules() {
    let doc = document();

    for request in ["RegisterRequest", "LoginRequest"] {
        let username = property(&doc, request, "username");
        assert_eq!(username["minLength"], Username::MIN_CHARS, "{request}");
        assert_eq!(username["maxLength"], Username::MAX_CHARS, "{request}");
        assert_eq!(
            username["pattern"],
            format!(
                "^[A-Za-z0-9_-]{{{},{}}}$",
                Username::MIN_CHARS,
                Username::MAX_CHARS
            )
        );
    }
    for (request, field) in [
        ("RegisterRequest", "password"),
        ("ChangePasswordRequest", "newPassword"),
    ] {
        let password = property(&doc, request, field);
        assert_eq!(password["minLength"], Password::MIN_CHARS);
        assert_eq!(password["maxLength"], Password::MAX_CHARS);
    }
    assert_eq!(
        property(&doc, "RegisterRequest", "nickname")["maxLength"],
        Nickname::MAX_CHARS
    );

    // WeChat's menu objects are closed: the server reads only the fields they name.
    for name in ["MenuBody", "Menu", "MenuButton", "MenuSubButton"] {
        assert_eq!(
            schema(&doc, name)["additionalProperties"],
            json!(false),
            "{name}"
        );
    }

    let prefixes: Vec<&str> = PhoneRegion::ALL.iter().map(|r| r.prefix()).collect();
    for request in ["PhoneRequest", "PhoneCodeRequest"] {
        assert_eq!(
            property(&doc, request, "phonePrefix")["enum"],
            json!(prefixes)
        );
        assert!(property(&doc, request, "phoneNumber")["pattern"].is_string());
    }
    let code = property(&doc, "PhoneCodeRequest", "verificationCode");
    assert_eq!(
        code["pattern"],
        format!("^[0-9]{{{}}}$", VerificationCode::LEN)
    );

    let expiry = property(&doc, "CreateTokenRequest", "expiresInDays");
    let mut days: Vec<Value> = Expiry::DAYS.iter().map(|d| json!(d)).collect();
    days.push(Value::Null);
    assert_eq!(expiry["enum"], Value::Array(days));
    let scopes = property(&doc, "CreateTokenRequest", "scopes");
    let all: Vec<&str> = Scope::all().map(Scope::as_str).collect();
    assert_eq!(scopes["items"]["enum"], json!(all));
    assert_eq!(scopes["minItems"], 1);
    assert_eq!(
        property(&doc, "CreateTokenRequest", "name")["maxLength"],
        MAX_NAME_CHARS
    );

    let limits = ChatLimits::default();
    let temperature = property(&doc, "ChatBody", "temperature");
    assert_eq!(temperature["minimum"], 0);
    assert_eq!(
        temperature["maximum"].as_f64(),
        Some(f64::from(limits.max_temperature))
    );
    assert_eq!(
        property(&doc, "ChatBody", "max_tokens")["maximum"],
        limits.max_tokens
    );
    // A literal in `ChatBody`'s attribute (utoipa takes no expression for `max_items`).
    assert_eq!(
        property(&doc, "ChatBody", "messages")["maxItems"],
        limits.max_messages
    );
    assert_eq!(
        property(&doc, "ChatMessageDto", "content")["maxLength"],
        limits.max_message_chars
    );
    assert_eq!(
        property(&doc, "ChatMessageDto", "role")["enum"],
        json!(["user", "assistant"])
    );
    assert_eq!(
        property(&doc, "MenuBody", "button")["maxItems"],
        wechat::menu::MAX_BUTTONS
    );
}

#[test]
fn answers_name_their_values() {
    let doc = document();
    assert_eq!(
        property(&doc, "UserDto", "role")["enum"],
        json!(["user", "admin"])
    );
    assert_eq!(
        property(&doc, "PatDto", "state")["enum"],
        json!(["active", "expired", "revoked"])
    );
    assert_eq!(
        property(&doc, "ScopeDto", "access")["enum"],
        json!(["read", "write"])
    );
}
