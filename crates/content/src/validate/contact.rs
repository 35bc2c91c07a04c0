//! The rule of the form's copy: every language labels exactly the fixed business types.

use crate::schema::contact::BUSINESS_TYPES;
use crate::schema::model::Content;
use crate::{ContentError, Lang};

/// Every language labels exactly the fixed business types.
pub fn check(content: &Content) -> Vec<ContentError> {
    let mut errors = Vec::new();
    for lang in Lang::ALL {
        let file = format!("{}/contact.toml", lang.code());
        let labelled: Vec<&str> = content
            .locale(lang)
            .contact
            .business_type
            .keys()
            .map(String::as_str)
            .collect();
        let mut expected = BUSINESS_TYPES.to_vec();
        expected.sort_unstable();
        if labelled != expected {
            errors.push(ContentError::in_file(
                &file,
                format!(
                    "[business_type] must label exactly {}, not {}",
                    BUSINESS_TYPES.join(", "),
                    labelled.join(", ")
                ),
            ));
        }
    }
    errors
}
