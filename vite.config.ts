import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

/** The console build. The API server serves dist/ and answers index.html for every non-API path. */
export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // react-admin and MUI make one large vendor chunk; pages are split off with React.lazy.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first page needs at once, as one file: left to itself the bundler cut
          // it into some 45 files, each a request and a module for the browser to set up
          // (bench:assets: 45 scripts, 301.4 kB before typing; as one file, 7 and 271.3 kB).
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    // `npm run dev:console` next to `npm run dev`: the API stays same-origin for the session cookie.
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
