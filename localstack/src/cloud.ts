import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import type { Server, IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { ListUserPoolsCommand } from '@aws-sdk/client-cognito-identity-provider';
import { htmlEntryFor } from '@sneakers/shared/web/html-entry';
import type { Health } from '@sneakers/shared/contracts/health';
import type { RuntimeConfig } from '@sneakers/shared/contracts/runtime-config';
import { resetRuntimeEnv } from '@sneakers/shared/runtime/config';
import { functions as manifests } from '../../services/registry';
import { createEventBus } from './bus';
import { createFunctionFaults } from './faults';
import { stopChildren } from './children';
import { createTokenVerifier, ensureUserPool, startCognito, type TriggerFunctions } from './cognito';
import { createCognitoProxy } from './cognito-proxy';
import { ensureTable, startDynamoDb } from './dynamodb';
import { createHttpGateway } from './http-gateway';
import { loadServices } from './lambda';
import { functionEnvironment, localUrls } from './local-env';
import { createLambdaApi } from './lambda-api';
import { startMarketplaceEmulator } from './marketplace/server';
import { LOCAL_BILLING_CREDENTIALS, LOCAL_MARKETPLACE_CREDENTIALS, LOCAL_NAMES } from './names';
import { ensureLocalPlanPrices, startPaymentsStandIn } from './payments';
import { assertPortsFree, type Ports } from './ports';
import { seedDemo } from './demo-seed';
import { runScheduleNow, startSchedules } from './schedules';
import { startSecretsManager } from './secrets';
import { createStaticHandler } from './static-files';
import type { StripeStandIn } from './stripe/server';
import { startSqsStandIn } from './sqs';
import { startS3, startSes } from './storage';
import { startStreamPoller } from './streams';
import { createWebSocketGateway } from './ws-gateway';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

const TIMED_OUT = Symbol('timed out');

/** A promise settled from outside, with the outcome of another promise (or at once). */
function settleLater(): Promise<void> & { settle(after?: Promise<unknown>): void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return Object.assign(promise, {
    settle: (after?: Promise<unknown>) => void (after ?? Promise.resolve()).finally(resolve),
  });
}

/** The data folder's subfolders that hold data (what --fresh removes). */
const DATA_FOLDERS = ['dynamodb', 'cognito', 's3', 'stripe'];

export interface LocalCloudOptions {
  ports: Ports;
  /** Folder for persistent data; undefined keeps DynamoDB in memory and uses a temp dir. */
  dataDir: string;
  persist: boolean;
  fresh?: boolean;
  /** dev: Vite middleware with HMR; dist: the production build; none: API only. */
  web: 'dev' | 'dist' | 'none';
  /** The production build's folder for web 'dist' (default web/dist). */
  webDistDir?: string;
  seed?: boolean;
  /** Seed the bulk of the demo catalogue after start returns (see SeedOptions). */
  catalogInBackground?: boolean;
  /** How much of the demo catalogue the seed writes (see SeedOptions). */
  demoCatalogue?: 'full' | 'curated';
  /**
   * Every new billing customer on its own test clock at the provider, frozen until a test
   * advances it (the integration suites); otherwise the stand-in follows the real time.
   */
  billingTestClocks?: boolean;
  log?: (line: string) => void;
}

function listen(server: Server, port: number) {
  server.listen(port, '127.0.0.1');
  return once(server, 'listening');
}

function closeServer(server: Server) {
  return new Promise<void>((r) => {
    server.closeAllConnections?.();
    server.close(() => r());
  });
}

export async function startLocalCloud(options: LocalCloudOptions) {
  const started = Date.now();
  const log = options.log ?? ((line: string) => process.stderr.write(`[local] ${line}\n`));
  const { ports } = options;
  await assertPortsFree(ports);
  // The data only: the folder also holds `npm start`'s logs, open while this runs.
  if (options.fresh)
    for (const data of DATA_FOLDERS) rmSync(join(options.dataDir, data), { recursive: true, force: true });

  const urls = localUrls(ports);

  // cognito-local invokes user pool triggers through the local Lambda Invoke API; a
  // function is named after the service that answers the trigger.
  const triggers: TriggerFunctions = {};
  for (const m of manifests)
    if (m.definition.cognitoTriggers?.preSignUp) triggers.PreSignUp = m.definition.name;

  const servers: Server[] = [];
  const closers: (() => Promise<void> | void)[] = [];
  // Settles once the web app (Vite) is ready; at once without one.
  let webReady: Promise<void> = Promise.resolve();
  // Each step's time since the start, in the log: what to look at when a start is slow.
  const timed = <T>(what: string, work: Promise<T>) =>
    work.then((value) => {
      log(`${what}: done at ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return value;
    });
  try {
    // The slow starters (the JVM, cognito-local) go in parallel.
    const [dynamo, cognitoBase, ses, s3, marketplace, secrets] = await Promise.all([
      timed(
        'DynamoDB Local',
        startDynamoDb({
          port: ports.dynamodb,
          dataDir: options.persist ? join(options.dataDir, 'dynamodb') : undefined,
        }),
      ),
      timed(
        'cognito-local',
        startCognito({
          port: ports.cognito,
          dataDir: join(options.dataDir, 'cognito'),
          lambdaEndpoint: urls.lambda,
          triggers,
          mail: { sesEndpoint: urls.mail, from: LOCAL_NAMES.emailFrom },
        }),
      ),
      startSes({ port: ports.ses }),
      startS3({
        port: ports.s3,
        dataDir: join(options.dataDir, 's3'),
        buckets: [LOCAL_NAMES.uploadsBucket, LOCAL_NAMES.catalogIndexBucket],
      }),
      // The catalog service's upstreams: the marketplace API (and its release pages) and
      // the Secrets Manager holding its credentials.
      startMarketplaceEmulator({ port: ports.marketplace, credentials: LOCAL_MARKETPLACE_CREDENTIALS }),
      startSecretsManager({
        port: ports.secrets,
        secrets: {
          [LOCAL_NAMES.marketplaceSecretId]: JSON.stringify(LOCAL_MARKETPLACE_CREDENTIALS),
          [LOCAL_NAMES.billingSecretId]: JSON.stringify(LOCAL_BILLING_CREDENTIALS),
        },
      }),
    ]);
    servers.push(ses.server, marketplace.server, secrets.server);
    closers.push(() => s3.close());

    // Local fault switches (faults.ts): a test kills a function's runtime mid-invocation.
    const faults = createFunctionFaults();
    closers.push(() => faults.stop());
    // Functions read their configuration from the environment, as in Lambda.
    Object.assign(process.env, functionEnvironment(urls, ports, options));
    resetRuntimeEnv();

    const [streamArn, pool, services] = await Promise.all([
      timed('table', ensureTable(dynamo.client, LOCAL_NAMES.table)),
      timed('user pool', ensureUserPool(cognitoBase, LOCAL_NAMES.userPool)),
      timed('functions', loadServices(manifests, faults)),
    ]);
    // Deps are built on first use, so the pool id only has to be set before a request.
    process.env.USER_POOL_ID = pool.userPoolId;
    process.env.USER_POOL_CLIENT_ID = pool.clientId;
    // A new password on every start: the profiles service re-provisions the demo user
    // with it on the first Try Demo (as it would after a rotation in AWS).
    process.env.DEMO_USER_PASSWORD = randomBytes(24).toString('base64url');
    resetRuntimeEnv();
    const verifyToken = await createTokenVerifier(pool);
    // Functions write to the table inside their invocations: one ending wakes the stream
    // poller, which otherwise slows down while the stream is quiet (streams.ts, PACE).
    let tableMayHaveChanged = () => {};
    for (const service of services.values()) {
      const invoke = service.invoke;
      service.invoke = (event) => invoke(event).finally(() => tableMayHaveChanged());
    }
    const lambdaApi = createLambdaApi(services, { log });

    const bus = createEventBus(services.values(), { busName: LOCAL_NAMES.eventBus, log });
    // The deliveries queue and its event-source mapping to the sender (what SQS does in AWS).
    const webhookQueue = startSqsStandIn({
      port: ports.sqs,
      queues: [LOCAL_NAMES.webhookQueue],
      mappings: [...services.values()]
        .filter((s) => s.manifest.definition.access.webhookQueueConsumer)
        .map((service) => ({ queueName: LOCAL_NAMES.webhookQueue, service })),
      log,
    });
    closers.push(() => webhookQueue.stop());
    const realtime = [...services.values()].find((s) => s.manifest.definition.websocket);
    if (!realtime) throw new Error('No service handles the WebSocket API');
    const wsGateway = createWebSocketGateway(realtime, { log });
    const poller = startStreamPoller({
      endpoint: urls.dynamodb,
      streamArn,
      services: services.values(),
      log,
    });
    closers.push(() => poller.stop());
    tableMayHaveChanged = () => poller.wake();
    await timed('stream poller', poller.ready);
    // The services' scheduled rules (the release scraper's daily run) on local timers.
    const schedules = startSchedules(services.values(), { log });
    closers.push(() => schedules.stop());

    const runtimeConfig = (): RuntimeConfig => ({
      stage: 'local',
      apiBaseUrl: '',
      wsUrl: urls.ws,
      region: LOCAL_NAMES.region,
      // Through the gateway's proxy, which adds the refresh call cognito-local lacks.
      cognito: {
        userPoolId: pool.userPoolId,
        userPoolClientId: pool.clientId,
        endpoint: `${urls.app}/cognito`,
      },
      mailViewerUrl: urls.mail,
    });

    async function check(
      name: string,
      url: string,
      probe: () => Promise<unknown>,
    ): Promise<Health['services'][number]> {
      try {
        await probe();
        return { name, status: 'up', url };
      } catch (error) {
        return { name, status: 'down', url, detail: String(error) };
      }
    }
    // The gateway answers while the demo seed is written after it; health says so until it is done.
    let seeding = options.seed !== false;
    // Started once the gateway listens (its webhooks go to the app); idle() waits for them.
    const payments: { standIn?: StripeStandIn } = {};
    // Settles once the seed, its background part included, is written (or at once without one).
    const seedWritten = settleLater();
    /**
     * Resolves true once the event pipeline is idle, false if it is not within timeoutMs:
     * the demo catalogue written, no event being delivered, and a full read of the stream by
     * every mapping, begun after that, found nothing while no delivery started. Benchmarks
     * measure after it, so a figure is not the previous writes' consumers competing for the CPU.
     */
    const idle = async (timeoutMs = 60_000): Promise<boolean> => {
      const deadline = Date.now() + timeoutMs;
      const inTime = <T>(work: Promise<T>) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const late = new Promise<typeof TIMED_OUT>((r) => {
          timer = setTimeout(() => r(TIMED_OUT), Math.max(0, deadline - Date.now()));
        });
        return Promise.race([work, late]).finally(() => clearTimeout(timer));
      };
      if ((await inTime(seedWritten)) === TIMED_OUT) return false;
      while (Date.now() < deadline) {
        if ((await inTime(bus.drain())) === TIMED_OUT) return false;
        const before = bus.stats().started;
        const found = await inTime(poller.nextPolls());
        if (found === TIMED_OUT) return false;
        const after = bus.stats();
        const webhooksPending = payments.standIn?.pendingDeliveries() ?? 0;
        const queued = webhookQueue.busy();
        if (
          found === 0 &&
          after.started === before &&
          after.inFlight === 0 &&
          webhooksPending === 0 &&
          queued === 0
        )
          return true;
        // The provider's webhooks start more work: wait for them before the next look.
        if (
          webhooksPending > 0 &&
          (await inTime(payments.standIn?.deliveriesSettled() ?? Promise.resolve())) === TIMED_OUT
        )
          return false;
      }
      return false;
    };

    const health = async (): Promise<Health> => {
      const list = await Promise.all([
        check('dynamodb', urls.dynamodb, () => dynamo.client.send(new ListTablesCommand({ Limit: 1 }))),
        check('cognito', urls.cognito, () => pool.client.send(new ListUserPoolsCommand({ MaxResults: 1 }))),
        check('ses', urls.mail, async () => {
          const res = await fetch(`${urls.mail}/store?since=${Math.floor(Date.now() / 1000)}`);
          if (!res.ok) throw new Error(`HTTP ${res.status}`);
        }),
        check('s3', urls.s3, async () => {
          const res = await fetch(`${urls.s3}/`);
          if (!res.ok) throw new Error(`HTTP ${res.status}`);
        }),
        check('events', urls.events, async () => {
          if (!busServer.listening) throw new Error('not listening');
          const s: { deadLetters: number } = bus.stats();
          if (s.deadLetters > 0) return `${s.deadLetters} dead letters`;
        }),
        check('websocket', urls.ws, async () => {
          if (!wsGateway.server.listening) throw new Error('not listening');
        }),
        check('streams', urls.dynamodb, async () => {
          if (poller.stats().shards === 0) throw new Error('no stream shards');
        }),
        check('lambda', urls.lambda, async () => {
          if (!lambdaApi.server.listening) throw new Error('not listening');
        }),
        check('marketplace', urls.marketplace, async () => {
          const res = await fetch(`${urls.marketplace}/health`);
          if (!res.ok) throw new Error(`HTTP ${res.status}`);
        }),
        check('secrets', urls.secrets, async () => {
          if (!secrets.server.listening) throw new Error('not listening');
        }),
        check('sqs', urls.sqs, async () => {
          if (!webhookQueue.server.listening) throw new Error('not listening');
          if (webhookQueue.deadLetters() > 0) return `${webhookQueue.deadLetters()} dead letters`;
        }),
        check('payments', urls.stripe, async () => {
          const res = await fetch(`${urls.stripe}/health`);
          if (!res.ok) throw new Error(`HTTP ${res.status}`);
        }),
      ]);
      if (seeding) return { status: 'starting', services: list };
      return { status: list.every((s) => s.status === 'up') ? 'ok' : 'degraded', services: list };
    };

    let web: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
    const keyAuthorizer = [...services.values()].find((s) => s.manifest.definition.apiKeyAuthorizer);
    const gateway = createHttpGateway({
      services: services.values(),
      verifyToken,
      ...(keyAuthorizer ? { authorizeApiKey: (event: unknown) => keyAuthorizer.invoke(event) } : {}),
      runtimeConfig,
      health,
      idle,
      runSchedule: async (functionName, scheduleId) => {
        const service = [...services.values()].find((s) => s.manifest.definition.name === functionName);
        if (!service) throw new Error(`No function ${functionName}`);
        await runScheduleNow(service, scheduleId);
      },
      faults,
      functionNames: new Set(services.keys()),
      cognitoProxy: createCognitoProxy(urls.cognito),
      // Without a web app the gateway answers 404 itself; a handler that does nothing would hang.
      web:
        options.web === 'none'
          ? undefined
          : (req, res) => {
              if (web) return web(req, res);
              void webReady.finally(() => {
                if (web) return web(req, res);
                res.statusCode = 503;
                res.end('The web app could not start: see the log.');
              });
            },
      log,
    });
    if (options.web === 'dist')
      web = createStaticHandler(options.webDistDir ?? join(REPO_ROOT, 'web', 'dist'), log);
    if (options.web === 'dev') {
      // Vite starts while the demo seed is written (both are awaited below); requests that
      // come before it is ready wait for it.
      webReady = timed(
        'Vite',
        (async () => {
          const { createServer: createVite } = await import('vite');
          const vite = await createVite({
            root: join(REPO_ROOT, 'web'),
            configFile: join(REPO_ROOT, 'web', 'vite.config.ts'),
            appType: 'spa',
            logLevel: 'warn',
            server: { middlewareMode: true, hmr: { server: gateway.server } },
          });
          closers.push(() => vite.close());
          web = (req, res) => {
            // Vite serves index.html for unknown routes itself; a shared list and the API
            // reference have their own entries.
            const url = new URL(req.url ?? '/', 'http://local');
            const entry = htmlEntryFor(url.pathname);
            if (entry !== '/index.html') req.url = `${entry}${url.search}`;
            vite.middlewares(req, res);
          };
        })(),
      );
    }

    const busServer = bus.server;
    await Promise.all([
      listen(busServer, ports.events).then(() => servers.push(busServer)),
      listen(wsGateway.server, ports.ws).then(() => servers.push(wsGateway.server)),
      listen(gateway.server, ports.app).then(() => servers.push(gateway.server)),
      listen(lambdaApi.server, ports.lambda).then(() => servers.push(lambdaApi.server)),
      listen(webhookQueue.server, ports.sqs).then(() => servers.push(webhookQueue.server)),
    ]);
    closers.push(() => wsGateway.close());

    // The payment provider's stand-in; the plans' prices are made to match the product's on every start.
    const standIn = await timed(
      'payments stand-in',
      startPaymentsStandIn({
        port: ports.stripe,
        urls,
        dataDir: options.persist ? options.dataDir : undefined,
        log,
      }),
    );
    payments.standIn = standIn;
    closers.push(() => standIn.close());
    await timed('plan prices', ensureLocalPlanPrices(urls));

    const [seed] = await Promise.all([
      options.seed === false
        ? undefined
        : timed(
            'demo seed',
            seedDemo(pool, {
              catalogInBackground: options.catalogInBackground,
              catalogue: options.demoCatalogue,
              log,
            }),
          ),
      webReady,
    ]);
    seeding = false;
    seedWritten.settle(seed?.catalogComplete);

    const stop = async () => {
      for (const close of closers.reverse()) await close();
      await Promise.all(servers.map(closeServer));
      await stopChildren();
    };

    return {
      urls,
      pool,
      bus,
      poller,
      seed,
      health,
      idle,
      runtimeConfig,
      dynamo: dynamo.client,
      payments: standIn,
      webhookQueue,
      startupMs: Date.now() - started,
      stop,
    };
  } catch (error) {
    // A Vite still starting would add its closer after this cleanup.
    await webReady.catch(() => undefined);
    for (const close of closers.reverse()) await Promise.resolve(close()).catch(() => undefined);
    await Promise.all(servers.map(closeServer));
    await stopChildren();
    throw error;
  }
}

export type LocalCloud = Awaited<ReturnType<typeof startLocalCloud>>;
