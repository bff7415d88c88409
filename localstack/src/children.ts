import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/**
 * Child processes of the local cloud (the DynamoDB Local JVM, cognito-local). Each runs
 * in its own process group so stopping kills the whole tree, JVM included, and an exit
 * of the parent for any reason takes them down too.
 */
const children = new Set<ChildProcess>();

/**
 * Where the children's output goes: by default only its tail, shown when a child dies;
 * `npm start` sends every line to its log file and the death notice to the terminal.
 */
const sinks = {
  output: (_line: string): void => undefined,
  notice: (text: string): void => void process.stderr.write(text),
};
export function routeChildOutput(route: Partial<typeof sinks>): void {
  Object.assign(sinks, route);
}

export function spawnChild(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions & { onOutput?: (line: string) => void },
): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const tail: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > 40) tail.shift();
      sinks.output(`[${name}] ${line}`);
      options.onOutput?.(line);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping && code !== 0 && signal === null) {
      sinks.notice(`\n${name} exited with code ${code}. Last output:\n${tail.join('\n')}\n`);
    }
  });
  child.on('error', (error) => {
    sinks.notice(`\nCould not start ${name} (${command}): ${error.message}\n`);
  });
  return child;
}

let stopping = false;

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

export async function stopChildren(timeoutMs = 5000): Promise<void> {
  stopping = true;
  const running = [...children];
  await Promise.all(
    running.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => {
            killGroup(child, 'SIGKILL');
            resolve();
          }, timeoutMs);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          killGroup(child, 'SIGTERM');
        }),
    ),
  );
}

process.once('exit', () => {
  for (const child of children) killGroup(child, 'SIGKILL');
});
