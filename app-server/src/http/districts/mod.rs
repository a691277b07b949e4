//! Administrative divisions: anyone may browse and search them (the plaza's weather map and
//! post places use them); admins add, edit, import and export them (`/api/admin/districts*`,
//! every handler taking an [`AdminUser`](crate::http::extract::AdminUser)).

pub mod dto;
pub mod handlers;
