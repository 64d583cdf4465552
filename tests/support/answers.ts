import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** The body of a 200 answer (anything else fails the test, showing the body). */
export function ok(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * A check that a call is answered `status` (with `message`, when given) and writes nothing: what
 * `state` reads (the tables the calls could change) is the same before and after.
 */
export function refusalCheck(state: () => Promise<unknown>) {
  return async function refused(call: () => Promise<LightMyRequestResponse>, status: number, message?: string): Promise<LightMyRequestResponse> {
    const before = await state();
    const res = await call();
    expect(res.statusCode, res.body).toBe(status);
    if (message !== undefined) expect(res.json().error.message).toBe(message);
    expect(await state()).toEqual(before);
    return res;
  };
}
