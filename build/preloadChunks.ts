import type { Plugin } from 'vite';

/**
 * Adds a `<link rel="modulepreload">` to index.html for each named chunk of the build (the console
 * chunk: vite.config.ts), so the browser downloads and compiles it alongside the entry file instead
 * of once the entry has run and asked for it: a signed-in page's first load waited for the two
 * one after the other.
 */
export function preloadChunks(names: readonly string[]): Plugin {
  let base = '/';
  return {
    name: 'fleet-console:preload-chunks',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        return Object.values(bundle ?? {})
          .filter((file) => file.type === 'chunk' && !file.isEntry && names.includes(file.name))
          .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file.fileName}` }, injectTo: 'head' as const }));
      },
    },
  };
}
