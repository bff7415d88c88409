import { join } from 'node:path';
import { LOCAL_ADMIN } from './names';
import { PortInUseError, portsFromEnv } from './ports';
import { REPO_ROOT, startLocalCloud, type LocalCloud } from './cloud';

/**
 * `npm start`: the whole product on this machine. Flags: --fresh wipes the local data
 * folder first; --web=dist serves the production build instead of Vite; --memory keeps the
 * table in memory (benches that write tens of thousands of rows; nothing survives a stop).
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

  let cloud: LocalCloud | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n${signal} received, stopping the local cloud...\n`);
    await cloud?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

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
      process.stderr.write(`\n${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const { urls } = cloud;
  const health = await cloud.health();
  process.stdout.write(
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
      '',
      `  Local superuser: ${LOCAL_ADMIN.email} / ${LOCAL_ADMIN.password}`,
      `  Data folder: ${dataDir}${fresh ? ' (fresh)' : ''}   Ctrl-C stops everything.`,
      '',
    ].join('\n'),
  );
}

main().catch(async (error: unknown) => {
  process.stderr.write(
    `\nThe local cloud could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
