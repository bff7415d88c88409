import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { serviceWorker } from './scripts/service-worker-plugin.ts';

const KEY_COUNTS_ID = 'virtual:i18n-key-counts';

/**
 * `virtual:i18n-key-counts`: leaf keys per language summed over every `i18n/<lang>.json` under
 * src/ (core and each feature's part), so the 5% fallback rule (src/i18n) judges whole
 * languages while the app loads their parts one by one (docs/adr/0007-strings-per-feature.md).
 */
function i18nKeyCounts(): Plugin {
  const src = fileURLToPath(new URL('./src', import.meta.url));
  const leaves = (value: unknown): number =>
    value !== null && typeof value === 'object'
      ? Object.values(value).reduce<number>((sum, child) => sum + leaves(child), 0)
      : 1;
  return {
    name: 'i18n-key-counts',
    resolveId: (id) => (id === KEY_COUNTS_ID ? `\0${KEY_COUNTS_ID}` : undefined),
    load(id) {
      if (id !== `\0${KEY_COUNTS_ID}`) return undefined;
      const counts: Record<string, number> = {};
      const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((file) =>
        /(^|[\\/])i18n[\\/][a-z]{2}\.json$/.test(file),
      );
      for (const file of files) {
        const path = join(src, file);
        this.addWatchFile(path);
        const lng = file.slice(-7, -5);
        counts[lng] = (counts[lng] ?? 0) + leaves(JSON.parse(readFileSync(path, 'utf8')));
      }
      return `export default ${JSON.stringify(counts)};`;
    },
  };
}

/**
 * Sorts what share.html loads before its first paint once the module graph is known: `both`
 * (also in index.html's static graph) and `shareOnly`. The code splitting below turns them into
 * a few chunks, as the ~35 small chunks the bundler made on its own cost a phone on slow 4G a
 * round trip each (6 connections per origin) before the list could render.
 */
function entryGraphs() {
  const both = new Set<string>();
  const bothNotStore = new Set<string>();
  const shareOnly = new Set<string>();
  const storeOnly = new Set<string>();
  const publicShared = new Set<string>();
  const plugin: Plugin = {
    name: 'entry-graphs',
    apply: 'build',
    buildEnd() {
      both.clear();
      bothNotStore.clear();
      shareOnly.clear();
      storeOnly.clear();
      publicShared.clear();
      const reach = (entry: string): Set<string> => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const child of this.getModuleInfo(id)?.importedIds ?? []) visit(child);
        };
        visit(entry);
        return seen;
      };
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const index = entries.find((id) => id.endsWith('index.html'));
      const share = entries.find((id) => id.endsWith('share.html'));
      const store = entries.find((id) => id.endsWith('store.html'));
      if (!index || !share) return;
      const fromIndex = reach(index);
      // share-main.tsx stays in the entry chunk: in a group's chunk it would run (start the
      // share page) wherever the app imports that chunk.
      const own = new Set([share, ...(this.getModuleInfo(share)?.importedIds ?? [])]);
      for (const id of reach(share)) {
        if (fromIndex.has(id)) both.add(id);
        else if (!own.has(id)) shareOnly.add(id);
      }
      // store.html's own code (the shop pages) in one chunk, its entry module apart for the
      // same reason as share-main.tsx; what it shares with the other pages stays in theirs.
      if (!store) return;
      const fromStore = reach(store);
      for (const id of both) if (!fromStore.has(id)) bothNotStore.add(id);
      const fromShare = reach(share);
      const storeOwn = new Set([store, ...(this.getModuleInfo(store)?.importedIds ?? [])]);
      for (const id of fromStore) {
        if (shareOnly.has(id)) publicShared.add(id);
        else if (!fromIndex.has(id) && !fromShare.has(id) && !storeOwn.has(id)) storeOnly.add(id);
      }
    },
  };
  return { plugin, both, bothNotStore, shareOnly, storeOnly, publicShared };
}
const graphs = entryGraphs();

/** The share page's own code, which in the app only the public-list routes load. */
const SHARE_LIST =
  /[\\/]features[\\/]public-list[\\/](?!pages\.|i18n[\\/])|[\\/]app[\\/]share-|node_modules[\\/]@tanstack[\\/](react-virtual|virtual-core)/;

/**
 * App-wide state the app root and the feature screens both import (web/src/lib), but not
 * aws-amplify's wrapper, which loads on demand.
 */
const APP_SHELL =
  /[\\/]src[\\/]lib[\\/](session|feature-access|impersonation|widget-slots)[\\/](?!amplify\.)/;

// In development the local cloud mounts Vite in middleware mode on the same origin as
// /api and /config.json, so no proxy is configured here.
export default defineConfig({
  plugins: [react(), tailwindcss(), i18nKeyCounts(), graphs.plugin, serviceWorker()],
  build: {
    outDir: 'dist',
    target: 'es2022',
    // web/scripts/landing-size.mjs reads it to sum the landing page's initial JavaScript.
    manifest: true,
    // share.html is what /share/{userId}/{listType} serves (@sneakers/shared/web/html-entry).
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        share: fileURLToPath(new URL('./share.html', import.meta.url)),
        // store.html is what /store/... serves (the storefront's HTML routes fill its head).
        store: fileURLToPath(new URL('./store.html', import.meta.url)),
      },
      // @sneakers/shared is declarations only (contracts, formatting): a page that needs one
      // contract should not evaluate every schema of the index.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]shared[\\/]src[\\/]/.test(id) },
      output: {
        codeSplitting: {
          // A group holds only the modules it names, not React pulled in behind them.
          includeDependenciesRecursively: false,
          // Libraries in their own chunks: left to itself the bundler merged react-router into
          // a chunk the share shell needs, so a shared list downloaded the router it never uses.
          groups: [
            { name: 'router', test: /node_modules[\\/]react-router/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)/ },
            { name: 'toasts', test: /node_modules[\\/]sonner/ },
            { name: 'zod', test: /node_modules[\\/]zod/ },
            { name: 'amplify', test: /node_modules[\\/](@aws-amplify|aws-amplify)/ },
            // What both pages load first (React, i18n, the theme), as one chunk.
            { name: 'core', test: (id: string) => graphs.both.has(id) && !graphs.bothNotStore.has(id) },
            { name: 'core-pages', test: (id: string) => graphs.bothNotStore.has(id) },
            // What both public pages (share.html, store.html) load besides the core: the API
            // client and its contracts' helpers, without the list's UI (tailwind-merge, Radix).
            { name: 'public-api', test: (id: string) => graphs.publicShared.has(id) },
            // The rest of share.html's first paint: the list itself, and the UI and API client
            // the app's screens share (so those do not pull in the list).
            { name: 'share-list', test: (id: string) => graphs.shareOnly.has(id) && SHARE_LIST.test(id) },
            { name: 'share-ui', test: (id: string) => graphs.shareOnly.has(id) },
            // The public store pages' first paint (store.html), beside what it shares above.
            { name: 'store', test: (id: string) => graphs.storeOnly.has(id) },
            // What every app screen reads besides the app root (session, feature access, widget
            // slots): one chunk, not one per module the features share with the root.
            { name: 'app-shell', test: (id: string) => APP_SHELL.test(id) && !graphs.both.has(id) },
          ],
        },
      },
    },
  },
});
