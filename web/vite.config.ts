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
  },
});
