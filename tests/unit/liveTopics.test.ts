import { describe, expect, it } from 'vitest';
import { canSubscribe, LIVE_TOPICS, parseTopic, topics } from '../../domain/live';
import { PERMISSIONS, ROLE_PRESETS } from '../../domain/permissions';

describe('live topics', () => {
  it('parses declared topics and refuses anything else', () => {
    expect(parseTopic('leaseCompany:0b6f-AZ_9')).toEqual({ kind: 'leaseCompany', id: '0b6f-AZ_9' });
    expect(parseTopic('fileValidation')).toEqual({ kind: 'fileValidation', id: undefined });
    for (const bad of ['', 'leaseCompany', 'leaseCompany:', 'fileValidation:x', 'invoices:1', 'leaseCompany:a/b', `leaseCompany:${'x'.repeat(65)}`, 'toString', '__proto__:x']) {
      expect(parseTopic(bad), bad).toBeNull();
    }
  });

  it('maps each topic to the permission declared for it', () => {
    expect(canSubscribe(ROLE_PRESETS.VIEWER, topics.leaseCompany('a'))).toBe(true);
    expect(canSubscribe(ROLE_PRESETS.VIEWER, topics.networkImport('a'))).toBe(false);
    expect(canSubscribe(ROLE_PRESETS.FINANCE, topics.networkImport('a'))).toBe(true);
    expect(canSubscribe(ROLE_PRESETS.SUPPORT, topics.fileValidation())).toBe(false);
    expect(canSubscribe(ROLE_PRESETS.SUPER_ADMIN, 'unknown')).toBe(false);
    expect(canSubscribe(null, topics.fileValidation())).toBe(false);
    // Process logs have no permission check: any signed-in admin, nobody else.
    expect(canSubscribe(ROLE_PRESETS.VIEWER, topics.processLogs())).toBe(true);
    expect(canSubscribe({}, topics.processLogs())).toBe(true);
    expect(canSubscribe(null, topics.processLogs())).toBe(false);
  });

  it('names only permissions of the catalogue', () => {
    for (const def of Object.values(LIVE_TOPICS)) {
      const guards: readonly { permission: string }[] | 'signed-in' = def.guards;
      if (guards === 'signed-in') continue;
      for (const g of guards) expect(Object.keys(PERMISSIONS)).toContain(g.permission);
    }
  });
});
