#!/usr/bin/env bash
# Backups go to a restic repository (`npm run backup`, server/backup/), and the restore drill
# (server/__tests__/restore-drill.integration.test.ts) runs restic. Installs Debian's restic when
# missing, as scripts/ensure-chromium.sh does for Chromium.
set -euo pipefail
if command -v restic >/dev/null 2>&1; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "restic is missing and apt-get is not available: install restic (https://restic.net) and put it on PATH." >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends restic >/dev/null
restic version
