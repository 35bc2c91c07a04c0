#!/usr/bin/env bash
# instructions.sh: the user-space instructions the site executes per answer, counted by
# valgrind's callgrind, for one build or two side by side (--against), for each path given.
#
# Why. On this 2-core VM a throughput ratio moves by several per cent between rounds (the same
# build served a redirect at 100 and 125 thousand requests/s a minute apart), so a change worth 2
# or 3 % of the work of an answer cannot be told from noise by compare.sh in any sensible time.
# The count of instructions is exact and repeatable to a few in ten thousand: it shows what a
# change to the site's own code saves, before compare.sh shows what that is worth against nginx.
# It counts nothing of the kernel (reading, writing and polling sockets, most of an answer's
# time) nor of the cost of an instruction (cache misses, branches), so it is a measure of the
# site's own code, not of its speed. Run it on a quiet machine: under other load, requests
# arrive one by one and each costs more polls (scripts/bench/README.md has the figures).
#
# What it does. For each build and path: the binary (a copy) runs under callgrind with
# instrumentation off; once it answers /healthz, h2load sends --warm-up requests (filling the
# caches answers are kept in), instrumentation is switched on, h2load sends --requests more over
# 10 kept-alive HTTP/1.1 connections, and the counts are dumped. Instructions / requests is
# reported, with the ratio of the build to --against's (below 1 means fewer instructions).
#
# Output: progress on stderr; a table and one `RESULT path=... site_ir=... [before_ir=... ratio=...]`
# line per path on stdout.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=lib.sh
source "$repo/scripts/bench/lib.sh"
binary=${BENCH_BINARY:-$repo/target/release/custody-site}
against=${BENCH_AGAINST:-}
requests=${BENCH_REQUESTS:-20000}
warm_up=${BENCH_WARM_UP:-2000}
encoding=br
paths=()

while [ $# -gt 0 ]; do
  case $1 in
    --binary) binary=$(bench_option_value "$@"); shift 2 ;;
    --against) against=$(bench_option_value "$@"); shift 2 ;;
    --requests) requests=$(bench_option_value "$@"); shift 2 ;;
    --warm-up) warm_up=$(bench_option_value "$@"); shift 2 ;;
    --encoding) encoding=$(bench_option_value "$@"); shift 2 ;;
    -h|--help)
      sed -n '2,21p' "$0"
      echo "Usage: bash scripts/bench/instructions.sh [--binary PATH] [--against PATH] [--requests 20000]"
      echo "       [--warm-up 2000] [--encoding br|gzip|identity] PATH..."
      exit 0 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) paths+=("$1"); shift ;;
  esac
done
[ ${#paths[@]} -gt 0 ] || paths=(/)

for tool in valgrind callgrind_control h2load curl python3; do
  command -v "$tool" >/dev/null || {
    echo "instructions.sh needs $tool (Debian: valgrind, nghttp2-client, curl)" >&2
    exit 1
  }
done
for build in "$binary" ${against:+"$against"}; do
  [ -x "$build" ] || { echo "no binary at $build: cargo build --release first" >&2; exit 1; }
done

dir=$(mktemp -d)
valgrind_pid=""
trap '[ -n "$valgrind_pid" ] && kill "$valgrind_pid" 2>/dev/null; rm -rf "$dir"' EXIT

# count BINARY PATH: instructions per request of BINARY answering PATH.
count() {
  local port origin out total
  cp "$1" "$dir/custody-site"
  port=$(bench_free_port)
  origin="http://127.0.0.1:$port"
  out="$dir/callgrind.out"
  rm -f "$out"*
  RUST_LOG=warn CUSTODY_SITE_CONTACT_LOG="$dir/applications.jsonl" \
    valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$out" \
    "$dir/custody-site" --listen "127.0.0.1:$port" --public-url "$origin" \
    >"$dir/valgrind.log" 2>&1 &
  valgrind_pid=$!
  # Under valgrind the site starts some 50 times slower than it does natively.
  for _ in $(seq 1 600); do
    curl -fs -o /dev/null "$origin/healthz" && break
    kill -0 "$valgrind_pid" 2>/dev/null || { cat "$dir/valgrind.log" >&2; exit 1; }
    sleep 0.2
  done
  local load=(h2load --h1 -c 10 -H "accept-encoding: $encoding")
  "${load[@]}" -n "$warm_up" "$origin$2" >/dev/null
  callgrind_control --instr=on "$valgrind_pid" >"$dir/control.log" 2>&1 || {
    cat "$dir/control.log" >&2
    exit 1
  }
  "${load[@]}" -n "$requests" "$origin$2" >"$dir/h2load.txt"
  callgrind_control --dump "$valgrind_pid" >"$dir/control.log" 2>&1 || {
    cat "$dir/control.log" >&2
    exit 1
  }
  kill "$valgrind_pid"
  wait "$valgrind_pid" 2>/dev/null || true
  valgrind_pid=""
  grep -q "^requests: $requests total, $requests started, $requests done" "$dir/h2load.txt" || {
    echo "h2load did not complete $requests requests to $2:" >&2
    cat "$dir/h2load.txt" >&2
    exit 1
  }
  # The dump holds the instructions from --instr=on to --dump; the file written at exit holds
  # the rest and is left out.
  total=$(sed -n 's/^summary: //p' "$out".*)
  python3 -c "print(round($total / $requests))"
}

printf '%-40s %12s' "path" "site"
[ -n "$against" ] && printf ' %12s %8s' "before" "ratio"
printf '\n'
results=()
for path in "${paths[@]}"; do
  echo "counting $path ($requests requests)..." >&2
  site=$(count "$binary" "$path")
  line=$(printf '%-40s %12s' "$path" "$site")
  result="RESULT path=$path encoding=$encoding requests=$requests site_ir=$site"
  if [ -n "$against" ]; then
    before=$(count "$against" "$path")
    ratio=$(python3 -c "print(f'{$site / $before:.3f}')")
    line+=$(printf ' %12s %8s' "$before" "$ratio")
    result+=" before_ir=$before ratio=$ratio"
  fi
  echo "$line"
  results+=("$result")
done
printf '%s\n' "${results[@]}"
