#!/usr/bin/env bash
# Rewrites ui/src/lib/generated/ from the Rust structs the server serializes: the page data
# (crates/content/src/view/), the client contract (crates/site/src/render/client_contract.rs) and
# the API answers; and ui/src/components/contact/*.generated.ts from the contact form's fields and
# rules (crates/applications/src/rules.rs). tests/site/ui_types.rs, part of the test command, fails
# while the committed files differ from what the Rust code generates.
set -euo pipefail
cd "$(dirname "$0")/.."
CUSTODY_WRITE_UI_TYPES=1 cargo test --profile release-test --test site ui_types::
