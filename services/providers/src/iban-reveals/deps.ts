import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { createRateLimiter } from '@sneakers/shared/rate-limit/store';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { providersRepository } from '../providers/deps';
import type { IbanRevealsDeps } from './ports';
import { createIbanRevealsRepository } from './repository';

/** Built on first use; a reveal reads its provider through the providers' repository. */
export const ibanRevealsDeps = lazy((): IbanRevealsDeps => {
  const { client, table } = tableAccess();
  return {
    repo: { ...createIbanRevealsRepository(client, table), getProvider: providersRepository().getProvider },
    limiter: createRateLimiter(client, table),
    clock: systemClock,
    ids: ulidGenerator,
  };
});
