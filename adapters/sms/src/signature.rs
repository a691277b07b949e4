//! Aliyun RPC request signing, Signature Version 1.0 with HMAC-SHA1, as Aliyun documents it
//! for Dysmsapi (<https://help.aliyun.com/document_detail/101343.html>):
//!
//! 1. sort every parameter except `Signature` by name;
//! 2. percent-encode names and values per RFC 3986 (only `A-Z a-z 0-9 - _ . ~` stay as they
//!    are; a space is `%20`, `*` is `%2A`), join them as `name=value` with `&`;
//! 3. `StringToSign = METHOD + "&" + percentEncode("/") + "&" + percentEncode(query)`;
//! 4. `Signature = base64(HMAC-SHA1(AccessKeySecret + "&", StringToSign))`.
//!
//! Everything here is pure: the caller supplies the nonce and the timestamp among the
//! parameters.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use hmac::{Hmac, KeyInit as _, Mac as _};
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};
use sha1::Sha1;

/// Everything but RFC 3986's unreserved characters is encoded.
const NOT_UNRESERVED: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'~');

/// Percent-encodes UTF-8 per Aliyun's rules: unreserved characters as they are, everything
/// else `%XY` in upper-case hex (space `%20`, `*` `%2A`, `~` unencoded).
pub fn percent_encode(raw: &str) -> String {
    utf8_percent_encode(raw, NOT_UNRESERVED).to_string()
}

/// The canonicalized query string: parameters sorted by name, `Signature` left out, names and
/// values percent-encoded, joined as `name=value&…`.
pub fn canonicalized_query<K: AsRef<str>, V: AsRef<str>>(params: &[(K, V)]) -> String {
    let mut sorted: Vec<(&str, &str)> = params
        .iter()
        .map(|(k, v)| (k.as_ref(), v.as_ref()))
        .filter(|(k, _)| *k != "Signature")
        .collect();
    sorted.sort_unstable_by(|a, b| a.0.cmp(b.0).then_with(|| a.1.cmp(b.1)));
    sorted
        .iter()
        .map(|(k, v)| format!("{}={}", percent_encode(k), percent_encode(v)))
        .collect::<Vec<_>>()
        .join("&")
}

/// `METHOD&%2F&percentEncode(canonicalized query)`.
pub fn string_to_sign<K: AsRef<str>, V: AsRef<str>>(method: &str, params: &[(K, V)]) -> String {
    format!(
        "{method}&{}&{}",
        percent_encode("/"),
        percent_encode(&canonicalized_query(params))
    )
}

/// The `Signature` parameter: `base64(HMAC-SHA1(secret + "&", string_to_sign))`.
pub fn sign<K: AsRef<str>, V: AsRef<str>>(
    method: &str,
    params: &[(K, V)],
    access_key_secret: &str,
) -> String {
    let key = format!("{access_key_secret}&");
    let Ok(mut mac) = Hmac::<Sha1>::new_from_slice(key.as_bytes()) else {
        unreachable!("HMAC accepts keys of any length")
    };
    mac.update(string_to_sign(method, params).as_bytes());
    STANDARD.encode(mac.finalize().into_bytes())
}

/// The complete query string to send: the canonicalized query plus `&Signature=…`.
pub fn signed_query<K: AsRef<str>, V: AsRef<str>>(
    method: &str,
    params: &[(K, V)],
    access_key_secret: &str,
) -> String {
    format!(
        "{}&Signature={}",
        canonicalized_query(params),
        percent_encode(&sign(method, params, access_key_secret))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worked example of Aliyun's Dysmsapi signature documentation (also reproduced by
    /// Aliyun's SDK tests): AccessKey `testId` / `testSecret`.
    const DOC_EXAMPLE: [(&str, &str); 14] = [
        ("AccessKeyId", "testId"),
        ("Action", "SendSms"),
        ("Format", "XML"),
        ("OutId", "123"),
        ("PhoneNumbers", "15300000001"),
        ("RegionId", "cn-hangzhou"),
        ("SignName", "阿里云短信测试专用"),
        ("SignatureMethod", "HMAC-SHA1"),
        ("SignatureNonce", "45e25e9b-0a6f-4070-8c85-2956eda1b466"),
        ("SignatureVersion", "1.0"),
        ("TemplateCode", "SMS_71390007"),
        ("TemplateParam", r#"{"customer":"test"}"#),
        ("Timestamp", "2017-07-12T02:42:19Z"),
        ("Version", "2017-05-25"),
    ];

    #[test]
    fn documented_example_canonical_query_matches() {
        assert_eq!(
            canonicalized_query(&DOC_EXAMPLE),
            "AccessKeyId=testId&Action=SendSms&Format=XML&OutId=123&PhoneNumbers=15300000001\
             &RegionId=cn-hangzhou\
             &SignName=%E9%98%BF%E9%87%8C%E4%BA%91%E7%9F%AD%E4%BF%A1%E6%B5%8B%E8%AF%95%E4%B8%93%E7%94%A8\
             &SignatureMethod=HMAC-SHA1&SignatureNonce=45e25e9b-0a6f-4070-8c85-2956eda1b466\
             &SignatureVersion=1.0&TemplateCode=SMS_71390007\
             &TemplateParam=%7B%22customer%22%3A%22test%22%7D&Timestamp=2017-07-12T02%3A42%3A19Z\
             &Version=2017-05-25"
        );
    }

    #[test]
    fn documented_example_string_to_sign_matches() {
        assert_eq!(
            string_to_sign("GET", &DOC_EXAMPLE),
            "GET&%2F&AccessKeyId%3DtestId%26Action%3DSendSms%26Format%3DXML%26OutId%3D123\
             %26PhoneNumbers%3D15300000001%26RegionId%3Dcn-hangzhou\
             %26SignName%3D%25E9%2598%25BF%25E9%2587%258C%25E4%25BA%2591%25E7%259F%25AD%25E4%25BF%25A1%25E6%25B5%258B%25E8%25AF%2595%25E4%25B8%2593%25E7%2594%25A8\
             %26SignatureMethod%3DHMAC-SHA1%26SignatureNonce%3D45e25e9b-0a6f-4070-8c85-2956eda1b466\
             %26SignatureVersion%3D1.0%26TemplateCode%3DSMS_71390007\
             %26TemplateParam%3D%257B%2522customer%2522%253A%2522test%2522%257D\
             %26Timestamp%3D2017-07-12T02%253A42%253A19Z%26Version%3D2017-05-25"
        );
    }

    #[test]
    fn documented_example_signature_matches() {
        assert_eq!(
            sign("GET", &DOC_EXAMPLE, "testSecret"),
            "zJDF+Lrzhj/ThnlvIToysFRq6t4="
        );
    }

    #[test]
    fn documented_example_signed_query_matches_the_documented_url() {
        // The documented URL puts Signature first; the server does not care about the order.
        let query = signed_query("GET", &DOC_EXAMPLE, "testSecret");
        assert!(query.ends_with("&Signature=zJDF%2BLrzhj%2FThnlvIToysFRq6t4%3D"));
        assert!(query.starts_with("AccessKeyId=testId&Action=SendSms&"));
    }

    #[test]
    fn generic_rpc_documentation_example_signature_matches() {
        // The RPC signature example of Aliyun's common documentation (DescribeRegions).
        let params = [
            ("Timestamp", "2016-02-23T12:46:24Z"),
            ("Format", "XML"),
            ("AccessKeyId", "testid"),
            ("Action", "DescribeRegions"),
            ("SignatureMethod", "HMAC-SHA1"),
            ("SignatureNonce", "3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf"),
            ("SignatureVersion", "1.0"),
            ("Version", "2014-05-26"),
        ];
        assert_eq!(
            sign("GET", &params, "testsecret"),
            "OLeaidS1JvxuMvnyHOwuJ+uX5qY="
        );
    }

    #[test]
    fn the_order_given_and_an_old_signature_do_not_matter() {
        let mut reversed: Vec<(&str, &str)> = DOC_EXAMPLE.iter().rev().copied().collect();
        reversed.push(("Signature", "stale"));
        assert_eq!(
            sign("GET", &reversed, "testSecret"),
            "zJDF+Lrzhj/ThnlvIToysFRq6t4="
        );
    }

    #[test]
    fn percent_encoding_follows_aliyuns_rules() {
        assert_eq!(percent_encode("a b"), "a%20b");
        assert_eq!(percent_encode("*"), "%2A");
        assert_eq!(percent_encode("~-_.AZaz09"), "~-_.AZaz09");
        assert_eq!(percent_encode("/=&+:"), "%2F%3D%26%2B%3A");
        assert_eq!(percent_encode("庭"), "%E5%BA%AD");
    }
}
