import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePorts } from '../../localstack/src/ports';
import { startCloudProcess, stopCloudProcess } from './cloud-process';
import { lighthouseScore } from './lighthouse';
import { REPO_ROOT, row } from './stats';

/**
 * Landing page budgets: initial JavaScript (gzip) from the production build's manifest,
 * and Lighthouse's mobile performance score against the production build served by the
 * local cloud, in Debian's Chromium.
 */
export async function benchLanding(): Promise<void> {
  console.log('\n## Landing page (budgets: initial JS <= 120 KB gzip, Lighthouse mobile performance >= 90)');
  execFileSync('npm', ['run', '--silent', 'build', '-w', 'web'], { cwd: REPO_ROOT, stdio: 'ignore' });
  const sizeScript = join(REPO_ROOT, 'web', 'scripts', 'landing-size.mjs');
  if (existsSync(sizeScript)) {
    row(
      'initial JS of the landing route',
      execFileSync(process.execPath, [sizeScript], { cwd: REPO_ROOT }).toString().trim(),
    );
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'sneakers-lh-'));
  const cloud = await startCloudProcess(await freePorts(), dataDir, ['--web=dist', '--fresh']);
  try {
    await lighthouseScore(`${cloud.appUrl}/`, 'landing');
  } finally {
    await stopCloudProcess(cloud.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
