/**
 * One call of a slug as the console sends it (the session's cookie, and its CSRF token on a POST),
 * for the benchmarks. A call refused as busy (503 with Retry-After, server/admission.ts) changed
 * nothing, so it is sent again after the wait (counted by `onRefused`). Without server imports, so
 * a load generator in a process of its own stays light.
 */
import { CSRF_HEADER } from '../../domain/auth';

export type Send = (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<Response>;

export interface SlugRequest {
  base: string;
  method: 'GET' | 'POST';
  slug: string;
  body?: unknown;
  cookie: string;
  csrf: string;
}

/** The answer's response (its JSON not read yet); a 503 with Retry-After is sent again. */
export async function sendSlug(send: Send, req: SlugRequest, onRefused: () => void = () => undefined): Promise<Response> {
  for (;;) {
    const res = await send(`${req.base}/api/v1/${req.slug}`, {
      method: req.method,
      headers: { cookie: req.cookie, ...(req.method === 'POST' ? { 'content-type': 'application/json', [CSRF_HEADER]: req.csrf } : {}) },
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
    });
    if (res.status !== 503 || !res.headers.has('retry-after')) return res;
    onRefused();
    await res.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after')) * 1000));
  }
}

/** The answer's JSON; a failing status throws with the slug and the answer. */
export async function jsonOf(slug: string, res: Response): Promise<Record<string, any>> {
  const json = (await res.json()) as Record<string, any>;
  if (!res.ok) throw new Error(`${slug}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
