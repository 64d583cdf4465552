import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { precompress } from '../../build/precompress';

let t: TestApp;
let consoleDir: string;
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(2000))};`;

beforeAll(async () => {
  // A stand-in for a console build, compressed by the build's own plugin.
  consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-'));
  fs.mkdirSync(path.join(consoleDir, 'assets'));
  fs.writeFileSync(path.join(consoleDir, 'index.html'), `<!doctype html><title>Console</title>${'<!-- padding -->'.repeat(100)}<script type="module" src="/assets/app-abc123.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/console-abc123.js">`);
  fs.writeFileSync(path.join(consoleDir, 'assets', 'app-abc123.js'), SCRIPT);
  fs.writeFileSync(path.join(consoleDir, 'assets', 'tiny-abc123.js'), 'export {};');
  const plugin = precompress() as { configResolved(c: unknown): void; closeBundle(): void };
  plugin.configResolved({ root: consoleDir, build: { outDir: '.' } });
  plugin.closeBundle();
  t = await createTestApp({ consoleDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(consoleDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) => t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('console assets', () => {
  it('the build writes brotli and gzip copies of every compressible file worth it', () => {
    const names = fs.readdirSync(path.join(consoleDir, 'assets')).sort();
    expect(names).toEqual(['app-abc123.js', 'app-abc123.js.br', 'app-abc123.js.gz', 'tiny-abc123.js']);
    expect(fs.existsSync(path.join(consoleDir, 'index.html.br'))).toBe(true);
  });

  it('sends the brotli copy to a browser that takes it, gzip to one that takes only gzip, the file itself otherwise', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('caches hashed files for a year and the page itself not at all', async () => {
    expect((await get('/assets/app-abc123.js', 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await get('/customer/customer-search', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain('/assets/app-abc123.js');
  });

  it('preloads the signed-in screens\' code at a signed-in address, not on the sign-in pages', async () => {
    const signedIn = zlib.brotliDecompressSync((await get('/customer/setup', 'br')).rawPayload).toString();
    expect(signedIn).toContain('rel="modulepreload"');
    for (const url of ['/', '/login', '/validate-otp', '/privacy-policy?x=1', '/cookie-policy']) {
      const br = await get(url, 'gzip, br');
      expect(br.headers['cache-control'], url).toBe('no-cache');
      expect(br.headers['content-type'], url).toMatch(/^text\/html/);
      const page = zlib.brotliDecompressSync(br.rawPayload).toString();
      expect(page, url).toContain('/assets/app-abc123.js');
      expect(page, url).not.toContain('modulepreload');
      expect((await get(url)).body, url).toBe(page);
    }
  });
});
