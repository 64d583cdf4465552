import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allSlugs } from '../../server/rpc';
import { Browser, createAdmin, createTestApp, type TestApp } from '../support/app';

/** GET openapi.json: the slug registry as an OpenAPI 3.1 document, to signed-in admins only. */
let t: TestApp;
let viewer: Browser;

beforeAll(async () => {
  t = await createTestApp();
  await createAdmin(t, 'VIEWER');
  viewer = new Browser(t);
  await viewer.signIn('viewer@test.example');
});
afterAll(() => t.close());

type Operation = { parameters: { name: string; in: string; required: boolean }[]; requestBody?: unknown; responses: Record<string, unknown>; description: string; 'x-effect': string };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

describe('openapi.json', () => {
  it('is refused without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(401);
  });

  it('is a valid OpenAPI 3.1 document listing every slug with its method, input, errors and permission', async () => {
    const res = await viewer.get('openapi.json');
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json() as Document;
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);

    const listed = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const mounted = allSlugs.map((s) => `${s.method} /api/v1/${s.slug.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
    expect(listed.sort()).toEqual(mounted.sort());

    for (const def of allSlugs) {
      const op = doc.paths[`/api/v1/${def.slug.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`][def.method.toLowerCase()];
      expect(op['x-effect'], def.slug).toBe(def.effect);
      if (typeof def.access === 'object') {
        expect(op.description, def.slug).toContain(`Needs ${def.access.permission}`);
        expect(op.responses['403'], def.slug).toBeDefined();
      }
      if (def.access !== 'public') expect(op.responses['401'], def.slug).toBeDefined();
      if (def.input) expect(op.responses['400'], def.slug).toBeDefined();
      if (def.effect === 'write') expect(op.parameters.some((p) => p.name === 'Idempotency-Key'), def.slug).toBe(true);
      if (def.method === 'POST' && def.input && !def.multipart) expect(op.requestBody, def.slug).toBeDefined();
      if (def.unavailable) expect((op.responses['503'] as { description: string }).description, def.slug).toContain(def.unavailable.code);
    }
  });

  it("describes an input's fields and which are required", async () => {
    const doc = (await viewer.get('openapi.json')).json() as Document & { paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown>; required?: string[] } }> } }>> };
    const login = doc.paths['/api/v1/auth/login'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(login.properties)).toEqual(expect.arrayContaining(['userName', 'password']));
    expect(login.required).toEqual(expect.arrayContaining(['userName', 'password']));
  });
});
