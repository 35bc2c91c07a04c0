#!/usr/bin/env bash
# h2.sh: requests/s of custody-site against nginx over TLS, HTTP/2 and HTTP/1.1, same run.
#
# What it measures. The release binary (a copy) and nginx (brotli_static, `ssl http2`, the
# fastest variant per row, see below) serve one URL path (the home page by default) with the same throwaway
# certificate (ECDSA P-256, made with openssl for the run), the same bytes (the site's br answer
# laid out as nginx's precompressed file, its headers copied, checked byte for byte) and the same
# TLS parameters (protocol, cipher suite, key exchange and ALPN are read from h2load's own
# report and must agree). h2load, with one thread, then loads each server for every row of
# connections × streams, alternating site, nginx, site, nginx... for --rounds rounds of
# --duration seconds (after --warm-up seconds that are not counted).
#
# Which nginx. The reference is nginx at its fastest: before each row's rounds, the nginx
# variants worth trying (worker count, reuseport, open_file_cache, sendfile, kernel TLS,
# ssl_session_cache: lib.sh's bench_nginx_fastest) each run a short calibration (--calibrate
# seconds, alternating) under the row's load, and the fastest by req/s is measured and printed.
# --nginx VARIANT pins one instead.
#
# Latency. h2load reports no percentiles (only min, max, mean and sd of the time per request),
# so every run writes h2load's per-request log (--log-file: start time, status, µs to the end
# of the response), and p50/p99 are read from it, the requests started during the warm-up left
# out. Beside them, the site's own p99 from its request latency histogram (its metrics listener,
# scraped before and after each site run). --pin puts h2load and the servers on separate CPUs.
#
# Where the time goes. In a closed loop, a request's time from h2load's log is spent partly in
# the server and partly in h2load itself, and the faster server leaves more of it in h2load.
# --split MS adds, after each row's rounds, one more run per server during which `perf` traces
# the read and write system calls of both ends for MS milliseconds; split.py then follows
# every connection's bytes each way and prints how long a request waited in the server's socket,
# how long the server took from reading it to writing the answer, and how long the answer waited
# in h2load's socket until h2load read it (mean and p99, µs), with the share of a request's time
# spent at the server. Tracing slows both ends: the traced run's own req/s is printed beside its
# figures, and is not counted in the rounds; keep MS short (300) so that perf's buffers hold the
# whole trace and perf does not wake to write them out while it traces.
#
# How to read it. The figure of merit is the ratio site/nginx of the median requests/s of each
# row (the budget: every row >= 1.00). h2load, both servers and whatever else runs share the
# machine's cores, so only ratios measured in the same run compare; the load average is printed
# at the start and the end, and every run's figure is printed: rounds that disagree a lot mean
# the machine was busy, so run again.
#
# Against a previous build. --against PATH makes the reference another custody-site build (a
# copy of PATH) instead of nginx: started as the site is (same flags, environment, RUST_LOG,
# the same test certificate, its metrics listener; its own working directory and ports); no
# nginx runs or is calibrated (--nginx is refused, --calibrate ignored). Both must answer the
# path with the same status and Content-Encoding (br and identity) and negotiate the same TLS;
# their bodies may differ (the report says how). Rows alternate site, before...; the table and
# RESULT lines have the same columns with "before" for "nginx", plus the previous build's own
# histogram p99 (lib.sh: bench_apply_modes, bench_same_answer).
#
# Progress goes to stderr; the table and one `RESULT row=... ratio=...` line per row to stdout.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=lib.sh
source "$repo/scripts/bench/lib.sh"

# The rows of the budget: protocol:connections x streams.
default_rows="h1:50x1 h2:50x1 h2:50x10 h2:500x1 h2:10x100"

usage() {
  cat <<EOF
Usage: bash scripts/bench/h2.sh [options]

Measures custody-site against nginx over TLS with h2load, or with --against against a
previous build of the site (see the comment at the top).

Options (each also settable by the environment variable shown):
  --binary PATH      site binary, copied before use  [BENCH_BINARY, default target/release/custody-site]
  --against PATH     the reference is this custody-site binary (copied before use, started
                     as the site with the same certificate, labelled "before") instead of
                     nginx; same status and Content-Encoding required, body differences
                     reported; --nginx refused, --calibrate and --calibrate-rounds ignored
                                                     [BENCH_AGAINST, default none]
  --path PATH        URL path requested              [BENCH_PATH, default /]
  --duration SECS    seconds counted per h2load run  [BENCH_DURATION, default 10]
  --warm-up SECS     seconds before counting         [BENCH_WARM_UP, default 1]
  --rounds N         runs per server and row         [BENCH_ROUNDS, default 3]
  --rows "ROWS"      protocol:connections x streams  [BENCH_ROWS, default "$default_rows"]
  --nginx MODE       fastest: one setting at a time, the fastest variant per row;
                     fastest-full: every variant of the matrix per row;
                     a variant pinned: default, or some of workers=auto|1|2,reuseport=on|off,
                     open_file_cache=on|off,sendfile=on|off,ktls=off|on,ssl_session_cache=on|off
                                                     [BENCH_NGINX, default fastest]
  --calibrate SECS   seconds of one calibration run (after --warm-up)  [BENCH_CALIBRATE, default 2]
  --calibrate-rounds N  calibration runs per variant (median)  [BENCH_CALIBRATE_ROUNDS, default 1]
  --pin MODE         none; loadgen: h2load alone on CPU 1, the servers on CPU 0;
                     server: the servers alone on CPU 1, h2load on CPU 0  [BENCH_PIN, default none]
  --split MS         after each row's rounds, one traced run per server: where a request's
                     time goes, traced for MS ms (see the comment at the top; needs perf,
                     run as root)                    [BENCH_SPLIT, default 0: none]
  -h, --help         this text
EOF
}

die() {
  printf 'h2.sh: %s\n' "$*" >&2
  exit 1
}

progress() {
  printf '%s\n' "$*" >&2
}

binary=${BENCH_BINARY:-$repo/target/release/custody-site}
path=${BENCH_PATH:-/}
duration=${BENCH_DURATION:-10}
warm_up=${BENCH_WARM_UP:-1}
rounds=${BENCH_ROUNDS:-3}
rows=${BENCH_ROWS:-$default_rows}
# "" is fastest (bench_apply_modes): a --nginx given with --against is refused.
nginx_mode=${BENCH_NGINX:-}
against=${BENCH_AGAINST:-}
calibrate=${BENCH_CALIBRATE:-2}
calibrate_rounds=${BENCH_CALIBRATE_ROUNDS:-1}
pin=${BENCH_PIN:-none}
split=${BENCH_SPLIT:-0}

while [ $# -gt 0 ]; do
  case $1 in
    -h | --help) usage; exit 0 ;;
    --binary) binary=$(bench_option_value "$@"); shift 2 ;;
    --against) against=$(bench_option_value "$@"); shift 2 ;;
    --path) path=$(bench_option_value "$@"); shift 2 ;;
    --duration) duration=$(bench_option_value "$@"); shift 2 ;;
    --warm-up) warm_up=$(bench_option_value "$@"); shift 2 ;;
    --rounds) rounds=$(bench_option_value "$@"); shift 2 ;;
    --rows) rows=$(bench_option_value "$@"); shift 2 ;;
    --nginx) nginx_mode=$(bench_option_value "$@"); shift 2 ;;
    --calibrate) calibrate=$(bench_option_value "$@"); shift 2 ;;
    --calibrate-rounds) calibrate_rounds=$(bench_option_value "$@"); shift 2 ;;
    --pin) pin=$(bench_option_value "$@"); shift 2 ;;
    --split) split=$(bench_option_value "$@"); shift 2 ;;
    *) die "unknown argument $1 (see -h)" ;;
  esac
done

for value in "$duration" "$rounds" "$calibrate" "$calibrate_rounds"; do
  [[ $value =~ ^[1-9][0-9]*$ ]] || die "--duration, --rounds, --calibrate and --calibrate-rounds take a positive whole number, not '$value'"
done
bench_apply_modes "$nginx_mode" "$pin" 1 "$against" || die "bad --nginx, --pin or --against"
[[ $warm_up =~ ^[0-9]+$ ]] || die "--warm-up takes a whole number of seconds, not '$warm_up'"
[[ $path == /* && ! $path =~ [[:space:][:cntrl:]\"\\\$] ]] || die "--path must start with / and have no space, quote, backslash or \$"
for row in $rows; do
  [[ $row =~ ^(h1|h2):[1-9][0-9]*x[1-9][0-9]*$ ]] || die "a row is h1:CxS or h2:CxS, not '$row'"
  if [[ $row == h1:* && $row != h1:*x1 ]]; then die "HTTP/1.1 has one stream a connection: '$row'"; fi
done
[ -x "$binary" ] || die "no executable site binary at $binary (build it or pass --binary)"
for tool in h2load openssl curl python3 sort; do
  command -v "$tool" >/dev/null || die "$tool is not installed"
done
bench_split_check "$split" || exit 1
if [ -z "$against" ]; then
  command -v nginx >/dev/null || die "nginx is not installed"
  [ -f "$bench_brotli_module" ] || die "$bench_brotli_module missing: apt-get install libnginx-mod-http-brotli-static"
fi

work=""
site_pid=""
nginx_pid=""
before_pid=""   # --against: the reference build
cleanup() {
  if [ -n "$nginx_pid" ] && kill -0 "$nginx_pid" 2>/dev/null; then
    kill "$nginx_pid" 2>/dev/null || true
    wait "$nginx_pid" 2>/dev/null || true
  fi
  if [ -n "$before_pid" ]; then bench_stop "$before_pid"; fi
  if [ -n "$site_pid" ]; then bench_stop "$site_pid"; fi
  if [ -n "$work" ]; then rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM
work=$(mktemp -d -t custody-h2.XXXXXX)
# nginx workers run as "nobody" when the script runs as root: they must be able to read.
chmod 755 "$work"
mkdir -p "$work/nginx/docroot" "$work/nginx/tmp" "$work/runs"
# 500 connections per server and h2load's own: raise the open-file limit as far as allowed.
ulimit -n "$(ulimit -Hn)"

progress "making a throwaway certificate for 127.0.0.1..."
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
  -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1,DNS:localhost \
  -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null
chmod 644 "$work/key.pem"

# start_custody NAME BINARY DIR [PUBLIC_URL]: copies BINARY to DIR/custody-site and starts it
# over TLS with the run's certificate, DIR as its working directory (data/builds), its
# applications log and output in DIR, on fresh ports; sets started_pid, started_port and
# started_metrics_port. The site under test and the --against build start through here alike;
# PUBLIC_URL (default https://127.0.0.1:ITS_PORT) gives the --against build the site's, since
# the pages name it.
start_custody() {
  local name=$1 dir=$3 public_url=${4:-}
  mkdir -p "$dir"
  cp "$2" "$dir/custody-site"
  started_port=$(bench_free_port)
  # The metrics listener (the latency histogram) on a port of its own.
  started_metrics_port=$(bench_free_port)
  # Pinned before it starts, as nginx is: the site sizes its connection threads by the CPUs it
  # may run on (crates/edge/src/connection_threads.rs), so pinning it afterwards would leave two
  # threads taking turns on one core and add a scheduler time slice to its tail.
  read -r started_pid _ < <(cd "$dir" && bench_pin_shell "$server_cpus" \
    && BENCH_PUBLIC_URL=$public_url CUSTODY_SITE_METRICS_LISTEN=127.0.0.1:$started_metrics_port bench_start \
    "$dir/custody-site" "$started_port" "$dir/applications.jsonl" "$dir/site.log" "$work/cert.pem" "$work/key.pem")
  [ -n "$started_pid" ] || die "$name did not start; its log: $(tail -n 20 "$dir/site.log")"
  bench_scrape_latency "$started_metrics_port" | grep -q '^+Inf ' \
    || die "no latency histogram on the metrics listener of $name, 127.0.0.1:$started_metrics_port; its log: $(tail -n 20 "$dir/site.log")"
}

progress "starting the site ($binary, copied) and reading its answer..."
start_custody site "$binary" "$work"
site_pid=$started_pid site_port=$started_port metrics_port=$started_metrics_port

# fetch PORT ACCEPT_ENCODING BODY HEAD: GETs the path over HTTP/2 and TLS; prints the status.
fetch() {
  curl -sS -k --http2 --max-time 10 -H "Accept-Encoding: $2" -o "$3" -D "$4" \
    -w '%{http_code}' "https://127.0.0.1:$1$path"
}

[ "$(fetch "$site_port" br "$work/site.br" "$work/site.head")" = 200 ] || die "the site does not answer $path with 200"
[ "$(fetch "$site_port" identity "$work/site.identity" "$work/site.identity.head")" = 200 ] || die "no identity answer"
coding=$(bench_header_value "$work/site.head" content-encoding)
[ "$coding" = br ] || die "the site answers $path with '${coding:-identity}', not br"
content_type=$(bench_header_value "$work/site.head" content-type)
if [ -z "$against" ]; then
  cp "$work/site.identity" "$work/nginx/docroot/answer.t0"
  cp "$work/site.br" "$work/nginx/docroot/answer.t0.br"
  chmod -R a+rX "$work/nginx/docroot"
  bench_copied_headers "$path" "$work/site.head" br | awk -F '\t' '{
      value = $3; gsub(/\\/, "\\\\", value); gsub(/"/, "\\\"", value)
      print "add_header " $2 " \"" value "\" always;"
    }' >"$work/nginx/headers.conf"
  grep -q '\$' "$work/nginx/headers.conf" && die "a header value of the site contains \$; nginx cannot copy it"
fi

# start_nginx VARIANT: (re)starts nginx with VARIANT's configuration on a fresh port and checks
# that it serves the site's bytes.
nginx_port=""
start_nginx() {
  local variant=$1
  if [ -n "$nginx_pid" ] && kill -0 "$nginx_pid" 2>/dev/null; then
    kill "$nginx_pid" 2>/dev/null || true
    wait "$nginx_pid" 2>/dev/null || true
  fi
  nginx_pid=""
  nginx_port=$(bench_free_port)
  cat >"$work/nginx/nginx.conf" <<EOF
# Generated by scripts/bench/h2.sh for one run.
# nginx variant: $variant
$(bench_nginx_main_conf "$work/nginx" "$variant")

http {
$(bench_nginx_http_conf "$work/nginx" "$variant")

    types {
        $(bench_nginx_quote "$content_type") t0;
    }

    # TLS as the site serves it: the same certificate, TLS 1.2 and 1.3; the session cache and
    # kernel TLS as the variant says. h2load offers AES-128-GCM first, as browsers do; both
    # servers must agree on the suite (checked below).
    ssl_certificate $work/cert.pem;
    ssl_certificate_key $work/key.pem;
    ssl_protocols TLSv1.2 TLSv1.3;
$(bench_nginx_tls_conf "$variant")

    server {
        # reuseport (when the variant has it): see bench_nginx_listen_flags in lib.sh.
        listen 127.0.0.1:$nginx_port ssl http2 $(bench_nginx_listen_flags "$variant");
        root $work/nginx/docroot;
        location = $path {
            try_files /answer.t0 =404;
            include $work/nginx/headers.conf;
        }
    }
}
EOF
  "${server_cmd[@]}" nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" \
    >"$work/nginx/stderr.log" 2>&1 &
  nginx_pid=$!
  for _ in $(seq 100); do
    kill -0 "$nginx_pid" 2>/dev/null || die "nginx exited at start-up: $(tail -n 20 "$work/nginx/error.log" "$work/nginx/stderr.log")"
    if curl -sk -o /dev/null --max-time 1 "https://127.0.0.1:$nginx_port/"; then break; fi
    sleep 0.1
  done
  [ "$(fetch "$nginx_port" br "$work/nginx.br" "$work/nginx.head")" = 200 ] || die "nginx does not answer $path with 200"
  cmp -s "$work/nginx.br" "$work/site.br" || die "nginx's br body differs from the site's"
  [ "$(bench_header_value "$work/nginx.head" content-encoding)" = br ] || die "nginx does not answer br"
  [ "$(bench_header_value "$work/nginx.head" content-type)" = "$content_type" ] || die "nginx's Content-Type differs"
  [ "$(fetch "$nginx_port" identity "$work/nginx.identity" "$work/nginx.identity.head")" = 200 ] || die "no identity answer from nginx"
  cmp -s "$work/nginx.identity" "$work/site.identity" || die "nginx's identity body differs from the site's"
  nginx_variant=$variant
}

ref_port="" body_note=""
if [ -n "$against" ]; then
  progress "starting $ref ($against, copied) and checking it answers as the site..."
  start_custody "$ref" "$against" "$work/before" "https://127.0.0.1:$site_port"
  before_pid=$started_pid ref_port=$started_port before_metrics_port=$started_metrics_port
  before_sha=$(bench_sha256_short "$work/before/custody-site")
  br_note=$(bench_same_answer "$path (br)" 200 "$work/site.head" "$work/site.br" \
    "$(fetch "$ref_port" br "$work/before.br" "$work/before.head")" "$work/before.head" "$work/before.br") \
    || die "the two builds answer $path differently (see above)"
  identity_note=$(bench_same_answer "$path (identity)" 200 "$work/site.identity.head" "$work/site.identity" \
    "$(fetch "$ref_port" identity "$work/before.identity" "$work/before.identity.head")" "$work/before.identity.head" \
    "$work/before.identity") || die "the two builds answer $path differently (see above)"
  body_note=${br_note:-br bodies identical}
  [ -z "$identity_note" ] || body_note+="; identity: $identity_note"
  [ -z "$br_note$identity_note" ] && body_note="identical in both builds"
  [ -z "$br_note$identity_note" ] || progress "note: $path: $body_note (no error: bodies may differ between builds)"
else
  progress "starting nginx and checking it serves the same bytes..."
  start_nginx "$(bench_nginx_variant default 1)"
  ref_port=$nginx_port
fi

# h2load_run OUT PORT PROTOCOL H2LOAD_OPTION...: one h2load run with one thread (on the load
# generator's CPU under --pin), output in OUT.
h2load_run() {
  local out=$1 port=$2 protocol=$3
  shift 3
  if [ "$protocol" = h1 ]; then set -- --h1 "$@"; fi
  "${loadgen_cmd[@]}" h2load -t 1 -H "accept-encoding: br" "$@" "https://127.0.0.1:$port$path" >"$out" 2>&1
}

# log_percentiles LOG SINCE_US: "P50_US P99_US" of the requests in h2load's --log-file LOG
# (start time in µs since the epoch, status, µs to the end of the response) started at
# SINCE_US or later (the warm-up's are left out); fails when there are none.
log_percentiles() {
  awk -v since="$2" '$1 >= since && $2 > 0 { print $3 }' "$1" | sort -n | awk '
    { v[++n] = $1 }
    END {
      if (n == 0) exit 1
      p50 = int(0.50 * n); if (p50 < 0.50 * n) p50++
      p99 = int(0.99 * n); if (p99 < 0.99 * n) p99++
      print v[p50], v[p99]
    }'
}

# tls_parameters H2LOAD_OUTPUT: "protocol cipher key-exchange ALPN" as h2load reports them.
tls_parameters() {
  awk -F': ' '
    /^TLS Protocol:/ { p = $2 } /^Cipher:/ { c = $2 } /^Server Temp Key:/ { k = $2 }
    /^Application protocol:/ { a = $2 }
    END { print p, c, k, a }' "$1"
}

# parse_h2load OUTPUT: "REQ_PER_S MEAN_MS" of a run whose every request succeeded with a 2xx
# (h2load's count of 2xx may miss the one answer in flight when the run stops); fails otherwise.
parse_h2load() {
  awk '
    /^finished in / { rps = $4 }
    /^requests: / { done = $6; succeeded = $8; failed = $10; errored = $12; timeout = $14 }
    /^status codes: / { other = $5 + $7 + $9 }
    /^time for request: / { mean = $6 }
    END {
      if (rps == "" || done == 0 || succeeded != done || failed + errored + timeout + other > 0) exit 1
      if (mean ~ /us$/) ms = mean / 1000; else if (mean ~ /ms$/) ms = mean + 0; else ms = mean * 1000
      printf "%s %.2f\n", rps, ms
    }' "$1"
}

tls_report=""
for protocol in h1 h2; do
  h2load_run "$work/check.site" "$site_port" "$protocol" -n 2 -c 1 || die "h2load failed on the site: $(tail "$work/check.site")"
  h2load_run "$work/check.ref" "$ref_port" "$protocol" -n 2 -c 1 || die "h2load failed on $ref: $(tail "$work/check.ref")"
  site_tls=$(tls_parameters "$work/check.site")
  ref_tls=$(tls_parameters "$work/check.ref")
  [ "$site_tls" = "$ref_tls" ] || die "TLS differs ($protocol): site '$site_tls', $ref '$ref_tls'"
  expected_alpn=h2
  [ "$protocol" = h1 ] && expected_alpn=http/1.1
  [[ $site_tls == *" $expected_alpn" ]] || die "ALPN did not give $expected_alpn: '$site_tls'"
  tls_report+="$protocol: $site_tls; "
done

printf 'custody-site vs %s over TLS, %s, %s cores, load average %s\n' \
  "$ref" "$(date -u '+%Y-%m-%d %H:%M UTC')" "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
if [ -n "$against" ]; then
  printf 'site: %s (copy measured: sha256 %s)\n%s\n' \
    "$binary" "$(bench_sha256_short "$work/custody-site")" "$(bench_against_describe "$work/before/custody-site")"
  printf 'answer: GET %s, %s, br body %s B (%s %s B); bodies: %s; TLS (both) %s\n' \
    "$path" "$content_type" "$(wc -c <"$work/site.br")" "$ref" "$(wc -c <"$work/before.br")" "$body_note" "${tls_report%; }"
else
  printf 'site: %s (copy measured: sha256 %s); nginx: %s, brotli_static\n' \
    "$binary" "$(bench_sha256_short "$work/custody-site")" \
    "$(nginx -v 2>&1 | sed 's/^nginx version: //')"
  printf 'answer: GET %s, %s, br body %s B; TLS (both) %s\n' \
    "$path" "$content_type" "$(wc -c <"$work/site.br")" "${tls_report%; }"
fi
printf 'load: h2load -t1 -D %s --warm-up-time %s, %s round(s), site then %s\n' \
  "$duration" "$warm_up" "$rounds" "$ref"

printf 'cpus: %s\n' "$(bench_pin_describe "$pin")"
case $nginx_mode in
  "") printf 'nginx: none (--against: the reference is the build above)\n' ;;
  fastest) printf 'nginx: the fastest variant per row, one setting at a time (%s), %s s calibration runs x %s\n' \
    "$(bench_nginx_settings 1)" "$calibrate" "$calibrate_rounds" ;;
  fastest-full) printf 'nginx: the fastest of all %s variants per row, %s s calibration runs x %s\n' \
    "$(bench_nginx_variants 1 | wc -l)" "$calibrate" "$calibrate_rounds" ;;
  *) printf 'nginx: pinned to %s\n' "$nginx_mode" ;;
esac

# The calibration of one row (bench_nginx_fastest's callbacks): calibration_start VARIANT
# restarts nginx (start_nginx); calibration_load SECS loads it as the row's rounds will and
# prints its req/s.
calibration_load() {
  local out=$work/runs/calibration.txt parsed
  h2load_run "$out" "$nginx_port" "$protocol" -c "$connections" -m "$streams" -D "$1" --warm-up-time "$warm_up" \
    || die "h2load failed calibrating nginx ($nginx_variant, $row): $(tail "$out")"
  parsed=$(parse_h2load "$out") || die "nginx ($nginx_variant) had failed requests calibrating $row: $(grep -E '^(requests|status codes):' "$out")"
  echo "${parsed%% *}"
}

# ports_of SERVER: sets port, SERVER's, and scrape_port, its metrics listener's ("" for nginx:
# no histogram).
ports_of() {
  case $1 in
    site) port=$site_port scrape_port=$metrics_port ;;
    before) port=$ref_port scrape_port=$before_metrics_port ;;
    *) port=$nginx_port scrape_port="" ;;
  esac
}

# split_run SERVER PORT: one more run of the row on SERVER at PORT, --warm-up + 2 seconds, traced
# for --split ms half a second after the warm-up (lib.sh: bench_split); prints the row, the
# server, the run's req/s and the split.
split_run() {
  local server=$1 port=$2 out=$work/runs/split.txt loadgen figures parsed
  h2load_run "$out" "$port" "$protocol" -c "$connections" -m "$streams" -D 2 --warm-up-time "$warm_up" &
  loadgen=$!
  sleep "$warm_up.5"
  figures=$(bench_split "$port" "$split" "$work") || die "the traced run of $server failed ($row)"
  wait "$loadgen" || die "h2load failed on $server ($row, traced run): $(tail "$out")"
  parsed=$(parse_h2load "$out") || die "$server had failed requests ($row, traced run)"
  printf '%s %s rps=%.0f %s\n' "$row" "$server" "${parsed%% *}" "$figures"
}

results=$work/results.tsv
: >"$results"
splits=$work/splits.txt
: >"$splits"
variants_file=$work/variants.tsv
: >"$variants_file"
for row in $rows; do
  protocol=${row%%:*}
  shape=${row#*:}
  connections=${shape%x*}
  streams=${shape#*x}
  progress "$row:"
  case $nginx_mode in
    "") variant="-" how="--against: $against, sha256 $before_sha" ;;
    fastest | fastest-full)
      progress "  calibrating nginx ($nginx_mode, ${calibrate} s a run after ${warm_up} s of warm-up)..."
      bench_nginx_fastest "$nginx_mode" 1 "$calibrate" "$calibrate_rounds" start_nginx calibration_load
      how="fastest of $bench_nginx_tried calibration runs: $(printf '%.0f' "$bench_nginx_chosen_rps") req/s"
      variant=$bench_nginx_chosen
      progress "  nginx variant for $row: $variant" ;;
    *) variant=$nginx_mode how="pinned with --nginx" ;;
  esac
  printf '%s\t%s\t%s\n' "$row" "$variant" "$how" >>"$variants_file"
  [ -n "$against" ] || start_nginx "$variant"
  for round in $(seq "$rounds"); do
    for server in site "$ref"; do
      ports_of "$server"
      out=$work/runs/$protocol-$shape.$server.$round.txt
      log=$work/runs/$protocol-$shape.$server.$round.log
      inside=-
      if [ -n "$scrape_port" ]; then
        bench_scrape_latency "$scrape_port" >"$work/histogram.before" || die "cannot read the metrics of $server"
      fi
      # Requests started before the end of the warm-up are left out of the percentiles.
      since_us=$(( $(date +%s%6N) + warm_up * 1000000 ))
      h2load_run "$out" "$port" "$protocol" -c "$connections" -m "$streams" -D "$duration" --warm-up-time "$warm_up" \
        --log-file "$log" || die "h2load failed on $server ($row, round $round): $(tail "$out")"
      parsed=$(parse_h2load "$out") || die "$server had failed requests ($row, round $round): $(grep -E '^(requests|status codes):' "$out")"
      read -r rps mean_ms <<<"$parsed"
      percentiles=$(log_percentiles "$log" "$since_us") || die "h2load's log of $server ($row, round $round) has no request after the warm-up"
      read -r p50 p99 <<<"$percentiles"
      rm -f "$log"
      if [ -n "$scrape_port" ]; then
        bench_scrape_latency "$scrape_port" >"$work/histogram.after" || die "cannot read the metrics of $server"
        inside=$(bench_histogram_p99 "$work/histogram.before" "$work/histogram.after")
        # Above the last finite bucket (1 s): reported as 1 s.
        [ "$inside" = inf ] && inside=1000000
        [ -n "$inside" ] || die "the latency histogram of $server counted no request of the run ($row)"
      fi
      echo "$row $server $round $rps $mean_ms $p50 $p99 $inside" >>"$results"
      who=$server
      [ "$server" = site ] && who="the site"
      progress "  round $round/$rounds $server: $(printf '%.0f' "$rps") req/s, mean $mean_ms ms, p50 $(bench_ms "$p50") ms, p99 $(bench_ms "$p99") ms$([ "$inside" = - ] || printf ' (inside %s: p99 %s ms)' "$who" "$(bench_ms "$inside")")"
    done
  done
  if [ "$split" -gt 0 ]; then
    for server in site "$ref"; do
      ports_of "$server"
      progress "  traced run ($server, ${split} ms of perf)..."
      split_run "$server" "$port" >>"$splits"
    done
  fi
done

median_of() { # ROW SERVER COLUMN
  awk -v row="$1" -v server="$2" -v column="$3" '$1 == row && $2 == server { print $column }' "$results" | bench_median
}

# The reference's columns are labelled $ref (nginx, or before); with --against the previous
# build's own histogram p99 is a column of its own ("inside" is then the site's, as with nginx).
# Columns from "site p99" on are 9 wide, as many as "before inside" with --against.
ref_inside_head="" w=9
if [ -n "$against" ]; then
  w=$((${#ref} + 7))
  ref_inside_head=$(printf ' %*s' "$w" "$ref inside")
fi
printf '\n%-22s %12s %12s %11s %7s %*s %*s %*s%s %*s %*s %9s\n' "row (conn x streams)" "site req/s" "$ref req/s" "site/$ref" "paired" \
  "$w" "site p99" "$w" "$ref p99" "$w" "inside" "$ref_inside_head" "$w" "site mean" "$w" "$ref mean" "p99 held"
result_lines=()
for row in $rows; do
  shape=${row#*:}
  connections=${shape%x*}
  streams=${shape#*x}
  s_rps=$(median_of "$row" site 4) n_rps=$(median_of "$row" "$ref" 4)
  s_ms=$(median_of "$row" site 5) n_ms=$(median_of "$row" "$ref" 5)
  # Requests waiting at each server on average (lib.sh: bench_at_server, which takes µs).
  s_at=$(bench_at_server "$s_rps" "$(awk -v ms="$s_ms" 'BEGIN { print ms * 1000 }')")
  n_at=$(bench_at_server "$n_rps" "$(awk -v ms="$n_ms" 'BEGIN { print ms * 1000 }')")
  s_p50=$(median_of "$row" site 6) n_p50=$(median_of "$row" "$ref" 6)
  s_p99=$(median_of "$row" site 7) n_p99=$(median_of "$row" "$ref" 7)
  s_inside=$(median_of "$row" site 8)
  ratio=$(awk -v s="$s_rps" -v n="$n_rps" 'BEGIN { printf "%.3f", s / n }')
  # Each round's pair: the median of their ratios, and the rounds whose site p99 was at or under
  # the reference's (lib.sh: bench_round_pairs).
  read -r paired p99_held _ < <(awk -v row="$row" '$1 == row { print $2, $3, $4, $7 }' "$results" |
    bench_round_pairs "$ref" | bench_paired_summary)
  variant=$(awk -F '\t' -v row="$row" '$1 == row { print $2 }' "$variants_file")
  label=${row/h1:/HTTP\/1.1 }
  label=${label/h2:/HTTP\/2 }
  ref_inside_cell="" ref_inside_key="" identity=nginx_variant=$variant
  if [ -n "$against" ]; then
    n_inside=$(median_of "$row" "$ref" 8)
    ref_inside_cell=$(printf ' %*s' "$w" "$(bench_ms "$n_inside")")
    ref_inside_key=" ${ref}_inside_p99_ms=$(bench_ms "$n_inside")" identity=${ref}_sha256=$before_sha
  fi
  printf '%-22s %12.0f %12.0f %10.2f× %6.2f× %*s %*s %*s%s %*s %*s %9s\n' "${label/x/ x }" "$s_rps" "$n_rps" "$ratio" "$paired" \
    "$w" "$(bench_ms "$s_p99")" "$w" "$(bench_ms "$n_p99")" "$w" "$(bench_ms "$s_inside")" "$ref_inside_cell" "$w" "$s_ms" "$w" "$n_ms" "$p99_held"
  result_lines+=("$(printf 'RESULT row=%s protocol=%s connections=%s streams=%s site=%.0f %s=%.0f ratio=%s paired_ratio=%.3f p99_rounds_at_or_under=%s site_mean_ms=%s %s_mean_ms=%s site_p50_ms=%s site_p99_ms=%s %s_p50_ms=%s %s_p99_ms=%s site_inside_p99_ms=%s%s site_at_server=%s %s_at_server=%s in_flight=%s %s pin=%s' \
    "${row/:/-}" "${row%%:*}" "$connections" "$streams" "$s_rps" "$ref" "$n_rps" "$ratio" "$paired" "$p99_held" "$s_ms" "$ref" "$n_ms" \
    "$(bench_ms "$s_p50")" "$(bench_ms "$s_p99")" "$ref" "$(bench_ms "$n_p50")" "$ref" "$(bench_ms "$n_p99")" "$(bench_ms "$s_inside")" \
    "$ref_inside_key" "$s_at" "$ref" "$n_at" "$((connections * streams))" "$identity" "$pin")")
done
if [ -n "$against" ]; then
  printf '(p99 in ms: h2load'"'"'s per-request log, warm-up left out; inside, %s inside: each build'"'"'s own histogram p99, headers to answer; mean ms: h2load'"'"'s time for request;\n paired: the median of each round'"'"'s ratio; p99 held: the rounds whose site p99 was at or under the reference'"'"'s)\n' "$ref"
  printf '\n%s: %s (sha256 %s); no nginx\n' "$ref" "$against" "$before_sha"
else
  printf '(p99 in ms: h2load'"'"'s per-request log, warm-up left out; inside: the site'"'"'s own histogram p99, headers to answer; mean ms: h2load'"'"'s time for request;\n paired: the median of each round'"'"'s ratio; p99 held: the rounds whose site p99 was at or under the reference'"'"'s)\n'
  printf '\nnginx variant per row:\n'
  awk -F '\t' '{ printf "  %-10s %s (%s)\n", $1, $2, $3 }' "$variants_file"
fi
printf '\nper run (in order):\n'
awk '{ printf "  %-10s round %s %-6s %9.0f req/s  mean %s ms  p50 %.2f ms  p99 %.2f ms  inside %s  at the server %.0f\n", $1, $3, $2, $4, $5, $6 / 1000, $7 / 1000, ($8 == "-" ? "-" : sprintf("%.2f ms", $8 / 1000)), $4 * $5 / 1000 }' "$results"
[ ! -s "$splits" ] || bench_split_report "$splits" h2load
printf '\nload average at the end: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%s\n' "${result_lines[@]}"
[ ! -s "$splits" ] || bench_split_results "$splits"
