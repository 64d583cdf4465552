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
  },
  server: {
    // `npm run dev:console` next to `npm run dev`: the API stays same-origin for the session cookie.
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
