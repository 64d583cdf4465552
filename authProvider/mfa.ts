/**
 * The passcode step in memory (spec 1 §4): who passed the password step and is now asked for the
 * passcode. Nothing is persisted, so a reload of /validate-otp goes back to /login.
 */
export interface PendingMfa {
  uid: string;
  email: string;
}

let pending: PendingMfa | null = null;

export function setPendingMfa(value: PendingMfa): void {
  pending = value;
}

export function getPendingMfa(): PendingMfa | null {
  return pending;
}

export function clearPendingMfa(): void {
  pending = null;
}

/** The OTP screen may show only for the user id passed to it in navigation state. */
export function matchesPendingMfa(navigationUid: unknown): boolean {
  return pending !== null && typeof navigationUid === 'string' && navigationUid === pending.uid;
}
