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
    // The same schemas, only their descriptions translated.
    let names = |d: &Value| -> Vec<String> {
        d["components"]["schemas"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect()
    };
    assert_eq!(names(&en), names(&zh));
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
    // Descriptive: more than one word (a client's `list` or `token` says nothing, and clashes
    // with other clients' names); no schema is named as an operation, and none is numbered as
    // generators number a clash (`ScopesResponse2`).
    let schemas = doc["components"]["schemas"].as_object().unwrap();
    for id in &ids {
        assert!(id.contains('_'), "operationId {id} is one word");
        let pascal: String = id
            .split('_')
            .map(|w| {
                let mut c = w.chars();
                c.next()
                    .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                    .unwrap_or_default()
            })
            .collect();
        assert!(
            !schemas.contains_key(&pascal),
            "schema {pascal} is named after operation {id}"
        );
    }
    for name in schemas.keys() {
        assert!(
            !name.ends_with(|c: char| c.is_ascii_digit()),
            "schema {name} is numbered"
        );
    }
}

/// Walks every schema of the document, with where it is.
fn walk<'a>(value: &'a Value, at: String, out: &mut Vec<(String, &'a Value)>) {
    match value {
        Value::Object(map) => {
            out.push((at.clone(), value));
            for (k, v) in map {
                walk(v, format!("{at}/{k}"), out);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                walk(v, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
}

#[test]
fn every_string_enum_is_a_named_component() {
    let doc = document();
    let mut all = Vec::new();
    walk(&doc, String::new(), &mut all);
    let mut inline = Vec::new();
    for (at, v) in &all {
        let strings = v["enum"]
            .as_array()
            .is_some_and(|e| e.iter().any(Value::is_string));
        let component = at.starts_with("/components/schemas/") && at.matches('/').count() == 3;
        if strings && !component {
            inline.push(at.clone());
        }
    }
    assert!(
        inline.is_empty(),
        "string enums written inline (name them in the area's rules.rs ENUMS, or http/document.rs SHARED_ENUMS): {inline:#?}"
    );
    for name in [
        "Scope",
        "UserRole",
        "MemberRole",
        "Visibility",
        "JoinPolicy",
        "TokenState",
    ] {
        assert!(schema(&doc, name)["enum"].is_array(), "{name}");
    }
}

/// Which operations a token may call, from the document itself (what the access table reads).
fn token_scopes(op: &Value) -> Option<Vec<String>> {
    op["security"].as_array()?.iter().find_map(|req| {
        req.get("bearer").map(|s| {
            s.as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap().to_owned())
                .collect()
        })
    })
}

fn describes(op: &Value, status: &str, code: &str) -> bool {
    op["responses"][status]["description"]
        .as_str()
        .is_some_and(|d| d.contains(&format!("`{code}`")))
}

#[test]
fn every_operation_declares_the_refusals_in_front_of_its_handler() {
    let doc = document();
    assert!(
        schema(&doc, "ErrorBody")["properties"]["requiredScope"].is_object(),
        "the 403 body names the scope"
    );
    let mut token_ops = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let id = format!("{} {path}", method.to_uppercase());
            assert!(describes(op, "401", "invalid_token"), "{id}");
            let session = op["security"]
                .as_array()
                .unwrap()
                .iter()
                .any(|r| r.get("session").is_some());
            match token_scopes(op) {
                Some(scopes) => {
                    token_ops += 1;
                    if !scopes.is_empty() {
                        assert!(describes(op, "403", "insufficient_scope"), "{id}");
                        for scope in &scopes {
                            assert!(
                                op["responses"]["403"]["description"]
                                    .as_str()
                                    .unwrap()
                                    .contains(scope.as_str()),
                                "{id}: {scope}"
                            );
                        }
                    }
                }
                None if session => assert!(describes(op, "403", "token_not_allowed"), "{id}"),
                None => {}
            }
            if method != "get" {
                assert!(describes(op, "403", "cross_origin_request"), "{id}");
            }
            for status in ["429", "503"] {
                if op["responses"].get(status).is_some() {
                    assert_eq!(
                        op["responses"][status]["headers"]["Retry-After"]["schema"]["type"],
                        "integer",
                        "{id} {status}"
                    );
                }
            }
            let paged = op["parameters"]
                .as_array()
                .is_some_and(|ps| ps.iter().any(|p| p["name"] == "limit"));
            if paged {
                assert!(describes(op, "400", "invalid_limit"), "{id}");
            }
        }
    }
    assert!(token_ops > 80, "only {token_ops} operations take a token");
}

#[test]
fn the_document_is_openapi_3_1_with_a_server() {
    let doc = document();
    assert_eq!(doc["openapi"], "3.1.0");
    assert!(
        !doc.to_string().contains("\"itemSchema\""),
        "itemSchema is 3.2"
    );
    assert_eq!(doc["servers"][0]["url"], "/");
    let expiry = property(&doc, "CreateTokenRequest", "expiresInDays");
    assert!(
        expiry["description"]
            .as_str()
            .unwrap()
            .contains("left out: it never expires")
    );
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

/// The values of an enum, followed to its named component (`$ref`, or `oneOf` a reference and
/// `null`, which adds `null`).
fn enum_values(doc: &Value, s: &Value) -> Value {
    let named = |r: &Value| {
        let name = r
            .as_str()
            .unwrap()
            .trim_start_matches("#/components/schemas/");
        schema(doc, name)["enum"].clone()
    };
    if let Some(r) = s.get("$ref") {
        return named(r);
    }
    if let Some(items) = s.get("oneOf").and_then(Value::as_array) {
        let mut values = named(&items[0]["$ref"]);
        assert_eq!(items[1], json!({ "type": "null" }));
        values.as_array_mut().unwrap().push(Value::Null);
        return values;
    }
    s["enum"].clone()
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
            enum_values(&doc, property(&doc, request, "phonePrefix")),
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
    assert_eq!(enum_values(&doc, &scopes["items"]), json!(all));
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
        enum_values(&doc, property(&doc, "ChatMessageDto", "role")),
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
        enum_values(&doc, property(&doc, "UserDto", "role")),
        json!(["user", "admin"])
    );
    assert_eq!(
        enum_values(&doc, property(&doc, "PatDto", "state")),
        json!(["active", "expired", "revoked"])
    );
    assert_eq!(
        enum_values(&doc, property(&doc, "ScopeDto", "access")),
        json!(["read", "write"])
    );
    // A nullable enum is `oneOf` the named one and `null`.
    assert_eq!(
        property(&doc, "JoinRequestDto", "grantedRole")["oneOf"],
        json!([{ "$ref": "#/components/schemas/AssignableRole" }, { "type": "null" }])
    );
}
