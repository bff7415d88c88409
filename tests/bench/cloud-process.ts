import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { PORT_VARIABLES, type Ports } from '../../localstack/src/ports';
import { REPO_ROOT } from './stats';

/** Runs `npm start`'s program (without its set-up step) in a child process. */
export async function startCloudProcess(
  ports: Ports,
  dataDir: string,
  args: string[] = [],
): Promise<{ child: ChildProcess; ms: number; appUrl: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOCAL_DATA_DIR: dataDir, NODE_NO_WARNINGS: '1' };
  for (const [name, spec] of Object.entries(PORT_VARIABLES))
    env[spec.env] = String(ports[name as keyof Ports]);
  const started = performance.now();
  // Its log goes to a file, for when a figure looks wrong or the pipeline does not settle.
  mkdirSync(join(REPO_ROOT, 'test-results'), { recursive: true });
  const log = openSync(join(REPO_ROOT, 'test-results', 'bench-cloud.log'), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'localstack/src/cli.ts', 'start', ...args], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', log, log],
  });
  const appUrl = `http://127.0.0.1:${ports.app}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the local cloud exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${appUrl}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (res.ok && ((await res.json()) as { status: string }).status === 'ok') break;
    } catch {
      /* not up yet */
    }
    if (performance.now() - started > 120_000) {
      await stopCloudProcess(child);
      throw new Error('the local cloud did not become healthy in 120 s');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, ms: performance.now() - started, appUrl };
}

export async function stopCloudProcess(child: ChildProcess): Promise<number> {
  const started = performance.now();
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGINT');
  await exited;
  return performance.now() - started;
}

/**
 * Waits until the local cloud's event pipeline is idle (`/api/health/idle`: no event in
 * delivery and nothing new on the stream), so a figure measures the system at rest, not
 * the previous writes' consumers competing for the same two cores.
 */
export async function settled(appUrl: string, timeoutMs = 120_000): Promise<number> {
  const res = await fetch(`${appUrl}/api/health/idle?timeoutMs=${timeoutMs}`, {
    signal: AbortSignal.timeout(timeoutMs + 10_000),
  });
  const body = (await res.json()) as { idle: boolean; waitedMs: number };
  if (!body.idle) throw new Error(`the local cloud's event pipeline was still busy after ${timeoutMs} ms`);
  return body.waitedMs;
}

/**
 * `settled` after thousands of writes, in steps under undici's 300 s headers timeout (one
 * long-poll of more fails with UND_ERR_HEADERS_TIMEOUT), up to 20 minutes; answers the wait.
 */
export async function settledLong(appUrl: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    try {
      await settled(appUrl, 240_000);
      return performance.now() - started;
    } catch (error) {
      if (performance.now() - started > 1_200_000) throw error;
    }
  }
}
