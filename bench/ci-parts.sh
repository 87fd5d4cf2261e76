#!/usr/bin/env bash
# The steps of `bash .ci/run` (and of `npm test`'s `check`), each stage timed on its own: run it on a clean clone.
# Prints one line per part and the total; each part's output is kept in a temporary folder.
set -uo pipefail
cd "$(dirname "$0")/.."
logs=$(mktemp -d)
start=$(date +%s)
part() {
  local name=$1
  shift
  local began=$(date +%s)
  "$@" >"$logs/$name.log" 2>&1
  local status=$?
  echo "$name $(($(date +%s) - began)) s (exit $status)"
  return $status
}
# Debian's packages beside `npm install`, as .ci/run installs them.
part system bash -c 'bash scripts/ensure-chromium.sh && bash scripts/ensure-nginx.sh && bash scripts/ensure-restic.sh && bash scripts/ensure-postgres.sh' &
system=$!
part install bash -c 'npm install --no-audit --no-fund --ignore-scripts && npm rebuild esbuild && node scripts/prepare-observatory.mjs' &&
  wait "$system" &&
  part prepare bash -c 'npm run i18n && npm run fonts && npx react-router typegen && node scripts/build-server.mjs --if-stale --tests' &&
  part lint-types-native npx run-p --aggregate-output lint:code lint:rest types native &&
  part unit-build npx run-p --aggregate-output test:unit build:all &&
  part integration-postgres-browser env E2E_WORKERS=2 npx run-p --aggregate-output test:integration test:postgres test:e2e:pair
status=$?
echo "total $(($(date +%s) - start)) s (logs in $logs)"
exit $status
