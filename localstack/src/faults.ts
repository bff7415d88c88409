import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Local only, never deployed: fault switches of the local Lambda runner, so an integration
 * test can make a function's runtime die mid-invocation (issue 31: "kill the import worker
 * midway and restart"). Functions run in the local cloud's own process; an armed function's
 * next invocation runs instead in a child process of its own (the same entry file, under
 * tsx, with the same environment), which `kill` ends with SIGKILL: the handler stops between
 * two statements, as a Lambda runtime does on a crash, an out-of-memory or a timeout.
 *
 * The killed invocation models the worst case: the crash and the retries of its event all
 * lost (in AWS, Lambda would retry an asynchronous invocation twice). Its event goes to the
 * bus's dead letters without a retry, so what recovers the work is the function's own
 * recovery (the migration worker's stale-heartbeat schedule), not a retry of the event.
 */
export class RuntimeKilledError extends Error {
  override readonly name = 'Runtime.ExitError';
  /** The event that reached the killed runtime is not retried (see above). */
  readonly lost = true;
}

/** True for an invocation whose runtime a fault switch killed (never retried). */
export function isLostInvocation(error: unknown): boolean {
  return error instanceof RuntimeKilledError;
}

const RUNNER = fileURLToPath(new URL('./function-process.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** What the child process answers over IPC (function-process.ts). */
export type IsolatedAnswer =
  { ok: true; result: unknown } | { ok: false; error: { name: string; message: string } };

export function createFunctionFaults() {
  const armed = new Set<string>();
  const running = new Map<string, Set<ChildProcess>>();

  /** One invocation in its own process; rejects with RuntimeKilledError if it is killed. */
  function invokeIsolated(
    functionName: string,
    entry: string,
    event: unknown,
    timeoutMs: number | undefined,
  ): Promise<unknown> {
    const child = fork(RUNNER, [], {
      cwd: REPO_ROOT,
      execArgv: ['--import', 'tsx'],
      env: process.env,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    const set = running.get(functionName) ?? new Set<ChildProcess>();
    set.add(child);
    running.set(functionName, set);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    return new Promise<unknown>((resolve, reject) => {
      let answer: IsolatedAnswer | undefined;
      child.on('message', (message: IsolatedAnswer) => {
        answer = message;
      });
      child.on('error', reject);
      child.on('exit', (code, signal) => {
        set.delete(child);
        if (answer?.ok) return resolve(answer.result);
        if (answer && !answer.ok) {
          const error = new Error(answer.error.message);
          error.name = answer.error.name;
          return reject(error);
        }
        if (signal) return reject(new RuntimeKilledError(`Runtime exited with error: signal: ${signal}`));
        reject(new Error(`Runtime exited with error: exit status ${String(code)}\n${stderr}`));
      });
      child.send({ functionName, entry, event, timeoutMs });
    });
  }

  return {
    /** The next invocation of the function runs in a process of its own (until then, armed). */
    isolateNext(functionName: string): void {
      armed.add(functionName);
    },
    /** Runs the invocation isolated if the function is armed (disarming it), else in-process. */
    invoke(
      functionName: string,
      entry: string,
      event: unknown,
      inProcess: () => Promise<unknown>,
      timeoutMs?: number,
    ) {
      if (!armed.delete(functionName)) return inProcess();
      return invokeIsolated(functionName, entry, event, timeoutMs);
    },
    /** Kills the function's isolated invocations now; answers how many were running. */
    kill(functionName: string): number {
      const set = running.get(functionName);
      let killed = 0;
      for (const child of set ?? []) if (child.kill('SIGKILL')) killed += 1;
      return killed;
    },
    /** Ends every isolated invocation and disarms every switch (the cloud stops). */
    stop(): void {
      armed.clear();
      for (const set of running.values()) for (const child of set) child.kill('SIGKILL');
    },
  };
}

export type FunctionFaults = ReturnType<typeof createFunctionFaults>;
