import { systemClock } from '@sneakers/shared/clock';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { itemStore } from '../items/deps';
import { createOwnerDirectory } from './owner-directory';
import type { PublicListDeps } from './ports';

/** Built on first use; the facet cache lives as long as the container. */
export const publicListDeps = lazy((): PublicListDeps => {
  const { client, table } = tableAccess();
  return {
    items: itemStore(),
    owners: createOwnerDirectory(client, table),
    clock: systemClock,
    facetCache: new Map(),
  };
});
