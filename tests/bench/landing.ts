import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePorts } from '../../localstack/src/ports';
import { entryParts } from '../../web/scripts/entry-strings';
import { startCloudProcess, stopCloudProcess } from './cloud-process';
import { lighthouseScore } from './lighthouse';
import { REPO_ROOT, row } from './stats';

/**
 * Landing page budgets: initial JavaScript (gzip) from the production build's manifest,
 * and Lighthouse's mobile performance score against the production build served by the
 * local cloud, in Debian's Chromium.
 */
export async function benchLanding(): Promise<void> {
  console.log('\n## Landing page (budgets: initial JS <= 100 KB gzip, Lighthouse mobile performance >= 95)');
  execFileSync('npm', ['run', '--silent', 'build', '-w', 'web'], { cwd: REPO_ROOT, stdio: 'ignore' });
  const sizeScript = join(REPO_ROOT, 'web', 'scripts', 'landing-size.mjs');
  if (existsSync(sizeScript)) {
    row(
      'initial JS of the landing route',
      execFileSync(process.execPath, [sizeScript], { cwd: REPO_ROOT }).toString().trim(),
    );
  }
  const parts = entryParts('index.html').join(', ');
  row(
    'strings in its initial JS',
    `${parts} ${parts === 'core, landing' ? 'ok' : '(expected core, landing)'}`,
  );

  const dataDir = mkdtempSync(join(tmpdir(), 'sneakers-lh-'));
  const cloud = await startCloudProcess(await freePorts(), dataDir, ['--web=dist', '--fresh']);
  try {
    await lighthouseScore(`${cloud.appUrl}/`, 'landing', 95);
  } finally {
    await stopCloudProcess(cloud.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
