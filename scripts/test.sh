#!/usr/bin/env bash
# `npm test`: every test. Type check (the contract with neither DOM nor Node types, the
# browser without Node's, the server without the DOM's, then the tests and tools), lint (the
# layers among them), unit tests, the API tests on PGlite and on a throwaway PostgreSQL,
# then the built app in Chromium through Playwright.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-tools.sh

echo "== type check"
npm run --silent typecheck

echo "== lint"
npm run --silent lint

echo "== unit and API tests (PGlite and PostgreSQL)"
npx vitest run

echo "== browser build"
npx vite build --logLevel warn

echo "== end-to-end tests in Chromium"
npx playwright test
