#!/usr/bin/env bash
# The dependency audit: cargo-deny checks Cargo.lock's crates against the RustSec advisories of
# the offline snapshot in ../shared/advisory-db/ (beside the checkout), the licence allow-list,
# duplicate versions and sources, as configured in deny.toml. It needs no network: the snapshot is
# unpacked into a temporary git repository dated by its upstream commit, which cargo-deny opens
# without fetching, and cargo metadata reads the crates from ~/.cargo (only when some are missing
# does it run `cargo fetch --locked` first). Inclusion graphs are not printed:
# `cargo tree --target all -i CRATE@VERSION` shows how a reported crate is reached.
#
# Usage: bash scripts/deny.sh   (from anywhere; needs cargo-deny 0.20, which .ci/run installs)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

if ! command -v cargo-deny >/dev/null 2>&1; then
  echo "cargo-deny is not installed: cargo install cargo-deny --locked --version 0.20.2" >&2
  exit 1
fi

snapshot="$(dirname "$root")/shared/advisory-db"
if [ ! -f "$snapshot/rustsec-advisory-db.tar.gz" ] || [ ! -f "$snapshot/README.md" ]; then
  echo "no RustSec snapshot at $snapshot (rustsec-advisory-db.tar.gz and README.md expected)" >&2
  exit 1
fi
# The snapshot's README names the upstream commit and gives its commit date.
commit=$(tr '\n' ' ' <"$snapshot/README.md" | grep -oE 'upstream commit +`[0-9a-f]{40}`' | grep -oE '[0-9a-f]{40}' || true)
date=$(grep -oE 'GIT_COMMITTER_DATE=[^ ]+' "$snapshot/README.md" | head -1 | cut -d= -f2 || true)
if [ -z "$commit" ] || [ -z "$date" ]; then
  echo "$snapshot/README.md no longer names the upstream commit and its GIT_COMMITTER_DATE" >&2
  exit 1
fi

db=$(mktemp -d)
trap 'rm -rf "$db"' EXIT
tar -xzf "$snapshot/rustsec-advisory-db.tar.gz" -C "$db"
# cargo-deny looks for the default database (github.com/RustSec/advisory-db) under this name and
# takes its age from the HEAD commit's date.
repo="$db/advisory-db-3157b0e258782691"
mv "$db/advisory-db" "$repo"
git -C "$repo" init -q
git -C "$repo" add -A
GIT_COMMITTER_DATE=$date GIT_AUTHOR_DATE=$date \
  git -C "$repo" -c user.name=snapshot -c user.email=snapshot@localhost -c commit.gpgsign=false \
  commit -qm "RustSec advisory-db snapshot ${commit:0:7}"
age_days=$(( ($(date +%s) - $(date -d "$date" +%s)) / 86400 ))
echo "RustSec advisory-db snapshot: upstream commit $commit, committed $date ($age_days days ago)"
if [ "$age_days" -gt 90 ]; then
  echo "warning: the advisory snapshot is $age_days days old; advisories published since are not checked" >&2
fi

if ! cargo metadata --offline --locked --format-version 1 >/dev/null 2>&1; then
  echo "some crates of Cargo.lock (other platforms' included) are not in ~/.cargo: cargo fetch --locked"
  cargo fetch --locked
fi

# deny.toml reads the database folder from DENY_DB_PATH.
DENY_DB_PATH=$db cargo deny --offline --locked check --show-stats --hide-inclusion-graph advisories licenses bans sources
