//! Fuzz target: any body through the contact endpoint's reading and validation, in both
//! languages; an accepted application must be clean and the same in both.

#![no_main]

use custody_applications::application::Submission;
use custody_content::Lang;
use custody_site_fuzz::{CONTENT, check_application};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(submission) = serde_json::from_slice::<Submission>(data) else {
        return;
    };
    let _ = submission.language();
    let _ = submission.is_robot();
    let _ = submission.source_page();
    let mut accepted = None;
    for lang in Lang::ALL {
        let copy = &CONTENT.locale(lang).contact;
        let _ = submission.request(copy);
        match submission.validate(copy) {
            Ok(application) => {
                check_application(&application);
                if let Some(previous) = &accepted {
                    assert_eq!(previous, &application, "the language changes only messages");
                }
                accepted = Some(application);
            }
            Err(fields) => {
                assert!(accepted.is_none(), "accepted in one language only");
                assert!(!fields.is_empty());
            }
        }
    }
});
