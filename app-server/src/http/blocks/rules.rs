//! The blocks' inputs as OpenAPI schemas, from the `blocks` domain's own names.

use crate::http::area::{NamedEnum, named};
use crate::http::rules::one_of;
use utoipa::openapi::schema::Schema;

const KINDS: [&str; 2] = ["block", "mute"];

/// `BlockKind::parse`: what an entry does.
pub fn block_kind() -> Schema {
    one_of(
        KINDS,
        "`block`: hides both ways, and neither may reply to, comment on, mention or like the other; `mute`: hides the person's writing from you, silently.",
    )
}

/// The area's string enums, named ([`Area::ENUMS`](crate::http::area::Area::ENUMS)).
pub const ENUMS: &[NamedEnum] = &[named(
    "BlockKind",
    &KINDS,
    "屏蔽或静音",
    "A block or a mute",
)];

#[cfg(test)]
mod tests {
    use super::*;
    use blocks::BlockKind;

    #[test]
    fn the_kinds_are_the_domains_names() {
        assert_eq!(BlockKind::ALL.map(BlockKind::as_str), KINDS);
    }
}
