//! The account area's own codes. The accounts domain's errors, which this area answers too, are
//! mapped once in `http/auth/errors.rs`.

use crate::http::error::error_codes;

error_codes! {
    /// The codes only the account area answers.
    pub enum AccountCode {
        /// A colour mode or a language outside its values (`PUT /api/account/appearance`).
        InvalidAppearance = "invalid_appearance" => InvalidAppearance,
    }
}
