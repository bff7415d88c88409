import { systemClock } from '@sneakers/shared/clock';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import type { DigestDeps } from './ports';
import { createDigestRepository } from './repository';

/** Built on first use, so importing a function (CDK, tests) needs no environment. */
export const digestDeps = lazy((): DigestDeps => {
  const { client, table } = tableAccess();
  return { repo: createDigestRepository(client, table), clock: systemClock };
});
