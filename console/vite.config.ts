import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The console is served by dlp-server from the API origin (server/src/http/console-assets.ts):
// hashed files under /assets, index.html for every client route, nothing inline (CSP).
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
    target: 'es2022',
  },
});
