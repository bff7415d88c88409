import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { COMING_SOON_ID, comingSoonEntity } from '../../services/settings/src/published';
import { localDynamoClient } from '../../localstack/src/dynamodb';
import { LOCAL_NAMES } from '../../localstack/src/names';
import { freePorts } from '../../localstack/src/ports';
import { settled, startCloudProcess as startCloud, stopCloudProcess as stopCloud } from './cloud-process';
import { median, percentile, row } from './stats';

function javaProcessesFor(dataDir: string): number {
  try {
    return execFileSync('pgrep', ['-f', dataDir]).toString().trim().split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
}

export async function benchStartAndApi(): Promise<{ startMs: number; restartMs: number; ratio: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sneakers-bench-'));
  const ports = await freePorts();
  try {
    console.log('\n## npm start to healthy (budget: 20 s)');
    const first = await startCloud(ports, dataDir, ['--fresh']);
    row('first start (fresh data, creates and seeds)', `${(first.ms / 1000).toFixed(1)} s`);
    const stopMs = await stopCloud(first.child);
    row('stop on SIGINT', `${(stopMs / 1000).toFixed(1)} s; processes left: ${javaProcessesFor(dataDir)}`);
    const second = await startCloud(ports, dataDir);
    row('restart (persisted data)', `${(second.ms / 1000).toFixed(1)} s`);

    console.log('\n## API overhead: GET coming-soon settings vs the raw GetItem it performs (budget: 2x)');
    const n = 300;
    const url = `http://127.0.0.1:${ports.app}/api/settings/coming-soon`;
    const ddb = localDynamoClient(ports.dynamodb);
    // The exact GetItem the use case sends, from the entity itself.
    const params = comingSoonEntity.get({ id: COMING_SOON_ID }).params({ table: LOCAL_NAMES.table }) as {
      Key: Record<string, string>;
    };
    const key = Object.fromEntries(Object.entries(params.Key).map(([k, v]) => [k, { S: v }]));
    const getItem = () => ddb.send(new GetItemCommand({ TableName: LOCAL_NAMES.table, Key: key }));
    const getApi = async () => {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      await res.json();
    };
    // At rest: the demo catalogue is still written in the background after start.
    await settled(second.appUrl);
    for (let i = 0; i < 50; i++) {
      await getItem();
      await getApi();
    }
    const raw: number[] = [];
    const api: number[] = [];
    // Interleaved so both see the same machine load.
    for (let i = 0; i < n; i++) {
      let t = performance.now();
      await getItem();
      raw.push(performance.now() - t);
      t = performance.now();
      await getApi();
      api.push(performance.now() - t);
    }
    const ratio = median(api) / median(raw);
    row(
      `raw DynamoDB GetItem (n=${n})`,
      `median ${median(raw).toFixed(2)} ms, p95 ${percentile(raw, 95).toFixed(2)} ms`,
    );
    row(
      `GET /api/settings/coming-soon via gateway (n=${n})`,
      `median ${median(api).toFixed(2)} ms, p95 ${percentile(api, 95).toFixed(2)} ms`,
    );
    row('ratio of medians', `${ratio.toFixed(2)}x ${ratio <= 2 ? '(within budget)' : '(OVER BUDGET)'}`);
    await stopCloud(second.child);
    return { startMs: first.ms, restartMs: second.ms, ratio };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
