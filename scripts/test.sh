#!/usr/bin/env bash
# `npm test`: lint, typecheck, unit, web, integration (real local cloud), CDK and
# Playwright suites, then one closing line with the totals.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
export NODE_NO_WARNINGS=1

failed_steps=()
step() {
  local name=$1
  shift
  echo
  echo "=== $name"
  # A step already running in the background counts from its own start.
  local started=${STEP_STARTED:-$SECONDS}
  if "$@"; then
    echo "--- $name passed in $((SECONDS - started)) s"
  else
    echo "--- $name FAILED after $((SECONDS - started)) s"
    failed_steps+=("$name")
  fi
}

# The browser journeys run one at a time (they share one local cloud and its switches) and
# mostly wait, on the browser and on the event pipeline: under half a core. So they start
# first, in the background, and the CPU-bound steps use the rest of the machine meanwhile;
# their output is held in a file and printed, whole, once the other steps are done.
e2e=playwright
e2e_log=test-results/playwright.log
step "build web" npm run --silent build:web
if [[ " ${failed_steps[*]} " == *" build web "* ]]; then
  e2e=""
else
  e2e_started=$SECONDS
  npx playwright test -c tests/e2e/playwright.config.ts >"$e2e_log" 2>&1 &
  e2e_pid=$!
  # Stopped with the run (Ctrl-C), so no local cloud outlives it.
  trap 'kill "$e2e_pid" 2>/dev/null' EXIT
  echo
  echo "(playwright started in the background; its output follows the other steps)"
fi

# ESLint, Prettier and tsc each use one core: ESLint runs beside the other two.
lint_log=test-results/lint.log
lint_started=$SECONDS
npx eslint . --max-warnings 0 >"$lint_log" 2>&1 &
lint_pid=$!
echo
echo "(lint started in the background; its output follows typecheck)"
step "format" npx prettier --check . --log-level warn
step "typecheck" npm run --silent typecheck
wait_lint() {
  local status=0
  wait "$lint_pid" || status=$?
  cat "$lint_log"
  return "$status"
}
STEP_STARTED=$lint_started step "lint" wait_lint
step "vitest (unit, web, integration, infra)" npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
step "scaffold" bash scripts/check-scaffold.sh

if [[ -n "$e2e" ]]; then
  wait_e2e() {
    local status=0
    wait "$e2e_pid" || status=$?
    cat "$e2e_log"
    return "$status"
  }
  STEP_STARTED=$e2e_started step "playwright (e2e, Chromium)" wait_e2e
fi

node scripts/test-summary.mjs "${failed_steps[@]}"
