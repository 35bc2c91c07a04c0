#!/usr/bin/env bash
# content-10x.sh: how the site's cost grows with ten times the content of an operator's catalogue.
#
# What it measures. The working tree (the files `git ls-files -co --exclude-standard` lists, so
# uncommitted edits count) is copied to --dir with ui/node_modules linked to the real one, and
# multiply-content.py multiplies the copy's FAQ articles, announcements and both supported-asset
# lists by --factor (default 10), keeping every content rule. The generated content is checked with
# the tree's release binary (`custody-site check --content`), the copy is built from clean with its
# own target directory (the time is the cold build, dependencies and UI build included), then
# rebuilt once with the original content and once more with the multiplied content: those two
# content-only rebuilds (crates/site/build.rs, the UI build and prerender, the crate and its LTO
# link) compare the edit-to-binary time at 1x and 10x. Then the baseline (the tree's
# target/release/custody-site, or with `--baseline copy` the copy's own 1x build) and the 10x binary
# are measured one after the other, each on a free port with a fresh applications log and
# RUST_LOG=warn: binary size, documents (`pages` of /readyz), start-up time to the first 200 of
# /healthz (median of --starts starts, polled every millisecond from the spawn), resident memory
# (VmRSS) after start-up and after every sitemap URL (English and Chinese) and a few API answers
# were requested once in brotli, and requests/s and p99 with wrk (-t2, --connections, --duration
# seconds) of a supported-assets answer, the home page and an FAQ search.
#
# How to read it. The table gives each figure at 1x and 10x and the ratio. Pages are rendered when
# first asked for and API answers cached per query, so their requests/s should not move with the
# content; the crawl, memory once pages are asked for and the binary grow with it (the rebuild
# hardly does), and a new FAQ search scans every article once. --reuse measures the binaries of an
# earlier run again without copying or building.
#
# Output: progress on stderr; the table and one `RESULT figure=... x1=... xN=... ratio=...` line
# per figure on stdout.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=lib.sh
source "$repo/scripts/bench/lib.sh"
factor=${BENCH_FACTOR:-10}
dir=${BENCH_DIR:-$repo/target/bench-content-10x/src}
baseline=${BENCH_BINARY:-$repo/target/release/custody-site}
checker=$repo/target/release/custody-site
starts=${BENCH_STARTS:-5}
duration=${BENCH_DURATION:-5}
connections=${BENCH_CONNECTIONS:-50}
reuse=false
rebuilds=true

while [ $# -gt 0 ]; do
  case $1 in
    --factor) factor=$2; shift 2 ;;
    --dir) dir=$2; shift 2 ;;
    --baseline) baseline=$2; shift 2 ;;
    --starts) starts=$2; shift 2 ;;
    --duration) duration=$2; shift 2 ;;
    --connections) connections=$2; shift 2 ;;
    --reuse) reuse=true; shift ;;
    --no-rebuilds) rebuilds=false; shift ;;
    -h|--help)
      sed -n '2,28p' "$0"
      echo "Usage: bash scripts/bench/content-10x.sh [--factor 10] [--dir DIR] [--baseline PATH|copy] [--starts 5]"
      echo "         [--duration 5] [--connections 50] [--no-rebuilds] [--reuse]"
      echo "Needs cargo, node and npm (ui/node_modules installed), python3, wrk and curl; a clean build"
      echo "takes 6-10 minutes on 2 cores and the two rebuilds a few more (--no-rebuilds skips them)."
      exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

for tool in cargo node npm python3 wrk curl tar; do
  command -v "$tool" >/dev/null || { echo "$tool is needed (see scripts/bench/README.md)" >&2; exit 1; }
done
if ! [[ $factor =~ ^[0-9]+$ ]] || [ "$factor" -lt 2 ]; then
  echo "--factor must be a whole number of at least 2" >&2; exit 2
fi
if [ "$baseline" = copy ] && ! $rebuilds && ! $reuse; then
  echo "--baseline copy needs the rebuilds (the copy's 1x binary comes from them)" >&2; exit 2
fi
began=$SECONDS
x="${factor}x"
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
run=$dir/.content-10x   # this run's files: both contents, binaries, logs; marks the folder as ours
case $dir in
  /|"$repo"|"$HOME") echo "refusing to use $dir as the work dir" >&2; exit 2 ;;
esac
if [ -n "$(ls -A "$dir")" ] && [ ! -d "$run" ]; then
  echo "$dir is not empty and not a work dir of this script; choose another --dir" >&2; exit 2
fi
if [[ $dir == "$repo"/* ]] && ! git -C "$repo" check-ignore -q "$dir"; then
  echo "$dir is inside the repository but not ignored by git: it would copy itself" >&2; exit 2
fi

# Figures by name: fig[name:1x], fig[name:Nx].
declare -A fig
note() { printf '%s\n' "$*" >&2; }

# --- 1. the copy and its content -----------------------------------------------------------------

if ! $reuse; then
  note "== copying the working tree to $dir"
  find "$dir" -mindepth 1 -maxdepth 1 ! -name target -exec rm -rf {} +
  mkdir -p "$run/bin"
  (
    cd "$repo"
    git ls-files -z -co --exclude-standard | while IFS= read -r -d '' file; do
      # Files deleted in the working tree are still listed by -c; only what exists is copied.
      if [ -e "$file" ] || [ -L "$file" ]; then printf '%s\0' "$file"; fi
    done | tar --null -T - -cf -
  ) | tar -C "$dir" -xf -
  note "   HEAD $(git -C "$repo" rev-parse --short HEAD), $(git -C "$repo" status --porcelain | wc -l) uncommitted or untracked path(s)"
  # The copy shares the installed packages; crates/site/build.rs would run `npm ci` through the link
  # (into the real folder) if they were older than the lock file, so that case stops here instead.
  [ -d "$repo/ui/node_modules" ] || { echo "ui/node_modules is missing: cd ui && npm ci" >&2; exit 1; }
  if [ "$repo/ui/node_modules/.package-lock.json" -ot "$dir/ui/package-lock.json" ]; then
    echo "ui/node_modules is older than ui/package-lock.json: cd ui && npm ci" >&2; exit 1
  fi
  rm -rf "$dir/ui/node_modules"
  ln -s "$repo/ui/node_modules" "$dir/ui/node_modules"

  note "== multiplying the copy's content by $factor"
  cp -R "$dir/content" "$run/content-1x"
  python3 "$repo/scripts/bench/multiply-content.py" "$dir/content" --factor "$factor"
  cp -R "$dir/content" "$run/content-$x"
fi
for c in 1x "$x"; do
  [ -d "$run/content-$c" ] || { echo "no earlier run in $dir: run without --reuse" >&2; exit 1; }
done

# Content figures, and the time the site's own check takes over each.
for c in 1x "$x"; do
  content=$run/content-$c
  fig[articles:$c]=$(grep -c '^\[\[article\]\]' "$content/en/faq.toml")
  fig[announcements:$c]=$(grep -c '^\[\[announcement\]\]' "$content/en/announcements.toml")
  fig[assets_sg:$c]=$(grep -c '^ *{' "$content/assets/sg.toml")
  fig[assets_hk:$c]=$(grep -c '^ *{' "$content/assets/hk.toml")
  fig[content_kb:$c]=$(find "$content" -name '*.toml' -exec cat {} + | wc -c | awk '{printf "%.0f", $1 / 1024}')
  if [ -x "$checker" ]; then
    times=""
    for _ in 1 2 3; do
      t0=$(date +%s%N)
      "$checker" check --content "$content" >"$run/check-$c.out" 2>&1 || {
        cat "$run/check-$c.out" >&2; echo "the $c content does not pass the site's check" >&2; exit 1; }
      times="$times $((($(date +%s%N) - t0) / 1000000))"
    done
    fig[check_ms:$c]=$(bench_median <<<"$times")
    note "content $c: $(cat "$run/check-$c.out")"
  fi
done

# --- 2. builds -------------------------------------------------------------------------------------

# build NAME: a release build of the copy into its own target dir; records the seconds.
build() {
  local t0=$SECONDS
  note "== cargo build --release ($1), log in $run/build-$1.log"
  if ! (cd "$dir" && CARGO_TARGET_DIR="$dir/target" cargo build --release --locked) >"$run/build-$1.log" 2>&1; then
    tail -n 40 "$run/build-$1.log" >&2; echo "the build ($1) failed" >&2; exit 1
  fi
  echo "$1 $((SECONDS - t0))" >>"$run/build-times"
  note "   $((SECONDS - t0)) s"
}
# use_content N: puts that content in the copy with fresh modification times (cp without -p), so
# cargo sees it changed.
use_content() {
  rm -rf "$dir/content"
  cp -R "$run/content-$1" "$dir/content"
}

if ! $reuse; then
  rm -f "$run/build-times"
  rm -rf "$dir/target"
  build "clean-$x"
  cp "$dir/target/release/custody-site" "$run/bin/custody-site-$x"
  if $rebuilds; then
    use_content 1x
    build "content-1x"
    cp "$dir/target/release/custody-site" "$run/bin/custody-site-1x"
    use_content "$x"
    build "content-$x"
    cp "$dir/target/release/custody-site" "$run/bin/custody-site-$x"
  fi
fi
if [ -f "$run/build-times" ]; then
  while read -r name seconds; do
    case $name in
      clean-*) fig[build_clean_s:$x]=$seconds ;;
      content-1x) fig[rebuild_s:1x]=$seconds ;;
      content-*) fig[rebuild_s:$x]=$seconds ;;
    esac
  done <"$run/build-times"
fi

# --- 3. the two binaries ----------------------------------------------------------------------------

if [ "$baseline" = copy ]; then
  [ -x "$run/bin/custody-site-1x" ] || { echo "no 1x build of the copy in $run/bin" >&2; exit 1; }
  cp "$run/bin/custody-site-1x" "$run/bin/baseline"
else
  [ -x "$baseline" ] || { echo "no binary at $baseline: cargo build --release" >&2; exit 1; }
  cp "$baseline" "$run/bin/baseline"
  # The build id of --version covers the UI only; a different size shows other Rust sources too.
  if [ -x "$run/bin/custody-site-1x" ] &&
    [ "$(stat -c %s "$run/bin/baseline")" != "$(stat -c %s "$run/bin/custody-site-1x")" ]; then
    note "warning: the baseline $baseline ($(stat -c %s "$run/bin/baseline") B) is not the copy's own"
    note "         1x build ($(stat -c %s "$run/bin/custody-site-1x") B): it was probably built from other sources,"
    note "         so code changes mix with content growth; --baseline copy compares like with like"
  fi
fi
[ -x "$run/bin/custody-site-$x" ] || { echo "no $x binary in $run/bin: run without --reuse" >&2; exit 1; }

# startup_ms BINARY: "MEDIAN ALL..." of the milliseconds from spawn to the first 200 of /healthz
# over $starts starts, each on a free port with a fresh log.
startup_ms() {
  local start port pid ms all=()
  for start in $(seq "$starts"); do
    port=$(bench_free_port)
    read -r pid ms < <(bench_start "$1" "$port" "$run/logs/startup-$start.jsonl" "$run/logs/site.log")
    [ -n "$ms" ] || exit 1
    bench_stop "$pid"
    all+=("$(printf '%.0f' "$ms")")
  done
  echo "$(bench_median <<<"${all[*]}") ${all[*]}"
}

# wrk_figures URL: "requests/s p99-ms" with brotli; fails on any answer above 399.
wrk_figures() {
  local rps p99 non2xx
  wrk -t2 -c"$connections" -d"${duration}s" --latency -H 'Accept-Encoding: br' "$1" >"$run/wrk.txt"
  read -r rps _ p99 non2xx _ <<<"$(bench_parse_wrk "$run/wrk.txt")"
  [ "$non2xx" -eq 0 ] || { echo "wrk saw $non2xx answers above 399 from $1" >&2; exit 1; }
  printf '%.0f %s\n' "$rps" "$(bench_ms "$p99")"
}

# measure LABEL BINARY: every runtime figure of one binary.
measure() {
  local label=$1 binary=$2
  note "== $label: $binary"
  fig[binary_mb:$label]=$(stat -c %s "$binary" | awk '{printf "%.1f", $1 / 1048576}')
  local out startup all
  out=$(startup_ms "$binary")
  read -r startup all <<<"$out"
  fig[startup_ms:$label]=$startup
  note "   start-up to /healthz: $all ms (median $startup)"

  local port origin
  port=$(bench_free_port)
  origin="http://127.0.0.1:$port"
  read -r site _ < <(bench_start "$binary" "$port" "$run/logs/measure-$label.jsonl" "$run/logs/site.log")
  [ -n "$site" ] || exit 1
  fig[rss_start_mb:$label]=$(bench_rss_mb "$site")
  until curl -sf -o "$run/readyz-$label.json" "$origin/readyz"; do sleep 0.01; done
  fig[documents:$label]=$(grep -o '"pages":[0-9]*' "$run/readyz-$label.json" | cut -d: -f2)

  # Every sitemap URL (each <loc>, which lists both languages) and a few API answers, once each.
  bench_sitemap_urls "$origin" >"$run/urls-$label.txt"
  fig[sitemap_urls:$label]=$(wc -l <"$run/urls-$label.txt")
  for path in '/api/supported-assets?entity=sg&page=1&size=20' '/api/supported-assets?entity=sg&page=2&size=100' \
    '/api/supported-assets?entity=hk&page=1&size=50' '/api/supported-assets?entity=sg&network=ethereum&page=1&size=20' \
    '/api/supported-assets?entity=sg&token=usd&page=1&size=20' '/api/faq/search?q=custody&lang=en' \
    '/api/faq/search?q=%E6%89%98%E7%AE%A1&lang=zh' '/api/announcements/search?q=maintenance&lang=en' \
    '/_app/data?path=/faq/about' '/_app/builds/latest.json'; do
    echo "$origin$path" >>"$run/urls-$label.txt"
  done
  sed 's/.*/url = "&"\noutput = "\/dev\/null"/' "$run/urls-$label.txt" >"$run/curl-$label.conf"
  local t0
  t0=$(date +%s%N)
  curl -s -H 'Accept-Encoding: br' -w '%{http_code} %{size_download}\n' -K "$run/curl-$label.conf" >"$run/crawl-$label.txt"
  fig[crawl_ms:$label]=$((($(date +%s%N) - t0) / 1000000))
  local requested not_ok
  requested=$(wc -l <"$run/crawl-$label.txt")
  not_ok=$(awk '$1 != 200' "$run/crawl-$label.txt" | wc -l)
  if [ "$not_ok" -gt 0 ] || [ "$requested" -ne "$(wc -l <"$run/urls-$label.txt")" ]; then
    echo "$label: $not_ok of $requested crawled answers were not 200 (see $run/crawl-$label.txt)" >&2; exit 1
  fi
  fig[crawl_kb:$label]=$(awk '{ n += $2 } END { printf "%.0f", n / 1024 }' "$run/crawl-$label.txt")
  fig[rss_crawled_mb:$label]=$(bench_rss_mb "$site")
  note "   $requested answers crawled in ${fig[crawl_ms:$label]} ms"

  local rps p99
  out=$(wrk_figures "$origin/api/supported-assets?entity=sg&page=1&size=20")
  read -r rps p99 <<<"$out"
  fig[assets_rps:$label]=$rps; fig[assets_p99_ms:$label]=$p99
  out=$(wrk_figures "$origin/")
  read -r rps p99 <<<"$out"
  fig[home_rps:$label]=$rps; fig[home_p99_ms:$label]=$p99
  out=$(wrk_figures "$origin/api/faq/search?q=custody&lang=en")
  read -r rps p99 <<<"$out"
  fig[search_rps:$label]=$rps; fig[search_p99_ms:$label]=$p99
  fig[rss_loaded_mb:$label]=$(bench_rss_mb "$site")
  bench_stop "$site"
  site=
}

rm -rf "$run/logs"; mkdir -p "$run/logs"
trap 'if [ -n "${site:-}" ]; then kill "$site" 2>/dev/null || true; fi' EXIT
note "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
measure 1x "$run/bin/baseline"
measure "$x" "$run/bin/custody-site-$x"
note "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"

# --- 4. the table ------------------------------------------------------------------------------------

rows=(
  "articles|FAQ articles, per language"
  "announcements|announcements, per language"
  "assets_sg|supported assets, Singapore rows"
  "assets_hk|supported assets, Hong Kong rows"
  "content_kb|content/*.toml, KB"
  "check_ms|custody-site check, ms"
  "build_clean_s|clean release build, s"
  "rebuild_s|rebuild after a content change, s"
  "binary_mb|binary size, MB"
  "documents|documents (/readyz pages)"
  "sitemap_urls|sitemap URLs"
  "startup_ms|start-up to first /healthz 200, ms"
  "rss_start_mb|VmRSS after start-up, MB"
  "crawl_ms|crawl (sitemap + 10 API answers), ms"
  "crawl_kb|crawl, br bytes received, KB"
  "rss_crawled_mb|VmRSS after the crawl, MB"
  "assets_rps|supported-assets API, req/s"
  "assets_p99_ms|supported-assets API, p99 ms"
  "home_rps|home page, req/s"
  "home_p99_ms|home page, p99 ms"
  "search_rps|FAQ search 'custody', req/s"
  "search_p99_ms|FAQ search 'custody', p99 ms"
  "rss_loaded_mb|VmRSS after the wrk runs, MB"
)
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a ~ /^[0-9.]+$/ && b ~ /^[0-9.]+$/ && a > 0) printf "%.2f", b / a; else print "-" }'; }
printf '\n%-40s %12s %12s %8s\n' figure 1x "$x" "$x/1x"
for row in "${rows[@]}"; do
  key=${row%%|*}
  one=${fig[$key:1x]:--} many=${fig[$key:$x]:--}
  printf '%-40s %12s %12s %8s\n' "${row#*|}" "$one" "$many" "$(ratio "$one" "$many")"
done
echo
for row in "${rows[@]}"; do
  key=${row%%|*}
  one=${fig[$key:1x]:--} many=${fig[$key:$x]:--}
  echo "RESULT figure=$key x1=$one x$factor=$many ratio=$(ratio "$one" "$many")"
done
note "took $((SECONDS - began)) s; the copy and its target dir stay in $dir (rm -rf it when done)"
