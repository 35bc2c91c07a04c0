//! Fuzz target: any query string through the supported-assets parameter parser.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let raw = String::from_utf8_lossy(data);
    custody_site_fuzz::check_supported_asset_query(&raw);
});
