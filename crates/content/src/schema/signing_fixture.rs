//! The signing model the tests of `signing.rs` and of the copy check (`validate/signing_copy.rs`)
//! read: a cold and a warm wallet and one automatic transfer, with the universal phrases each
//! test needs.

use super::signing::Signing;

/// The fixture's signing model, whose `universal` phrases are the TOML inline table `universal`.
pub(crate) fn fixture(universal: &str) -> Signing {
    let model = r#"hsm_certification = "FIPS 140-3 Level 3"
claim = [{ says = { en = ["no continent"] }, holds = "no-continent-signs-alone" }]

[[wallet]]
id = "cold"
scheme = "multi-signature"
threshold = 3
keys = 5
continents = { asia = 2, europe = 2, north-america = 1 }
signers = "key-holders"
hours = "business"
called = { en = ["cold"] }

[[wallet]]
id = "warm"
scheme = "mpc"
threshold = 2
keys = 3
continents = { asia = 2, europe = 1 }
signers = "automatic"
hours = "around-the-clock"
called = { en = ["warm"] }

[[automatic]]
id = "oasis-settlement"
wallet = "warm"
interval = "oasis-settlement"
named = { en = ["Oasis"], zh = ["Oasis"] }
approval = "control-changes"
rule = { en = "Oasis settlement", zh = "Oasis 结算" }

[[approval]]
id = "control-changes"
about = "who approves a change of controls"
text = { en = "changes, Oasis bindings among them", zh = "变更，包括 Oasis 绑定" }
restated = { en = ["adjust approval rules"] }
"#;
    toml::from_str(&format!("universal = {universal}\n{model}")).expect("the fixture parses")
}
