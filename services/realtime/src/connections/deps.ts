import { randomBytes } from 'node:crypto';
import { systemClock } from '@sneakers/shared/clock';
import { runtimeEnv } from '@sneakers/shared/runtime/config';
import { lazy } from '@sneakers/shared/runtime/function';
import { powertoolsFor } from '@sneakers/shared/runtime/powertools';
import { tableAccess } from '@sneakers/shared/runtime/table-access';
import { createConnectionPusher } from './connection-pusher';
import type { RealtimeDeps } from './ports';
import { createConnectionRepository } from './repository';

/**
 * The connections, the management API and the function's logger, built on first use (so
 * importing the function, as CDK and the tests do, needs no environment).
 */
export const connectionsDeps = lazy((): RealtimeDeps => {
  const { client, table } = tableAccess();
  const { logger } = powertoolsFor('realtime');
  return {
    connections: createConnectionRepository(client, table),
    pusher: createConnectionPusher(runtimeEnv()),
    clock: systemClock,
    newTicket: () => randomBytes(32).toString('base64url'),
    log: { warn: (message, data) => logger.warn(message, data ?? {}) },
  };
});
