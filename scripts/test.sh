#!/usr/bin/env bash
# `npm test`: lint, typecheck, unit, web, integration (real local cloud), CDK and
# Playwright suites, then one closing line with the totals.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
# The summary reads these reports: none may be left from an earlier run.
rm -f test-results/vitest*.json test-results/playwright.json
export NODE_NO_WARNINGS=1

failed_steps=()
failed_logs=()
step() {
  local name=$1
  shift
  echo
  echo "=== $name"
  # A step that ran in the background counts from its own start.
  local started=${STEP_STARTED:-$SECONDS}
  if "$@"; then
    echo "--- $name passed in $((SECONDS - started)) s"
  else
    echo "--- $name FAILED after $((SECONDS - started)) s"
    failed_steps+=("$name")
    # The closing summary quotes the errors of a step whose output is in a file.
    [[ -n "${bg_log[$name]:-}" ]] && failed_logs+=("${bg_log[$name]}")
  fi
}

# Steps that leave a core idle get company: `background` starts one with its output held in
# a file, `finish` waits for it and prints that output whole, as a step of its own.
declare -A bg_pid bg_started bg_log
background() {
  local name=$1 log=$2
  shift 2
  bg_started[$name]=$SECONDS
  bg_log[$name]=$log
  "$@" >"$log" 2>&1 &
  bg_pid[$name]=$!
  echo
  echo "($name started in the background; its output follows when it is done)"
}
wait_for() {
  local status=0
  wait "${bg_pid[$1]}" || status=$?
  cat "${bg_log[$1]}"
  return "$status"
}
finish() {
  STEP_STARTED=${bg_started[$1]} step "$1" wait_for "$1"
}
# What still runs when the run stops (Ctrl-C) is stopped with it, so no local cloud outlives it.
trap 'for pid in $(jobs -p); do kill -INT "$pid" 2>/dev/null; done' EXIT

# The browser journeys run one at a time (they share one local cloud and its switches) and
# mostly wait, on the browser and on the event pipeline: under half a core. So they start
# first and run beside every other step.
step "build web" npm run --silent build:web
e2e="playwright (e2e, Chromium)"
if [[ " ${failed_steps[*]} " != *" build web "* ]]; then
  background "$e2e" test-results/playwright.log npx playwright test -c tests/e2e/playwright.config.ts
fi

# ESLint, Prettier and tsc each use one core: ESLint runs beside the other two.
background "lint" test-results/lint.log npx eslint . --max-warnings 0
step "format" npx prettier --check . --log-level warn
step "typecheck" npm run --silent typecheck
finish "lint"

# Unit and web files run on every core.
step "vitest (unit, web)" npx vitest run --project unit --project web \
  --reporter=default --reporter=json --outputFile.json=test-results/vitest.json

# The integration files run one at a time against a local cloud, which mostly waits on
# DynamoDB Local answering one request at a time: one such run left a core idle. So they run in
# two shards, each with a cloud of its own on free ports; the CDK files go with them, and the
# scaffold check (a third cloud) runs beside.
integration() {
  npx vitest run --project integration --project infra --shard="$1/2" \
    --reporter=default --reporter=json --outputFile.json="test-results/vitest-integration-$1.json"
}
background "scaffold" test-results/scaffold.log bash scripts/check-scaffold.sh
background "vitest (integration, infra) 1/2" test-results/integration-1.log integration 1
background "vitest (integration, infra) 2/2" test-results/integration-2.log integration 2
finish "vitest (integration, infra) 1/2"
finish "vitest (integration, infra) 2/2"
finish "scaffold"

[[ -n "${bg_pid[$e2e]:-}" ]] && finish "$e2e"

FAILED_LOGS="${failed_logs[*]}" node scripts/test-summary.mjs "${failed_steps[@]}"
