//! The plaza's per-person rates (`RATE_PLAZA_*`). Read at start by its wiring ([`crate::config::Settings`]) through
//! the loader; every variable is in `docs/configuration.md`.

use crate::config::env::Env;
use crate::config::settings::Settings;
use plaza::PlazaPolicy;

/// # Errors
/// A malformed rate rule.
pub fn read(env: Env<'_>) -> anyhow::Result<PlazaPolicy> {
    let p = PlazaPolicy::default();
    Ok(PlazaPolicy {
        post_rate: env.rule("RATE_PLAZA_POSTS", p.post_rate)?,
        comment_rate: env.rule("RATE_PLAZA_COMMENTS", p.comment_rate)?,
        like_rate: env.rule("RATE_PLAZA_LIKES", p.like_rate)?,
        edit_rate: env.rule("RATE_PLAZA_EDITS", p.edit_rate)?,
    })
}

impl Settings for PlazaPolicy {
    fn read(env: Env<'_>) -> anyhow::Result<Self> {
        read(env)
    }
}
