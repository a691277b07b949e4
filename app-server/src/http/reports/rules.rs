//! The reports' inputs as OpenAPI schemas, from the `reports` domain's own names.

use crate::http::area::{NamedEnum, named};
use crate::http::rules::one_of;
use utoipa::openapi::schema::Schema;

const KINDS: [&str; 7] = [
    "post", "comment", "article", "reply", "image", "group", "person",
];
const REASONS: [&str; 5] = ["spam", "abuse", "illegal", "privacy", "other"];
const ACTIONS: [&str; 5] = ["dismiss", "hide", "delete", "ban", "disable"];

pub fn subject_kind() -> Schema {
    one_of(KINDS, "What is reported.")
}

pub fn reason() -> Schema {
    one_of(REASONS, "Why: `other` needs a `note` saying what is wrong.")
}

pub fn action() -> Schema {
    one_of(
        ACTIONS,
        "`dismiss`: nothing wrong (what the word list held is shown again); `hide`: the content stays, shown to its author only (a post, a comment, an article or a reply); `delete`: the content is deleted (not a group or a person); `ban`: its author is banned from the group; `disable`: its author's account is disabled (administrators only).",
    )
}

/// The area's string enums, named ([`Area::ENUMS`](crate::http::area::Area::ENUMS)).
pub const ENUMS: &[NamedEnum] = &[
    named(
        "ReportSubjectKind",
        &KINDS,
        "被举报内容的种类",
        "What kind of thing is reported",
    ),
    named(
        "ReportReason",
        &REASONS,
        "举报的原因",
        "Why something is reported",
    ),
    named(
        "ReportAction",
        &ACTIONS,
        "处理举报案件的方式",
        "What a moderator does with a case",
    ),
    named(
        "ReportCaseState",
        &["open", "closed"],
        "举报案件的状态",
        "Whether a case is open or closed",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use reports::{Action, Reason, SubjectKind};

    #[test]
    fn the_names_are_the_domains() {
        assert_eq!(SubjectKind::ALL.map(SubjectKind::as_str), KINDS);
        assert_eq!(Reason::ALL.map(Reason::as_str), REASONS);
        assert_eq!(Action::ALL.map(Action::as_str), ACTIONS);
    }
}
