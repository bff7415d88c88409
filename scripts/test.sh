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
  local started=$SECONDS
  if "$@"; then
    echo "--- $name passed in $((SECONDS - started)) s"
  else
    echo "--- $name FAILED after $((SECONDS - started)) s"
    failed_steps+=("$name")
  fi
}

step "lint" npx eslint . --max-warnings 0
step "format" npx prettier --check . --log-level warn
step "typecheck" npm run --silent typecheck
step "vitest (unit, web, integration, infra)" npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
step "scaffold" bash scripts/check-scaffold.sh
step "build web" npm run --silent build:web
step "playwright (e2e, Chromium)" npx playwright test -c tests/e2e/playwright.config.ts

node scripts/test-summary.mjs "${failed_steps[@]}"
