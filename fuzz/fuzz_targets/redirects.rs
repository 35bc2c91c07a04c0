//! Fuzz target: every redirect source of `content/redirects.toml` under `/zh` and `/en`, with
//! trailing slashes, and with arbitrary text before, inside and after it.

#![no_main]

use arbitrary::Arbitrary;
use custody_content::Lang;
use custody_site::resolver::Resolution;
use custody_site_fuzz::{CONTENT, check_resolution};
use libfuzzer_sys::fuzz_target;

#[derive(Debug, Arbitrary)]
struct Input {
    source: u8,
    prefix: u8,
    slashes: u8,
    before: String,
    inside: String,
    after: String,
}

fuzz_target!(|input: Input| {
    let redirect = &CONTENT.redirects[usize::from(input.source) % CONTENT.redirects.len()];
    let (prefix, lang) =
        [("", Lang::En), ("/zh", Lang::Zh), ("/en", Lang::En)][usize::from(input.prefix) % 3];
    let slashes = "/".repeat(usize::from(input.slashes % 4));
    let path = format!("{prefix}/{}{slashes}", redirect.from);
    assert_eq!(
        check_resolution(&path),
        Resolution::Redirect(&lang.localize(&redirect.to)),
        "{path:?}"
    );
    for path in [
        format!("{}{path}", input.before),
        format!("{path}{}", input.after),
        format!("{prefix}{}/{}", input.inside, redirect.from),
        format!("{}{path}{}", input.before, input.after),
    ] {
        check_resolution(&path);
    }
});
