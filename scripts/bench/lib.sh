# shellcheck shell=bash
# Shared by the benchmark scripts (sourced, not run).

# bench_option_value NAME [VALUE...]: the value following command-line option NAME, or a clear
# error (called as `value=$(bench_option_value "$@")`).
bench_option_value() {
  if [ $# -lt 2 ]; then
    printf '%s: %s needs a value (see -h)\n' "$(basename "$0")" "$1" >&2
    exit 1
  fi
  printf '%s' "$2"
}

# bench_free_port: a TCP port on 127.0.0.1 that is free now.
bench_free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

# bench_application_lua FILE ORIGIN COMPANY: writes a wrk script that POSTs one valid contact
# application (JSON, the site's Origin) from COMPANY, and counts the 201 answers in `created`.
bench_application_lua() {
  cat >"$1" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Origin"] = "$2"
wrk.body = '{"lang":"en","company":"$3","country":"SG","businessType":"fund","website":"https://bench.example.com","contactPerson":"Tan Wei Ming","areaCode":"SG","phone":"9123 4567","email":"ops@bench.example.com","consent":true,"request":null,"sourcePage":"/contact-us","fax":""}'
created = 0
response = function(status, headers, body)
  if status == 201 then created = created + 1 end
end
LUA
}

# bench_start BINARY PORT CONTACT_LOG SITE_LOG [CERT KEY]: starts BINARY on 127.0.0.1:PORT
# (RUST_LOG=warn, its applications in CONTACT_LOG, its output appended to SITE_LOG, no
# configuration file) in a session of its own, polls GET /healthz every millisecond from the
# spawn, and prints "PID MS": the running site's pid and the milliseconds to its first 200.
# With CERT and KEY (PEM files) it serves HTTPS with them, public URL https://127.0.0.1:PORT,
# and is polled over TLS (the certificate is not checked). BENCH_PUBLIC_URL in the environment,
# when set, is the public URL instead (h2.sh --against gives the previous build the site's, so
# that their pages, which name it, can be the same bytes). Fails if the site exits or gives no
# 200 within 60 s.
bench_start() {
  python3 - "$@" <<'PY'
import os, socket, ssl, subprocess, sys, time
binary, port, contact_log, site_log = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
env = dict(os.environ, RUST_LOG="warn", CUSTODY_SITE_CONTACT_LOG=contact_log)
env.pop("CUSTODY_SITE_CONFIG", None)
public_url = env.pop("BENCH_PUBLIC_URL", "")
tls = None
origin = f"http://127.0.0.1:{port}"
if len(sys.argv) > 6:
    env.update(CUSTODY_SITE_TLS_CERT=sys.argv[5], CUSTODY_SITE_TLS_KEY=sys.argv[6])
    origin = f"https://127.0.0.1:{port}"
    tls = ssl.create_default_context()
    tls.check_hostname = False
    tls.verify_mode = ssl.CERT_NONE
origin = public_url or origin
with open(site_log, "ab") as log:
    began = time.perf_counter()
    site = subprocess.Popen([binary, "--listen", f"127.0.0.1:{port}", "--public-url", origin],
                            env=env, stdout=log, stderr=log, start_new_session=True)
while True:
    if site.poll() is not None:
        sys.exit(f"{binary} exited with {site.returncode}; see {site_log}")
    try:
        raw = socket.create_connection(("127.0.0.1", port), timeout=1)
        with tls.wrap_socket(raw) if tls else raw as conn:
            conn.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            if conn.recv(12).startswith(b"HTTP/1.1 200"):
                break
    except OSError:
        pass
    if time.perf_counter() - began > 60:
        site.kill()
        sys.exit(f"{binary} gave no 200 on /healthz within 60 s")
    time.sleep(0.001)
print(site.pid, f"{(time.perf_counter() - began) * 1000:.1f}")
PY
}

# bench_stop PID: stops a site started by bench_start and waits until it has exited.
bench_stop() {
  kill "$1" 2>/dev/null || return 0
  while kill -0 "$1" 2>/dev/null; do sleep 0.05; done
}

# bench_rss_mb PID: the resident memory of a process, in MB.
bench_rss_mb() {
  awk '/^VmRSS:/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status"
}

# bench_sitemap_urls ORIGIN: every URL of ORIGIN's /sitemap.xml (each <loc>; the alternates of
# both languages are each a <loc> of their own), once each, sorted.
bench_sitemap_urls() {
  curl -sf "$1/sitemap.xml" | grep -o '<loc>[^<]*</loc>' | sed 's/<loc>\(.*\)<\/loc>/\1/' | sort -u
}

# bench_median: the median of the numbers on standard input (separated by spaces or lines); the
# mean of the middle two when their count is even.
bench_median() {
  tr ' ' '\n' | sort -g | awk 'NF { v[++n] = $1 } END { print (n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2) }'
}

# bench_round_pairs REF: from lines "SERVER ROUND REQ_PER_S P99" on standard input (the runs of
# alternating rounds), one line per round in which both the site and REF ran, in round order:
# "ROUND RATIO HELD", RATIO the site's req/s over REF's and HELD 1 when the site's p99 was at or
# under REF's. Two runs of one round are seconds apart and share the machine's state, so their
# ratio is steadier than the ratio of medians when the machine's speed changes between rounds.
bench_round_pairs() {
  awk -v ref="$1" '$1 == "site" { s[$2] = $3; sp[$2] = $4 } $1 == ref { n[$2] = $3; np[$2] = $4 }
    END { for (r in s) if (r in n) printf "%d %.3f %d\n", r, s[r] / n[r], sp[r] <= np[r] }' | sort -n
}

# bench_paired_summary: from bench_round_pairs' lines on standard input, "MEDIAN_RATIO HELD/ROUNDS
# RATIOS" (RATIOS comma-separated, in round order, without spaces).
bench_paired_summary() {
  local pairs
  pairs=$(cat)
  printf '%s %s %s\n' "$(awk '{ print $2 }' <<<"$pairs" | bench_median)" \
    "$(awk '{ held += $3 } END { printf "%d/%d", held, NR }' <<<"$pairs")" \
    "$(awk '{ printf "%s%s", (NR > 1 ? "," : ""), $2 }' <<<"$pairs")"
}

# bench_parse_wrk FILE: "REQ_PER_S P50_US P99_US NON_2XX SOCKET_ERRORS REQUESTS MEAN_US" from the
# output of `wrk --latency` (NON_2XX counts wrk's "Non-2xx or 3xx", in fact statuses above 399;
# MEAN_US is the mean latency of its thread statistics); fails when the output has no rate or
# latencies.
bench_parse_wrk() {
  awk '
    function us(v) {
      if (v ~ /us$/) return v + 0
      if (v ~ /ms$/) return v * 1000
      if (v ~ /m$/) return v * 60000000
      return v * 1000000
    }
    # The line of the thread statistics, not the "Latency Distribution" heading after it.
    $1 == "Latency" && mean == "" { mean = us($2) }
    $1 == "50%" { p50 = us($2) }
    $1 == "99%" { p99 = us($2) }
    /^Requests\/sec:/ { rps = $2 }
    / requests in / { total = $1 }
    /Non-2xx or 3xx responses:/ { non2xx = $NF }
    /Socket errors:/ { errors = $4 + $6 + $8 + $10 }
    END {
      if (rps == "" || p50 == "" || p99 == "" || mean == "") exit 1
      printf "%s %.0f %.0f %d %d %d %.0f\n", rps, p50, p99, non2xx, errors, total, mean
    }' "$1"
}

# bench_at_server REQ_PER_S MEAN_US: the requests waiting at the server on average (Little's law:
# the rate times the mean time a request took), to compare with the requests a closed-loop load
# generator keeps in flight. Fewer means the rest were waiting in the load generator, whose own
# time is not in the latencies it reports.
bench_at_server() {
  awk -v rps="$1" -v us="$2" 'BEGIN { printf "%.0f", rps * us / 1000000 }'
}

# bench_ms MICROSECONDS: the same time in milliseconds, two decimals.
bench_ms() {
  awk -v us="$1" 'BEGIN { printf "%.2f", us / 1000 }'
}

# --- nginx serving the site's bytes (compare.sh, h2.sh) --------------------------------------

# The nginx module that serves precompressed .br siblings (libnginx-mod-http-brotli-static).
bench_brotli_module=/usr/lib/nginx/modules/ngx_http_brotli_static_module.so

# bench_header_value HEAD_FILE NAME: the value of header NAME (any case) in a curl -D dump, or "".
bench_header_value() {
  awk -v name="$2" '
    { sub(/\r$/, "") }
    index($0, ":") > 1 && tolower(substr($0, 1, index($0, ":") - 1)) == name {
      value = substr($0, index($0, ":") + 1); sub(/^[ \t]+/, "", value); print value; exit
    }' "$1"
}

# bench_copied_headers TARGET HEAD_FILE CODING: "TARGET<TAB>name<TAB>value" for every header
# nginx must be told to add; it sends the others on its own (Vary too, where a .br/.gz sibling
# exists).
bench_copied_headers() {
  awk -v target="$1" -v coding="$3" '
    { sub(/\r$/, "") }
    /^[A-Za-z0-9-]+:/ {
      name = tolower(substr($0, 1, index($0, ":") - 1))
      value = substr($0, index($0, ":") + 1); sub(/^[ \t]+/, "", value)
      if (name ~ /^(date|server|connection|keep-alive|transfer-encoding|content-length|content-type|content-encoding|etag|last-modified|accept-ranges)$/) next
      if (name == "vary" && coding != "") next
      print target "\t" name "\t" value
    }' "$2"
}

# bench_nginx_quote STRING: STRING as a double-quoted nginx token (callers have refused "$").
bench_nginx_quote() {
  local s=${1//\\/\\\\}
  printf '"%s"' "${s//\"/\\\"}"
}

# --- nginx at its fastest: the settings tried, one variant's configuration -------------------
#
# A variant is one value for each setting that can change nginx's speed on these benchmarks,
# written "workers=auto,reuseport=on,open_file_cache=on,sendfile=on" (over TLS also
# ",ktls=off,ssl_session_cache=on"). brotli_static and gzip_static are always on: they are how
# nginx serves the site's precompressed bytes at all. bench_nginx_fastest tries the variants
# against one row's load and keeps the fastest.

# bench_nginx_settings TLS: the settings of a variant, in order (TLS 1 adds the TLS ones).
bench_nginx_settings() {
  if [ "$1" = 1 ]; then
    echo workers reuseport open_file_cache sendfile ktls ssl_session_cache
  else
    echo workers reuseport open_file_cache sendfile
  fi
}

# bench_nginx_setting_values SETTING: the values tried, the default first. worker_processes:
# auto (one per core), 1 and 2, leaving out a count equal to auto on this machine (on 2 cores,
# 2 is auto).
bench_nginx_setting_values() {
  case $1 in
    workers)
      local values=auto n
      for n in 1 2; do [ "$n" = "$(nproc)" ] || values+=" $n"; done
      echo "$values" ;;
    ktls) echo off on ;;
    *) echo on off ;;
  esac
}

# bench_nginx_variant_value VARIANT SETTING: the setting's value in VARIANT (its default when
# VARIANT does not name it).
bench_nginx_variant_value() {
  local pair
  for pair in ${1//,/ }; do
    if [ "${pair%%=*}" = "$2" ]; then echo "${pair#*=}"; return; fi
  done
  local values
  read -r values _ <<<"$(bench_nginx_setting_values "$2")"
  echo "$values"
}

# bench_nginx_variant_set VARIANT SETTING VALUE: VARIANT with SETTING at VALUE.
bench_nginx_variant_set() {
  local tls=0 setting out=""
  [[ $1 == *ktls=* ]] && tls=1
  for setting in $(bench_nginx_settings "$tls"); do
    if [ "$setting" = "$2" ]; then out+=",$setting=$3"; else out+=",$setting=$(bench_nginx_variant_value "$1" "$setting")"; fi
  done
  echo "${out#,}"
}

# bench_nginx_variant SPEC TLS: the full variant SPEC names ("default", or some of
# "setting=value,..." with the defaults for the rest), or an error on stderr and status 1.
bench_nginx_variant() {
  local spec=$1 tls=$2 pair setting value out="" known
  [ "$spec" = default ] && spec=""
  for pair in ${spec//,/ }; do
    setting=${pair%%=*} value=${pair#*=}
    known=" $(bench_nginx_settings "$tls") "
    if [[ $pair != *=* || $known != *" $setting "* ]]; then
      printf 'nginx variant: unknown setting in "%s" (settings: %s)\n' "$pair" "$(bench_nginx_settings "$tls")" >&2
      return 1
    fi
    if [[ " $(bench_nginx_setting_values "$setting") " != *" $value "* ]]; then
      printf 'nginx variant: %s takes %s, not "%s"\n' "$setting" "$(bench_nginx_setting_values "$setting")" "$value" >&2
      return 1
    fi
  done
  for setting in $(bench_nginx_settings "$tls"); do
    out+=",$setting=$(bench_nginx_variant_value "$spec" "$setting")"
  done
  echo "${out#,}"
}

# bench_nginx_variants TLS: every variant (the whole matrix), one a line.
bench_nginx_variants() {
  local variants=("") setting value v next
  for setting in $(bench_nginx_settings "$1"); do
    next=()
    for v in "${variants[@]}"; do
      for value in $(bench_nginx_setting_values "$setting"); do next+=("$v,$setting=$value"); done
    done
    variants=("${next[@]}")
  done
  for v in "${variants[@]}"; do echo "${v#,}"; done
}

# bench_nginx_main_conf DIR [VARIANT]: the top of an nginx.conf whose pid and error log live in
# DIR, with VARIANT's worker count (default: auto, one worker per core).
bench_nginx_main_conf() {
  cat <<EOF
load_module $bench_brotli_module;
daemon off;
# Worker processes: this variant's count (auto is one per core, as the site's runtime runs one
# worker thread per core).
worker_processes $(bench_nginx_variant_value "${2:-}" workers);
pid $1/nginx.pid;
error_log $1/error.log warn;

events {
    # Room for all of scaling.sh's 10,000 connections on one worker, as the site's cap
    # (compare.sh starts it with 20,000).
    worker_connections 20000;
}
EOF
}

# bench_nginx_listen_flags VARIANT: the flags after a listen directive's address ("reuseport"
# when VARIANT has it: the kernel spreads the connections evenly over the workers; without it
# one worker can end up with most of the long-lived connections, or it may suit 1 worker).
bench_nginx_listen_flags() {
  [ "$(bench_nginx_variant_value "$1" reuseport)" = on ] && echo reuseport
  return 0
}

# bench_nginx_http_conf DIR [VARIANT]: the directives of the http block shared by the
# benchmarks: static files served as VARIANT says, keep-alive as the site does it,
# precompressed siblings; temporary files under DIR/tmp.
bench_nginx_http_conf() {
  local sendfile open_file_cache
  sendfile=$(bench_nginx_variant_value "${2:-}" sendfile)
  open_file_cache=$(bench_nginx_variant_value "${2:-}" open_file_cache)
  cat <<EOF
    access_log off;
    server_tokens off;
    # Redirects keep the site's relative Location.
    absolute_redirect off;

    # sendfile $sendfile: with sendfile, headers and body start in one segment (tcp_nopush);
    # no Nagle delay on the last one (tcp_nodelay).
    sendfile $sendfile;
    tcp_nopush $sendfile;
    tcp_nodelay on;
EOF
  if [ "$open_file_cache" = on ]; then
    cat <<EOF
    # Open file descriptors and stat results cached, so a request makes no open()/stat() once
    # warm.
    open_file_cache max=1000 inactive=60s;
    open_file_cache_valid 1h;
    open_file_cache_errors on;
EOF
  else
    echo "    open_file_cache off;"
  fi
  cat <<EOF

    # Keep-alive as the site does it: the site (hyper) never closes a connection after a count
    # of requests, while nginx's default keepalive_requests (1000, which also bounds the
    # requests of an HTTP/2 connection) would close every connection about once a second at
    # these rates and make nginx pay for reconnects. 1e6 is more than any connection gets
    # within a run (it would need > 16000 req/s for a minute).
    keepalive_timeout 75s;
    keepalive_requests 1000000;

    # Precompressed siblings (.br / .gz) written next to each file; Vary as the site sends it.
    brotli_static on;
    gzip_static on;
    gzip_vary on;

    client_body_temp_path $1/tmp;
    proxy_temp_path $1/tmp;
    fastcgi_temp_path $1/tmp;
    uwsgi_temp_path $1/tmp;
    scgi_temp_path $1/tmp;
EOF
}

# bench_nginx_tls_conf VARIANT: the TLS directives a variant chooses: the session cache for
# resumed handshakes (shared between the workers, or none), and kernel TLS (OpenSSL hands the
# record layer to the kernel, which is what lets sendfile work under TLS; without the kernel's
# tls module OpenSSL silently stays in user space).
bench_nginx_tls_conf() {
  if [ "$(bench_nginx_variant_value "$1" ssl_session_cache)" = on ]; then
    echo "    ssl_session_cache shared:SSL:10m;"
  else
    echo "    ssl_session_cache none;"
  fi
  if [ "$(bench_nginx_variant_value "$1" ktls)" = on ]; then
    echo "    ssl_conf_command Options KTLS;"
  fi
}

# bench_nginx_fastest MODE TLS SECS ROUNDS START LOAD: finds the fastest nginx variant for the
# row being measured and sets bench_nginx_chosen to it (bench_nginx_chosen_rps to its median
# calibration req/s, bench_nginx_tried to how many runs it took).
#   MODE  fastest: one setting at a time, in bench_nginx_settings' order, from the defaults:
#         each of its values against the best so far, in alternating calibration runs, the
#         fastest kept before the next setting (a handful of runs);
#         fastest-full: every variant of the matrix (bench_nginx_variants), alternating.
#   SECS, ROUNDS: the seconds of one calibration run and the runs per variant (median).
#   START VARIANT: the caller's function that (re)starts nginx with VARIANT, in this shell.
#   LOAD SECS: the caller's function that loads the running nginx for SECS and prints its req/s.
# Progress goes to stderr.
bench_nginx_fastest() {
  local mode=$1 tls=$2 secs=$3 rounds=$4 start=$5 load=$6 best setting value
  bench_nginx_tried=0
  # bench_nginx_race VARIANT...: each variant ROUNDS times, alternating; sets best/best_rps.
  bench_nginx_race() {
    local -A runs=()
    local v rps median
    for _ in $(seq "$rounds"); do
      for v in "$@"; do
        "$start" "$v"
        rps=$("$load" "$secs")
        runs[$v]+=" $rps"
        bench_nginx_tried=$((bench_nginx_tried + 1))
        printf '    calibration %s: %.0f req/s\n' "$v" "$rps" >&2
      done
    done
    best="" bench_nginx_chosen_rps=0
    for v in "$@"; do
      median=$(bench_median <<<"${runs[$v]}")
      if [ -z "$best" ] || awk -v a="$median" -v b="$bench_nginx_chosen_rps" 'BEGIN { exit !(a > b) }'; then
        best=$v bench_nginx_chosen_rps=$median
      fi
    done
  }
  case $mode in
    fastest-full)
      # shellcheck disable=SC2046 # one variant a word
      bench_nginx_race $(bench_nginx_variants "$tls") ;;
    fastest)
      best=$(bench_nginx_variant default "$tls")
      for setting in $(bench_nginx_settings "$tls"); do
        local candidates=("$best")
        for value in $(bench_nginx_setting_values "$setting"); do
          [ "$value" = "$(bench_nginx_variant_value "$best" "$setting")" ] \
            || candidates+=("$(bench_nginx_variant_set "$best" "$setting" "$value")")
        done
        bench_nginx_race "${candidates[@]}"
      done ;;
    *) printf 'bench_nginx_fastest: unknown mode %s\n' "$mode" >&2; return 1 ;;
  esac
  # shellcheck disable=SC2034 # read by the caller
  bench_nginx_chosen=$best
}

# --- pinning, server-side latency, memory --------------------------------------------------

# bench_pin_cpus MODE ROLE: the CPU list for ROLE (loadgen or server) under --pin MODE (none,
# loadgen: the load generator alone on CPU 1, the servers on CPU 0; server: the servers alone on
# CPU 1, the load generator on CPU 0), or "" for no pinning.
bench_pin_cpus() {
  case $1:$2 in
    none:*) echo "" ;;
    loadgen:loadgen | server:server) echo 1 ;;
    loadgen:server | server:loadgen) echo 0 ;;
    *) printf 'bench_pin_cpus: unknown mode %s\n' "$1" >&2; return 1 ;;
  esac
}

# bench_check_pin MODE: fails with a message unless MODE is none, loadgen or server and can be
# done here (taskset installed, 2 CPUs or more).
bench_check_pin() {
  case $1 in
    none) return 0 ;;
    loadgen | server) ;;
    *) echo "--pin takes none, loadgen or server, not '$1'" >&2; return 1 ;;
  esac
  command -v taskset >/dev/null || { echo "--pin needs taskset (util-linux)" >&2; return 1; }
  [ "$(nproc)" -ge 2 ] || { echo "--pin needs 2 CPUs" >&2; return 1; }
}

# bench_apply_modes NGINX_MODE PIN TLS [AGAINST]: checks the --nginx, --pin and --against
# options of a benchmark (TLS 1 for the TLS variants) and sets
#   against, ref: the reference server: against "" and ref "nginx" (nginx serving the site's
#     bytes), or against the path of a previous custody-site build and ref "before" (the label
#     of its columns, its RESULT keys and its runs);
#   nginx_mode: a full variant unless fastest or fastest-full (NGINX_MODE "" is fastest), ""
#     with AGAINST (no nginx is started: an NGINX_MODE is refused);
#   the CPU lists loadgen_cpus and server_cpus ("" unpinned) and the command prefixes
#   loadgen_cmd and server_cmd (taskset, or nothing).
# Prints why and fails on a bad value.
bench_apply_modes() {
  nginx_mode=${1:-fastest} against=${4:-} ref=nginx
  if [ -n "$against" ]; then
    if [ -n "$1" ]; then
      echo "--nginx (BENCH_NGINX) does not apply with --against (BENCH_AGAINST): the reference is the build given, no nginx is started" >&2
      return 1
    fi
    if [ ! -f "$against" ] || [ ! -x "$against" ]; then
      echo "--against: no executable custody-site binary at '$against'" >&2
      return 1
    fi
    nginx_mode="" ref=before
  fi
  case $nginx_mode in
    "" | fastest | fastest-full) ;;
    *) nginx_mode=$(bench_nginx_variant "$nginx_mode" "$3") || {
      echo "--nginx takes fastest, fastest-full or a variant (see -h)" >&2
      return 1
    } ;;
  esac
  bench_check_pin "$2" || return 1
  loadgen_cpus=$(bench_pin_cpus "$2" loadgen)
  server_cpus=$(bench_pin_cpus "$2" server)
  loadgen_cmd=() server_cmd=()
  if [ -n "$loadgen_cpus" ]; then
    # shellcheck disable=SC2034 # read by the caller
    loadgen_cmd=(taskset -c "$loadgen_cpus") server_cmd=(taskset -c "$server_cpus")
  fi
}

# bench_split_check MS: fails, saying why, unless MS (--split) is a whole number of milliseconds
# and, when it is not 0, the tools of bench_split are installed.
bench_split_check() {
  local tool
  [[ $1 =~ ^[0-9]+$ ]] || { echo "--split takes a whole number of milliseconds, not '$1'" >&2; return 1; }
  [ "$1" -gt 0 ] || return 0
  for tool in perf ss python3; do
    command -v "$tool" >/dev/null || { echo "--split needs $tool (apt-get install linux-perf iproute2 python3)" >&2; return 1; }
  done
}

# bench_split PORT MS DIR: while a load generator loads the server at 127.0.0.1:PORT, traces
# the read and write system calls of both ends' processes (those with a socket of the port) for
# MS milliseconds with perf (on the load generator's CPUs: loadgen_cmd), and prints split.py's
# line: where a request's time went, in the server or in the load generator (split.py's
# comment). Scratch files go in DIR. perf's buffer, 8,192 pages (32 MiB), holds a short trace
# whole, so that perf does not wake to write it out while it traces; perf's own writes are not
# traced (only the two ends' processes are).
bench_split() {
  local port=$1 ms=$2 dir=$3 pids call events=""
  for call in read readv recvfrom recvmsg write writev sendto sendmsg sendfile64; do
    events+="syscalls:sys_enter_$call,"
  done
  for call in read readv recvfrom recvmsg; do
    events+="syscalls:sys_exit_$call,"
  done
  ss -tnpH >"$dir/split.ss"
  pids=$(grep -E ":${port}[[:space:]]" "$dir/split.ss" | grep -oE 'pid=[0-9]+' | sort -u | cut -d= -f2 | paste -sd,)
  [ -n "$pids" ] || { echo "no connection to port $port to trace" >&2; return 1; }
  "${loadgen_cmd[@]}" perf record -q -m 8192 -p "$pids" -o "$dir/split.data" -e "${events%,}" \
    -- sleep "$(awk -v ms="$ms" 'BEGIN { print ms / 1000 }')" >/dev/null 2>"$dir/split.perf.log" || {
    echo "perf record failed: $(tail -n 5 "$dir/split.perf.log")" >&2
    return 1
  }
  perf script -i "$dir/split.data" -F comm,pid,tid,cpu,time,event,trace >"$dir/split.trace" 2>/dev/null
  python3 "$(dirname "${BASH_SOURCE[0]}")/split.py" "$dir/split.ss" "$dir/split.trace" "$port" || return 1
  rm -f "$dir/split.data" "$dir/split.trace"
}

# bench_split_report SPLITS LOADGEN: the table of split lines "ROW SERVER rps=... turns=...
# server_wait=... server_work=... client_wait=... server_share=..." in the file SPLITS, LOADGEN
# naming the load generator (bench_split_results prints the lines themselves).
bench_split_report() {
  printf '\nwhere a request'"'"'s time went (--split: one traced run per server; mean / p99 in µs):\n'
  printf '  %-14s %-6s %9s %9s %18s %18s %18s %9s\n' row server "req/s" turns "in server socket" "server's work" "in $2 socket" "at server"
  awk '{
    for (i = 3; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
    printf "  %-14s %-6s %9s %9s %18s %18s %18s %8.0f%%\n", $1, $2, v["rps"], v["turns"], v["server_wait"], v["server_work"], v["client_wait"], v["server_share"] * 100
  }' "$1"
  printf '(in server socket: from the load generator'"'"'s write to the server'"'"'s read; server'"'"'s work: to its write;\n in %s socket: from the server'"'"'s write to the load generator'"'"'s read; at server: the first two'"'"'s share)\n' "$2"
}

# bench_split_results SPLITS: one `SPLIT row=... server=... rps=...` line for each line of SPLITS.
bench_split_results() {
  awk '{ row = $1; sub(":", "-", row); line = "SPLIT row=" row " server=" $2; for (i = 3; i <= NF; i++) line = line " " $i; print line }' "$1"
}

# bench_pin_describe MODE: one line saying where the load generator and the servers run.
bench_pin_describe() {
  case $1 in
    none) echo "no pinning: the load generator and the servers share every CPU" ;;
    *) echo "pinned: load generator on CPU $(bench_pin_cpus "$1" loadgen), servers on CPU $(bench_pin_cpus "$1" server) (taskset)" ;;
  esac
}

# bench_pin_shell CPUS: pins the calling (sub)shell to CPUS, so that every process it starts
# from then on inherits them; nothing when CPUS is "".
bench_pin_shell() {
  [ -z "$1" ] || taskset -c -p "$1" "$BASHPID" >/dev/null
}

# bench_scrape_latency PORT: the site's request latency histogram, summed over every route, from
# GET /metrics on its metrics listener 127.0.0.1:PORT: "LE COUNT" a line (cumulative counts,
# LE in seconds, +Inf last).
bench_scrape_latency() {
  curl -sf --max-time 5 "http://127.0.0.1:$1/metrics" | awk '
    /^custody_site_http_request_duration_seconds_bucket\{/ {
      match($0, /le="[^"]*"/); le = substr($0, RSTART + 4, RLENGTH - 5)
      if (!(le in sum)) order[++n] = le
      sum[le] += $NF
    }
    END { for (k = 1; k <= n; k++) print order[k], sum[order[k]] }'
}

# bench_histogram_p99 BEFORE AFTER: the 99th percentile, in µs, of the requests counted between
# two bench_scrape_latency files, interpolated linearly within its bucket as Prometheus's
# histogram_quantile does; "inf" when it falls above the last finite bucket, "" when nothing
# was counted.
bench_histogram_p99() {
  awk '
    FNR == NR { before[$1] = $2; next }
    { le[++n] = $1; count[n] = $2 - before[$1] }
    END {
      total = count[n]
      if (total <= 0) exit
      rank = 0.99 * total
      lower = 0; below = 0
      for (k = 1; k <= n; k++) {
        if (count[k] >= rank) {
          if (le[k] == "+Inf") { print "inf"; exit }
          upper = le[k] + 0
          printf "%.0f\n", (lower + (upper - lower) * (rank - below) / (count[k] - below)) * 1e6
          exit
        }
        lower = le[k] + 0; below = count[k]
      }
    }' "$1" "$2"
}

# bench_tree_rss_kb PID: VmRSS of PID and its children (nginx's master and workers), in kB.
bench_tree_rss_kb() {
  local pid total=0 rss
  for pid in $1 $(ps -o pid= --ppid "$1" 2>/dev/null); do
    rss=$(awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status" 2>/dev/null) || continue
    total=$((total + ${rss:-0}))
  done
  echo "$total"
}

# --- against a previous build (--against: compare.sh, h2.sh) ---------------------------------
#
# With --against PATH the reference is another custody-site build instead of nginx: a copy of
# PATH, started exactly as the script starts the site under test (same flags, environment and
# RUST_LOG, its metrics listener too) but in a working directory of its own (its
# applications log and data/builds apart from the site's), on its own ports. The rounds
# alternate site / before as they alternate site / nginx; the columns labelled "nginx"
# are labelled "$ref" ("before"), and since both are custody-site, the histogram p99
# ("inside") is read from both.

# bench_sha256_short FILE: the first 12 hex digits of FILE's sha256.
bench_sha256_short() {
  sha256sum "$1" | cut -c1-12
}

# bench_against_describe COPY: one line naming the reference build (the path given, the sha256
# of the copy measured).
bench_against_describe() {
  printf '%s: %s (copy measured: sha256 %s), started as the site (same flags, environment, RUST_LOG; own directory and ports)' \
    "$ref" "$against" "$(bench_sha256_short "$1")"
}

# bench_same_answer WHAT SITE_STATUS SITE_HEAD SITE_BODY REF_STATUS REF_HEAD REF_BODY: checks
# that the reference build answers WHAT (a path, or a path and an encoding) as the site does:
# the same status, the same Content-Encoding and, on a redirect, the same Location; prints the
# difference on stderr and fails otherwise. The bodies may differ between two builds (a page
# changed, a hashed asset name): that is no error; prints on stdout a note for the report when
# they do ("" when byte-identical), with both sizes.
bench_same_answer() {
  local what=$1 s_status=$2 s_head=$3 s_body=$4 r_status=$5 r_head=$6 r_body=$7 s_value r_value name
  if [ "$s_status" != "$r_status" ]; then
    printf '%s answers %s with %s, the site with %s\n' "$ref" "$what" "$r_status" "$s_status" >&2
    return 1
  fi
  for name in content-encoding location; do
    s_value=$(bench_header_value "$s_head" "$name") r_value=$(bench_header_value "$r_head" "$name")
    if [ "$s_value" != "$r_value" ]; then
      printf "%s answers %s with %s '%s', the site with '%s'\n" "$ref" "$what" "$name" "${r_value:-none}" "${s_value:-none}" >&2
      return 1
    fi
  done
  cmp -s "$s_body" "$r_body" && return 0
  local s_size r_size
  s_size=$(wc -c <"$s_body") r_size=$(wc -c <"$r_body")
  if [ "$s_size" = "$r_size" ]; then
    printf 'bodies differ, same size (%s B)' "$s_size"
  else
    printf 'body sizes differ: site %s B, %s %s B' "$s_size" "$ref" "$r_size"
  fi
}
