#!/usr/bin/env bash
# The HTTPS deployment test (e2e/https-proxy.test.ts) and `npm run bench:load` run Debian's nginx.
# Installs it when missing, as scripts/ensure-chromium.sh does for Chromium.
set -euo pipefail
if [ -x /usr/sbin/nginx ] || [ -n "${NGINX_PATH:-}" ]; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "nginx is missing and apt-get is not available: install nginx and set NGINX_PATH." >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# The package's service is not started: the tests run their own nginx on free ports.
$SUDO apt-get install -y -qq --no-install-recommends nginx openssl >/dev/null
/usr/sbin/nginx -v
