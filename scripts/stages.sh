# Sourced by scripts/test.sh and scripts/testQuick.sh: stages timed into RESULTS (a folder,
# emptied here), and their summary printed when the script exits, passed or not
# (scripts/testStages.mjs).
results=$1
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

# vitest_stage NAME PROJECT: one vitest project, its counts in a JSON report for the summary.
vitest_stage() {
  local name=$1 project=$2
  stage "$name" "$results/$project.json" npx vitest run --project "$project" \
    --reporter=default --reporter=json --outputFile.json="$results/$project.json"
}
