//! Community groups (`/api/groups/*`): discovery, a group's home and settings, joining and
//! leaving, members, bans and requests, articles and the gallery. Every rule is the domain's
//! (`groups::GroupsService`); handlers say who asks and turn bodies into domain values.

pub mod articles;
pub mod dto;
pub mod handlers;
pub mod members;
pub mod profiles;
