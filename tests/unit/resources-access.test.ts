import { describe, expect, it } from 'vitest';
import { ROLE_PRESETS } from '../../domain/permissions';
import { RESOURCES } from '../../domain/resources';
import { accessRule, canAccessResource } from '../../domain/resources/access';
import { authProvider } from '../../authProvider';
import { setSession } from '../../authProvider/session';
import type { SessionResponse } from '../../domain/session';
import { ACCESS_MATRIX, GRID_ACTIONS, PRESETS } from '../fixtures/permissionMatrix';

describe('canAccess over the entity declarations (tests/fixtures/permissionMatrix.ts ACCESS_GRID)', () => {
  it('covers every declared entity and every action an entity declares', () => {
    expect([...new Set(ACCESS_MATRIX.map((r) => r.resource))].sort()).toEqual(RESOURCES.map((r) => r.name).sort());
    const declared = RESOURCES.flatMap((r) => [...Object.keys(r.actions ?? {}), ...Object.keys(r.commands ?? {})]);
    for (const action of declared) expect(GRID_ACTIONS).toContain(action);
  });

  it.each(PRESETS)('allows %s exactly what the grid says', (preset) => {
    const wrong = ACCESS_MATRIX.filter((r) => r.preset === preset && canAccessResource(ROLE_PRESETS[preset], r.resource, r.action) !== r.expected);
    expect(wrong).toEqual([]);
  });

  it('goes through authProvider.canAccess for the signed-in roles', async () => {
    for (const preset of PRESETS) {
      setSession({ csrfToken: 't', role: preset, roles: ROLE_PRESETS[preset], user: { uid: preset, firstname: 'A', lastname: 'B', email: 'a@b.c' } } as unknown as SessionResponse);
      for (const row of ACCESS_MATRIX.filter((r) => r.preset === preset)) {
        expect(await authProvider.canAccess!({ resource: row.resource, action: row.action }), `${preset} ${row.action} ${row.resource}`).toBe(row.expected);
      }
    }
  });

  it('denies unknown entities, undeclared actions and missing roles', () => {
    const all = ROLE_PRESETS.SUPER_ADMIN;
    expect(canAccessResource(all, 'nothing', 'list')).toBe(false);
    expect(canAccessResource(all, '__proto__', 'list')).toBe(false);
    expect(canAccessResource(all, 'audit-log', 'delete')).toBe(false);
    expect(canAccessResource(all, 'customer', 'hasOwnProperty')).toBe(false);
    expect(canAccessResource(all, 'customer', 'constructor')).toBe(false);
    expect(canAccessResource(null, 'process-logs', 'show')).toBe(false);
    for (const r of RESOURCES) expect(accessRule(r, 'purge')).toBeNull();
  });
});
