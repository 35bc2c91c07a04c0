#!/usr/bin/env bash
# Runs every cargo-fuzz target in fuzz/ for a bounded time and fails when any of them finds a
# crash (a panic, a failed invariant, a sanitizer report, an input slower than 10 s or a memory
# blow-up). Prints executions and corpus size per target, and for a crash the input and the
# command that replays it.
#
# Usage: bash scripts/fuzz.sh [SECONDS_PER_TARGET]     (default 60)
#   FUZZ_TARGETS="contact asset_query"  only these targets (default: all of fuzz/Cargo.toml)
#   CUSTODY_SITE_UI_DIST=…              as for cargo; by default the UI build of an earlier
#                                       `cargo build --release` is reused (the targets need no UI)
# Needs the nightly toolchain and cargo-fuzz (rustup toolchain install nightly;
# cargo install cargo-fuzz --locked). The corpus grows in fuzz/corpus/ (not committed); the
# committed seeds are in fuzz/seeds/ and the dictionaries in fuzz/dicts/.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
if ! [[ $seconds =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: bash scripts/fuzz.sh [SECONDS_PER_TARGET]" >&2
  exit 2
fi
if ! cargo +nightly --version >/dev/null 2>&1; then
  echo "scripts/fuzz.sh needs the nightly toolchain: rustup toolchain install nightly" >&2
  exit 2
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  echo "scripts/fuzz.sh needs cargo-fuzz: cargo install cargo-fuzz --locked" >&2
  exit 2
fi

if [ -z "${CUSTODY_SITE_UI_DIST:-}" ]; then
  for dist in $(ls -dt target/release/build/custody-site-lib-*/out/ui 2>/dev/null); do
    if [ -f "$dist/manifest.json" ]; then
      export CUSTODY_SITE_UI_DIST="$PWD/$dist"
      break
    fi
  done
fi

targets=${FUZZ_TARGETS:-$(cargo +nightly fuzz list --fuzz-dir fuzz)}
fuzz=(cargo +nightly fuzz)
options=(--fuzz-dir fuzz --debug-assertions)

echo "==> building the fuzz targets (sanitizer: address, debug assertions on)"
"${fuzz[@]}" build "${options[@]}"

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
failed=()
summary=()
for target in $targets; do
  echo "==> fuzzing $target for ${seconds}s"
  corpus=fuzz/corpus/$target
  mkdir -p "$corpus"
  dirs=("$corpus")
  [ -d "fuzz/seeds/$target" ] && dirs+=("fuzz/seeds/$target")
  flags=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1)
  [ -f "fuzz/dicts/$target.dict" ] && flags+=(-dict="fuzz/dicts/$target.dict")
  status=0
  "${fuzz[@]}" run "${options[@]}" "$target" "${dirs[@]}" -- "${flags[@]}" \
    >"$logs/$target.log" 2>&1 || status=$?
  runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$logs/$target.log" | grep -oE '[0-9]+$' | tail -1)
  if [ -z "$runs" ]; then
    runs=$(grep -oE '^#[0-9]+' "$logs/$target.log" | tail -1 | tr -d '#')
  fi
  units=$(find "$corpus" -type f | wc -l)
  if [ "$status" -eq 0 ]; then
    summary+=("$target: ${runs:-0} executions in ${seconds}s, corpus $units inputs, no crash")
  else
    failed+=("$target")
    summary+=("$target: CRASH after ${runs:-?} executions (exit $status)")
    echo "---- $target: the end of libFuzzer's report"
    tail -40 "$logs/$target.log"
    artifact=$(grep -oE 'fuzz/artifacts/[^ ]+' "$logs/$target.log" | tail -1 || true)
    if [ -n "$artifact" ]; then
      echo "---- replay: cargo +nightly fuzz run --fuzz-dir fuzz $target $artifact"
    fi
  fi
done

printf '\nfuzzing, %ss per target:\n' "$seconds"
printf '  %s\n' "${summary[@]}"
if [ "${#failed[@]}" -gt 0 ]; then
  echo "crashes in: ${failed[*]}" >&2
  exit 1
fi
