import argon2 from 'argon2';

/** argon2id with OWASP's second profile: 19 MiB, t=2, p=1 (ASVS appendix C). */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

let dummyHash: Promise<string> | null = null;

/** Verifies a password. Without a stored hash it still does the work, so timing does not tell
 * whether the account exists. */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('not-a-real-password-used-for-timing');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}

export const MIN_PASSWORD_LENGTH = 12;
