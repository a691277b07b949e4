//! The account area's own bodies: none yet. Binding a phone takes the phone number and code that
//! sign-in takes and answers the user, all shared ([`crate::http::dto`]); what only this area
//! accepts or answers goes here.
