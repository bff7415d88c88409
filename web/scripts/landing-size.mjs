#!/usr/bin/env node
// The landing route's initial JavaScript (gzip) in the production build: the entry chunk,
// every chunk it imports statically (recursively), and the landing's own chunks if the
// bundler split them out. Reads dist/.vite/manifest.json (vite `build.manifest`).
// Usage: npm run build -w web && node web/scripts/landing-size.mjs [--verbose]
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run \`npm run build -w web\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** Sources that render the landing page for a signed-out visitor. */
const LANDING_SOURCES = [/^src\/app\/landing-shell\.tsx$/, /^src\/features\/landing\//];

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  if (chunk.file.endsWith('.js')) files.add(chunk.file);
  for (const child of chunk.imports ?? []) visit(child);
};
for (const [key, chunk] of Object.entries(manifest)) {
  // index.html's entry only: share.html (shared lists) is a separate page.
  if (chunk.isEntry && key === 'index.html') visit(key);
  const source = chunk.src ?? key;
  // The landing's strings in another language: a chunk only that language's visitors load.
  if (/\/i18n\/[a-z]{2}\.json$/.test(source)) continue;
  if (LANDING_SOURCES.some((pattern) => pattern.test(source))) visit(key);
}

let total = 0;
const rows = [];
for (const file of files) {
  const bytes = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += bytes;
  rows.push([file, bytes]);
}
if (process.argv.includes('--verbose')) {
  for (const [file, bytes] of rows.sort((a, b) => b[1] - a[1]))
    console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`landing initial JS: ${(total / 1024).toFixed(1)} KB gzip`);
