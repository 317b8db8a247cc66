#!/usr/bin/env bash
# `npm test`: every test. Type check (the contract with neither DOM nor Node types, the
# browser without Node's, the server without the DOM's, then the tests and tools), lint (the
# layers among them), unit tests, the API tests on PGlite and on a throwaway PostgreSQL, the
# process tests, then the built app in Chromium through Playwright. Stops at the first stage
# that fails; at the end, passed or not, prints each stage's time and test counts
# (scripts/testStages.mjs), so a stage that grows is seen the day it lands.
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/stages.sh
source scripts/stages.sh .test-results

stage "tools" - bash scripts/ensure-tools.sh
stage "type check" - npm run --silent typecheck
stage "lint" - npm run --silent lint
vitest_stage "unit" unit
vitest_stage "API, PGlite" api-pglite
vitest_stage "API, PostgreSQL" api-postgres
vitest_stage "process" process
stage "browser build" - npx vite build --logLevel warn
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" \
  stage "Playwright" "$results/playwright.json" npx playwright test --reporter=list,json
