#!/usr/bin/env bash
# The observatory audit: the release binary serving HTTPS with a certificate from a throwaway
# test CA (openssl), plain HTTP on a second port redirecting to it, graded by the MDN HTTP
# Observatory's scanner (scan.mjs). Exits 1 below A+ or a score of 120.
# Usage: bash scripts/observatory/run.sh   (after cargo build --release --locked; needs node, openssl)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
binary="$here/../../target/release/custody-site"
[ -x "$binary" ] || { echo "observatory: build the release binary first" >&2; exit 2; }
if [ ! -f "$here/node_modules/.package-lock.json" ] || [ "$here/package-lock.json" -nt "$here/node_modules/.package-lock.json" ]; then
  # --ignore-scripts: the package's install script downloads the HSTS preload list.
  (cd "$here" && npm ci --ignore-scripts --no-audit --no-fund >/dev/null)
fi

tmp=$(mktemp -d)
site=""
stop() {
  [ -n "$site" ] && kill "$site" 2>/dev/null && wait "$site" 2>/dev/null
  rm -rf "$tmp"
}
trap stop EXIT

openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 \
  -subj "/CN=custody-site test CA" -addext "basicConstraints=critical,CA:TRUE" \
  -addext "keyUsage=critical,keyCertSign" -keyout "$tmp/ca.key" -out "$tmp/ca.pem" 2>/dev/null
openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj "/CN=localhost" \
  -keyout "$tmp/site.key" -out "$tmp/site.csr" 2>/dev/null
printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n' >"$tmp/ext.cnf"
openssl x509 -req -in "$tmp/site.csr" -CA "$tmp/ca.pem" -CAkey "$tmp/ca.key" -CAcreateserial \
  -days 2 -extfile "$tmp/ext.cnf" -out "$tmp/site.pem" 2>/dev/null

free_port() {
  node -e 'const s = require("node:net").createServer();
s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'
}
https_port=$(free_port)
http_port=$(free_port)
RUST_LOG=warn CUSTODY_SITE_CONTACT_LOG="$tmp/applications.jsonl" \
  CUSTODY_SITE_TLS_CERT="$tmp/site.pem" CUSTODY_SITE_TLS_KEY="$tmp/site.key" \
  CUSTODY_SITE_TLS_REDIRECT_LISTEN="127.0.0.1:$http_port" \
  "$binary" --listen "127.0.0.1:$https_port" --public-url "https://localhost:$https_port" \
  2>"$tmp/site.log" &
site=$!
export NODE_EXTRA_CA_CERTS="$tmp/ca.pem"
for _ in $(seq 200); do
  if node -e 'fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' \
    "https://localhost:$https_port/healthz" 2>/dev/null; then
    break
  fi
  sleep 0.05
done
node "$here/scan.mjs" localhost "$https_port" "$http_port"
