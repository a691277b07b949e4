//! What a personal access token may do: an area of the API and the access to it (`groups:read`),
//! and a token's set of them. Apart from the secrets' model, so that the refusals
//! (`TokensError::ScopeNotAllowed`) can name a scope without a cycle.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// An area of the API a token may be given access to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Area {
    /// The user's own account: sessions, phone, WeChat binding.
    Account,
    /// The AI assistant.
    Ai,
    /// Community groups: their articles, gallery and members.
    Groups,
    /// The public plaza: posts, likes, comments, districts and the weather map.
    Plaza,
    /// The user's notifications: the inbox, its live stream, read marks and preferences.
    Notifications,
    /// The admin console (administrators only).
    Admin,
}

impl Area {
    pub const ALL: [Area; 6] = [
        Area::Account,
        Area::Ai,
        Area::Groups,
        Area::Plaza,
        Area::Notifications,
        Area::Admin,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Area::Account => "account",
            Area::Ai => "ai",
            Area::Groups => "groups",
            Area::Plaza => "plaza",
            Area::Notifications => "notifications",
            Area::Admin => "admin",
        }
    }
}

/// Reading (safe methods) or changing (everything else).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Access {
    Read,
    Write,
}

impl Access {
    pub fn as_str(self) -> &'static str {
        match self {
            Access::Read => "read",
            Access::Write => "write",
        }
    }
}

/// One permission a token carries: `area:access`, e.g. `account:read`. `write` includes
/// `read` of the same area (as GitHub's fine-grained tokens do).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Scope {
    pub area: Area,
    pub access: Access,
}

impl Scope {
    pub const fn new(area: Area, access: Access) -> Self {
        Self { area, access }
    }

    /// Every scope there is, in a stable order.
    pub fn all() -> impl Iterator<Item = Scope> {
        Area::ALL
            .into_iter()
            .flat_map(|area| [Access::Read, Access::Write].map(|access| Scope { area, access }))
    }

    /// `area:access`, e.g. `account:read`.
    pub fn as_str(self) -> &'static str {
        match (self.area, self.access) {
            (Area::Account, Access::Read) => "account:read",
            (Area::Account, Access::Write) => "account:write",
            (Area::Ai, Access::Read) => "ai:read",
            (Area::Ai, Access::Write) => "ai:write",
            (Area::Groups, Access::Read) => "groups:read",
            (Area::Groups, Access::Write) => "groups:write",
            (Area::Plaza, Access::Read) => "plaza:read",
            (Area::Plaza, Access::Write) => "plaza:write",
            (Area::Notifications, Access::Read) => "notifications:read",
            (Area::Notifications, Access::Write) => "notifications:write",
            (Area::Admin, Access::Read) => "admin:read",
            (Area::Admin, Access::Write) => "admin:write",
        }
    }

    /// Only administrators may grant it.
    pub fn admin_only(self) -> bool {
        self.area == Area::Admin
    }

    /// Whether a token holding `self` may do what needs `required`.
    pub fn covers(self, required: Scope) -> bool {
        self.area == required.area
            && (self.access == required.access || self.access == Access::Write)
    }
}

impl fmt::Display for Scope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Scope {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Scope::all()
            .find(|scope| scope.as_str() == s)
            .ok_or_else(|| format!("unknown scope {s:?}"))
    }
}

/// A token's scopes: sorted, without repeats, at least one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scopes(Vec<Scope>);

impl Scopes {
    /// # Errors
    /// When the list is empty or names an unknown scope.
    pub fn parse<S: AsRef<str>>(names: &[S]) -> Result<Self, String> {
        let mut scopes = names
            .iter()
            .map(|n| n.as_ref().parse::<Scope>())
            .collect::<Result<Vec<_>, _>>()?;
        if scopes.is_empty() {
            return Err("at least one scope is needed".into());
        }
        scopes.sort();
        scopes.dedup();
        Ok(Self(scopes))
    }

    pub fn iter(&self) -> impl Iterator<Item = Scope> + '_ {
        self.0.iter().copied()
    }

    /// Whether some scope of the set covers `required`.
    pub fn allow(&self, required: Scope) -> bool {
        self.0.iter().any(|s| s.covers(required))
    }

    /// Space-separated, as stored: `account:read ai:write`.
    pub fn to_stored(&self) -> String {
        self.0
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// # Errors
    /// When the stored text no longer parses (data corruption).
    pub fn from_stored(stored: &str) -> Result<Self, String> {
        Self::parse(&stored.split_whitespace().collect::<Vec<_>>())
    }
}
