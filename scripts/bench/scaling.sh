#!/usr/bin/env bash
# scaling.sh: how throughput, latency and memory change with the number of concurrent
# connections, for the site and for nginx serving the same bytes, in the same run.
#
# What it measures. For each connection count (10, 100, 1,000 and 10,000 by default) it runs
# compare.sh on one path (the home page, brotli, by default) with that many wrk connections, and
# gathers the site's and nginx's median requests/s and p99 into one table. With more connections than
# cores, requests/s should stay level (the servers are never idle) while p99 grows with the
# queue of connections each core serves in turn; a server that handles many connections badly
# shows falling requests/s or a p99 growing faster than the connection count. nginx is the
# fastest variant compare.sh finds for each count (or the one --nginx pins), printed per count.
#
# Memory per held connection: compare.sh reads each server's VmRSS (nginx: master and workers
# summed) idle, before any load, and 60 % into every run with the connections held; the second
# table gives (held - idle) / connections for both, in kB, side by side.
#
# --split MS (compare.sh's): where each count's requests spent their time, in the server or in
# wrk, from one traced run per server; a third table and one `SPLIT` line per server and count.
#
# Output: progress on stderr; the tables and one `RESULT connections=... ratio=...` line per count
# on stdout.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=lib.sh
source "$repo/scripts/bench/lib.sh"
counts=${BENCH_COUNTS:-"10 100 1000 10000"}
duration=${BENCH_DURATION:-10}
rounds=${BENCH_ROUNDS:-2}
path=/
pin=${BENCH_PIN:-none}
passed=()

while [ $# -gt 0 ]; do
  case $1 in
    --counts) counts=$(bench_option_value "$@"); shift 2 ;;
    --duration) duration=$(bench_option_value "$@"); shift 2 ;;
    --rounds) rounds=$(bench_option_value "$@"); shift 2 ;;
    --path) path=$(bench_option_value "$@"); shift 2 ;;
    --pin) pin=$(bench_option_value "$@"); passed+=(--pin "$pin"); shift 2 ;;
    # Passed on to compare.sh as they are.
    --binary | --nginx | --calibrate | --calibrate-rounds | --encoding | --threads | --site-log | --split)
      passed+=("$1" "$(bench_option_value "$@")"); shift 2 ;;
    -h|--help)
      sed -n '2,21p' "$0"
      echo "Usage: bash scripts/bench/scaling.sh [--counts '10 100 1000 10000'] [--duration 10] [--rounds 2] [--path /]"
      echo "       and compare.sh's --binary, --nginx, --calibrate, --calibrate-rounds, --pin, --encoding,"
      echo "       --threads, --site-log, --split (see compare.sh -h)"
      exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

# compare.sh would take BENCH_AGAINST from the environment, and this table reads nginx's keys.
if [ -n "${BENCH_AGAINST:-}" ]; then
  echo "scaling.sh compares with nginx only; unset BENCH_AGAINST (against a previous build: compare.sh --against PATH --connections N)" >&2
  exit 2
fi

# wrk holds one socket per connection, and nginx and the site one each on their side.
ulimit -n "$(ulimit -Hn)"
results=()
# compare.sh's SPLIT lines (--split), as bench_split_report reads them: "PATH@COUNT SERVER k=v...".
splits=$(mktemp -t custody-scaling.XXXXXX)
trap 'rm -f "$splits"' EXIT
for count in $counts; do
  printf '== %s connections\n' "$count" >&2
  output=$(bash "$repo/scripts/bench/compare.sh" "${passed[@]}" --connections "$count" --duration "$duration" \
    --rounds "$rounds" "$path")
  line=$(grep '^RESULT ' <<<"$output")
  results+=("$count $line")
  grep '^SPLIT ' <<<"$output" | awk -v count="$count" '{
    sub("^row=", "", $2); sub("^server=", "", $3); rest = ""
    for (i = 4; i <= NF; i++) rest = rest " " $i
    print $2 "@" count, $3 rest
  }' >>"$splits" || true
done

field() { # field NAME LINE: the value of NAME=... in a RESULT line.
  printf '%s\n' "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"
}
printf '\n%s, %s rounds of %s s per server and count; %s\n' "$path" "$rounds" "$duration" "$(bench_pin_describe "$pin")"
printf '%12s %12s %12s %10s %8s %12s %12s %12s %9s\n' connections 'site req/s' 'nginx req/s' site/nginx paired 'site p99' 'nginx p99' 'inside p99' 'p99 held'
for entry in "${results[@]}"; do
  count=${entry%% *}
  line=${entry#* }
  printf '%12s %12s %12s %9s× %7s× %9s ms %9s ms %9s ms %9s\n' "$count" "$(field site "$line")" "$(field nginx "$line")" \
    "$(field ratio "$line")" "$(field paired_ratio "$line")" "$(field site_p99_ms "$line")" "$(field nginx_p99_ms "$line")" \
    "$(field site_inside_p99_ms "$line")" "$(field p99_rounds_at_or_under "$line")"
done
printf '(inside p99: the site'"'"'s own latency histogram, headers to answer; paired: the median of each round'"'"'s ratio;\n p99 held: the rounds whose site p99 was at or under nginx'"'"'s)\n'

printf '\nmemory per held connection: (VmRSS with the connections held - VmRSS idle) / connections\n'
printf '%12s %16s %16s   %s\n' connections 'site kB/conn' 'nginx kB/conn' 'nginx variant'
for entry in "${results[@]}"; do
  count=${entry%% *}
  line=${entry#* }
  printf '%12s %16s %16s   %s\n' "$count" "$(field site_kb_per_conn "$line")" "$(field nginx_kb_per_conn "$line")" \
    "$(field nginx_variant "$line")"
done
[ ! -s "$splits" ] || bench_split_report "$splits" wrk
for entry in "${results[@]}"; do
  count=${entry%% *}
  line=${entry#* }
  printf 'RESULT connections=%s %s\n' "$count" "${line#RESULT }"
done
[ ! -s "$splits" ] || bench_split_results "$splits"
