#!/usr/bin/env bash
# The audit command: runs every audit of the site against the release binary, each printing its
# tables, then a summary with the time each took; exits 1 if any audit failed.
#
#   links       every internal reference from / and /zh answers 200 (or a 301 to a 200), every page
#               of the sitemap and the route manifest is reachable by links; external links listed
#   html        every document passes html-validate (recommended) and the W3C's Nu HTML Checker
#               (vnu.jar, no error); JSON-LD and the runtime config parse
#   weight      first-visit brotli bytes of HTML, CSS and JS per page against the budgets in ui/e2e/audit/weight.spec.ts
#   layout      every page, both languages, at 320, 390, 800, 1024 and 1440 px: no sideways scroll,
#               no clipped, overlapping or squeezed text, every lead-in's list under it, no Chinese
#               heading broken inside a word, no fixed overlay on the text, a header on one line, no
#               card alone under a full row, no part of a diagram outside its box; a contact sheet of screenshots per width under
#               artifacts/layout/
#   axe         axe-core on every page, both languages, 1280×800 and 390×844, consent banner and menus open
#   engines     in Firefox ESR and WebKitGTK: axe on ten pages of each language and the layout
#               checks on every page at 390 and 1440 px (ui/e2e/engines/; the test command runs
#               the same, and the journeys, which need its own instance)
#   lighthouse  Lighthouse (mobile) on every page of both languages: performance >= 98, the rest 100
#               (SEO is not required of noindex pages)
#   observatory the MDN HTTP Observatory's scanner on the binary serving HTTPS (test CA): A+, >= 120
#   fuzz        the cargo-fuzz targets, FUZZ_SECONDS each (default 60; scripts/fuzz.sh, needs nightly)
#   upgrade     two real builds that differ: after the release binary is replaced by one built from a
#               copy with another link colour, every /_app/ file of the old pages still answers 200
#               with the same headers and bytes (scripts/upgrade/run.sh; builds a second binary)
#
# Usage: bash scripts/audit.sh [links|html|weight|layout|axe|engines|lighthouse|observatory|fuzz|upgrade ...]
#   (default: all of them)
# Needs the release binary (`cargo build --release --locked`), node/npm, /usr/bin/chromium, a Java
# runtime, firefox-esr, webkit2gtk-driver and xvfb.
# The site runs on a free 127.0.0.1 port with a temporary application log; nothing leaves the
# machine (external links are listed, never fetched; the browsers resolve no other host).
set -uo pipefail
cd "$(dirname "$0")/.."

binary=target/release/custody-site
if [ ! -x "$binary" ]; then
  echo "audit: $binary is missing; build it first with \`cargo build --release --locked\`" >&2
  exit 2
fi

all=(links html weight layout axe engines lighthouse observatory fuzz upgrade)
audits=("$@")
[ "${#audits[@]}" -gt 0 ] || audits=("${all[@]}")
for audit in "${audits[@]}"; do
  case " ${all[*]} " in
    *" $audit "*) ;;
    *)
      echo "audit: unknown audit '$audit' (known: ${all[*]})" >&2
      exit 2
      ;;
  esac
done

if [ ! -f ui/node_modules/.package-lock.json ] || [ ui/package-lock.json -nt ui/node_modules/.package-lock.json ]; then
  (cd ui && npm ci --no-audit --no-fund) || exit 2
fi

tmp=$(mktemp -d)
port=$(node -e 'const s = require("node:net").createServer();
s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });')
origin="http://127.0.0.1:$port"
RUST_LOG=warn CUSTODY_SITE_CONTACT_LOG="$tmp/applications.jsonl" CUSTODY_SITE_PREVIOUS_BUILDS_DIR="$tmp/builds" \
  "$binary" --listen "127.0.0.1:$port" --public-url "$origin" 2>"$tmp/site.log" &
site=$!
stop() {
  kill "$site" 2>/dev/null
  wait "$site" 2>/dev/null
  rm -rf "$tmp"
}
trap stop EXIT
if ! node -e 'const url = process.argv[1], deadline = Date.now() + 10_000;
(async () => {
  for (;;) {
    try { if ((await fetch(url)).ok) return; } catch {}
    if (Date.now() > deadline) process.exit(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
})();' "$origin/healthz"; then
  echo "audit: the site did not start on $origin:" >&2
  cat "$tmp/site.log" >&2
  exit 2
fi
echo "audit: $binary on $origin (application log in $tmp)"
export E2E_ORIGIN="$origin"

results=()
failed=0
for audit in "${audits[@]}"; do
  printf '\n==> audit: %s\n' "$audit"
  started=$(date +%s)
  case "$audit" in
    links) (cd ui && npx playwright test e2e/audit/links.spec.ts) ;;
    html) (cd ui && npx playwright test e2e/audit/html.spec.ts e2e/audit/vnu.spec.ts) ;;
    weight) (cd ui && npx playwright test e2e/audit/weight.spec.ts) ;;
    layout) (cd ui && LAYOUT_SHEETS=1 npx playwright test e2e/audit/layout.spec.ts) ;;
    axe) (cd ui && AUDIT_ALL=1 npx playwright test e2e/pages.spec.ts) ;;
    engines) (cd ui && AUDIT_ALL=1 npx playwright test -c playwright.engines.config.ts axe.spec.ts layout.spec.ts) ;;
    lighthouse)
      (cd ui && node scripts/lighthouse.mjs --origin "$origin" --all \
        --require performance=98,accessibility=100,best-practices=100,seo=100)
      ;;
    observatory) bash scripts/observatory/run.sh ;;
    fuzz) bash scripts/fuzz.sh "${FUZZ_SECONDS:-60}" ;;
    upgrade) bash scripts/upgrade/run.sh ;;
  esac
  status=$?
  seconds=$(($(date +%s) - started))
  verdict=passed
  if [ "$status" -ne 0 ]; then
    verdict="FAILED (exit $status)"
    failed=1
  fi
  results+=("$(printf '%-12s %-18s %4d:%02d' "$audit" "$verdict" $((seconds / 60)) $((seconds % 60)))")
done

printf '\nAudits of %s\n%-12s %-18s %7s\n' "$binary" audit result time
printf '%s\n' "------------ ------------------ -------"
printf '%s\n' "${results[@]}"
exit "$failed"
