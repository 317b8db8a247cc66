#!/usr/bin/env bash
# `npm test`: every test. Type check (the contract with neither DOM nor Node types, the
# browser without Node's, the server without the DOM's, then the tests and tools), lint (the
# layers among them), unit tests, the API tests on PGlite and on a throwaway PostgreSQL, the
# process tests, then the built app in Chromium through Playwright. Stops at the first stage
# that fails; at the end, passed or not, prints each stage's time and test counts
# (scripts/testStages.mjs), so a stage that grows is seen the day it lands.
set -euo pipefail
cd "$(dirname "$0")/.."

results=.test-results
rm -rf "$results"
mkdir -p "$results"
trap 'node scripts/testStages.mjs "$results"' EXIT

# stage NAME REPORT COMMAND…: runs the command, and notes its time, exit status and the report
# (a JSON file its runner wrote, '-' for none) for the summary.
stage() {
  local name=$1 report=$2 start rc=0
  shift 2
  echo "== $name"
  start=$(date +%s)
  "$@" || rc=$?
  printf '%s\t%s\t%s\t%s\n' "$name" "$(($(date +%s) - start))" "$rc" "$report" >>"$results/stages.tsv"
  return "$rc"
}

vitest() {
  local name=$1 project=$2
  stage "$name" "$results/$project.json" npx vitest run --project "$project" \
    --reporter=default --reporter=json --outputFile.json="$results/$project.json"
}

stage "tools" - bash scripts/ensure-tools.sh
stage "type check" - npm run --silent typecheck
stage "lint" - npm run --silent lint
vitest "unit" unit
vitest "API, PGlite" api-pglite
vitest "API, PostgreSQL" api-postgres
vitest "process" process
stage "browser build" - npx vite build --logLevel warn
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" \
  stage "Playwright" "$results/playwright.json" npx playwright test --reporter=list,json
