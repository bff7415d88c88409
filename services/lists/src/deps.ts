import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { createDocumentClient } from '@sneakers/shared/table/client';
import type { ItemDeps } from './domain/items';
import type { PublicListDeps } from './domain/public-list';
import { createBookingDirectory } from './store/booking-directory';
import { createItemRepository } from './store/item-repository';
import { createOwnerDirectory } from './store/owner-directory';

/** Built on first use, so importing the service (CDK, tests) needs no environment. */
const documentClient = lazy(() => createDocumentClient(runtimeEnv()));

export const itemStore = lazy(() => createItemRepository(documentClient(), runtimeEnv().TABLE_NAME));

export const itemDeps = lazy((): ItemDeps => ({
  items: itemStore(),
  bookings: createBookingDirectory(documentClient(), runtimeEnv().TABLE_NAME),
  clock: systemClock,
  ids: ulidGenerator,
}));

export const publicListDeps = lazy((): PublicListDeps => ({
  items: itemStore(),
  owners: createOwnerDirectory(documentClient(), runtimeEnv().TABLE_NAME),
  clock: systemClock,
  facetCache: new Map(),
}));
