//! Values with rules (parsed once at the edge, trusted afterwards) and the entities built of them.

mod password;
mod phone;
mod profile;
mod session;
mod user;
mod username;
mod wechat;

pub use password::{Password, PasswordHash};
pub use phone::{CodePurpose, PhoneNumber, PhoneRegion, VerificationCode, VerificationCodeHash};
pub use profile::{Appearance, Bio, ColorMode, Language};
pub use session::{Session, SessionToken, SessionTokenHash};
pub use user::{NewUser, Nickname, ProfileKey, User, UserKey};
pub use username::Username;
pub use wechat::{WechatIdentity, WechatProfile};
