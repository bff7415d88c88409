import { existsSync } from 'node:fs';

/**
 * Flags for Debian's Chromium on these machines: no sandbox as root, no GPU, and none of
 * the background networking that a closed network refuses.
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** Debian's package `chromium-headless-shell` (scripts/ensure-setup.sh installs it with `--browser`). */
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/**
 * The browser the journeys run in: CHROMIUM_PATH when set, else the headless shell, else
 * Debian's full Chromium. The shell is the browser without its windowing and user-interface
 * layers, the build Playwright itself runs headless tests in: the same Blink and V8, about a
 * quarter less CPU over the console sweep (131 s against 98 s, docs/adr/0034).
 */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';
}
