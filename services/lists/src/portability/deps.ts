import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { PortabilityOperations } from '@sneakers/shared/portability/handler';
import { ERASE_BUDGET_MS } from '@sneakers/shared/portability/owner';
import { apply, erase, exportItems, keys, undo } from './domain';
import type { PortabilityDeps } from './ports';
import { createPortableItemStore } from './repository';

/** Well above ERASE_BUDGET_MS (shared/src/portability/owner.ts), so an erase's answer always gets back. */
export const LISTS_PORTABILITY_TIMEOUT_SECONDS = 60;

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const portabilityDeps = lazy((): PortabilityDeps => {
  const { client, table } = tableAccess();
  return {
    items: createPortableItemStore(client, table),
    clock: systemClock,
    ids: ulidGenerator,
    mediaBaseUrl: runtimeEnv().MEDIA_BASE_URL,
  };
});

/** The operations over the deps (shared/src/portability/handler.ts dispatches to them). */
export const portabilityOperations = lazy((): PortabilityOperations => {
  const deps = portabilityDeps();
  return {
    keys: (request) => keys(deps, request),
    apply: (request) => apply(deps, request),
    plan: (request) => apply(deps, { ...request, op: 'apply' }, { write: false }),
    undo: (request) => undo(deps, request),
    export: (request) => exportItems(deps, request),
    erase: (request) => erase(deps, request, deps.clock.now().getTime() + ERASE_BUDGET_MS),
  };
});
