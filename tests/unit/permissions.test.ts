import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { can, PERMISSIONS, ROLE_NAMES, ROLE_PRESETS, rolesFor, UNIVERSAL, type Roles } from '../../domain/permissions';
import { searchableCollections } from '../../domain/search';
import { RESOURCES } from '../../domain/resources';
import { actionGuards, canAccessResource } from '../../domain/resources/access';
import { AREAS, COLLECTIONS, PERMISSION_MATRIX, PRESETS, SIDEBAR } from '../fixtures/permissionMatrix';

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', 'isPrototypeOf'];

describe('can()', () => {
  it('passes every check for the universal permission, whatever its actions', () => {
    expect(can({ [UNIVERSAL]: [] }, 'anything', 'edit')).toBe(true);
    expect(can({ [UNIVERSAL]: ['view'] }, 'customer', 'edit')).toBe(true);
  });

  it('denies by default', () => {
    expect(can(null, 'customer')).toBe(false);
    expect(can(undefined, 'customer')).toBe(false);
    expect(can({}, 'customer')).toBe(false);
    expect(can({ customer: ['view'] }, 'customer', 'edit')).toBe(false);
    expect(can({ customer: ['view'] }, 'supplier', 'view')).toBe(false);
    expect(can({ customer: 'view' as unknown as string[] }, 'customer', 'view')).toBe(false);
    expect(can({ customer: ['view'] }, 'customer')).toBe(true);
  });

  it('never passes on prototype keys', () => {
    for (const key of PROTOTYPE_KEYS) {
      expect(can({}, key, 'view')).toBe(false);
      expect(can({ customer: ['view', 'edit'] }, key, 'edit')).toBe(false);
      for (const preset of ROLE_NAMES.filter((r) => r !== 'SUPER_ADMIN')) expect(can(ROLE_PRESETS[preset], key, 'view')).toBe(false);
    }
    // A roles map parsed from JSON can carry an own __proto__ key; it is just an unknown permission.
    const parsed = JSON.parse('{"__proto__": ["view"], "customer": ["view"]}') as Roles;
    expect(can(parsed, 'supplier', 'view')).toBe(false);
    expect(can(Object.create({ [UNIVERSAL]: ['view'] }) as Roles, 'customer', 'view')).toBe(false);
  });

  it('never throws and only passes for held actions (property)', () => {
    const rolesArb = fc.dictionary(fc.oneof(fc.constantFrom(...Object.keys(PERMISSIONS), ...PROTOTYPE_KEYS), fc.string()), fc.anything());
    fc.assert(
      fc.property(rolesArb, fc.oneof(fc.string(), fc.constantFrom(...PROTOTYPE_KEYS)), fc.constantFrom('view', 'edit') as fc.Arbitrary<'view' | 'edit'>, (roles, permission, action) => {
        const result = can(roles as Roles, permission, action);
        const own = (k: string) => Object.prototype.hasOwnProperty.call(roles, k);
        const held = own(permission) && Array.isArray(roles[permission]) && (roles[permission] as unknown[]).includes(action);
        expect(result).toBe(own(UNIVERSAL) || held);
      }),
      { numRuns: 3000 },
    );
  });

  it('gives an unknown role no permission at all', () => {
    expect(rolesFor('NOPE')).toEqual({});
    expect(rolesFor('__proto__')).toEqual({});
    expect(rolesFor('constructor')).toEqual({});
  });
});

describe('permission matrix (tests/fixtures/permissionMatrix.ts)', () => {
  it('covers every preset and every permission of the catalogue', () => {
    expect([...PRESETS].sort()).toEqual([...ROLE_NAMES].sort());
    expect([...new Set(PERMISSION_MATRIX.map((r) => r.permission))].sort()).toEqual(Object.keys(PERMISSIONS).sort());
  });

  it.each(PRESETS)('%s holds exactly the permissions of the matrix', (preset) => {
    const wrong = PERMISSION_MATRIX.filter((r) => r.preset === preset && can(ROLE_PRESETS[preset], r.permission, r.action) !== r.expected);
    expect(wrong).toEqual([]);
  });

  it.each(PRESETS)('%s sees the right sidebar entries', (preset) => {
    const visible = RESOURCES.filter((r) => r.menu && canAccessResource(ROLE_PRESETS[preset], r.name, 'list')).map((r) => r.label);
    expect(visible).toEqual(SIDEBAR[preset]);
  });

  it.each(PRESETS)('%s passes the right area guards', (preset) => {
    const open = RESOURCES.filter((r) => r.menu && canAccessResource(ROLE_PRESETS[preset], r.name, 'show')).map((r) => r.name);
    expect(open.sort()).toEqual([...AREAS[preset]].sort());
  });

  it.each(PRESETS)('%s may search the right collections', (preset) => {
    expect(searchableCollections(ROLE_PRESETS[preset]).sort()).toEqual([...COLLECTIONS[preset]].sort());
  });

  it('guards only with permissions of the catalogue', () => {
    const guards = RESOURCES.flatMap((r) => [
      ...(r.route ? [r.route] : []),
      ...(r.menu?.guard ? [r.menu.guard] : []),
      ...Object.values(r.actions ?? {}).flatMap(actionGuards),
      ...(r.search?.guards ?? []),
    ]);
    for (const g of guards) expect(Object.keys(PERMISSIONS)).toContain(g.permission);
    expect(searchableCollections({})).toEqual([]);
  });
});
