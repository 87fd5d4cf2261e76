#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (no browser downloads on this network). Installs it when
# missing, with the fonts the tests measure against: Liberation (the metric twins of Arial and Times
# New Roman that the site's fallback faces name, app/app.css) and Noto CJK.
set -euo pipefail
has_fonts() { command -v fc-list >/dev/null 2>&1 && fc-list | grep -q "Liberation Sans" && fc-list | grep -qi "Noto Sans CJK"; }
if { [ -x /usr/bin/chromium ] || [ -n "${CHROMIUM_PATH:-}" ]; } && has_fonts; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing and apt-get is not available: install Chromium and set CHROMIUM_PATH." >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium fonts-liberation fonts-noto-cjk fontconfig >/dev/null
/usr/bin/chromium --version 2>/dev/null || true
