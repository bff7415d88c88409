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
