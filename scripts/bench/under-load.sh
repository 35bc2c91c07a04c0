#!/usr/bin/env bash
# under-load.sh: page and API latency while contact applications are stored as fast as they come.
#
# What it measures. The release binary (a copy) with a fresh applications log under --dir and the
# rate limit off. For each path (the home page and a supported-assets API answer, brotli), wrk
# measures requests/s, p50 and p99 over --connections keep-alive connections for --duration
# seconds, first alone, then while a second wrk submits valid applications (POST /api/contact,
# fsync before every 201, group commit on) over 20 connections as fast as they are answered.
# Every 201 is checked against the log afterwards, so the contact rate never counts an
# unstored application.
#
# How to read it. The two wrk processes and the server share the machine's cores, so the figures
# under load are a worst case for this machine; the ratio p99 under load / p99 alone says how
# much the storing of applications costs the pages.
#
# Output: progress on stderr; a table and one `RESULT path=... p99_alone_ms=... p99_loaded_ms=...`
# line per path on stdout.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=lib.sh
source "$repo/scripts/bench/lib.sh"
binary=${BENCH_BINARY:-$repo/target/release/custody-site}
connections=${BENCH_CONNECTIONS:-50}
duration=${BENCH_DURATION:-10}
dir=${BENCH_DIR:-$repo/target/bench-contact}

while [ $# -gt 0 ]; do
  case $1 in
    --binary) binary=$2; shift 2 ;;
    --connections) connections=$2; shift 2 ;;
    --duration) duration=$2; shift 2 ;;
    --dir) dir=$2; shift 2 ;;
    -h|--help)
      sed -n '2,17p' "$0"
      echo "Usage: bash scripts/bench/under-load.sh [--connections 50] [--duration 10] [--dir DIR] [--binary PATH]"
      exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

command -v wrk >/dev/null || { echo "wrk is needed: apt-get install -y wrk" >&2; exit 1; }
[ -x "$binary" ] || { echo "no binary at $binary: cargo build --release" >&2; exit 1; }
mkdir -p "$dir"
work=$(mktemp -d "$dir/load.XXXXXX")
trap 'kill "${site:-}" 2>/dev/null || true; rm -rf "$work"' EXIT
cp "$binary" "$work/custody-site"

port=$(bench_free_port)
origin="http://127.0.0.1:$port"
log="$work/applications.jsonl"
bench_application_lua "$work/post.lua" "$origin" "Load Test Capital Pte. Ltd."

CUSTODY_SITE_CONTACT_LOG=$log CUSTODY_SITE_CONTACT_RATE_LIMIT_PER_MINUTE=0 RUST_LOG=warn \
  "$work/custody-site" --listen "127.0.0.1:$port" --public-url "$origin" &
site=$!
until curl -sf -o /dev/null "$origin/healthz"; do sleep 0.02; done

# wrk on a path: prints "requests/s p50 p99" (latencies in ms).
measure() {
  local rps p50 p99
  wrk -t1 -c"$connections" -d"${duration}s" --latency -H 'Accept-Encoding: br' "$origin$1" >"$work/wrk.txt"
  read -r rps p50 p99 _ <<<"$(bench_parse_wrk "$work/wrk.txt")"
  printf '%.0f %s %s\n' "$rps" "$(bench_ms "$p50")" "$(bench_ms "$p99")"
}

stored_before=0
printf '%-46s %-7s %10s %8s %8s %14s\n' path load "req/s" "p50 ms" "p99 ms" "applications/s"
for path in / '/api/supported-assets?entity=sg&page=1&size=20'; do
  echo "$path alone" >&2
  read -r rps p50 p99 < <(measure "$path")
  printf '%-46s %-7s %10s %8s %8s %14s\n' "$path" alone "$rps" "$p50" "$p99" -
  echo "$path with applications being submitted" >&2
  wrk -t1 -c20 -d"$((duration + 2))s" -s "$work/post.lua" "$origin/api/contact" >"$work/contact.out" &
  contact=$!
  sleep 1
  read -r lrps lp50 lp99 < <(measure "$path")
  wait "$contact"
  stored=$(wc -l <"$log")
  created=$(awk '/requests in/ {print $1}' "$work/contact.out")
  non2xx=$(awk '/Non-2xx/ {print $NF}' "$work/contact.out"); non2xx=${non2xx:-0}
  if [ "$((stored - stored_before))" -lt "$((created - non2xx))" ]; then
    echo "the log has fewer applications than wrk saw answered 201" >&2; exit 1
  fi
  apps=$(awk -v n="$((stored - stored_before))" -v d="$((duration + 2))" 'BEGIN {printf "%.0f", n / d}')
  stored_before=$stored
  printf '%-46s %-7s %10s %8s %8s %14s\n' "$path" loaded "$lrps" "$lp50" "$lp99" "$apps"
  echo "RESULT path=$path rps_alone=$rps p99_alone_ms=$p99 rps_loaded=$lrps p99_loaded_ms=$lp99 applications_per_s=$apps"
done
