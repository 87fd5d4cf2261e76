#!/usr/bin/env bash
# The server's tests run a second time on PostgreSQL (vitest.config.ts, project "postgres"), and the
# two-instance tests run two servers on one database: each run starts a throwaway cluster of Debian's
# PostgreSQL (tests/support/postgres.ts). Installs it when missing, as scripts/ensure-nginx.sh does
# for nginx; the package's own service is not needed and is left as Debian sets it up.
set -euo pipefail
find_bin() {
  if [ -n "${POSTGRES_BIN:-}" ] && [ -x "$POSTGRES_BIN/initdb" ]; then echo "$POSTGRES_BIN"; return 0; fi
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -rV); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then echo "$dir"; return 0; fi
  done
  return 1
}
if bin=$(find_bin) && command -v pg_dump >/dev/null 2>&1 && command -v pg_restore >/dev/null 2>&1; then
  "$bin/postgres" --version
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "PostgreSQL is missing and apt-get is not available: install PostgreSQL 15 or later and set POSTGRES_BIN to its bin folder." >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# postgresql brings the server, initdb and pg_ctl; postgresql-client brings pg_dump and pg_restore.
$SUDO apt-get install -y -qq --no-install-recommends postgresql postgresql-client >/dev/null
bin=$(find_bin)
"$bin/postgres" --version
