#!/usr/bin/env bash
# Runs every check and test of the project, in the order a failure is cheapest to find:
# formatting, the Rust code's structure (scripts/check-structure.mjs), lints, types, translation
# catalogs, the dependency audit (scripts/deny.sh: cargo-deny against the offline RustSec
# snapshot), Rust unit and integration tests (the fast tier in parallel, then the heavy tier,
# `#[ignore]`d in a plain `cargo test`, one at a time), UI unit tests, then the browser tests with
# axe on every page in every state and the links, HTML validity (html-validate and the W3C's Nu
# HTML Checker), page weight and layout audits (ui/e2e/audit/), the journeys, axe and the layout
# audit in Firefox ESR and WebKitGTK (ui/e2e/engines/), the Debian package (scripts/package/test.sh:
# built, linted, installed, upgraded under load, removed and purged), a short Lighthouse audit
# against the release binary and the HTTP Observatory. The release build runs beside the steps
# before the heavy tier, and Lighthouse beside the package test (`background` below); at the end
# the summary: test counts, the audits' tables, the ten slowest browser tests and each step's time.
# The audits' full run, Lighthouse on every page and the fuzz targets included, is
# `bash scripts/audit.sh`.
# Usage: bash scripts/test.sh   (from anywhere, as root; needs cargo, cargo-deny, cargo-deb, lintian,
#   node/npm, /usr/bin/chromium, firefox-esr, webkit2gtk-driver, xvfb and a Java runtime)
set -euo pipefail
cd "$(dirname "$0")/.."
logs=$(mktemp -d)

# Each step's wall time, printed as a table at the end, also when a step fails (the EXIT trap):
# the step's name (cut to 60 characters), its minutes and seconds, and the total.
started=$SECONDS
step_names=()
step_seconds=()
step_started=
step_name=
end_step() {
  if [ -n "$step_name" ]; then
    step_names+=("$step_name")
    step_seconds+=($((SECONDS - step_started)))
    step_name=
  fi
}
step() {
  end_step
  step_name=$*
  step_started=$SECONDS
  printf '\n==> %s\n' "$*"
}
print_step_times() {
  local status=$? failed=$step_name i
  end_step
  printf '\nStep times:\n'
  for i in "${!step_names[@]}"; do
    printf '  %3dm%02ds  %.60s\n' $((step_seconds[i] / 60)) $((step_seconds[i] % 60)) "${step_names[i]}"
  done
  printf '  %3dm%02ds  total%s\n' $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60)) \
    "$([ "$status" -ne 0 ] && printf ' (stopped, exit %s, in: %.60s)' "$status" "${failed:-the summary}")"
  stop_background
  rm -rf "$logs"
}
trap print_step_times EXIT

# A step that needs neither a quiet machine nor what the steps before it made runs in the
# background beside the next ones: the release build, whose full-LTO link is one long
# single-threaded pass, beside the checks and tests that do not use the binary. Each runs in a
# process group of its own (stopped if the command stops first), its output kept in $logs and
# printed when it is awaited; the table shows its own time and the time spent waiting for it.
bg_names=()
bg_titles=()
bg_pids=()
background() {
  local name=$1 title=$2
  shift 2
  printf '\n==> %s (started in the background)\n' "$title"
  setsid bash -c 'started=$SECONDS; "$@"; status=$?; echo $((SECONDS - started)) >"$0.seconds"; exit $status' \
    "$logs/$name" "$@" >"$logs/$name.log" 2>&1 &
  bg_names+=("$name")
  bg_titles+=("$title")
  bg_pids+=($!)
}
await_background() {
  local name=$1 i status=0
  for i in "${!bg_names[@]}"; do
    [ "${bg_names[i]}" = "$name" ] || continue
    step "waiting for: ${bg_titles[i]}"
    wait "${bg_pids[i]}" || status=$?
    bg_pids[i]=
    cat "$logs/$name.log"
    end_step
    step_names+=("${bg_titles[i]} (in the background)")
    step_seconds+=("$(cat "$logs/$name.seconds" 2>/dev/null || echo 0)")
    return "$status"
  done
}
stop_background() {
  local pid
  for pid in "${bg_pids[@]}"; do
    [ -n "$pid" ] && kill -- "-$pid" 2>/dev/null || true
  done
  wait 2>/dev/null || true
}

if [ ! -f ui/node_modules/.package-lock.json ] || [ ui/package-lock.json -nt ui/node_modules/.package-lock.json ]; then
  step "npm ci (ui)"
  (cd ui && npm ci --no-audit --no-fund)
fi

step "cargo fmt --all --check"
cargo fmt --all --check

# Nothing before the heavy tier uses the shipped binary: it builds meanwhile.
background release "release binary (cargo build --release)" cargo build --release --locked

step "Rust structure: no import cycle between files or between folders, no file over 450 lines (tests included)"
node scripts/check-structure.mjs

step "UI lint and format (eslint, prettier)"
(cd ui && npm run --silent lint)

step "UI types (tsc --noEmit)"
(cd ui && npx tsc --noEmit)

step "Lingui catalogs current and translated"
(cd ui && node scripts/check-catalogs.mjs)

# The Rust tests and clippy build with the release-test profile (Cargo.toml): release's
# optimizations without full LTO, so a change to one file relinks in seconds; the shipped binary
# is the full-LTO release build, started above.
step "cargo clippy"
cargo clippy --profile release-test --all-targets --locked -- -D warnings

step "dependency audit (cargo deny, offline RustSec snapshot)"
bash scripts/deny.sh

step "Rust tests, fast tier (in parallel)"
cargo test --profile release-test --locked 2>&1 | tee "$logs/cargo.log"

step "UI unit tests (vitest)"
(cd ui && npx vitest run) 2>&1 | tee "$logs/vitest.log"

# The heavy tier's load and timing assertions want the machine to themselves: the release build
# ends first.
await_background release

# The heavy tier of every crate's tests: the site's (tests/site/) and the edge's own
# (crates/edge/tests/: HTTP/2 abuse, ACME against pebble, the connection cap). The same packages
# as the fast tier, so the same build: `-p custody-edge` alone would build the edge's tests again
# with the features of the edge's dependencies alone.
step "Rust tests, heavy tier (one at a time: load, faults, restarts, HTTP/2 abuse, ACME, several instances)"
cargo test --profile release-test --locked --tests -- --ignored --test-threads=1 --nocapture 2>&1 | tee "$logs/cargo-heavy.log"

step "browser tests, axe on every page in every state, and the links, HTML, page weight and layout audits (Playwright, Debian chromium)"
(cd ui && AUDIT_ALL=1 PLAYWRIGHT_JSON_OUTPUT_FILE="$logs/playwright.json" npx playwright test --reporter=list,json) 2>&1 |
  tee "$logs/playwright.log"

step "the journeys, axe on ten pages and the layout audit on every page in Firefox ESR (WebDriver BiDi) and WebKitGTK (WebDriver, under xvfb-run)"
(cd ui && PLAYWRIGHT_JSON_OUTPUT_FILE="$logs/engines.json" npx playwright test -c playwright.engines.config.ts --reporter=list,json) 2>&1 |
  tee "$logs/engines.log"

# Lighthouse's required categories hold no timing (its performance score, printed, is asserted
# only by scripts/audit.sh), so it runs beside the package test, which mostly waits on dpkg.
background lighthouse "Lighthouse (mobile): accessibility, best practices and SEO at 100" \
  bash -c 'cd ui && node scripts/lighthouse.mjs --require accessibility=100,best-practices=100,seo=100 / /zh /trust-center /zh/brand-kit /zh/contact-us'

step "Debian package: built, checked, linted, installed, upgraded under load, removed, purged"
bash scripts/package/test.sh 2>&1 | tee "$logs/package.log"

await_background lighthouse

step "MDN HTTP Observatory: the binary serving HTTPS graded A+ with at least 120"
bash scripts/observatory/run.sh 2>&1 | tee "$logs/observatory.log"

end_step
strip() { sed "s/\x1b\[[0-9;]*m//g" "$1"; }
rust=$(cat "$logs/cargo.log" "$logs/cargo-heavy.log" | grep -oE '[0-9]+ passed' | awk '{s+=$1} END {print s+0}')
unit=$(strip "$logs/vitest.log" | grep -oE "Tests +[0-9]+ passed" | grep -oE '[0-9]+' | head -1)
browser=$(strip "$logs/playwright.log" | grep -oE "^ +[0-9]+ passed" | grep -oE '[0-9]+' | tail -1)
engines=$(strip "$logs/engines.log" | grep -oE "^ +[0-9]+ passed" | grep -oE '[0-9]+' | tail -1)
printf '\nRust %s, UI unit %s, browser %s (Chromium) and %s (Firefox ESR, WebKitGTK)\n' "$rust" "${unit:-0}" \
  "${browser:-0}" "${engines:-0}"
# The audits' summary tables, from a title line to the blank line after the table (awk reads
# to the end: an early exit would stop the pipe's writer with SIGPIPE, a failure under pipefail).
cat <(strip "$logs/playwright.log") <(strip "$logs/engines.log") | grep -E '^(Layout (in [A-Za-z ]+ )?at |axe in )' |
  sed 's/^/  /'
for title in "Links: summary" "HTML validity: summary" "W3C Nu HTML Checker: summary" "Page weight: summary"; do
  strip "$logs/playwright.log" | awk -v title="$title" '$0 == title {on = 1} on && /^$/ {on = 0} on' | sed 's/^/  /'
done
sed -n '/^Lighthouse (mobile):/,/^reports:/p' "$logs/lighthouse.log" | grep -v '^reports:' | sed 's/^/  /'
grep -E '^(visitors|lintian): ' "$logs/package.log" | sed 's/^/  Debian package upgrade, /'
grep -E '^grade ' "$logs/observatory.log" | sed 's/^/  MDN HTTP Observatory: /'
printf '\n'
node scripts/slowest-tests.mjs --count 10 "$logs/playwright.json" "$logs/engines.json"
printf 'all tests: %s passed, 0 failed\n' "$((rust + ${unit:-0} + ${browser:-0} + ${engines:-0}))"
