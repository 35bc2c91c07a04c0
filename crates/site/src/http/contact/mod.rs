//! Contact / open-account applications, sent two ways through the same checks, rules and durable
//! store (`intake.rs`): as JSON by the form's script (`POST /api/contact`, `json.rs`), and as the
//! form itself posted without scripts, or before they ran, to the contact page (`form.rs`, its
//! body read by `form_body.rs`), answered with pages of the contact page (`answer.rs`). A refused
//! field's message is worded from its reason in `field_words.rs`.

mod answer;
mod field_words;
mod form;
mod form_body;
mod intake;
mod json;

pub use answer::{FormAnswer, FormValues, unknown_names};
pub(crate) use form::{received, submit as submit_form};
pub use intake::MAX_BODY_BYTES;
pub use json::{IDEMPOTENCY_KEY, ReceiptBody, submit};
