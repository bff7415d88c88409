import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * Emits `sw.js` (web/scripts/service-worker.js) into the build with the list of files to
 * precache: every script, style sheet, WebAssembly file and icon of the build, and the shell
 * (index.html). Written here rather than with vite-plugin-pwa: its workbox-build pulls about
 * 200 packages into `npm ci` for what these 40 lines do (docs/adr/0035).
 */
export function serviceWorker(): Plugin {
  const template = readFileSync(new URL('./service-worker.js', import.meta.url), 'utf8');
  return {
    name: 'service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle).filter(
        (name) => /\.(js|css|wasm)$/.test(name) && !name.endsWith('.map'),
      );
      const precache = [
        '/index.html',
        '/manifest.webmanifest',
        '/favicon.svg',
        '/icons/icon-192.png',
        ...files.sort().map((f) => `/${f}`),
      ];
      const build = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: template
          .replace("'__BUILD__'", JSON.stringify(build))
          .replace("['__PRECACHE__']", JSON.stringify(precache)),
      });
    },
  };
}
