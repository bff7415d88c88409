import { createHash } from 'node:crypto';
import { systemClock } from '@sneakers/shared/clock';
import { secureToken, ulidGenerator } from '@sneakers/shared/ids';
import { createRateLimiter } from '@sneakers/shared/rate-limit/store';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { NotifyDeps } from './ports';
import { createNotifyRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const notifyDeps = lazy((): NotifyDeps => {
  const { client, table } = tableAccess();
  return {
    repo: createNotifyRepository(client, table),
    limiter: createRateLimiter(client, table),
    clock: systemClock,
    ids: ulidGenerator,
    tokens: {
      next: () => secureToken(16),
      hash: (token) => createHash('sha256').update(token, 'utf8').digest('hex'),
    },
  };
});
