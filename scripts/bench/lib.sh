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
# and is polled over TLS (the certificate is not checked). Fails if the site exits or gives no
# 200 within 60 s.
bench_start() {
  python3 - "$@" <<'PY'
import os, socket, ssl, subprocess, sys, time
binary, port, contact_log, site_log = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
env = dict(os.environ, RUST_LOG="warn", CUSTODY_SITE_CONTACT_LOG=contact_log)
env.pop("CUSTODY_SITE_CONFIG", None)
tls = None
origin = f"http://127.0.0.1:{port}"
if len(sys.argv) > 6:
    env.update(CUSTODY_SITE_TLS_CERT=sys.argv[5], CUSTODY_SITE_TLS_KEY=sys.argv[6])
    origin = f"https://127.0.0.1:{port}"
    tls = ssl.create_default_context()
    tls.check_hostname = False
    tls.verify_mode = ssl.CERT_NONE
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

# bench_parse_wrk FILE: "REQ_PER_S P50_US P99_US NON_2XX SOCKET_ERRORS REQUESTS" from the output of
# `wrk --latency` (NON_2XX counts wrk's "Non-2xx or 3xx", in fact statuses above 399); fails when
# the output has no rate or latencies.
bench_parse_wrk() {
  awk '
    function us(v) {
      if (v ~ /us$/) return v + 0
      if (v ~ /ms$/) return v * 1000
      if (v ~ /m$/) return v * 60000000
      return v * 1000000
    }
    $1 == "50%" { p50 = us($2) }
    $1 == "99%" { p99 = us($2) }
    /^Requests\/sec:/ { rps = $2 }
    / requests in / { total = $1 }
    /Non-2xx or 3xx responses:/ { non2xx = $NF }
    /Socket errors:/ { errors = $4 + $6 + $8 + $10 }
    END {
      if (rps == "" || p50 == "" || p99 == "") exit 1
      printf "%s %.0f %.0f %d %d %d\n", rps, p50, p99, non2xx, errors, total
    }' "$1"
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

# bench_nginx_main_conf DIR: the top of an nginx.conf whose pid and error log live in DIR.
bench_nginx_main_conf() {
  cat <<EOF
load_module $bench_brotli_module;
daemon off;
# One worker per core, as the site's runtime runs one worker thread per core.
worker_processes $(nproc);
pid $1/nginx.pid;
error_log $1/error.log warn;

events {
    # Room for all of scaling.sh's 10,000 connections on one worker, as the site's cap
    # (compare.sh starts it with 20,000).
    worker_connections 20000;
}
EOF
}

# bench_nginx_http_conf DIR: the directives of the http block shared by the benchmarks: static
# files served the fast way, keep-alive as the site does it, precompressed siblings; temporary
# files under DIR/tmp.
bench_nginx_http_conf() {
  cat <<EOF
    access_log off;
    server_tokens off;
    # Redirects keep the site's relative Location.
    absolute_redirect off;

    # Static files the usual fast way: sendfile, headers and body start in one segment
    # (tcp_nopush), no Nagle delay on the last one (tcp_nodelay); open file descriptors and
    # stat results cached, so a request makes no open()/stat() once warm.
    sendfile on;
    tcp_nopush on;
    tcp_nodelay on;
    open_file_cache max=1000 inactive=60s;
    open_file_cache_valid 1h;
    open_file_cache_errors on;

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
