//! The profile rules of one's own account (`USERNAME_HOLD_DAYS`). Read at start by
//! its wiring ([`crate::config::Settings`]) through the loader; every variable is in `docs/configuration.md`.

use crate::config::env::Env;
use crate::config::settings::Settings;
use accounts::ProfilePolicy;

/// # Errors
/// A hold that is not a number of days from 0 to 3650.
pub fn read(env: Env<'_>) -> anyhow::Result<ProfilePolicy> {
    Ok(ProfilePolicy {
        username_hold_days: env.num_in(
            "USERNAME_HOLD_DAYS",
            ProfilePolicy::default().username_hold_days,
            0..=3650,
        )?,
    })
}

impl Settings for ProfilePolicy {
    fn read(env: Env<'_>) -> anyhow::Result<Self> {
        read(env)
    }
}
