import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';
import { png } from '../fixtures/png';

let t: TestApp;
let consoleDir: string;
let editor: Browser;

beforeAll(async () => {
  // A stand-in for the built console, so its pages get their headers too.
  consoleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-'));
  fs.mkdirSync(path.join(consoleDir, 'assets'));
  fs.writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><script type="module" src="/assets/app.js"></script>');
  fs.writeFileSync(path.join(consoleDir, 'assets', 'app.js'), 'console.log(1)');
  t = await createTestApp({ consoleDir });
  await createAdmin(t, 'EDITOR');
  editor = new Browser(t);
  await editor.signIn('editor@test.example');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(consoleDir, { recursive: true, force: true });
});

const CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join(';');

describe('security headers', () => {
  it('sends the policy and the usual headers on the console, its files, the API, errors and images', async () => {
    const logo = await editor.post('admin/uploadCustomerLogo', { fileName: 'logo.png', contentBase64: png(10, 10).toString('base64') });
    const answers = {
      page: await t.app.inject({ method: 'GET', url: '/customer/setup' }),
      asset: await t.app.inject({ method: 'GET', url: '/assets/app.js' }),
      health: await t.app.inject({ method: 'GET', url: '/healthz' }),
      api: await t.app.inject({ method: 'GET', url: '/api/v1/config/versions' }),
      unknown: await t.app.inject({ method: 'GET', url: '/api/v1/no/such/call' }),
      refused: await new Browser(t).post('auth/session'),
      logo: await editor.get(`admin/getCustomerLogo?fileId=${logo.json().fileId}`),
    };
    expect(answers.page.body).toContain('/assets/app.js');
    expect(answers.logo.headers['content-type']).toBe('image/png');
    for (const [name, res] of Object.entries(answers)) {
      expect(res.headers['content-security-policy'], name).toBe(CSP);
      expect(res.headers, name).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'same-origin',
        'strict-transport-security': 'max-age=31536000',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
      });
    }
  });
});
