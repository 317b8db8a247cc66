#!/usr/bin/env bash
# `npm run test:quick`: the working loop, minutes where `npm test` takes many more. The type
# check (incremental: .tsbuild/ keeps what the last run found), ESLint and Prettier on the
# files changed since QUICK_BASE (a commit; unset, HEAD: what is not committed yet), each with
# its cache, the unit tests, and the API tests on PGlite. `npm test` stays everything (the
# API tests on PostgreSQL, the process tests, the browser) and is the one CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."

results=.test-results/quick
rm -rf "$results"
mkdir -p "$results"
trap 'node scripts/testStages.mjs "$results"' EXIT

stage() {
  local name=$1 report=$2 start rc=0
  shift 2
  echo "== $name"
  start=$(date +%s)
  "$@" || rc=$?
  printf '%s\t%s\t%s\t%s\n' "$name" "$(($(date +%s) - start))" "$rc" "$report" >>"$results/stages.tsv"
  return "$rc"
}

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
for project in unit api-pglite; do
  stage "$project" "$results/$project.json" npx vitest run --project "$project" \
    --reporter=default --reporter=json --outputFile.json="$results/$project.json"
done
