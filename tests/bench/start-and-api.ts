import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { comingSoonEntity } from '../../services/settings/src/store/coming-soon-entity';
import { COMING_SOON_ID } from '../../services/settings/src/domain/settings';
import { localDynamoClient } from '../../localstack/src/dynamodb';
import { LOCAL_NAMES } from '../../localstack/src/names';
import { freePorts, PORT_VARIABLES, type Ports } from '../../localstack/src/ports';
import { median, percentile, REPO_ROOT, row } from './stats';

/** Starts `npm start`'s program (without the npm set-up step) and times it to healthy. */
async function startCloud(
  ports: Ports,
  dataDir: string,
  fresh: boolean,
): Promise<{ child: ChildProcess; ms: number }> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOCAL_DATA_DIR: dataDir, NODE_NO_WARNINGS: '1' };
  for (const [name, spec] of Object.entries(PORT_VARIABLES))
    env[spec.env] = String(ports[name as keyof Ports]);
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'localstack/src/cli.ts', 'start', ...(fresh ? ['--fresh'] : [])],
    {
      cwd: REPO_ROOT,
      env,
      stdio: 'ignore',
    },
  );
  const url = `http://127.0.0.1:${ports.app}/api/health`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the local cloud exited with ${child.exitCode}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.ok && ((await res.json()) as { status: string }).status === 'ok') break;
    } catch {
      /* not up yet */
    }
    if (performance.now() - started > 120_000)
      throw new Error('the local cloud did not become healthy in 120 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, ms: performance.now() - started };
}

async function stopCloud(child: ChildProcess): Promise<number> {
  const started = performance.now();
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGINT');
  await exited;
  return performance.now() - started;
}

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
    const first = await startCloud(ports, dataDir, true);
    row('first start (fresh data, creates and seeds)', `${(first.ms / 1000).toFixed(1)} s`);
    const stopMs = await stopCloud(first.child);
    row('stop on SIGINT', `${(stopMs / 1000).toFixed(1)} s; processes left: ${javaProcessesFor(dataDir)}`);
    const second = await startCloud(ports, dataDir, false);
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
