//! The groups' limits (`GROUPS_*`, `RATE_GROUP*`). Read at start by its wiring ([`crate::config::Settings`]) through
//! the loader; every variable is in `docs/configuration.md`.

use crate::config::env::Env;
use crate::config::settings::Settings;
use groups::GroupsPolicy;

/// # Errors
/// A malformed number or rate rule.
pub fn read(env: Env<'_>) -> anyhow::Result<GroupsPolicy> {
    let g = GroupsPolicy::default();
    Ok(GroupsPolicy {
        max_owned_per_user: env.num("GROUPS_MAX_OWNED_PER_USER", g.max_owned_per_user)?,
        create_rate: env.rule("RATE_GROUPS_CREATE", g.create_rate)?,
        invite_attempts: env.rule("RATE_GROUP_INVITE_ATTEMPTS", g.invite_attempts)?,
        article_create_rate: env.rule("RATE_GROUP_ARTICLES_CREATE", g.article_create_rate)?,
        article_save_rate: env.rule("RATE_GROUP_ARTICLE_SAVES", g.article_save_rate)?,
        article_chars_per_user: env
            .num("GROUPS_ARTICLE_CHARS_PER_USER", g.article_chars_per_user)?,
        reply_rate: env.rule("RATE_GROUP_REPLIES", g.reply_rate)?,
        reply_edit_rate: env.rule("RATE_GROUP_REPLY_EDITS", g.reply_edit_rate)?,
    })
}

impl Settings for GroupsPolicy {
    fn read(env: Env<'_>) -> anyhow::Result<Self> {
        read(env)
    }
}
