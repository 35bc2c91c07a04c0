#!/usr/bin/env bash
# cost.sh: what the release binary costs to ship and to run: its size, the time from start to
# its first 200, its resident memory after start-up and after millions of requests.
#
# What it measures. The binary (a copy) is started --starts times with a fresh applications log;
# each time, a client polls GET /healthz every millisecond from the moment the process is
# spawned, and the time to the first 200 is taken (the median is reported). The last start is
# then loaded with wrk over 50 keep-alive connections, cycling through a mix of answers (the home
# page and the FAQ in Chinese, the page's hashed script, a supported-assets answer, a 404 page
# and a redirect, all brotli where they are compressed) until --millions million requests have
# been answered, and the resident memory (VmRSS) is read after start-up and after each million.
# Memory that keeps growing from one million to the next would be a leak; the first million
# warms the caches (the supported-assets answer cache, allocator arenas), later ones should
# leave it flat. Last, every page's share card (the og:image of each sitemap URL, English and
# Chinese) is asked for twice over one connection: the first answer draws the card, the second
# is the kept one; the times of each, the cards' bytes and the memory after them are reported.
#
# --build-times also times a cold release build (a fresh target directory, the UI build
# included, node_modules already installed) and two incremental ones: after a change to one Rust
# source file, and after a change to one content file. Takes some 10 minutes on 2 cores.
#
# Output: progress on stderr; a table and one `RESULT ...` line on stdout.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=lib.sh
source "$repo/scripts/bench/lib.sh"
binary=${BENCH_BINARY:-$repo/target/release/custody-site}
starts=${BENCH_STARTS:-5}
millions=${BENCH_MILLIONS:-3}
dir=${BENCH_DIR:-$repo/target/bench-cost}
build_times=false

while [ $# -gt 0 ]; do
  case $1 in
    --binary) binary=$2; shift 2 ;;
    --starts) starts=$2; shift 2 ;;
    --millions) millions=$2; shift 2 ;;
    --dir) dir=$2; shift 2 ;;
    --build-times) build_times=true; shift ;;
    -h|--help)
      sed -n '2,20p' "$0"
      echo "Usage: bash scripts/bench/cost.sh [--starts 5] [--millions 3] [--dir DIR] [--binary PATH] [--build-times]"
      exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

for tool in wrk curl python3; do
  command -v "$tool" >/dev/null || { echo "cost.sh needs $tool" >&2; exit 1; }
done
[ -x "$binary" ] || { echo "no binary at $binary: cargo build --release first" >&2; exit 1; }

rm -rf "$dir"
mkdir -p "$dir"
cp "$binary" "$dir/custody-site"
port=$(bench_free_port)
origin="http://127.0.0.1:$port"
site_pid=""
trap '[ -n "$site_pid" ] && kill "$site_pid" 2>/dev/null; true' EXIT

# start_site: starts the copy with a fresh log and leaves it running (its pid in $site_pid); the
# milliseconds from spawn to the first 200 of /healthz go to $startup.
start_site() {
  rm -f "$dir/applications.jsonl"
  read -r site_pid startup < <(bench_start "$dir/custody-site" "$port" "$dir/applications.jsonl" "$dir/site.log")
  [ -n "$startup" ] || exit 1
}

# --- size and start-up -------------------------------------------------------------------

binary_bytes=$(stat -c %s "$binary")
startup_ms=()
for n in $(seq "$starts"); do
  start_site
  startup_ms+=("$startup")
  printf 'start %s: first 200 after %s ms\n' "$n" "$startup" >&2
  if [ "$n" -lt "$starts" ]; then bench_stop "$site_pid"; fi
done
startup_median=$(printf '%s\n' "${startup_ms[@]}" | bench_median)
rss_start=$(bench_rss_mb "$site_pid")

# --- memory over millions of requests ----------------------------------------------------

script=$(curl -s -H 'accept-encoding: identity' "$origin/" | grep -oE '/_app/assets/[^"]+\.js' | head -1)
[ -n "$script" ] || { echo "no script found in the home page" >&2; exit 1; }
mix=(/ /zh/faq "$script" '/api/supported-assets?entity=sg&page=2&size=20' /no-such-page /serve)
cat >"$dir/mix.lua" <<LUA
wrk.headers["Accept-Encoding"] = "br"
local paths = { $(printf '"%s", ' "${mix[@]}") }
local n = 0
request = function()
  n = n % #paths + 1
  return wrk.format(nil, paths[n])
end
LUA
for path in "${mix[@]}"; do
  status=$(curl -s -o /dev/null -w '%{http_code}' -H 'accept-encoding: br' "$origin$path")
  printf 'mix: %s %s\n' "$status" "$path" >&2
done

answered=0
rss_after=()
rates=()
for million in $(seq "$millions"); do
  while [ "$answered" -lt $((million * 1000000)) ]; do
    out=$(wrk -t2 -c50 -d5s -s "$dir/mix.lua" "$origin/")
    count=$(printf '%s\n' "$out" | awk '/requests in/ {print $1}')
    rate=$(printf '%s\n' "$out" | awk '/^Requests\/sec/ {printf "%.0f", $2}')
    if printf '%s\n' "$out" | grep -q 'Socket errors'; then
      printf '%s\n' "$out" >&2
      echo "wrk reported socket errors" >&2
      exit 1
    fi
    answered=$((answered + count))
    rates+=("$rate")
  done
  rss_after+=("$(bench_rss_mb "$site_pid")")
  printf 'after %s requests: resident %s MB\n' "$answered" "${rss_after[-1]}" >&2
done
rate_median=$(printf '%s\n' "${rates[@]}" | bench_median)

# --- share cards -------------------------------------------------------------------------

bench_sitemap_urls "$origin" >"$dir/sitemap-urls.txt"
cards=$(python3 - "$origin" "$dir/sitemap-urls.txt" <<'PY'
import http.client, re, statistics, sys, time, urllib.parse
origin = urllib.parse.urlsplit(sys.argv[1])
conn = http.client.HTTPConnection(origin.hostname, origin.port)
def get(path):
    conn.request("GET", path, headers={"Accept-Encoding": "identity"})
    answer = conn.getresponse()
    return answer.status, answer.read()
pages = [urllib.parse.urlsplit(url).path for url in open(sys.argv[2]).read().split()]
cards = []
for page in pages:
    _, html = get(page)
    found = re.search(rb'property="og:image" content="([^"]+)"', html)
    if found:
        cards.append(urllib.parse.urlsplit(found.group(1).decode()).path)
first, again, sizes = [], [], []
for card in sorted(set(cards)):
    for times in (first, again):
        began = time.perf_counter()
        status, body = get(card)
        times.append((time.perf_counter() - began) * 1000)
        if status != 200 or not body.startswith(b"\x89PNG"):
            sys.exit(f"{card}: {status}")
    sizes.append(len(body))
if not sizes:
    sys.exit("no share card found in the sitemap's pages")
p90 = lambda values: sorted(values)[int(len(values) * 0.9)]
print(len(sizes), f"{statistics.median(first):.1f}", f"{p90(first):.1f}", f"{max(first):.1f}",
      f"{statistics.median(again):.2f}", sum(sizes))
PY
)
read -r card_count card_median card_p90 card_max card_again card_bytes <<<"$cards"
rss_cards=$(bench_rss_mb "$site_pid")
printf 'share cards: %s drawn, %s MB resident after them\n' "$card_count" "$rss_cards" >&2
kill "$site_pid"
site_pid=""

# --- build times -------------------------------------------------------------------------

cold_s=""
rust_s=""
content_s=""
if $build_times; then
  build_dir="$dir/build-target"
  timed() {
    local started
    started=$(date +%s.%N)
    (cd "$repo" && CARGO_TARGET_DIR="$build_dir" cargo build --release --locked >"$dir/build.log" 2>&1)
    awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN {printf "%.0f", b - a}'
  }
  progress_build() { printf 'build: %s\n' "$1" >&2; }
  progress_build "cold (fresh target directory)"
  cold_s=$(timed)
  progress_build "after touching crates/site/src/http/pipeline/dispatch.rs"
  touch "$repo/crates/site/src/http/pipeline/dispatch.rs"
  rust_s=$(timed)
  progress_build "after touching content/en/faq.toml"
  touch "$repo/content/en/faq.toml"
  content_s=$(timed)
  rm -rf "$build_dir"
fi

# --- report ------------------------------------------------------------------------------

printf '\nbinary            %s bytes (%.1f MB)\n' "$binary_bytes" "$(awk -v b="$binary_bytes" 'BEGIN {print b / 1048576}')"
printf 'start-up          first 200 after %s ms (median of %s: %s)\n' "$startup_median" "$starts" "${startup_ms[*]}"
printf 'resident memory   %s MB after start-up\n' "$rss_start"
for i in "${!rss_after[@]}"; do
  printf '                  %s MB after %s million requests\n' "${rss_after[$i]}" "$((i + 1))"
done
printf 'request mix       %s req/s (median of the 5 s wrk runs, 50 connections)\n' "$rate_median"
printf 'share cards       %s cards, %s bytes; first answer (drawn) %s ms median, %s p90, %s max;\n' \
  "$card_count" "$card_bytes" "$card_median" "$card_p90" "$card_max"
printf '                  again %s ms median; %s MB resident after every card\n' "$card_again" "$rss_cards"
if $build_times; then
  printf 'build             cold %s s; after a Rust change %s s; after a content change %s s\n' \
    "$cold_s" "$rust_s" "$content_s"
fi
printf 'RESULT binary_bytes=%s startup_ms=%s rss_start_mb=%s rss_after_millions_mb=%s mix_req_s=%s card_first_ms=%s card_again_ms=%s rss_cards_mb=%s%s\n' \
  "$binary_bytes" "$startup_median" "$rss_start" "$(IFS=,; echo "${rss_after[*]}")" "$rate_median" \
  "$card_median" "$card_again" "$rss_cards" \
  "$($build_times && printf ' build_cold_s=%s build_rust_s=%s build_content_s=%s' "$cold_s" "$rust_s" "$content_s")"
