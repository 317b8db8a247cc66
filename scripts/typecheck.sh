#!/usr/bin/env bash
# `npm run typecheck`: four programs, as each half must compile: the contract with neither
# DOM nor Node types, the browser without Node's, the server without the DOM's, then the
# tests and tools with both. (One `tsc -b` over project references would check the contract
# once, but a referenced project must emit declarations, and TypeBox's inferred schema types
# cannot be written out: TS4023 in contract/*.ts.)
#
# Two at a time (the passes are single-threaded), each incremental: its .tsbuildinfo under
# .tsbuild/ keeps what the last pass found for files that did not change since, so a run
# after a small edit checks only what the edit can affect. Output is printed pass by pass.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tsbuild
tsc=node_modules/.bin/tsc

config() { [ "$1" = tools ] && echo tsconfig.json || echo "tsconfig.$1.json"; }

pass() {
  "$tsc" -p "$(config "$1")" --incremental --tsBuildInfoFile ".tsbuild/$1.tsbuildinfo" >".tsbuild/$1.log" 2>&1
  echo $? >".tsbuild/$1.status"
}

# The longest first, so the two lanes end about together.
{ pass tools; pass contract; } &
{ pass browser; pass server; } &
wait

failed=0
for name in contract browser server tools; do
  if [ "$(cat ".tsbuild/$name.status")" != 0 ]; then
    echo "== type errors: $(config "$name")"
    cat ".tsbuild/$name.log"
    failed=1
  fi
done
exit "$failed"
