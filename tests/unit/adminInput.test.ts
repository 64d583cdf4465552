import { describe, expect, it } from 'vitest';
import { checkPassword, checkRole, CommandError, formatAdminList, normaliseEmail } from '../../server/admin/commands';
import { MIN_PASSWORD_LENGTH } from '../../server/auth/passwords';

describe('operator command input', () => {
  it('requires a role preset by its exact name', () => {
    expect(checkRole('EDITOR')).toBe('EDITOR');
    for (const bad of ['editor', 'ADMIN', '', undefined, '__proto__', 'constructor']) expect(() => checkRole(bad)).toThrow(CommandError);
    expect(() => checkRole('ADMIN')).toThrow("Unknown role 'ADMIN': use one of SUPER_ADMIN, EDITOR, VIEWER, SUPPORT, FINANCE.");
  });

  it('requires a password of MIN_PASSWORD_LENGTH to 1024 characters, kept as given', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(12);
    expect(() => checkPassword('x'.repeat(MIN_PASSWORD_LENGTH - 1))).toThrow('The password must be at least 12 characters long.');
    expect(checkPassword('x'.repeat(MIN_PASSWORD_LENGTH))).toBe('xxxxxxxxxxxx');
    expect(checkPassword(' '.repeat(3) + 'y'.repeat(20))).toBe('   yyyyyyyyyyyyyyyyyyyy');
    expect(checkPassword('p'.repeat(1024))).toHaveLength(1024);
    expect(() => checkPassword('p'.repeat(1025))).toThrow('The password must be at most 1024 characters long.');
    expect(() => checkPassword(undefined)).toThrow('--password is required.');
    // Counted in characters, not UTF-16 units: twelve emoji are twelve characters.
    expect(checkPassword('🔑'.repeat(12))).toBe('🔑'.repeat(12));
  });

  it('requires an e-mail shape and lower-cases it', () => {
    expect(normaliseEmail('  Ann.Lee@Example.COM ')).toBe('ann.lee@example.com');
    for (const bad of ['', 'ann', 'ann@', '@example.com', 'ann@example', 'a b@example.com', `${'a'.repeat(250)}@x.io`]) {
      expect(() => normaliseEmail(bad)).toThrow(CommandError);
    }
  });

  it('prints a readable table', () => {
    const out = formatAdminList([
      { email: 'a@x.io', firstname: 'Ann', lastname: 'Lee', role: 'EDITOR', disabled: false, lockedUntil: null, liveSessions: 2 },
      { email: 'b@x.io', firstname: 'Bo', lastname: 'Ng', role: 'VIEWER', disabled: true, lockedUntil: null, liveSessions: 0 },
    ]);
    expect(out.split('\n')).toEqual([
      'E-MAIL  NAME     ROLE    STATUS    SESSIONS',
      'a@x.io  Ann Lee  EDITOR  active    2',
      'b@x.io  Bo Ng    VIEWER  disabled  0',
    ]);
  });
});
