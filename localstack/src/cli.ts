import { mkdirSync, openSync, writeSync } from 'node:fs';
import { join, relative } from 'node:path';
import { routeChildOutput } from './children';
import { LOCAL_ADMIN } from './names';
import { PortInUseError, portsFromEnv } from './ports';
import { REPO_ROOT, startLocalCloud, type LocalCloud } from './cloud';

/**
 * Sends everything the process writes (the local cloud's lines, the functions' Powertools
 * logs, Vite's warnings, the emulators' output) to the log file and returns a writer to the
 * terminal, which gets only what a person needs: the URLs, the log's path and failures.
 */
function divertOutput(logPath: string): (text: string) => void {
  mkdirSync(join(logPath, '..'), { recursive: true });
  const fd = openSync(logPath, 'w');
  const toLog = (chunk: unknown) => {
    if (chunk instanceof Uint8Array) writeSync(fd, chunk);
    else writeSync(fd, String(chunk));
  };
  const terminal = process.stdout.write.bind(process.stdout);
  for (const stream of [process.stdout, process.stderr]) {
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      toLog(chunk);
      const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      done?.();
      return true;
    }) as typeof stream.write;
  }
  routeChildOutput({
    output: (line) => toLog(`${line}\n`),
    notice: (text) => {
      toLog(text);
      terminal(text);
    },
  });
  return (text) => {
    toLog(text);
    terminal(text);
  };
}

/** The terminal; once the log is open, the terminal and the log. */
let say: (text: string) => void = (text) => void process.stdout.write(text);
/** Where the details are (the log file), for the first line and a failure's message. */
let details = '';

/**
 * `npm start`: the whole product on this machine. Flags: --fresh wipes the local data
 * first; --web=dist serves the production build instead of Vite; --memory keeps the
 * table in memory (benches that write tens of thousands of rows; nothing survives a stop);
 * --verbose prints the details on the terminal instead of the log file.
 */
async function main() {
  const args = process.argv.slice(2);
  const fresh = args.includes('--fresh');
  const persist = !args.includes('--memory');
  const webArg = args.find((a) => a.startsWith('--web='))?.slice(6);
  const web = webArg === 'dist' || webArg === 'none' ? webArg : 'dev';
  const dataDir = process.env.LOCAL_DATA_DIR ?? join(REPO_ROOT, '.local');
  // Lets two Playwright runs serve different builds side by side.
  const webDistDir = process.env.WEB_DIST_DIR;
  const logPath = join(dataDir, 'logs', 'start.log');
  if (!args.includes('--verbose')) {
    say = divertOutput(logPath);
    const shown = relative(process.cwd(), logPath);
    details = ` (details in ${shown && !shown.startsWith('..') ? shown : logPath})`;
  }

  let cloud: LocalCloud | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`\n${signal} received, stopping the local cloud...\n`);
    await cloud?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  say(`Starting the local cloud${fresh ? ' from empty' : ''}${details}...\n`);
  try {
    cloud = await startLocalCloud({
      ports: portsFromEnv(),
      dataDir,
      persist,
      fresh,
      web,
      webDistDir,
      // The app is usable while the demo catalogue's bulk (and its images) is still written.
      catalogInBackground: true,
    });
  } catch (error) {
    if (error instanceof PortInUseError) {
      say(`\n${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const { urls } = cloud;
  const health = await cloud.health();
  say(
    [
      '',
      `Local cloud ready in ${(cloud.startupMs / 1000).toFixed(1)} s (${health.status}).`,
      '',
      `  App          ${urls.app}`,
      `  API          ${urls.api}   (health: ${urls.api}/health)`,
      `  WebSocket    ${urls.ws}`,
      `  Sent mail    ${urls.mail}`,
      `  Marketplace  ${urls.marketplace}   (release pages: ${urls.marketplace}/release-calendar)`,
      `  Secrets      ${urls.secrets}   (Secrets Manager emulator)`,
      `  Payments     ${urls.stripe}   (Stripe-shaped stand-in: checkout, portal, test clocks)`,
      `  SQS          ${urls.sqs}   (SQS stand-in: the webhook deliveries queue)`,
      '',
      `  Local superuser: ${LOCAL_ADMIN.email} / ${LOCAL_ADMIN.password}`,
      `  Data folder: ${dataDir}${fresh ? ' (fresh)' : ''}   Ctrl-C stops everything.`,
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  say(
    `\nThe local cloud could not start${details}: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
