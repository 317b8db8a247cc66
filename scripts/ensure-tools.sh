#!/usr/bin/env bash
# Makes sure the browser tests' Chromium and the API tests' PostgreSQL are on this machine,
# installing Debian's packages when we can (root + apt-get), else naming the one command to run.
set -euo pipefail

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
# The same Chromium without the desktop around it: the specs run in two thirds of the time
# (playwright.config.ts takes it when it is there). Wanted, not needed: installed only with apt-get at hand.
can_install() { [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; }
if [ ! -x /usr/bin/chromium-headless-shell ] && can_install; then need+=(chromium-headless-shell); fi
[ ${#need[@]} -eq 0 ] && exit 0

echo "test tools missing: ${need[*]}"
if can_install; then
  echo "installing with apt-get (Debian packages: ${need[*]})…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  # The Debian postgresql package starts a cluster of its own; the tests start theirs.
  if [[ " ${need[*]} " == *" postgresql "* ]] && command -v pg_ctlcluster >/dev/null; then
    for c in /etc/postgresql/*/main; do [ -d "$c" ] && pg_ctlcluster "$(basename "$(dirname "$c")")" main stop 2>/dev/null || true; done
  fi
  exit 0
fi
echo "ERROR: cannot install them here. Run, as root:  apt-get install -y ${need[*]}" >&2
exit 1
