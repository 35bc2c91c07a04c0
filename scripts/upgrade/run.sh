#!/usr/bin/env bash
# The upgrade audit: two real builds that differ, sharing one builds directory. A second release
# binary is built from a temporary copy of this checkout whose link colour (content/site.toml,
# which becomes CSS and the brand kit's palette) differs, so its hashed files differ. The release
# binary of this checkout (the old build) then serves pages and stores its build's files; once it
# is stopped, the new binary starts on the same builds directory, and every /_app/ file the old
# pages use (their links and the route manifest's) must answer 200 with the same headers and
# bytes, while the new build's own files answer too (check.mjs). Events are ordered by log lines
# and answers, never by waiting a fixed time.
# Usage: bash scripts/upgrade/run.sh   (after cargo build --release --locked; needs git, node and
# ui/node_modules; the second build takes minutes, and its target directory under target/upgrade/
# about as much disk as target/release)
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
binary="$repo/target/release/custody-site"
[ -x "$binary" ] || { echo "upgrade: build the release binary first" >&2; exit 2; }
if [ ! -f "$repo/ui/node_modules/.package-lock.json" ] ||
  [ "$repo/ui/package-lock.json" -nt "$repo/ui/node_modules/.package-lock.json" ]; then
  echo "upgrade: ui/node_modules is missing or older than ui/package-lock.json: (cd ui && npm ci)" >&2
  exit 2
fi

tmp=$(mktemp -d)
site=""
stop_site() {
  if [ -n "$site" ]; then
    kill "$site" 2>/dev/null || true
    wait "$site" 2>/dev/null || true
    site=""
  fi
}
cleanup() {
  stop_site
  rm -rf "$tmp"
}
trap cleanup EXIT

# The copy: the files git tracks or does not ignore, with their times (so that crates/site/build.rs
# sees ui/node_modules as current and does not run npm ci), node_modules linked, the colour changed.
# It stays at one place under target/, so that its build artifacts are replaced by the next run's
# instead of piling up.
copy="$repo/target/upgrade/repo"
rm -rf "$copy"
mkdir -p "$copy"
(cd "$repo" && git ls-files -z --cached --others --exclude-standard |
  while IFS= read -r -d '' file; do [ -e "$file" ] && printf '%s\0' "$file"; done |
  xargs -0 cp -p --parents -t "$copy")
ln -s "$repo/ui/node_modules" "$copy/ui/node_modules"
sed -i 's/^hex = "#1d4ed8"$/hex = "#1e40af"/' "$copy/content/site.toml"
grep -q '^hex = "#1e40af"$' "$copy/content/site.toml" ||
  { echo "upgrade: the link colour #1d4ed8 is not in content/site.toml" >&2; exit 2; }

# The second build has a target directory of its own under target/upgrade/, seeded once with
# this checkout's compiled dependencies (everything in target/release but custody-site's own
# artifacts, times kept), so only custody-site itself, its UI included, is built again; this
# checkout's target/release is never written (a shared one would leave custody-site's
# fingerprints pointing at the copy, and the checkout's next build could take the copy's binary
# for its own).
target="$repo/target/upgrade/target"
if [ ! -d "$target/release/deps" ]; then
  echo "upgrade: seeding $target with the compiled dependencies of target/release"
  mkdir -p "$target/release"
  tar -C "$repo/target/release" -cf - --exclude='*custody[-_]site*' --exclude='site-*' \
    deps build .fingerprint | tar -C "$target/release" -xf -
fi
echo "upgrade: building the second binary (the copy, link colour #1e40af)"
started=$(date +%s)
if ! (cd "$copy" && env -u CUSTODY_SITE_UI_DIST CARGO_TARGET_DIR="$target" \
  cargo build --release --locked >"$tmp/build.log" 2>&1); then
  tail -n 40 "$tmp/build.log" >&2
  exit 1
fi
build_secs=$(($(date +%s) - started))
compiled=$(grep -E '^ +Compiling ' "$tmp/build.log" | sed -E 's/^ +Compiling ([^ ]+).*/\1/' | sort | paste -sd ' ')
echo "upgrade: second build took ${build_secs} s; compiled: ${compiled:-nothing}"
new_binary="$target/release/custody-site"

free_port() {
  node -e 'const s = require("node:net").createServer();
s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'
}

# start BINARY PORT LOG: serves with the shared builds directory until its own build's files are
# stored (its log says so).
start() {
  RUST_LOG=info,custody_site::request=warn NO_COLOR=1 \
    CUSTODY_SITE_CONTACT_LOG="$tmp/applications.jsonl" CUSTODY_SITE_PREVIOUS_BUILDS_DIR="$tmp/builds" \
    "$1" --listen "127.0.0.1:$2" --public-url "http://127.0.0.1:$2" 2>"$3" &
  site=$!
  local deadline=$(($(date +%s) + 60))
  until grep -q "previous builds: this build's files are stored" "$3"; do
    if ! kill -0 "$site" 2>/dev/null || [ "$(date +%s)" -gt "$deadline" ]; then
      echo "upgrade: $1 did not start and store its build:" >&2
      cat "$3" >&2
      exit 1
    fi
    sleep 0.05
  done
  grep -h "previous builds" "$3" | sed 's/^[^ ]* *INFO */upgrade: /'
}

old_port=$(free_port)
start "$binary" "$old_port" "$tmp/old.log"
node "$repo/scripts/upgrade/check.mjs" record "http://127.0.0.1:$old_port" "$tmp/old.json"
stop_site
new_port=$(free_port)
start "$new_binary" "$new_port" "$tmp/new.log"
node "$repo/scripts/upgrade/check.mjs" compare "http://127.0.0.1:$new_port" "$tmp/old.json" \
  "$build_secs s (compiled: ${compiled:-nothing})"
