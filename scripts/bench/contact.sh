#!/usr/bin/env bash
# contact.sh: accepted applications per second, fsync on, with and without group commit.
#
# What it measures. The release binary (a copy) stores every application in a fresh log under
# --dir and fsyncs it before answering 201. wrk sends valid applications (POST /api/contact,
# JSON, the site's Origin) over --connections keep-alive connections for --duration seconds,
# first with group commit (contact.group_commit = true, the default: one fsync for every
# application waiting at that moment), then with one fsync per application, alternating for
# --rounds rounds. The rate limit is off for the run. After each run the script counts the lines
# of the log and checks it against the 201 answers wrk saw (every one stored; at most one more
# per connection, cut off when wrk stopped), so a figure never counts an unstored application.
#
# How to read it. The figure of merit is the ratio group/single of the median applications/s,
# measured in the same run on the same disk. Absolute numbers depend on the disk's fsync
# latency (a tmpfs makes fsync free; run it on the file system the log will live on).
#
# Output: progress on stderr; a table and `RESULT group_commit=... single=... ratio=...` on stdout.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=lib.sh
source "$repo/scripts/bench/lib.sh"
binary=${BENCH_BINARY:-$repo/target/release/custody-site}
connections=${BENCH_CONNECTIONS:-50}
duration=${BENCH_DURATION:-10}
rounds=${BENCH_ROUNDS:-3}
dir=${BENCH_DIR:-$repo/target/bench-contact}

while [ $# -gt 0 ]; do
  case $1 in
    --binary) binary=$2; shift 2 ;;
    --connections) connections=$2; shift 2 ;;
    --duration) duration=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --dir) dir=$2; shift 2 ;;
    -h|--help)
      sed -n '2,16p' "$0"
      echo "Usage: bash scripts/bench/contact.sh [--connections 50] [--duration 10] [--rounds 3] [--dir DIR] [--binary PATH]"
      exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

command -v wrk >/dev/null || { echo "wrk is needed: apt-get install -y wrk" >&2; exit 1; }
[ -x "$binary" ] || { echo "no binary at $binary: cargo build --release" >&2; exit 1; }
mkdir -p "$dir"
work=$(mktemp -d "$dir/run.XXXXXX")
trap 'kill "${site:-}" 2>/dev/null || true; rm -rf "$work"' EXIT
cp "$binary" "$work/custody-site"

port=$(bench_free_port)
origin="http://127.0.0.1:$port"
bench_application_lua "$work/post.lua" "$origin" "Benchmark Capital Pte. Ltd."

# One run: prints "applications/s created p50 p99".
run() {
  local group=$1
  local log="$work/log-$group-$2.jsonl"
  CUSTODY_SITE_CONTACT_LOG=$log CUSTODY_SITE_CONTACT_GROUP_COMMIT=$group \
    CUSTODY_SITE_CONTACT_RATE_LIMIT_PER_MINUTE=0 RUST_LOG=warn \
    "$work/custody-site" --listen "127.0.0.1:$port" --public-url "$origin" &
  site=$!
  until curl -sf -o /dev/null "$origin/healthz"; do sleep 0.02; done
  local out
  out=$(wrk -t2 -c"$connections" -d"${duration}s" --latency -s "$work/post.lua" "$origin/api/contact")
  kill "$site"; wait "$site" 2>/dev/null || true
  local requests non2xx lines
  requests=$(awk '/requests in/ {print $1}' <<<"$out")
  non2xx=$(awk '/Non-2xx/ {print $NF}' <<<"$out"); non2xx=${non2xx:-0}
  lines=$(wc -l < "$log")
  local answered=$((requests - non2xx))
  # Requests in flight when wrk stops are stored but not counted by wrk: at most one per connection.
  if [ "$lines" -lt "$answered" ] || [ "$lines" -gt $((answered + connections)) ]; then
    echo "log has $lines lines but wrk saw $answered answers 201" >&2; exit 1
  fi
  local rps p50 p99
  rps=$(awk -v n="$answered" -v d="$duration" 'BEGIN {printf "%.0f", n / d}')
  p50=$(awk '$1 == "50%" {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  echo "$rps $lines $p50 $p99"
}

declare -a group_rps single_rps
printf '%-14s %6s %12s %10s %10s %10s\n' mode round "applications/s" stored p50 p99
for round in $(seq 1 "$rounds"); do
  for group in true false; do
    echo "round $round, group_commit=$group" >&2
    read -r rps lines p50 p99 < <(run "$group" "$round")
    printf '%-14s %6s %12s %10s %10s %10s\n' "group=$group" "$round" "$rps" "$lines" "$p50" "$p99"
    if [ "$group" = true ]; then group_rps+=("$rps"); else single_rps+=("$rps"); fi
  done
done
g=$(printf '%s\n' "${group_rps[@]}" | bench_median)
s=$(printf '%s\n' "${single_rps[@]}" | bench_median)
ratio=$(awk -v g="$g" -v s="$s" 'BEGIN {printf "%.2f", g / s}')
fs=$(df -T "$dir" | awk 'NR == 2 {print $2}')
echo "RESULT group_commit=$g single=$s ratio=$ratio connections=$connections filesystem=$fs"
