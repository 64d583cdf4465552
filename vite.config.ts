import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';
import { preloadChunks } from './build/preloadChunks.ts';

/** The date picker's own code and libraries (see the day-picker file below). */
const DAY_PICKER = /[\\/]node_modules[\\/](@mui[\\/]x-date-pickers|@mui[\\/]x-internals|date-fns)[\\/]|[\\/]src[\\/]ui[\\/]DayPickerImpl/;

/** The console build. The API server serves dist/ and answers index.html for every non-API path. */
export default defineConfig({
  // The console chunk is asked for by the entry at every signed-in address (src/App.tsx): fetched with it.
  plugins: [react(), preloadChunks(['console']), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // index and console are each about 900 kB as files (about 245 and 200 kB compressed).
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Three files instead of some 170. Left to itself the bundler cut the code into a file per
          // set of pages sharing it, down to a few bytes; each is a request and a module for the
          // browser to set up, and a console page took about 100 of them to open.
          // - index: everything the first page needs at once (the entry's static imports);
          // - public: the pages outside the shell (sign-in, passcode, policies) and what they need;
          // - console: every signed-in screen, loaded with the first one and cached from then on
          //   (hashed names), so moving between areas loads nothing more.
          // bench:assets, before typing on the sign-in page: 45 scripts and 301.4 kB → 2 and 273.3 kB.
          groups: [
            { name: 'index', tags: ['$initial'], priority: 4 },
            { name: 'public', test: /[\\/]src[\\/]pages[\\/]/, priority: 3 },
            { name: 'console', test: (id: string) => !DAY_PICKER.test(id), priority: 2 },
            // - day-picker: the date picker and its date library (about 380 kB as files), loaded
            //   when a screen first shows one (src/ui/DayField.tsx), not with every signed-in screen.
            //   Last, so that what the pickers share with other screens stays in console.
            { name: 'day-picker', test: DAY_PICKER, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev:console` next to `npm run dev`: the API stays same-origin for the session cookie.
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
