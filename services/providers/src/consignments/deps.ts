import { systemClock } from '@sneakers/shared/clock';
import { createIdempotencyStore } from '@sneakers/shared/idempotency/entity';
import { ulidGenerator } from '@sneakers/shared/ids';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { providersRepository } from '../providers/deps';
import type { ConsignmentsDeps } from './ports';
import { createConsignmentsRepository } from './repository';

/** Built on first use; a consignment reads its provider through the providers' repository. */
export const consignmentsDeps = lazy((): ConsignmentsDeps => {
  const { client, table } = tableAccess();
  return {
    repo: { ...createConsignmentsRepository(client, table), getProvider: providersRepository().getProvider },
    idempotency: createIdempotencyStore(client, table),
    clock: systemClock,
    ids: ulidGenerator,
  };
});
