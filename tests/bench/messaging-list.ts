import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UserActor } from '@sneakers/shared/actor';
import { createItem } from '@sneakers/shared/contracts/lists';
import {
  CONVERSATIONS_PAGE_SIZE_MAX,
  listConversations,
  sendMessage,
  startConversation,
} from '@sneakers/shared/contracts/messaging';
import { resetRuntimeEnv } from '@sneakers/shared/runtime/config';
import { LOCAL_NAMES } from '../../localstack/src/names';
import { freePorts } from '../../localstack/src/ports';
import { startCloudProcess, stopCloudProcess } from './cloud-process';
import { benchTrader, clientMessageId, settled, type BenchTrader } from './messaging-support';
import { median, percentile, row } from './stats';

const CONVERSATIONS = 500;
const PARTNERS = 50;
const SAMPLES = 50;
const WARMUP = 5;
const BATCH = 25;

/** Runs `work` over `items`, `BATCH` at a time. */
async function inBatches<T>(items: T[], work: (item: T, index: number) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += BATCH)
    await Promise.all(items.slice(i, i + BATCH).map((item, j) => work(item, i + j)));
}

/**
 * A proxy in front of DynamoDB Local that counts the requests by operation (X-Amz-Target):
 * the list route runs in this process over it, exactly as its Lambda would, whatever its
 * repository does inside.
 */
async function countingProxy(dynamodbPort: number) {
  const counts = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const target = String(req.headers['x-amz-target'] ?? 'unknown').replace(/^DynamoDB_\d+\./, '');
    counts.set(target, (counts.get(target) ?? 0) + 1);
    const upstream = request(
      { host: '127.0.0.1', port: dynamodbPort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 500, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => res.destroy(error));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    total: () => [...counts.values()].reduce((a, b) => a + b, 0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The conversation list of a user with 500 conversations (budget: at most 2 DynamoDB
 * requests, one Query of the inbox and one BatchGetItem of the page's partners): 50
 * partners each open 10 conversations with the user, one about each of the user's 500 WTB
 * items, and send a message in each (newest first, the first page has 50 partners). The
 * requests are counted with the list route running in this process over a counting proxy;
 * the latency is GET /api/conversations through the gateway.
 */
export async function benchMessagingList(): Promise<{ requests: number; apiMs: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sneakers-bench-msg-list-'));
  const ports = await freePorts();
  const { child, appUrl } = await startCloudProcess(ports, dataDir, ['--web=none', '--fresh', '--memory']);
  const proxy = await countingProxy(ports.dynamodb);
  try {
    console.log(
      `\n## Conversation list with ${CONVERSATIONS} conversations (budget: at most 2 DynamoDB requests)`,
    );
    const seedStart = performance.now();
    const user = await benchTrader(appUrl, ports.cognito, 'Bench Store');
    const partners: BenchTrader[] = [];
    for (let i = 0; i < PARTNERS; i += 10)
      partners.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, j) =>
            benchTrader(appUrl, ports.cognito, `Bench Reseller ${i + j}`, 'reseller'),
          ),
        )),
      );
    const items = Array.from({ length: CONVERSATIONS }, (_, i) => i);
    const itemIds: string[] = [];
    await inBatches(items, async (i) => {
      const { item } = await user.call(createItem, {
        body: {
          listType: 'wtb',
          sku: `BENCH-${String(i).padStart(4, '0')}`,
          name: `Bench sneaker ${i}`,
          sizes: ['42', '43'],
          visibility: 'public',
          targetPrice: 15_000,
        },
      });
      itemIds[i] = item.id;
    });
    await inBatches(items, async (i) => {
      const partner = partners[i % PARTNERS]!;
      const { conversation } = await partner.call(startConversation, {
        body: {
          partnerUserId: user.userId,
          relatedItem: { ownerUserId: user.userId, listType: 'wtb', itemId: itemIds[i]! },
        },
      });
      await partner.call(sendMessage, {
        params: { conversationId: conversation.id },
        body: { clientMessageId: clientMessageId(), content: `Have this one in 42, 150 shipped?` },
      });
    });
    row(
      `seed ${CONVERSATIONS} conversations with a message each through the API`,
      `${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    await settled(user);
    const first = await user.call(listConversations, { query: { limit: CONVERSATIONS_PAGE_SIZE_MAX } });
    if (first.conversations.length !== CONVERSATIONS_PAGE_SIZE_MAX || !first.cursor)
      throw new Error(`the first page has ${first.conversations.length} conversations`);

    // The route in this process, over the counting proxy, as its Lambda runs it.
    Object.assign(process.env, {
      TABLE_NAME: LOCAL_NAMES.table,
      AWS_REGION: LOCAL_NAMES.region,
      STAGE: 'local',
      DYNAMODB_ENDPOINT: proxy.url,
      AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local',
      AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
    });
    resetRuntimeEnv();
    const { functions: services } = await import('../../services/registry');
    const route = services
      .flatMap((s) => s.definition.routes ?? [])
      .find((r) => r.contract.id === listConversations.id);
    if (!route) throw new Error(`the registry has no route ${listConversations.id}`);
    const actor: UserActor = { kind: 'user', userId: user.userId, isSuperuser: false, isDemo: false };
    const handle = (query: Record<string, string>) =>
      route.handle({
        actor,
        params: {},
        query,
        body: {},
        headers: {},
        requestId: 'bench',
        sourceIp: '127.0.0.1',
        setStatus: () => undefined,
      });
    let most = 0;
    const pages: [string, Record<string, string>][] = [
      ['first page (default size)', {}],
      [`first page of ${CONVERSATIONS_PAGE_SIZE_MAX}`, { limit: String(CONVERSATIONS_PAGE_SIZE_MAX) }],
      ['second page (cursor)', { limit: String(CONVERSATIONS_PAGE_SIZE_MAX), cursor: first.cursor }],
    ];
    for (const [label, query] of pages) {
      await handle(query);
      proxy.counts.clear();
      await handle(query);
      most = Math.max(most, proxy.total());
      row(
        `DynamoDB requests, ${label}`,
        `${proxy.total()} (${[...proxy.counts].map(([op, n]) => `${n} ${op}`).join(', ')})`,
      );
    }
    row(
      'DynamoDB requests per list call',
      `at most ${most} ${most <= 2 ? '(within budget)' : '(OVER BUDGET)'}`,
    );

    const api: number[] = [];
    for (let i = 0; i < WARMUP + SAMPLES; i++) {
      const t = performance.now();
      await user.call(listConversations, { query: {} });
      if (i >= WARMUP) api.push(performance.now() - t);
    }
    const apiMs = median(api);
    row(
      `GET /api/conversations via gateway (n=${SAMPLES})`,
      `median ${apiMs.toFixed(2)} ms, p95 ${percentile(api, 95).toFixed(2)} ms`,
    );
    return { requests: most, apiMs };
  } finally {
    await proxy.close();
    await stopCloudProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
