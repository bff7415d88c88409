#!/usr/bin/env bash
# Proves that `npm run new:service` makes a domain that formats, lints, typechecks and passes
# its own unit, web, integration and CDK tests, in a throw-away copy of the repository:
# the real tree is never touched.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_NO_WARNINGS=1

# A hyphenated sample claiming a section, so the name casing and the section wiring are both
# exercised. Every dashboard section has its feature now, so the copy lends the sample one:
# its owner's claim is taken out of the copy's sections.ts (the real tree is never touched).
name=${SCAFFOLD_SAMPLE:-gift-cards}
section=${SCAFFOLD_SECTION-store-mode}
section_args=(${section:+--section "$section"})
started=$SECONDS
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sneakers-scaffold.XXXXXX")
# SCAFFOLD_KEEP=1 keeps the copy for a look after a failure.
trap '[[ -n "${SCAFFOLD_KEEP:-}" ]] && echo "kept $tmp" || rm -rf "$tmp"' EXIT

say() { echo "[scaffold +$((SECONDS - started)) s] $*"; }

say "copying the repository to $tmp"
tar -c --exclude=node_modules --exclude=.git --exclude=.local --exclude=cdk.out --exclude=dist \
  --exclude=test-results . | tar -x -C "$tmp"
# Hard links: fast, and the workspace links inside are relative symlinks, so they resolve
# into the copy. Caches that tools rewrite in place are dropped, so no write reaches a
# file the real tree shares.
while IFS= read -r modules; do
  mkdir -p "$tmp/$(dirname "$modules")"
  cp -al "$modules" "$tmp/$modules"
  rm -rf "$tmp/$modules/.vite" "$tmp/$modules/.vite-temp" "$tmp/$modules/.cache"
done < <(find . \( -path ./.git -o -path ./.local -o -path ./cdk.out \) -prune -o \
  -name node_modules -type d -prune -print | sed 's|^\./||')
cd "$tmp"

if [[ -n "$section" ]]; then
  while IFS= read -r owner; do
    say "lending the section '$section': its claim taken out of $owner (in the copy)"
    sed -i -E "s/'$section': [A-Za-z]+Screen,? ?//" "$owner"
  done < <(grep -l "'$section':" web/src/features/*/sections.ts || true)
fi

say "npm run new:service -- $name ${section_args[*]}"
npx tsx tools/scaffold/new-service.ts "$name" "${section_args[@]}"

generated=(
  "services/$name"
  "shared/src/contracts/$name.ts"
  "events/src/$name.ts"
  "localstack/src/demo-seed/$name.ts"
  "web/src/features/$name"
)
wired=(
  services/registry.ts
  localstack/src/demo-seed/index.ts
  shared/src/contracts/index.ts
  ${section:+shared/src/rules/section-routes.ts}
  events/src/index.ts
  web/src/app/dashboard/section-screens.ts
)

say "prettier"
npx prettier --check --log-level warn "${generated[@]}" "${wired[@]}" README.md

say "eslint"
npx eslint --max-warnings 0 "${generated[@]}" "${wired[@]}"

# Only the scaffold's files are checked, in the whole program: while other work is in flight
# the typecheck step reports the rest. tsc -p would check every file (twice the CPU time).
ours="^(services/$name/|services/registry\.ts|localstack/src/demo-seed/($name|index)\.ts|shared/src/(index|contracts/($name|index)|rules/section-routes)\.ts|events/src/($name|index)\.ts|(web/src/features/$name/|web/src/app/dashboard/section-screens\.ts))"
for project in tsconfig.json web/tsconfig.json; do
  say "typecheck the scaffold's files in $project"
  npx tsx tools/scaffold/typecheck-files.ts "$project" "$ours"
done

say "vitest unit + web"
npx vitest run --project unit --project web "services/$name/" "features/$name/"

# Two areas and two functions: the scaffold writes the shape every domain has (docs/adr/0017).
say "the shape: areas, functions, published entry"
for path in "services/$name/src/things/domain.ts" "services/$name/src/tallies/domain.ts" \
  "services/$name/src/functions/$name.ts" "services/$name/src/functions/$name-events.ts" \
  "services/$name/src/published.ts"; do
  [[ -f "$path" ]] || { echo "missing $path"; exit 1; }
done

# Its cloud seeds the demo data with the new domain's step, but only the sample items'
# catalogue products: the domain's tests read no catalogue.
say "vitest integration (local cloud)"
LOCAL_CLOUD_DEMO_CATALOGUE=curated npx vitest run --project integration "services/$name/"

# Every route of every registered service is declared in API Gateway, and every consumer
# gets its rule: the new service's included.
say "vitest infra (api and events stacks)"
npx vitest run --project infra infra/test/api-stack.test.ts infra/test/events-stack.test.ts

say "passed"
