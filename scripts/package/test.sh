#!/usr/bin/env bash
# The Debian package's test, a step of scripts/test.sh: builds the package twice (revisions 0 and
# 1 of this version), checks its metadata and file list, lints it with lintian, installs the
# older one with dpkg, checks the installed configuration and units, starts the service as its
# unit would (scripts/package/stand_in_systemd.py, where systemd is not PID 1) and stores an
# application, edits the conffile, then installs the newer package under load and shows that
# its postinst restarted the service without a refused connection or a failed request, and that
# the edit survived; then removes and purges the package, and shows that the data survives both.
#
# Usage: bash scripts/package/test.sh   (as root, on Debian or Ubuntu; needs cargo-deb, lintian,
#   python3, curl, and a release build: cargo build --release --locked)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)

step() { printf '\n--> %s\n' "$*"; }
fail() {
  echo "package test: $*" >&2
  exit 1
}

[ "$(id -u)" = 0 ] || fail "installs a package, so it runs as root (CI runs as root)"
if dpkg -s custody-site >/dev/null 2>&1 || [ -e /var/lib/custody-site ] || [ -e /var/lib/private/custody-site ]; then
  fail "custody-site is installed here, or /var/lib/custody-site exists: this test installs, purges and removes its own, so it runs only where neither is"
fi

work=$(mktemp -d)
chmod 755 "$work"
manager_pid=""
traffic_pid=""
cleanup() {
  [ -n "$traffic_pid" ] && kill "$traffic_pid" 2>/dev/null || true
  if [ -n "$manager_pid" ] && kill -0 "$manager_pid" 2>/dev/null; then
    SYSTEMD_STAND_IN_DIR="$work/systemd" scripts/package/bin/systemctl exit >/dev/null 2>&1 || kill "$manager_pid" 2>/dev/null || true
    wait "$manager_pid" 2>/dev/null || true
  fi
  dpkg -P custody-site >/dev/null 2>&1 || true
  # The test's own data: the folder systemd (here its stand-in) made for the service.
  rm -rf /var/lib/custody-site /var/lib/private/custody-site "$work"
}
trap cleanup EXIT

step "build the package (revisions 0 and 1)"
older=$(bash scripts/package/build.sh --deb-revision 0 --output "$work/older.deb")
newer=$(bash scripts/package/build.sh --output "$work/newer.deb")
version=$(target/release/custody-site --version | awk '{print $2}')
echo "$(basename "$newer"): $(stat -c %s "$newer") bytes, custody-site $version"

step "metadata and file list (dpkg-deb -I, -c)"
dpkg-deb -I "$newer"
[ "$(dpkg-deb -f "$newer" Package)" = custody-site ] || fail "package name"
[ "$(dpkg-deb -f "$newer" Version)" = "$version-1" ] || fail "the package version $(dpkg-deb -f "$newer" Version) is not custody-site --version's $version"
dpkg --compare-versions "$(dpkg-deb -f "$older" Version)" lt "$version-1" || fail "the older package's version is not older"
dpkg-deb -I "$newer" conffiles | grep -qx /etc/custody-site/config.toml || fail "config.toml is not a conffile"
files=$(dpkg-deb -c "$newer" | awk '$1 !~ /^d/ {print $6}' | sed 's|^\./|/|' | sort)
expected=$(sort <<'EOF'
/etc/custody-site/config.toml
/lib/systemd/system/custody-site-redirect.socket
/lib/systemd/system/custody-site.service
/lib/systemd/system/custody-site.socket
/usr/bin/custody-site
/usr/share/bash-completion/completions/custody-site
/usr/share/doc/custody-site/changelog.Debian.gz
/usr/share/doc/custody-site/copyright
/usr/share/doc/custody-site/deployment.md
/usr/share/fish/vendor_completions.d/custody-site.fish
/usr/share/lintian/overrides/custody-site
/usr/share/man/man1/custody-site-check.1.gz
/usr/share/man/man1/custody-site-claims.1.gz
/usr/share/man/man1/custody-site-config.1.gz
/usr/share/man/man1/custody-site-serve.1.gz
/usr/share/man/man1/custody-site-submissions-export.1.gz
/usr/share/man/man1/custody-site-submissions-status.1.gz
/usr/share/man/man1/custody-site-submissions.1.gz
/usr/share/man/man1/custody-site.1.gz
/usr/share/zsh/vendor-completions/_custody-site
EOF
)
if [ "$files" != "$expected" ]; then
  diff <(echo "$expected") <(echo "$files") || true
  fail "the package's files differ from the list above (< expected, > packaged)"
fi
echo "$(echo "$files" | wc -l) files, as listed"

step "lintian"
lintian --fail-on error,warning --display-info "$newer" 2>&1 | grep -v 'running with root privileges' | tee "$work/lintian.txt" || true
lintian --fail-on error,warning "$newer" >/dev/null 2>&1 || fail "lintian found errors or warnings (above)"
echo "lintian: $(grep -c '^E:' "$work/lintian.txt" || true) errors, $(grep -c '^W:' "$work/lintian.txt" || true) warnings"

step "install the older package (dpkg -i)"
dpkg -i "$older"
[ "$(custody-site --version | awk '{print $2}')" = "$version" ] || fail "installed custody-site --version"
custody-site --version
custody-site check --config /etc/custody-site/config.toml
man -w custody-site >/dev/null 2>&1 || [ -f /usr/share/man/man1/custody-site.1.gz ] || fail "no manual page"
systemctl is-enabled custody-site.socket >/dev/null 2>&1 && fail "the socket unit was enabled by the package"

step "units (systemd-analyze verify)"
SYSTEMD_LOG_LEVEL=notice systemd-analyze verify /lib/systemd/system/custody-site.service \
  /lib/systemd/system/custody-site.socket /lib/systemd/system/custody-site-redirect.socket

step "start the service as its unit would, with its socket held (systemd's stand-in)"
mkdir -p "$work/systemd"
exec {manager_out}< <(exec python3 scripts/package/stand_in_systemd.py run "$work/systemd")
manager_pid=$!
read -r ready address <&"$manager_out" || true
[ "${ready:-}" = ready ] || fail "the service did not start: $(cat "$work/systemd/service.log")"
curl -fsS "http://$address/" -o "$work/home.html"
grep -q '<html lang="en"' "$work/home.html" || fail "the home page"
echo "GET / from the installed service: $(stat -c %s "$work/home.html") bytes"
application='{"lang":"en","company":"Package Test Trading Ltd.","country":"SG","businessType":"exchange","website":"www.package-test.example","contactPerson":"Lee Package","areaCode":"SG","phone":"9123 4567","email":"ops@package-test.example","consent":true,"request":null,"sourcePage":"/contact-us","fax":""}'
status=$(curl -sS -o /dev/null -w '%{http_code}' -H 'content-type: application/json' \
  -H 'origin: http://127.0.0.1:8080' --data "$application" "http://$address/api/contact")
[ "$status" = 201 ] || fail "the application was answered $status"
log=/var/lib/custody-site/data/contact-applications.jsonl
grep -q 'Package Test Trading' "$log" || fail "the application is not in $log"
stat -c '%n: owner %u, mode %a' /var/lib/private/custody-site "$log"

step "the operator edits the conffile (log.format = json)"
sed -i 's/^format = "text"$/format = "json"/' /etc/custody-site/config.toml
grep -qx 'format = "json"' /etc/custody-site/config.toml || fail "the edit"

step "upgrade under load: dpkg -i of the newer package while visitors keep asking"
coproc VISITORS { exec python3 scripts/package/traffic.py "$address"; }
traffic_pid=$VISITORS_PID
more() {
  local count
  echo "more $1" >&"${VISITORS[1]}"
  read -r count <&"${VISITORS[0]}"
  [ "$count" != timeout ] || fail "the visitors got no $1 more answers within 60 s"
  echo "$count"
}
before=$(more 300)
# The maintainer scripts see a server's systemd, in a mount namespace of their own: an empty
# /run/systemd/system says systemd runs, `systemctl` first in PATH reaches the stand-in, and a
# policy-rc.d that a container image may have (exit 101: no service may start) allows actions,
# as on a server without one.
printf '#!/bin/sh\nexit 0\n' >"$work/policy-rc.d"
chmod 755 "$work/policy-rc.d"
unshare --mount --propagation private sh -c '
  mount -t tmpfs tmpfs /run/systemd && mkdir /run/systemd/system &&
  if [ -e /usr/sbin/policy-rc.d ]; then mount --bind "$1/policy-rc.d" /usr/sbin/policy-rc.d; fi &&
  PATH="$0/scripts/package/bin:$PATH" SYSTEMD_STAND_IN_DIR="$1/systemd" dpkg -i "$2"' \
  "$root" "$work" "$newer"
after=$(more 1)
more 300 >/dev/null
echo stop >&"${VISITORS[1]}"
read -r tally <&"${VISITORS[0]}"
wait "$traffic_pid"
traffic_pid=""
python3 - "$tally" "$((after - before))" <<'PY'
import json, sys
tally = json.loads(sys.argv[1])
print(f"visitors: {tally['sent']} requests sent, {tally['answered']} answered "
      f"({sys.argv[2]} while dpkg ran), {tally['failed']} failed; "
      f"{tally['connections']} connections opened, {tally['refused']} refused")
if tally["failed"] or tally["refused"]:
    sys.exit("failures: " + "; ".join(tally["failures"]))
PY
echo "systemctl calls by the maintainer scripts:"
sed 's/^/  /' "$work/systemd/systemctl.calls"
grep -q '^try-restart custody-site.service$' "$work/systemd/systemctl.calls" || fail "postinst did not restart the service"
if grep -E 'socket' "$work/systemd/systemctl.calls"; then fail "a maintainer script acted on a socket unit"; fi
[ "$(dpkg-query -W -f '${Version}' custody-site)" = "$version-1" ] || fail "the installed version after the upgrade"
grep -qx 'format = "json"' /etc/custody-site/config.toml || fail "the conffile edit did not survive the upgrade"
tail -n 1 "$work/systemd/service.log" | python3 -c 'import json, sys; json.loads(sys.stdin.read())' ||
  fail "the restarted service does not log JSON: the edited configuration is not in use"
echo "the conffile edit survived, and the restarted service uses it (JSON log lines)"
curl -fsS "http://$address/zh" -o /dev/null || fail "GET /zh after the upgrade"

SYSTEMD_STAND_IN_DIR="$work/systemd" scripts/package/bin/systemctl exit
wait "$manager_pid" || true
manager_pid=""

step "remove (dpkg -r): the configuration and the data stay"
dpkg -r custody-site
[ ! -e /usr/bin/custody-site ] || fail "the binary is still installed"
[ -f /etc/custody-site/config.toml ] || fail "remove deleted the conffile"
grep -q 'Package Test Trading' "$log" || fail "remove deleted the applications"

step "purge (dpkg -P): the configuration goes, the applications stay"
dpkg -P custody-site
[ ! -e /etc/custody-site/config.toml ] || fail "purge left the conffile"
grep -q 'Package Test Trading' "$log" || fail "purge deleted the applications"
echo "after purge: $(wc -l <"$log") application(s) still in $log"

echo
echo "package test: passed"
