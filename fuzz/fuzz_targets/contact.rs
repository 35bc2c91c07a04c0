//! Fuzz target: any body through the contact endpoint's reading and validation; an accepted
//! application must be clean, a refused one name its fields.

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
    for lang in Lang::ALL {
        let _ = submission.request(&CONTENT.locale(lang).contact);
    }
    match submission.validate() {
        Ok(application) => check_application(&application),
        Err(problems) => assert!(!problems.is_empty(), "a refusal names its fields"),
    }
});
