import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { allSlugs } from '../../server/rpc';
import { accessProblem, defineSlug, effectProblem, NON_SLUG_ROUTES, type SlugDef } from '../../server/rpc/registry';
import { mountSlugs } from '../../server/rpc/guard';
import type { Services } from '../../server/services';
import { loadConfig } from '../../server/config';
import { declaredSlugs, RESOURCES } from '../../domain/resources';
import { PRODUCT_COLLECTIONS } from '../../server/search/productCollections';

describe('slug registry (deny by default)', () => {
  it('declares a valid access rule for every slug', () => {
    const problems = allSlugs.map((s) => [s.slug, accessProblem(s.access)]).filter(([, p]) => p !== null);
    expect(problems).toEqual([]);
  });

  it('says of every slug what it does to data (reads, writes or its session), and no GET writes', () => {
    const problems = allSlugs.map((s) => [s.slug, effectProblem(s)]).filter(([, p]) => p !== null);
    expect(problems).toEqual([]);
    // Every defineMutation writes; only the sign-in steps and the search key change a session.
    expect(allSlugs.filter((s) => s.transaction && s.effect !== 'write').map((s) => s.slug)).toEqual([]);
    expect(allSlugs.filter((s) => s.effect === 'session').map((s) => s.slug).sort()).toEqual(['auth/login', 'auth/logout', 'auth/refresh', 'auth/validateOtp', 'session/getSessionToken']);
    // Uploads write; so does every slug whose permission action is edit, but a few lookups.
    expect(allSlugs.filter((s) => (s.multipart || s.jsonUpload) && s.effect !== 'write').map((s) => s.slug)).toEqual([]);
    const editReads = allSlugs.filter((s) => typeof s.access === 'object' && s.access.action === 'edit' && s.effect !== 'write').map((s) => s.slug).sort();
    expect(editReads).toEqual(['admin/getExternalSMRCodes', 'admin/getLeaseGroupLink']);
  });

  it.each([
    [{ method: 'POST' }, 'no effect declared'],
    [{ method: 'POST', effect: 'mutates' }, "unknown effect 'mutates'"],
    [{ method: 'GET', effect: 'write' }, 'a GET may not write'],
  ])('rejects the effect of %j (%s)', (def, problem) => {
    expect(effectProblem(def as Pick<SlugDef, 'method' | 'effect'>)).toBe(problem);
  });

  it('refuses to mount a slug that does not say what it does to data', () => {
    const app = Fastify();
    const services = { config: loadConfig({ NODE_ENV: 'test' }) } as Services;
    const silent = { ...defineSlug({ slug: 'test/silent', method: 'POST', effect: 'write', access: 'signed-in', handler: async () => ({}) }), effect: undefined } as unknown as SlugDef;
    expect(() => mountSlugs(app, services, [silent])).toThrow('Slug test/silent: no effect declared');
  });

  it('declares each slug once, with a method and a handler', () => {
    const names = allSlugs.map((s) => s.slug);
    expect(new Set(names).size).toBe(names.length);
    for (const s of allSlugs) {
      expect(['GET', 'POST']).toContain(s.method);
      expect(typeof s.handler).toBe('function');
      // area/name, or the API's own description, named like the file it is.
      expect(s.slug).toMatch(/^([A-Za-z][\w-]*(\/:?[\w-]+)+|openapi\.json)$/);
    }
  });

  it('checks every slug\'s input against a schema (a slug that takes nothing refuses any field)', () => {
    expect(allSlugs.filter((s) => !s.input || typeof s.input.safeParse !== 'function').map((s) => s.slug)).toEqual([]);
  });

  it('has every slug the entity declarations call, with the same method', () => {
    const registry = new Map(allSlugs.map((s) => [s.slug, s.method]));
    const missing = declaredSlugs().filter((d) => registry.get(d.slug) !== d.method);
    expect(missing).toEqual([]);
    expect(declaredSlugs().length).toBeGreaterThan(10);
  });

  it('serves every collection the entity declarations search, and searches nothing undeclared', () => {
    const declared = RESOURCES.flatMap((r) => (r.search ? [r.search.collection] : [])).sort();
    expect(PRODUCT_COLLECTIONS.map((c) => c.name).sort()).toEqual(declared);
  });

  it('keeps the sign-in rules: only sign-in, versions and the driver mandate link are public', () => {
    const byAccess = (a: string) => allSlugs.filter((s) => s.access === a).map((s) => s.slug).sort();
    expect(byAccess('public')).toEqual(['auth/login', 'config/versions', 'driverMandate/accept', 'driverMandate/verify']);
    expect(byAccess('pending-otp')).toEqual(['auth/validateOtp']);
    expect(byAccess('any-session')).toEqual(['auth/logout']);
    // Calls that guess secrets carry the per-IP limit.
    expect(allSlugs.filter((s) => s.rateLimited).map((s) => s.slug).sort()).toEqual(['auth/login', 'auth/validateOtp', 'driverMandate/accept', 'driverMandate/verify']);
  });

  it('lists a reason for every route mounted outside the guard', () => {
    const routes = NON_SLUG_ROUTES.map((r) => `${r.method} ${r.url}`);
    expect(new Set(routes).size).toBe(routes.length);
    const slugUrls = allSlugs.map((s) => `/api/v1/${s.slug}`);
    for (const r of NON_SLUG_ROUTES) {
      const route = `${r.method} ${r.url}`;
      expect(['GET', 'POST', 'OPTIONS'], route).toContain(r.method);
      expect(r.url, route).toMatch(/^\/api\/v1\//);
      expect(slugUrls, route).not.toContain(r.url);
      // The reason names what checks the caller (a session, a scoped search key, a permission, a
      // provider's webhook signature), or says why there is nothing to protect.
      expect(r.protectedBy, route).toMatch(/^nothing to protect: \S.{10,}$|\b(session|scoped search key|permission|webhook signature)\b/);
    }
  });

  it.each([
    [undefined, 'no access declared'],
    [null, 'no access declared'],
    ['signed_in', "unknown access 'signed_in'"],
    [{}, "unknown permission 'undefined'"],
    [{ permission: 'NOPE', action: 'view' }, "unknown permission 'NOPE'"],
    [{ permission: '__proto__', action: 'view' }, "unknown permission '__proto__'"],
    [{ permission: 'customer', action: 'delete' }, "unknown action 'delete'"],
    [{ permission: 'customer', action: 'view', extra: 1 }, 'unexpected access keys: extra'],
    [['public'], 'no access declared'],
  ])('rejects %j (%s)', (access, problem) => {
    expect(accessProblem(access)).toBe(problem);
  });

  it.each(['public', 'pending-otp', 'any-session', 'signed-in', { permission: 'customer', action: 'edit' }, { permission: 'UNIVERSAL', action: 'view' }])('accepts %j', (access) => {
    expect(accessProblem(access)).toBeNull();
  });

  it('refuses to mount a slug without a valid access rule', () => {
    const app = Fastify();
    const services = { config: loadConfig({ NODE_ENV: 'test' }) } as Services;
    const bad = { ...defineSlug({ slug: 'test/bad', method: 'GET', effect: 'read', access: 'signed-in', handler: async () => ({}) }), access: undefined } as unknown as SlugDef;
    expect(() => mountSlugs(app, services, [bad])).toThrow('Slug test/bad: no access declared');
    const typo = { ...bad, access: { permission: 'custmer', action: 'view' } } as unknown as SlugDef;
    expect(() => mountSlugs(app, services, [typo])).toThrow("unknown permission 'custmer'");
  });
});
