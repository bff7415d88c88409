import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UserActor } from '@sneakers/shared/actor';
import { createApiClient } from '@sneakers/shared/api-client';
import { systemClock } from '@sneakers/shared/clock';
import { createBooking, createClient, getClient } from '@sneakers/shared/contracts/crm';
import { ulidGenerator } from '@sneakers/shared/ids';
import { createDocumentClient } from '@sneakers/shared/table/client';
import { createClientsRepository, getClient as getClientUseCase } from '../../services/crm/src/published';
import { LOCAL_NAMES } from '../../localstack/src/names';
import { countRequests } from '../support/count-requests';
import { storeUser } from './bench-user';
import { freePorts } from '../../localstack/src/ports';
import { startCloudProcess, stopCloudProcess } from './cloud-process';
import { median, percentile, row } from './stats';

const BOOKINGS = 200;
const SAMPLES = 100;

/**
 * Client detail page data for a client with 200 bookings: how many DynamoDB requests the
 * use case sends (budget: at most 2), counted on the real DocumentClient against DynamoDB
 * Local, and the median latency of the use case and of GET /api/clients/{id}.
 */
export async function benchCrm(): Promise<{ requests: number; apiMs: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sneakers-bench-crm-'));
  const ports = await freePorts();
  const { child, appUrl } = await startCloudProcess(ports, dataDir, ['--web=none', '--fresh']);
  try {
    console.log(`\n## Client detail with ${BOOKINGS} bookings (budget: at most 2 DynamoDB requests)`);
    const { token, userId } = await storeUser(appUrl, ports.cognito);
    const call = createApiClient({ baseUrl: appUrl, getToken: () => token });

    const { client } = await call(createClient, {
      body: { name: 'Bench Client', email: 'bench.client@example.com', phone: '+34 600 000 000' },
    });
    const seedStart = performance.now();
    for (let i = 0; i < BOOKINGS; i += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, BOOKINGS - i) }, (_, j) =>
          call(createBooking, {
            idempotencyKey: randomUUID(),
            body: {
              clientId: client.id,
              itemSku: `DD1391-${String(i + j).padStart(3, '0')}`,
              itemName: `Bench Dunk ${i + j}`,
              size: String(36 + ((i + j) % 12)),
              salePrice: 18_000 + (i + j) * 100,
              prepaidAmount: 5_000,
            },
          }),
        ),
      );
    }
    row(
      `seed ${BOOKINGS} bookings through the API`,
      `${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    // The use case over the real repository; every SDK request passes this middleware.
    const doc = createDocumentClient({
      AWS_REGION: LOCAL_NAMES.region,
      DYNAMODB_ENDPOINT: `http://127.0.0.1:${ports.dynamodb}`,
    });
    const sent = countRequests(doc);
    const deps = {
      repo: createClientsRepository(doc, LOCAL_NAMES.table),
      clock: systemClock,
      ids: ulidGenerator,
    };
    const actor: UserActor = { kind: 'user', userId, isSuperuser: false, isDemo: false };
    const detail = await getClientUseCase(deps, actor, client.id);
    const requests = sent.length;
    if (detail.bookings.length !== BOOKINGS) throw new Error(`got ${detail.bookings.length} bookings`);
    row(
      'DynamoDB requests for the client and its bookings',
      `${requests} ${requests <= 2 ? '(within budget)' : '(OVER BUDGET)'}`,
    );

    const useCase: number[] = [];
    const api: number[] = [];
    for (let i = 0; i < 10; i++) await call(getClient, { params: { clientId: client.id } });
    for (let i = 0; i < SAMPLES; i++) {
      let t = performance.now();
      await getClientUseCase(deps, actor, client.id);
      useCase.push(performance.now() - t);
      t = performance.now();
      const body = await call(getClient, { params: { clientId: client.id } });
      api.push(performance.now() - t);
      if (body.bookings.length !== BOOKINGS) throw new Error('API returned a partial client');
    }
    row(
      `use case over DynamoDB Local (n=${SAMPLES})`,
      `median ${median(useCase).toFixed(2)} ms, p95 ${percentile(useCase, 95).toFixed(2)} ms`,
    );
    row(
      `GET /api/clients/{id} with ${BOOKINGS} bookings (n=${SAMPLES})`,
      `median ${median(api).toFixed(2)} ms, p95 ${percentile(api, 95).toFixed(2)} ms`,
    );
    return { requests, apiMs: median(api) };
  } finally {
    await stopCloudProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
