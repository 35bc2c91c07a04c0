//! Fuzz target: any request path through the server's path resolution.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let path = String::from_utf8_lossy(data);
    custody_site_fuzz::check_resolution(&path);
});
