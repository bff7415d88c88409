import { systemClock } from '@sneakers/shared/clock';
import { ulidGenerator } from '@sneakers/shared/ids';
import { createIdempotencyStore } from '@sneakers/shared/idempotency/entity';
import { lazy } from '@sneakers/shared/runtime/function';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { forgetKey } from './key-cache';
import { generateApiKey } from './key-format';
import type { KeyLookup, KeysDeps } from './ports';
import { createKeyLookup, createKeysRepository } from './repository';

/** Built on first use, so importing the function (CDK, tests) needs no environment. */
export const keysDeps = lazy((): KeysDeps => {
  const { client, table } = tableAccess();
  return {
    repo: createKeysRepository(client, table),
    idempotency: createIdempotencyStore(client, table),
    clock: systemClock,
    ids: ulidGenerator,
    newSecret: () => generateApiKey(),
    forget: forgetKey,
  };
});

export const authorizerDeps = lazy((): { lookup: KeyLookup; clock: typeof systemClock } => {
  const { client, table } = tableAccess();
  return { lookup: createKeyLookup(client, table), clock: systemClock };
});
