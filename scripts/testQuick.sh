#!/usr/bin/env bash
# `npm run test:quick`: the working loop, minutes where `npm test` takes many more. The type
# check (incremental: .tsbuild/ keeps what the last run found), ESLint and Prettier on the
# files changed since QUICK_BASE (a commit; unset, HEAD: what is not committed yet), each with
# its cache, the unit tests, and the API tests on PGlite. `npm test` stays everything (the
# API tests on PostgreSQL, the process tests, the browser) and is the one CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/stages.sh
source scripts/stages.sh .test-results/quick

# The files changed since the base (deleted ones left out) and the new ones git does not ignore.
mapfile -t changed < <(
  {
    git diff --name-only --diff-filter=d "${QUICK_BASE:-HEAD}"
    git ls-files --others --exclude-standard
  } | sort -u
)
mapfile -t code < <(printf '%s\n' "${changed[@]}" | grep -E '\.(ts|tsx|js|mjs)$' || true)

lint() {
  echo "${#changed[@]} changed file(s)"
  [ ${#code[@]} -eq 0 ] || npx eslint --cache --cache-location node_modules/.cache/eslint/ "${code[@]}"
  [ ${#changed[@]} -eq 0 ] ||
    npx prettier --check --cache --ignore-unknown --log-level warn "${changed[@]}"
}

stage "type check" - npm run --silent typecheck
stage "lint (changed files)" - lint
vitest_stage "unit" unit
vitest_stage "API, PGlite" api-pglite
