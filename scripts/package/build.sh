#!/usr/bin/env bash
# Builds the Debian package from the release binary: stages the files that are made rather than
# copied (the units of docs/systemd/ with the binary at /usr/bin instead of /usr/local/bin, the
# commented default configuration from `custody-site config --print-default`, the manual pages
# and shell completions from examples/package_files.rs) under target/package/, then runs
# cargo-deb with the metadata in Cargo.toml ([package.metadata.deb]). Prints the package's path.
#
# Usage: bash scripts/package/build.sh [--deb-revision N] [--output FILE]
#   (needs cargo-deb 3.8: cargo install cargo-deb --locked --version 3.8.0)
set -euo pipefail
cd "$(dirname "$0")/../.."

deb_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --deb-revision) deb_args+=(--deb-revision "$2"); shift 2 ;;
    --output) deb_args+=(--output "$2"); shift 2 ;;
    *) echo "usage: bash scripts/package/build.sh [--deb-revision N] [--output FILE]" >&2; exit 2 ;;
  esac
done

# The packaged binary is the release build alone. The example that writes the manual pages and
# completions builds with the tests' profile (the fast tier of scripts/test.sh has built it
# already), in a command of its own: built beside the binary, it would bring the dev-dependencies'
# features (custody-site-lib's `testing`) into the binary and link it again with full LTO.
cargo build --release --locked --bin custody-site >&2
cargo build --profile release-test --locked --workspace --example package_files >&2

stage=target/package
rm -rf "$stage"
mkdir -p "$stage/units"
for unit in docs/systemd/*; do
  sed 's|/usr/local/bin/custody-site|/usr/bin/custody-site|g' "$unit" >"$stage/units/$(basename "$unit")"
done
if grep -q /usr/local "$stage"/units/*; then
  echo "build.sh: a unit still names /usr/local: $(grep -l /usr/local "$stage"/units/*)" >&2
  exit 1
fi
target/release/custody-site config --print-default >"$stage/config.toml"
target/release-test/examples/package_files "$stage"

cargo deb --no-build --no-strip --locked "${deb_args[@]}" 2>&2 | tail -n 1
