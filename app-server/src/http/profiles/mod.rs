//! `/api/users/{id}`: a person's public profile. Their groups, plaza posts and articles are
//! listed by the areas that own them (`groups`, `plaza`) under `/api/users/{id}/…`, each
//! showing only what the asker may read.

pub mod dto;
pub mod handlers;
