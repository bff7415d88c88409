import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// In development the local cloud mounts Vite in middleware mode on the same origin as
// /api and /config.json, so no proxy is configured here.
export default defineConfig({
  plugins: [react(), tailwindcss()],
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
          ],
        },
      },
    },
  },
});
