//! The public plaza (`/api/plaza/*`): the feed, posts with images and a district, likes and
//! comments. Every rule is the domain's (`plaza::PlazaService`); handlers say who asks and turn
//! bodies into domain values.

pub mod dto;
pub mod handlers;
pub mod profiles;
