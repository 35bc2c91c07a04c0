#!/usr/bin/env bash
# compare.sh: requests/s of custody-site against nginx serving the same bytes, same run.
#
# Paths may answer 200 (a document, a file, an API answer), 404 (the site's error page: nginx
# sends the same bytes with status 404 through error_page) or 301 (a redirect: nginx returns the
# same Location; its 301 carries nginx's small HTML body where the site's has none).
#
# What it measures. For every URL path given, the site binary (a copy, so a rebuild during the
# run changes nothing) and a tuned nginx answer the very same response: the script first asks
# the site for each path (once with the chosen Accept-Encoding, once identity), lays the bodies
# out as nginx files (identity body as the file, the br or gzip body as its precompressed
# sibling for brotli_static / gzip_static), checks byte for byte that nginx answers the same,
# then loads each server with wrk over keep-alive HTTP/1.1, alternating site, nginx, site,
# nginx... for --rounds rounds of --duration seconds per path. Both request the same URL, query
# string included (nginx maps $request_uri to the file).
#
# Which nginx. The reference is nginx at its fastest: before the rounds of each path, every
# nginx variant worth trying (worker count, reuseport, open_file_cache, sendfile: lib.sh's
# bench_nginx_fastest) runs a short calibration (--calibrate seconds, alternating), and the
# fastest by req/s is the one measured and printed. --nginx VARIANT pins one instead.
#
# Beside wrk's latencies: the site's own p99 from its request latency histogram (its metrics
# listener, scraped before and after each site run: the time from the request's headers to its
# answer inside the site, without the kernel's queues), and the memory of each server with the
# connections held (VmRSS in the middle of a run, less VmRSS idle, per connection). --pin puts
# wrk and the servers on separate CPUs.
#
# Where the time went. --split MS adds, after each path's rounds, one more 3 s run per server
# in whose middle `perf` traces the read and write system calls of both ends for MS ms
# (lib.sh: bench_split, split.py): how long a request waited in the server's socket, how long
# the server took to answer it, and how long the answer waited in wrk's socket until wrk read
# it. In a closed loop the faster server leaves more of each request's time in the load
# generator; this says whose queue a p99 is. Tracing slows both ends: the traced run's req/s
# is printed with it and counts nowhere else.
#
# How to read it. The figure of merit is the ratio site/nginx of the median requests/s
# (the budget: home page, br, ratio >= 1.00). Beside it, each round's pair (the site's run and
# nginx's right after it) gives a ratio of its own: the median of those ("paired by round",
# `paired_ratio=`) is steadier when the machine's speed changes between rounds, since two runs
# seconds apart share its state; the report also counts the rounds in which the site's p99 was at
# or under nginx's (`p99_rounds_at_or_under=`). The servers, wrk and everything else on the
# machine share the same cores, so absolute numbers move from run to run; only ratios measured
# in the same run are comparable. p50/p99 are wrk's latency percentiles at --connections
# concurrent connections (medians over the rounds). Every run's figures are printed too; rounds
# that disagree a lot mean the machine was busy: run again.
#
# What still differs. nginx adds Server, Last-Modified and Connection headers (Accept-Ranges
# on identity) and sends its own ETag; every other header of the site (Cache-Control, Vary,
# the security headers) is sent by nginx as well, and the header bytes of both are printed.
# The site runs with RUST_LOG=warn, i.e. without its per-request log line, as nginx runs with
# access_log off; --site-log info measures the site with it.
#
# Against a previous build. --against PATH makes the reference another custody-site build (a
# copy of PATH) instead of nginx: it is started as the site is (same flags, environment,
# RUST_LOG, metrics listener; its own working directory and ports), nothing is laid out for
# nginx and no nginx runs or is calibrated (--nginx is refused, --calibrate ignored). Before
# any load both must answer each path with the same status, Content-Encoding and Location;
# their bodies may differ (two builds): the report says so and gives both sizes. The rounds
# alternate site, before, site, before...; the tables and RESULT lines have the same columns
# with "before" for "nginx", and the histogram p99 ("inside") of both (lib.sh:
# bench_apply_modes, bench_same_answer). This is the check "no row slower than before".
#
# Progress goes to stderr; the tables and one `RESULT path=... ratio=...` line per path to stdout.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=lib.sh
source "$repo/scripts/bench/lib.sh"
brotli_module=$bench_brotli_module

usage() {
  cat <<EOF
Usage: bash scripts/bench/compare.sh [options] URL_PATH...
  e.g. bash scripts/bench/compare.sh / /zh '/api/supported-assets?entity=sg&page=1&size=20'

Measures custody-site against nginx serving the same bytes, or with --against against a
previous build of the site (see the comment at the top).

Options (each also settable by the environment variable shown):
  --binary PATH      site binary, copied before use  [BENCH_BINARY, default target/release/custody-site]
  --against PATH     the reference is this custody-site binary (copied before use, started
                     as the site, labelled "before") instead of nginx; same status and
                     Content-Encoding required, body differences reported; --nginx refused,
                     --calibrate and --calibrate-rounds ignored  [BENCH_AGAINST, default none]
  --duration SECS    seconds per wrk run             [BENCH_DURATION, default 10]
  --rounds N         runs per server and path        [BENCH_ROUNDS, default 3]
  --connections C    wrk connections                 [BENCH_CONNECTIONS, default 50]
  --threads T        wrk threads                     [BENCH_THREADS, default 2]
  --encoding E       br, gzip or identity            [BENCH_ENCODING, default br]
  --site-log FILTER  RUST_LOG of the site            [BENCH_SITE_LOG, default warn]
  --nginx MODE       fastest: one setting at a time, the fastest variant per path;
                     fastest-full: every variant of the matrix per path;
                     a variant pinned: default, or some of
                     workers=auto|1|2,reuseport=on|off,open_file_cache=on|off,sendfile=on|off
                                                     [BENCH_NGINX, default fastest]
  --calibrate SECS   seconds of one calibration run  [BENCH_CALIBRATE, default 2]
  --calibrate-rounds N  calibration runs per variant (median)  [BENCH_CALIBRATE_ROUNDS, default 1]
  --pin MODE         none; loadgen: wrk alone on CPU 1, the servers on CPU 0;
                     server: the servers alone on CPU 1, wrk on CPU 0  [BENCH_PIN, default none]
  --split MS         after each path's rounds, one traced run per server: where a request's
                     time went, traced for MS ms (see the comment at the top; needs perf,
                     run as root)                    [BENCH_SPLIT, default 0: none]
  -h, --help         this text
EOF
}

die() {
  printf 'compare.sh: %s\n' "$*" >&2
  exit 1
}

progress() {
  printf '%s\n' "$*" >&2
}

# log_excerpt FILE: a newline and the last lines of FILE, to quote a log in a message (the temp
# dir is removed on exit).
log_excerpt() {
  printf '\n'
  tail -n 20 "$1"
}

# --- options -------------------------------------------------------------------------------

binary=${BENCH_BINARY:-$repo/target/release/custody-site}
duration=${BENCH_DURATION:-10}
rounds=${BENCH_ROUNDS:-3}
connections=${BENCH_CONNECTIONS:-50}
threads=${BENCH_THREADS:-2}
encoding=${BENCH_ENCODING:-br}
site_log=${BENCH_SITE_LOG:-warn}
# "" is fastest (bench_apply_modes): a --nginx given with --against is refused.
nginx_mode=${BENCH_NGINX:-}
against=${BENCH_AGAINST:-}
calibrate=${BENCH_CALIBRATE:-2}
calibrate_rounds=${BENCH_CALIBRATE_ROUNDS:-1}
pin=${BENCH_PIN:-none}
split=${BENCH_SPLIT:-0}
targets=()

while [ $# -gt 0 ]; do
  case $1 in
    -h | --help) usage; exit 0 ;;
    --binary) binary=$(bench_option_value "$@"); shift 2 ;;
    --against) against=$(bench_option_value "$@"); shift 2 ;;
    --duration) duration=$(bench_option_value "$@"); shift 2 ;;
    --rounds) rounds=$(bench_option_value "$@"); shift 2 ;;
    --connections) connections=$(bench_option_value "$@"); shift 2 ;;
    --threads) threads=$(bench_option_value "$@"); shift 2 ;;
    --encoding) encoding=$(bench_option_value "$@"); shift 2 ;;
    --site-log) site_log=$(bench_option_value "$@"); shift 2 ;;
    --nginx) nginx_mode=$(bench_option_value "$@"); shift 2 ;;
    --calibrate) calibrate=$(bench_option_value "$@"); shift 2 ;;
    --calibrate-rounds) calibrate_rounds=$(bench_option_value "$@"); shift 2 ;;
    --pin) pin=$(bench_option_value "$@"); shift 2 ;;
    --split) split=$(bench_option_value "$@"); shift 2 ;;
    -*) die "unknown option $1 (see -h)" ;;
    *) targets+=("$1"); shift ;;
  esac
done

require_count() { # NAME VALUE
  [[ $2 =~ ^[1-9][0-9]*$ ]] || die "$1 must be a positive whole number, not '$2'"
}

check_setup() {
  [ ${#targets[@]} -gt 0 ] || { usage >&2; exit 2; }
  require_count --duration "$duration"
  require_count --rounds "$rounds"
  require_count --connections "$connections"
  require_count --threads "$threads"
  [ "$connections" -ge "$threads" ] || die "--connections must be at least --threads (wrk)"
  case $encoding in br | gzip | identity) ;; *) die "--encoding must be br, gzip or identity" ;; esac
  require_count --calibrate "$calibrate"
  require_count --calibrate-rounds "$calibrate_rounds"
  bench_apply_modes "$nginx_mode" "$pin" 0 "$against" || die "bad --nginx, --pin or --against"
  bench_split_check "$split" || exit 1
  [ -x "$binary" ] || die "no executable site binary at $binary (build it or pass --binary)"
  local tool
  for tool in wrk curl sha256sum; do
    command -v "$tool" >/dev/null || die "$tool is not installed"
  done
  if [ -z "$against" ]; then
    command -v nginx >/dev/null || die "nginx is not installed"
    [ -f "$brotli_module" ] || die "$brotli_module missing: apt-get install libnginx-mod-http-brotli-static"
  fi
  local target seen=" "
  for target in "${targets[@]}"; do
    # The path becomes a quoted nginx map key and a wrk/curl URL: keep it to plain URL characters.
    [[ $target == /* ]] || die "URL path must start with /: '$target'"
    if [[ $target =~ [[:space:][:cntrl:]\"\\\$] ]]; then
      die "URL path has a space, quote, backslash or \$: '$target'"
    fi
    if [[ $seen == *" $target "* ]]; then die "URL path listed twice: $target"; fi
    seen+="$target "
  done
  return 0
}

# --- temp dir, processes, cleanup ----------------------------------------------------------

work=""
site_pid=""
nginx_pid=""
before_pid=""   # --against: the reference build

stop_process() { # PID
  if [ -n "$1" ] && kill -0 "$1" 2>/dev/null; then
    kill "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
  fi
}

cleanup() {
  stop_process "$nginx_pid"
  stop_process "$before_pid"
  stop_process "$site_pid"
  if [ -n "$work" ]; then rm -rf "$work"; fi
}

# A port nothing listens on now (the server that binds it next is checked to come up). It is
# taken below the ephemeral range: a port some client connection holds cannot be bound.
free_port() {
  local port ephemeral_start
  read -r ephemeral_start _ </proc/sys/net/ipv4/ip_local_port_range
  [ "$ephemeral_start" -gt 11000 ] || die "the ephemeral port range starts at $ephemeral_start: no room below it"
  while :; do
    port=$((10000 + RANDOM % (ephemeral_start - 10000)))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port"
      return
    fi
  done
}

# wait_until_answering NAME PID URL LOG: waits up to 10 s for any HTTP answer from URL.
wait_until_answering() {
  for _ in $(seq 100); do
    kill -0 "$2" 2>/dev/null || die "$1 exited at start-up; its log:$(log_excerpt "$4")"
    if curl -s -o /dev/null --max-time 1 "$3"; then return; fi
    sleep 0.1
  done
  die "$1 did not answer $3 within 10 s; its log:$(log_excerpt "$4")"
}

# start_custody NAME BINARY DIR: copies BINARY to DIR/custody-site and starts it with DIR as its
# working directory (its applications log, data/builds), its output in DIR/site.log, on fresh
# ports; sets started_pid, started_port and started_metrics_port. The site under test and the
# --against build start through here alike.
start_custody() {
  local name=$1 dir=$3
  mkdir -p "$dir"
  cp "$2" "$dir/custody-site"
  started_port=$(free_port)
  started_metrics_port=$(free_port)
  # The connection cap as nginx's worker_connections (scripts/bench/lib.sh): above scaling.sh's
  # 10,000 connections. The metrics listener (its latency histogram) on a port of its own.
  (cd "$dir" && CUSTODY_SITE_LISTEN=127.0.0.1:$started_port CUSTODY_SITE_SERVER_MAX_CONNECTIONS=20000 \
    CUSTODY_SITE_METRICS_LISTEN=127.0.0.1:$started_metrics_port RUST_LOG=$site_log exec "${server_cmd[@]}" ./custody-site) \
    >"$dir/site.log" 2>&1 &
  started_pid=$!
  wait_until_answering "$name" "$started_pid" "http://127.0.0.1:$started_port/healthz" "$dir/site.log"
  bench_scrape_latency "$started_metrics_port" | grep -q '^+Inf ' \
    || die "no latency histogram on the metrics listener of $name, 127.0.0.1:$started_metrics_port; its log:$(log_excerpt "$dir/site.log")"
}

start_site() {
  start_custody site "$binary" "$work"
  site_pid=$started_pid site_port=$started_port metrics_port=$started_metrics_port
}

# --against: the reference build, in a directory of its own.
start_before() {
  start_custody "$ref" "$against" "$work/before"
  before_pid=$started_pid before_port=$started_port before_metrics_port=$started_metrics_port
}

# --- fetching the site's bytes -------------------------------------------------------------

# fetch URL ACCEPT_ENCODING BODY_FILE HEAD_FILE: GETs URL; prints "STATUS HEADER_BYTES".
fetch() {
  curl -sS --max-time 10 -H "Accept-Encoding: $2" -o "$3" -D "$4" \
    -w '%{http_code} %{size_header}' "$1"
}

key_of() { # TARGET: a flat file name for a URL path and query
  printf '%s' "$1" | sha256sum | cut -c1-16
}

# Per target index: its key, the coding the site used for --encoding ("" = identity), the body
# and header sizes, and its file in the nginx docroot.
keys=()
codings=()
body_bytes=()
identity_bytes=()
site_header_bytes=()
ref_header_bytes=()    # the reference's (nginx's, or the --against build's)
body_notes=()          # --against: how the reference's bodies differ from the site's ("" same)
target_types=()
statuses=()        # the site's status for each target: 200, 301 or 404
locations=()       # the Location of each 301
content_types=()   # the distinct Content-Types; file extension t<N> gives nginx number N
docroot_files=()

content_type_number() { # CONTENT_TYPE: its N in content_types, or the next free one if new
  local n
  for n in "${!content_types[@]}"; do
    if [ "${content_types[n]}" = "$1" ]; then echo "$n"; return; fi
  done
  echo "${#content_types[@]}"
}

# Asks the site for target I, stores its bodies under the nginx docroot and its headers.
take_site_bytes() { # I
  local i=$1 target=${targets[$1]} key url out status header_bytes type number coding
  key=$(key_of "$target")
  url="http://127.0.0.1:$site_port$target"
  keys[i]=$key
  out=$(fetch "$url" "$encoding" "$work/site/$key.body" "$work/site/$key.head")
  read -r status header_bytes <<<"$out"
  site_header_bytes[i]=$header_bytes
  statuses[i]=$status
  case $status in
    200 | 404) ;;
    301)
      locations[i]=$(bench_header_value "$work/site/$key.head" location)
      [ -n "$against" ] || [[ ${locations[i]} == /* ]] || die "the site redirects $target off the site: '${locations[i]}'"
      target_types[i]="redirect to ${locations[i]}"
      codings[i]=""
      body_bytes[i]=$(wc -c <"$work/site/$key.body")
      identity_bytes[i]=${body_bytes[i]}
      bench_copied_headers "$target" "$work/site/$key.head" "" | awk -F '\t' '$2 != "location"' >>"$work/headers.tsv"
      return ;;
    *) die "the site answers $status for $target: only 200, 301 and 404 can be compared" ;;
  esac
  out=$(fetch "$url" identity "$work/site/$key.identity" "$work/site/$key.identity.head")
  read -r status _ <<<"$out"
  [ "$status" = "${statuses[i]}" ] || die "the site answers $status to an identity request for $target"
  [ -z "$(bench_header_value "$work/site/$key.identity.head" content-encoding)" ] \
    || die "the site compresses $target although asked for identity"

  type=$(bench_header_value "$work/site/$key.head" content-type)
  [ -n "$type" ] || die "the site sends no Content-Type for $target"
  target_types[i]=$type
  number=$(content_type_number "$type")
  content_types[number]=$type
  coding=$(bench_header_value "$work/site/$key.head" content-encoding)
  codings[i]=$coding
  if [ "$coding" != "$encoding" ] && [ "$encoding" != identity ]; then
    progress "note: the site answers $target with '${coding:-identity}', not $encoding; nginx will too"
  fi

  # Error pages live under /e/, reached only through nginx's error_page.
  if [ "${statuses[i]}" = 404 ]; then docroot_files[i]=/e/$key.t$number; else docroot_files[i]=/f/$key.t$number; fi
  cp "$work/site/$key.identity" "$work/nginx/docroot${docroot_files[i]}"
  case $coding in
    br) cp "$work/site/$key.body" "$work/nginx/docroot${docroot_files[i]}.br" ;;
    gzip) cp "$work/site/$key.body" "$work/nginx/docroot${docroot_files[i]}.gz" ;;
    "") ;;
    *) [ -n "$against" ] || die "the site answers $target with Content-Encoding '$coding', which nginx cannot mirror" ;;
  esac
  body_bytes[i]=$(wc -c <"$work/site/$key.body")
  identity_bytes[i]=$(wc -c <"$work/site/$key.identity")
  bench_copied_headers "$target" "$work/site/$key.head" "$coding" >>"$work/headers.tsv"
}

# --- nginx ---------------------------------------------------------------------------------

# Writes $work/nginx/headers.conf (add_header lines for the location) and maps.conf (the
# $request_uri -> file map, plus a map for each header whose value differs between paths).
write_nginx_maps() {
  local i
  {
    echo "map \$request_uri \$bench_file {"
    for i in "${!targets[@]}"; do
      [ "${statuses[i]}" = 200 ] && printf '    %s %s;\n' "$(bench_nginx_quote "${targets[i]}")" "${docroot_files[i]}"
    done
    echo "}"
    echo "map \$request_uri \$bench_error_page {"
    echo "    default /e/none;"
    for i in "${!targets[@]}"; do
      [ "${statuses[i]}" = 404 ] && printf '    %s %s;\n' "$(bench_nginx_quote "${targets[i]}")" "${docroot_files[i]}"
    done
    echo "}"
    echo "map \$request_uri \$bench_redirect {"
    for i in "${!targets[@]}"; do
      [ "${statuses[i]}" = 301 ] && printf '    %s %s;\n' "$(bench_nginx_quote "${targets[i]}")" "$(bench_nginx_quote "${locations[i]}")"
    done
    echo "}"
  } >"$work/nginx/maps.conf"
  grep -q '\$' "$work/headers.tsv" && die "a header value of the site contains \$; nginx cannot copy it"
  # A header with one value on every path is a constant add_header; others go through a map
  # (an empty value makes nginx leave the header out, as the site does on that path).
  awk -F '\t' -v paths="${#targets[@]}" -v maps="$work/nginx/maps.conf" '
    function quote(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); return "\"" s "\"" }
    {
      if (!($2 in count)) names[++n] = $2
      count[$2]++; value[$2] = $3
      if (!(($2, $3) in seen)) { seen[$2, $3] = 1; distinct[$2]++ }
      row[NR] = $0
    }
    END {
      for (k = 1; k <= n; k++) {
        name = names[k]
        if (count[name] == paths && distinct[name] == 1) {
          print "add_header " name " " quote(value[name]) " always;"
          continue
        }
        print "map $request_uri $bench_header_" k " {" >> maps
        for (r = 1; r <= NR; r++) {
          split(row[r], f, "\t")
          if (f[2] == name) print "    " quote(f[1]) " " quote(f[3]) ";" >> maps
        }
        print "}" >> maps
        print "add_header " name " $bench_header_" k " always;"
      }
    }' "$work/headers.tsv" >"$work/nginx/headers.conf"
}

write_nginx_conf() { # VARIANT
  local n types="" variant=$1
  for n in "${!content_types[@]}"; do
    types+="        $(bench_nginx_quote "${content_types[n]}") t$n;"$'\n'
  done
  cat >"$work/nginx/nginx.conf" <<EOF
# Generated by scripts/bench/compare.sh for one run.
# nginx variant: $variant
$(bench_nginx_main_conf "$work/nginx" "$variant")

http {
$(bench_nginx_http_conf "$work/nginx" "$variant")
    # The maps below are keyed by whole request URIs, query strings included; the default
    # bucket (64 bytes) is too small for long API queries.
    map_hash_bucket_size 512;

    # Content-Type by file extension: one extension per Content-Type the site sent.
    types {
$types    }
    default_type application/octet-stream;

    include $work/nginx/maps.conf;

    server {
        # reuseport (when the variant has it): see bench_nginx_listen_flags in lib.sh.
        listen 127.0.0.1:$nginx_port $(bench_nginx_listen_flags "$variant");
        root $work/nginx/docroot;

        # The exact request URI (path and query) selects the file, the redirect or the error
        # page; anything else is a 404.
        location / {
            if (\$bench_redirect) {
                return 301 \$bench_redirect;
            }
            try_files \$bench_file =404;
            error_page 404 \$bench_error_page;
            include $work/nginx/headers.conf;
        }

        location /e/ {
            internal;
            include $work/nginx/headers.conf;
        }
    }
}
EOF
}

# start_nginx VARIANT: (re)starts nginx with VARIANT's configuration on a fresh port (the maps
# are written once, by write_nginx_maps).
start_nginx() {
  stop_process "$nginx_pid"
  nginx_pid=""
  nginx_port=$(free_port)
  write_nginx_conf "$1"
  "${server_cmd[@]}" nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" \
    >"$work/nginx/stderr.log" 2>&1 &
  nginx_pid=$!
  wait_until_answering nginx "$nginx_pid" "http://127.0.0.1:$nginx_port/" "$work/nginx/error.log"
  nginx_variant=$1
}

# The calibration of one path (bench_nginx_fastest's callbacks): start a variant and check it
# serves the path's bytes, then load it with wrk as the rounds will.
calibration_start() { # VARIANT
  start_nginx "$1"
  verify_nginx_bytes "$calibration_target"
}
calibration_load() { # SECS: prints nginx's req/s
  local raw=$work/wrk/calibration.txt parsed rps errors
  "${loadgen_cmd[@]}" wrk --latency -t "$threads" -c "$connections" -d "${1}s" \
    -H "Accept-Encoding: $encoding" "http://127.0.0.1:$nginx_port${targets[calibration_target]}" >"$raw" 2>&1 \
    || die "wrk failed calibrating nginx:$(log_excerpt "$raw")"
  parsed=$(bench_parse_wrk "$raw") || die "cannot read wrk's output:$(log_excerpt "$raw")"
  read -r rps _ _ _ errors _ <<<"$parsed"
  [ "$errors" -eq 0 ] || die "nginx ($nginx_variant) had socket errors calibrating:$(log_excerpt "$raw")"
  echo "$rps"
}

# Fails unless nginx answers target I with the site's status, Content-Encoding and bytes.
verify_nginx_bytes() { # I
  local i=$1 target=${targets[$1]} key=${keys[$1]} url out status header_bytes coding
  url="http://127.0.0.1:$nginx_port$target"
  out=$(fetch "$url" "$encoding" "$work/check.body" "$work/check.head")
  read -r status header_bytes <<<"$out"
  ref_header_bytes[i]=$header_bytes
  [ "$status" = "${statuses[i]}" ] || die "nginx answers $status for $target, the site ${statuses[i]}; error log:$(log_excerpt "$work/nginx/error.log")"
  if [ "$status" = 301 ]; then
    [ "$(bench_header_value "$work/check.head" location)" = "${locations[i]}" ] \
      || die "nginx redirects $target to '$(bench_header_value "$work/check.head" location)', the site to '${locations[i]}'"
    return
  fi
  coding=$(bench_header_value "$work/check.head" content-encoding)
  [ "$coding" = "${codings[i]}" ] \
    || die "nginx answers $target with Content-Encoding '${coding:-identity}', the site with '${codings[i]:-identity}'"
  cmp -s "$work/check.body" "$work/site/$key.body" \
    || die "nginx's body for $target ($(wc -c <"$work/check.body") B) differs from the site's (${body_bytes[i]} B)"
  [ "$(bench_header_value "$work/check.head" content-type)" = "$(bench_header_value "$work/site/$key.head" content-type)" ] \
    || die "nginx's Content-Type for $target differs from the site's"
  out=$(fetch "$url" identity "$work/check.body" "$work/check.head")
  read -r status _ <<<"$out"
  if [ "$status" != "${statuses[i]}" ] || ! cmp -s "$work/check.body" "$work/site/$key.identity"; then
    die "nginx's identity answer for $target differs from the site's"
  fi
}

# --against: fails unless the reference build answers target I with the site's status,
# Content-Encoding and Location, with --encoding and identity (lib.sh: bench_same_answer); notes
# in body_notes how the bodies differ, if they do.
verify_before_answer() { # I
  local i=$1 target=${targets[$1]} key=${keys[$1]} url out status header_bytes note identity_note
  url="http://127.0.0.1:$before_port$target"
  out=$(fetch "$url" "$encoding" "$work/check.body" "$work/check.head")
  read -r status header_bytes <<<"$out"
  ref_header_bytes[i]=$header_bytes
  note=$(bench_same_answer "$target ($encoding)" "${statuses[i]}" "$work/site/$key.head" "$work/site/$key.body" \
    "$status" "$work/check.head" "$work/check.body") || die "the two builds answer $target differently (see above)"
  if [ "${statuses[i]}" != 301 ]; then
    out=$(fetch "$url" identity "$work/check.body" "$work/check.head")
    read -r status _ <<<"$out"
    identity_note=$(bench_same_answer "$target (identity)" "${statuses[i]}" "$work/site/$key.identity.head" \
      "$work/site/$key.identity" "$status" "$work/check.head" "$work/check.body") \
      || die "the two builds answer $target differently (see above)"
    [ -z "$identity_note" ] || note="${note:-${codings[i]:-identity} bodies identical}; identity: $identity_note"
  fi
  body_notes[i]=$note
  [ -z "$note" ] || progress "note: $target: $note (no error: bodies may differ between builds)"
}

# --- load ----------------------------------------------------------------------------------

# measure I ROUND SERVER PORT: one wrk run of SERVER (site, nginx, or before with --against);
# appends "SERVER ROUND RPS P50 P99 SERVER_P99 HELD_KB MEAN" to the results (SERVER_P99: the
# custody-site histogram p99 in µs, "-" for nginx; HELD_KB: the server's VmRSS, workers
# included, 60 % into the run, with the connections held; MEAN: wrk's mean latency in µs).
measure() {
  local i=$1 round=$2 server=$3 target=${targets[$1]} raw parsed rps p50 p99 non2xx errors total mean
  local wrk_pid pid server_p99=- held_kb scrape_port=""
  raw=$work/wrk/${keys[i]}.$server.$round.txt
  case $server in
    site) pid=$site_pid scrape_port=$metrics_port ;;
    before) pid=$before_pid scrape_port=$before_metrics_port ;;
    *) pid=$nginx_pid ;;
  esac
  if [ -n "$scrape_port" ]; then
    bench_scrape_latency "$scrape_port" >"$work/histogram.before" || die "cannot read the metrics of $server"
  fi
  "${loadgen_cmd[@]}" wrk --latency -t "$threads" -c "$connections" -d "${duration}s" \
    -H "Accept-Encoding: $encoding" "http://127.0.0.1:$4$target" >"$raw" 2>&1 &
  wrk_pid=$!
  sleep "$(awk -v d="$duration" 'BEGIN { print d * 0.6 }')"
  held_kb=$(bench_tree_rss_kb "$pid")
  wait "$wrk_pid" || die "wrk failed on $server $target:$(log_excerpt "$raw")"
  if [ -n "$scrape_port" ]; then
    bench_scrape_latency "$scrape_port" >"$work/histogram.after" || die "cannot read the metrics of $server"
    server_p99=$(bench_histogram_p99 "$work/histogram.before" "$work/histogram.after")
    # Above the last finite bucket (1 s): reported as 1 s.
    [ "$server_p99" = inf ] && server_p99=1000000
    [ -n "$server_p99" ] || die "the latency histogram of $server counted no request of the run on $target"
  fi
  parsed=$(bench_parse_wrk "$raw") || die "cannot read wrk's output:$(log_excerpt "$raw")"
  read -r rps p50 p99 non2xx errors total mean <<<"$parsed"
  # wrk's "Non-2xx or 3xx" count is in fact of statuses above 399: a 404 target must have only
  # those, a 200 or 301 target none (that every 301 is a 301 was checked before the load).
  local expected_non2xx=0
  [ "${statuses[i]}" = 404 ] && expected_non2xx=$total
  [ "$non2xx" -eq "$expected_non2xx" ] || die "$server answered $non2xx of $total requests on $target (round $round) with a status other than ${statuses[i]}:$(log_excerpt "$raw")"
  [ "$errors" -eq 0 ] || die "$server had socket errors on $target (round $round):$(log_excerpt "$raw")"
  echo "$server $round $rps $p50 $p99 $server_p99 $held_kb $mean" >>"$work/results/${keys[i]}.tsv"
  local inside=""
  local who=$server
  [ "$server" = site ] && who="the site"
  [ "$server_p99" = - ] || inside=" (inside $who: p99 $(bench_ms "$server_p99") ms)"
  progress "  round $round/$rounds $server: $(printf '%.0f' "$rps") req/s, p50 $(bench_ms "$p50") ms, p99 $(bench_ms "$p99") ms$inside, $(bench_at_server "$rps" "$mean") of $connections requests at the server"
}

# split_run I SERVER PORT: one more 3 s wrk run of target I on SERVER at PORT, traced for --split
# ms from its middle (lib.sh: bench_split); prints the target, the server, the run's req/s, the
# connections and the split.
split_run() {
  local i=$1 server=$2 port=$3 raw=$work/wrk/split.txt wrk_pid figures parsed
  "${loadgen_cmd[@]}" wrk --latency -t "$threads" -c "$connections" -d 3s \
    -H "Accept-Encoding: $encoding" "http://127.0.0.1:$port${targets[i]}" >"$raw" 2>&1 &
  wrk_pid=$!
  sleep 1.5
  figures=$(bench_split "$port" "$split" "$work") || die "the traced run of $server failed on ${targets[i]}"
  wait "$wrk_pid" || die "wrk failed on $server ${targets[i]} (traced run):$(log_excerpt "$raw")"
  parsed=$(bench_parse_wrk "$raw") || die "cannot read wrk's output (traced run):$(log_excerpt "$raw")"
  printf '%s %s rps=%.0f connections=%s %s\n' "${targets[i]}" "$server" "${parsed%% *}" "$connections" "$figures"
}

# split_runs I REF_PORT: the traced runs of target I, the site's and then the reference's (at
# REF_PORT), added to the splits file.
split_runs() {
  progress "  traced runs (${split} ms of perf each)..."
  split_run "$1" site "$site_port" >>"$work/splits.txt"
  split_run "$1" "$ref" "$2" >>"$work/splits.txt"
}

# --- report --------------------------------------------------------------------------------

# median_of RESULTS SERVER COLUMN: median of one column (3 req/s, 4 p50, 5 p99, 6 the site's
# histogram p99, 7 VmRSS held, 8 mean latency) of one server.
median_of() {
  awk -v server="$2" -v column="$3" '$1 == server { print $column }' "$1" | bench_median
}

report() { # I
  local i=$1 target=${targets[$1]} results s_rps n_rps s_p50 n_p50 s_p99 n_p99 ratio
  local s_inside n_inside s_held n_held s_per n_per n_idle_kb s_at n_at
  results=$work/results/${keys[i]}.tsv
  # n_*: the reference's figures, nginx's or (--against) the previous build's, labelled $ref.
  s_rps=$(median_of "$results" site 3) n_rps=$(median_of "$results" "$ref" 3)
  s_p50=$(median_of "$results" site 4) n_p50=$(median_of "$results" "$ref" 4)
  s_p99=$(median_of "$results" site 5) n_p99=$(median_of "$results" "$ref" 5)
  s_inside=$(median_of "$results" site 6)
  s_held=$(median_of "$results" site 7) n_held=$(median_of "$results" "$ref" 7)
  n_idle_kb=${ref_idle_kb[i]}
  # Requests waiting at each server on average, of the connections' one each (bench_at_server).
  s_at=$(bench_at_server "$s_rps" "$(median_of "$results" site 8)")
  n_at=$(bench_at_server "$n_rps" "$(median_of "$results" "$ref" 8)")
  # kB per held connection: VmRSS with the connections held less VmRSS idle, over the count.
  s_per=$(awk -v h="$s_held" -v z="$site_idle_kb" -v c="$connections" 'BEGIN { printf "%.1f", (h - z) / c }')
  n_per=$(awk -v h="$n_held" -v z="$n_idle_kb" -v c="$connections" 'BEGIN { printf "%.1f", (h - z) / c }')
  ratio=$(awk -v s="$s_rps" -v n="$n_rps" 'BEGIN { printf "%.3f", s / n }')
  # Each round's pair (the site's run and the reference's right after it): the median of their
  # ratios, and the rounds in which the site's p99 was at or under the reference's.
  local paired p99_held ratios
  read -r paired p99_held ratios < <(awk '{ print $1, $2, $3, $5 }' "$results" | bench_round_pairs "$ref" | bench_paired_summary)
  printf '\n== %s\n' "$target"
  printf '   %s %s, %s body %s B (identity %s B); header bytes: site %s, %s %s\n' \
    "${statuses[i]}" "${target_types[i]}" \
    "${codings[i]:-identity}" "${body_bytes[i]}" "${identity_bytes[i]}" \
    "${site_header_bytes[i]}" "$ref" "${ref_header_bytes[i]}"
  if [ -n "$against" ]; then
    printf '   bodies: %s\n' "${body_notes[i]:-identical in both builds}"
  fi
  printf '   %-12s %10s %10s %10s\n' "median" "req/s" "p50 ms" "p99 ms"
  printf '   %-12s %10.0f %10s %10s\n' site "$s_rps" "$(bench_ms "$s_p50")" "$(bench_ms "$s_p99")"
  printf '   %-12s %10.0f %10s %10s\n' "$ref" "$n_rps" "$(bench_ms "$n_p50")" "$(bench_ms "$n_p99")"
  printf '   %-12s %9.2f×\n' "site/$ref" "$ratio"
  printf '   paired by round: site/%s %.2f× (median of %s); site p99 at or under %s'"'"'s in %s rounds\n' \
    "$ref" "$paired" "${ratios//,/, }" "$ref" "$p99_held"
  printf '   requests at the server (rate x mean latency), of %s in flight: site %s, %s %s (the rest wait in wrk, unmeasured)\n' \
    "$connections" "$s_at" "$ref" "$n_at"
  if [ -n "$against" ]; then
    n_inside=$(median_of "$results" "$ref" 6)
    printf '   p99 inside each build (its latency histogram, headers to answer): site %s ms, %s %s ms; wrk p99 site %s ms, %s %s ms\n' \
      "$(bench_ms "$s_inside")" "$ref" "$(bench_ms "$n_inside")" "$(bench_ms "$s_p99")" "$ref" "$(bench_ms "$n_p99")"
    printf '   %s: %s (sha256 %s)\n' "$ref" "$against" "$before_sha"
    printf '   memory with %s connections held (VmRSS less idle, per connection): site %s kB (%.1f -> %.1f MB), %s %s kB (%.1f -> %.1f MB)\n' \
      "$connections" "$s_per" "$(awk -v k="$site_idle_kb" 'BEGIN { print k / 1024 }')" "$(awk -v k="$s_held" 'BEGIN { print k / 1024 }')" \
      "$ref" "$n_per" "$(awk -v k="$n_idle_kb" 'BEGIN { print k / 1024 }')" "$(awk -v k="$n_held" 'BEGIN { print k / 1024 }')"
  else
    printf '   site p99 inside the site (its latency histogram, headers to answer): %s ms; wrk p99 %s ms\n' \
      "$(bench_ms "$s_inside")" "$(bench_ms "$s_p99")"
    printf '   nginx variant: %s (%s)\n' "${chosen_variants[i]}" "${chosen_how[i]}"
    printf '   memory with %s connections held (VmRSS less idle, per connection): site %s kB (%.1f -> %.1f MB), nginx %s kB (%.1f -> %.1f MB, master and workers)\n' \
      "$connections" "$s_per" "$(awk -v k="$site_idle_kb" 'BEGIN { print k / 1024 }')" "$(awk -v k="$s_held" 'BEGIN { print k / 1024 }')" \
      "$n_per" "$(awk -v k="$n_idle_kb" 'BEGIN { print k / 1024 }')" "$(awk -v k="$n_held" 'BEGIN { print k / 1024 }')"
  fi
  printf '   per run (in order):\n'
  awk '{ printf "     round %s %-6s %8.0f req/s  p50 %6.2f ms  p99 %6.2f ms  inside %s  VmRSS %.1f MB  at the server %.0f\n", $2, $1, $3, $4 / 1000, $5 / 1000, ($6 == "-" ? "-" : sprintf("%.2f ms", $6 / 1000)), $7 / 1024, $3 * $8 / 1000000 }' "$results"
  # The same keys with the reference's label for "nginx"; with --against the previous build's
  # own p99 is added, and its sha256 takes the place of the nginx variant.
  local ref_inside="" identity
  if [ -n "$against" ]; then
    ref_inside=" ${ref}_inside_p99_ms=$(bench_ms "$n_inside")" identity=${ref}_sha256=$before_sha
  else
    identity=nginx_variant=${chosen_variants[i]}
  fi
  result_lines+=("$(printf 'RESULT path=%s status=%s encoding=%s bytes=%s site=%.0f %s=%.0f ratio=%s paired_ratio=%.3f p99_rounds_at_or_under=%s site_p50_ms=%s site_p99_ms=%s %s_p50_ms=%s %s_p99_ms=%s site_inside_p99_ms=%s%s site_kb_per_conn=%s %s_kb_per_conn=%s site_at_server=%s %s_at_server=%s in_flight=%s %s pin=%s' \
    "$target" "${statuses[i]}" "${codings[i]:-identity}" "${body_bytes[i]}" "$s_rps" "$ref" "$n_rps" "$ratio" "$paired" "$p99_held" \
    "$(bench_ms "$s_p50")" "$(bench_ms "$s_p99")" "$ref" "$(bench_ms "$n_p50")" "$ref" "$(bench_ms "$n_p99")" \
    "$(bench_ms "$s_inside")" "$ref_inside" "$s_per" "$ref" "$n_per" "$s_at" "$ref" "$n_at" "$connections" "$identity" "$pin")")
}

# --- main ----------------------------------------------------------------------------------

check_setup
trap cleanup EXIT
trap 'exit 130' INT TERM
work=$(mktemp -d -t custody-bench.XXXXXX)
# nginx workers run as "nobody" when the script runs as root: they must be able to read.
chmod 755 "$work"
mkdir -p "$work/site" "$work/nginx/docroot/f" "$work/nginx/docroot/e" "$work/nginx/tmp" "$work/wrk" "$work/results"
: >"$work/headers.tsv"

progress "starting the site ($binary, copied) and reading its answers..."
start_site
for i in "${!targets[@]}"; do take_site_bytes "$i"; done
chmod -R a+rX "$work/nginx/docroot"
# Idle: after start-up and the requests above, before any load.
site_idle_kb=$(bench_tree_rss_kb "$site_pid")
result_lines=()
chosen_variants=()
chosen_how=()
ref_idle_kb=()
if [ -n "$against" ]; then
  progress "starting $ref ($against, copied) and checking it answers as the site..."
  start_before
  for i in "${!targets[@]}"; do verify_before_answer "$i"; done
  before_sha=$(bench_sha256_short "$work/before/custody-site")
  # Idle: after start-up and the same requests as the site's, before any load.
  before_idle_kb=$(bench_tree_rss_kb "$before_pid")
else
  progress "starting nginx and checking it serves the same bytes..."
  write_nginx_maps
  start_nginx "$(bench_nginx_variant default 0)"
  for i in "${!targets[@]}"; do verify_nginx_bytes "$i"; done
fi

printf 'custody-site vs %s, %s, %s cores, load average %s\n' \
  "$ref" "$(date -u '+%Y-%m-%d %H:%M UTC')" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
if [ -n "$against" ]; then
  printf 'site: %s (copy measured: sha256 %s), RUST_LOG=%s\n%s\n' \
    "$binary" "$(bench_sha256_short "$work/custody-site")" "$site_log" "$(bench_against_describe "$work/before/custody-site")"
else
  printf 'site: %s (copy measured: sha256 %s), RUST_LOG=%s; nginx: %s with brotli_static\n' \
    "$binary" "$(bench_sha256_short "$work/custody-site")" "$site_log" "$(nginx -v 2>&1 | sed 's/^nginx version: //')"
fi
printf 'load: wrk -t%s -c%s -d%ss --latency, Accept-Encoding: %s; %s round(s), site then %s\n' \
  "$threads" "$connections" "$duration" "$encoding" "$rounds" "$ref"
printf 'cpus: %s\n' "$(bench_pin_describe "$pin")"
case $nginx_mode in
  "") printf 'nginx: none (--against: the reference is the build above)\n' ;;
  fastest) printf 'nginx: the fastest variant per path, one setting at a time (%s), %s s calibration runs x %s\n' \
    "$(bench_nginx_settings 0)" "$calibrate" "$calibrate_rounds" ;;
  fastest-full) printf 'nginx: the fastest of all %s variants per path, %s s calibration runs x %s\n' \
    "$(bench_nginx_variants 0 | wc -l)" "$calibrate" "$calibrate_rounds" ;;
  *) printf 'nginx: pinned to %s\n' "$nginx_mode" ;;
esac

for i in "${!targets[@]}"; do
  progress "${targets[i]}:"
  if [ -n "$against" ]; then
    # The previous build runs from the start, as the site does: its idle memory was read once.
    ref_idle_kb[i]=$before_idle_kb
    for round in $(seq "$rounds"); do
      measure "$i" "$round" site "$site_port"
      measure "$i" "$round" "$ref" "$before_port"
    done
    [ "$split" -eq 0 ] || split_runs "$i" "$before_port"
    report "$i"
    continue
  fi
  case $nginx_mode in
    fastest | fastest-full)
      progress "  calibrating nginx ($nginx_mode, ${calibrate} s a run)..."
      calibration_target=$i
      bench_nginx_fastest "$nginx_mode" 0 "$calibrate" "$calibrate_rounds" calibration_start calibration_load
      chosen_variants[i]=$bench_nginx_chosen
      chosen_how[i]="fastest of $bench_nginx_tried calibration runs: $(printf '%.0f' "$bench_nginx_chosen_rps") req/s"
      progress "  nginx variant for ${targets[i]}: $bench_nginx_chosen" ;;
    *)
      chosen_variants[i]=$nginx_mode
      chosen_how[i]="pinned with --nginx" ;;
  esac
  # A fresh nginx for the rounds, so that its idle memory is read before any load.
  start_nginx "${chosen_variants[i]}"
  verify_nginx_bytes "$i"
  ref_idle_kb[i]=$(bench_tree_rss_kb "$nginx_pid")
  for round in $(seq "$rounds"); do
    measure "$i" "$round" site "$site_port"
    measure "$i" "$round" nginx "$nginx_port"
  done
  [ "$split" -eq 0 ] || split_runs "$i" "$nginx_port"
  report "$i"
done

[ ! -s "$work/splits.txt" ] || bench_split_report "$work/splits.txt" wrk
printf '\nload average at the end: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%s\n' "${result_lines[@]}"
[ ! -s "$work/splits.txt" ] || bench_split_results "$work/splits.txt"
