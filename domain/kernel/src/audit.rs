//! The audit log's vocabulary: the one registry of action names ([`AuditAction`]), the event
//! every domain writes ([`AuditEvent`]) and the port it is written through ([`AuditLog`]).
//!
//! Every audited action of the code is a variant of [`AuditAction`]: the admin console filters
//! by these names, the OpenAPI document lists them as an enum, and the frontend's locale test
//! fails when one has no zh or en label. A domain records an event with
//! `AuditAction::X.into()` as its `action`, never a free-typed string.

use crate::UserId;
use chrono::{DateTime, Utc};
use std::fmt;

/// Declares the registry: each variant and its stable dotted name.
macro_rules! audit_actions {
    ($($(#[$meta:meta])* $variant:ident => $name:literal,)+) => {
        /// Every action the audit log knows (docs/architecture.md, "The audit log").
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum AuditAction {
            $($(#[$meta])* $variant,)+
        }

        impl AuditAction {
            /// Every action, in the registry's order.
            pub const ALL: &'static [AuditAction] = &[$(AuditAction::$variant,)+];

            /// The stable dotted name stored in the log.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(AuditAction::$variant => $name,)+
                }
            }

            /// The action of a stored name; `None` for a name the registry does not have.
            pub fn parse(raw: &str) -> Option<Self> {
                match raw {
                    $($name => Some(AuditAction::$variant),)+
                    _ => None,
                }
            }
        }
    };
}

audit_actions! {
    /// A sign-in; detail: the method (`password`, `phone`, `wechat`).
    SignIn => "auth.sign_in",
    /// A refused sign-in (unknown user, wrong password, wrong SMS code); no actor, target: the
    /// username or the masked phone number, detail: the method and reason. Never the secret.
    SignInFailed => "auth.sign_in_failed",
    /// A signed-in session ended by its user.
    SignOut => "auth.sign_out",
    /// A new account; detail: the method.
    Registered => "account.registered",
    /// The user changed their password (other sessions signed out).
    PasswordChanged => "account.password_changed",
    /// A phone number bound to the account; target: the masked number.
    PhoneBound => "account.phone_bound",
    /// A WeChat identity linked to the account.
    WechatLinked => "account.wechat_linked",
    /// The WeChat identity unlinked from the account.
    WechatUnlinked => "account.wechat_unlinked",
    /// A personal access token created; detail: its name and scopes.
    TokenCreated => "token.created",
    /// A personal access token revoked.
    TokenRevoked => "token.revoked",
    /// A group's join request approved by a manager.
    GroupRequestApproved => "group.request.approved",
    /// A group's join request rejected by a manager.
    GroupRequestRejected => "group.request.rejected",
    /// A member's role changed; detail: the new role.
    GroupRoleChanged => "group.member.role_changed",
    /// A member removed from a group.
    GroupMemberRemoved => "group.member.removed",
    /// A member (or a stranger) banned from a group.
    GroupMemberBanned => "group.member.banned",
    /// A ban lifted.
    GroupMemberUnbanned => "group.member.unbanned",
    /// A group's ownership transferred (the recipient accepted the owner's offer); actor: the
    /// new owner, detail: the previous owner.
    GroupTransferred => "group.transferred",
    /// The owner offered the group to a member; detail: the recipient.
    GroupTransferOffered => "group.transfer.offered",
    /// The recipient declined an offer of ownership; detail: the owner who made it.
    GroupTransferDeclined => "group.transfer.declined",
    /// The owner withdrew an offer of ownership; detail: its recipient.
    GroupTransferCancelled => "group.transfer.cancelled",
    /// A group deleted by its owner or an administrator.
    GroupDeleted => "group.deleted",
    /// An article deleted by a group manager who is not its author.
    GroupArticleDeleted => "group.article.deleted",
    /// A reply to an article deleted by a group manager who is not its author.
    GroupReplyDeleted => "group.reply.deleted",
    /// A plaza post deleted by an administrator.
    PlazaPostDeleted => "plaza.post.deleted",
    /// A plaza comment deleted by an administrator.
    PlazaCommentDeleted => "plaza.comment.deleted",
    /// A district added.
    DistrictCreated => "district.created",
    /// A district edited; detail: before and after.
    DistrictUpdated => "district.updated",
    /// A district file imported; detail: the counts.
    DistrictImported => "district.imported",
    /// A word or phrase added to the word list; target: the phrase, detail: its action.
    WordAdded => "word.added",
    /// A word or phrase removed from the word list; target: the phrase.
    WordRemoved => "word.removed",
    /// A word-list file imported; detail: the counts.
    WordsImported => "word.imported",
    /// The WeChat custom menu published.
    WechatMenuPublished => "wechat.menu.published",
    /// The WeChat custom menu deleted.
    WechatMenuDeleted => "wechat.menu.deleted",
    /// An earlier WeChat menu published again.
    WechatMenuRolledBack => "wechat.menu.rolled_back",
    /// The WeChat access token force-refreshed by an administrator.
    WechatTokenRefreshed => "wechat.token.refreshed",
    /// A user disabled by an administrator (every session and token ends).
    UserDisabled => "user.disabled",
    /// A disabled user enabled again.
    UserEnabled => "user.enabled",
    /// A media object hidden by an administrator.
    MediaHidden => "media.hidden",
    /// A hidden media object shown again.
    MediaUnhidden => "media.unhidden",
    /// A media object deleted by an administrator.
    MediaDeleted => "media.deleted",
    /// A report's case closed by a moderator (`detail`: the action, what was reported and how
    /// many reported it).
    ReportClosed => "report.closed",
}

impl fmt::Display for AuditAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl From<AuditAction> for String {
    fn from(a: AuditAction) -> Self {
        a.as_str().to_owned()
    }
}

/// One entry of the audit log: who did what to what, from where, when. Several domains write
/// it (accounts, tokens, groups, the plaza, the admin console); the admin console reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditEvent {
    pub at: DateTime<Utc>,
    /// The acting user; `None` for anonymous actions (a failed login, say).
    pub actor: Option<UserId>,
    /// A name of the registry, [`AuditAction::as_str`]: `token.created`, `auth.sign_in`, …
    pub action: String,
    /// What the action was done to, e.g. a token's id.
    pub target: Option<String>,
    pub ip: Option<String>,
    /// A short, secret-free detail (e.g. a token's name and scopes).
    pub detail: Option<String>,
}

impl AuditEvent {
    /// An event of `action` at `at`, with nothing else filled in.
    pub fn new(action: AuditAction, at: DateTime<Utc>) -> Self {
        Self {
            at,
            actor: None,
            action: action.into(),
            target: None,
            ip: None,
            detail: None,
        }
    }

    pub fn actor(mut self, actor: UserId) -> Self {
        self.actor = Some(actor);
        self
    }

    pub fn target(mut self, target: impl Into<String>) -> Self {
        self.target = Some(target.into());
        self
    }

    pub fn ip(mut self, ip: Option<String>) -> Self {
        self.ip = ip;
        self
    }

    pub fn detail(mut self, detail: impl Into<String>) -> Self {
        self.detail = Some(detail.into());
        self
    }
}

/// Where audit events are kept (the database: every instance writes to the same log).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait::async_trait]
pub trait AuditLog: Send + Sync {
    /// # Errors
    /// MUST return an error only when the store cannot be reached.
    async fn record(&self, event: AuditEvent) -> Result<(), anyhow::Error>;
}

/// Records `event`; a log that cannot be written is reported (the action and the error, no
/// detail), never turned into a failure of the action that already happened.
pub async fn record_or_log(log: &dyn AuditLog, event: AuditEvent) {
    let action = event.action.clone();
    if let Err(e) = log.record(event).await {
        tracing::error!(error = %e, action, "audit event not recorded");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_action_has_a_unique_dotted_name_that_parses_back() {
        let mut seen = HashSet::new();
        for a in AuditAction::ALL {
            let name = a.as_str();
            assert!(seen.insert(name), "{name} twice");
            assert!(name.len() <= 64, "{name} is longer than the column");
            assert!(
                name.split('.').count() >= 2
                    && name
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c == '.' || c == '_'),
                "{name} is not a dotted lowercase name"
            );
            assert_eq!(AuditAction::parse(name), Some(*a));
        }
        assert_eq!(AuditAction::parse("auth.nothing"), None);
    }
}
