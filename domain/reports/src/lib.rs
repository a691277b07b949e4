//! Reports and the moderation queue (docs/moderation.md, "Reports"): anyone signed in reports
//! something they can see — a plaza post or comment, an article or a reply, an image, a group,
//! a person — with a reason; every open report of one item folds into one **case** with a count;
//! the reported person never learns who reported.
//!
//! - [`model`]: what is reported ([`Subject`]), why ([`Reason`]), a [`Case`] and where it is
//!   handled ([`Case::in_site_queue`]): a group's content by that group's owner and admins, the
//!   rest — and a group's case its managers left open for 48 hours — by the site's
//!   administrators.
//! - [`ports`]: the cases' store, what a subject is (its author, group and text, as the reporter
//!   may see it), who manages a group, and the enforcer that carries out an action.
//! - [`service`]: [`ReportsService`] — report (rate-limited), the queues, a case, and closing a
//!   case with an action (dismiss, delete, ban from the group, disable the account), audited.
//!
//! Pure domain: no adapter, web framework or database library.

pub mod error;
pub mod model;
pub mod ports;
pub mod service;

pub use error::ReportsError;
pub use model::{Action, Case, CaseId, Reason, Subject, SubjectKind};
pub use service::{ReportsPorts, ReportsService};
