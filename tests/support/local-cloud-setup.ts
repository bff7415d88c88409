import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalCloud } from '../../localstack/src/cloud';
import { LOCAL_ADMIN } from '../../localstack/src/names';
import { freePorts } from '../../localstack/src/ports';

/**
 * Starts the real local cloud once for the integration suites, on free ports with an
 * in-memory DynamoDB, so tests never touch a developer's running `npm start`.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    cloud: {
      appUrl: string;
      wsUrl: string;
      mailUrl: string;
      dynamodbUrl: string;
      cognitoUrl: string;
      /** The local Lambda Invoke API (functions by service name). */
      lambdaUrl: string;
      /** The payment provider stand-in (the Stripe SDK's host and port). */
      stripeUrl: string;
      userPoolId: string;
      clientId: string;
      tableName: string;
      admin: { email: string; password: string };
    };
  }
}

export default async function setup(project: TestProject) {
  // Functions cache feature data for 15 s in AWS; tests/access-control waits for a flag
  // change to reach the API, so here the cache lasts 1 s (its CACHE_TTL_MS).
  process.env.FEATURE_CACHE_TTL_MS ??= '1000';
  // An account closure's grace is 30 days in AWS; here a second, so a test sees the deletion
  // sweep (run on demand through the local gateway) delete an account it just closed.
  process.env.ACCOUNT_CLOSURE_GRACE_MS ??= '1000';
  // An import job's heartbeat goes stale after 3 minutes in AWS; here 30 s, so a test that
  // kills the worker midway sees the stale-imports schedule re-queue its job. Long enough
  // that a live job's checkpoints (every chunk) never look stale on a busy machine.
  process.env.MIGRATION_HEARTBEAT_STALE_MS ??= '30000';
  const dataDir = mkdtempSync(join(tmpdir(), 'sneakers-it-'));
  const cloud = await startLocalCloud({
    ports: await freePorts(),
    dataDir,
    persist: false,
    web: 'none',
    billingTestClocks: true,
    // The scaffold check's tests read no catalogue: it seeds only the sample items' products.
    demoCatalogue: process.env.LOCAL_CLOUD_DEMO_CATALOGUE === 'curated' ? 'curated' : 'full',
    log: () => undefined,
  });
  // Suites start on a settled cloud: the seed's events (the demo catalogue's search index
  // among them) are handled before the first test reads what they make.
  // A hang guard: alone the seed's events take about 8 s; npm test seeds four clouds at once.
  if (!(await cloud.idle(600_000))) throw new Error('the local cloud was still busy 600 s after its seed');
  project.provide('cloud', {
    appUrl: cloud.urls.app,
    wsUrl: cloud.urls.ws,
    mailUrl: cloud.urls.mail,
    dynamodbUrl: cloud.urls.dynamodb,
    cognitoUrl: cloud.urls.cognito,
    lambdaUrl: cloud.urls.lambda,
    stripeUrl: cloud.urls.stripe,
    userPoolId: cloud.pool.userPoolId,
    clientId: cloud.pool.clientId,
    tableName: process.env.TABLE_NAME ?? '',
    admin: { email: LOCAL_ADMIN.email, password: LOCAL_ADMIN.password },
  });
  return async () => {
    await cloud.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
