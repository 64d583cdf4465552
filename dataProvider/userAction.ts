import { canonicalJson } from '../domain/idempotency';

/**
 * A version 4 UUID for the Idempotency-Key header. crypto.getRandomValues rather than
 * crypto.randomUUID, which a page served over plain http (not localhost) does not have.
 */
export function newIdempotencyKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What a request sends, comparable: a JSON body in canonical order; a FormData by its fields and its files' name, size, type and date. */
export function requestText(body: unknown): string {
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    const fields = [...body.entries()].map(([name, v]) => [name, typeof v === 'string' ? v : { file: v.name, size: v.size, type: v.type, modified: (v as File).lastModified }]);
    return canonicalJson(fields);
  }
  // Through JSON first, as it is sent: a Date becomes its text, undefined members go.
  return canonicalJson(body === undefined ? {} : JSON.parse(JSON.stringify(body)));
}

/**
 * One user action (a form's submission, an action button's click) and the Idempotency-Keys of the
 * writes it sends. Each attempt (the first click, a resubmission, a retry) sends its writes in the
 * same order, so the n-th call of a slug in an attempt is the n-th call of the one before: sent
 * again with the same body, it gets the same key (the server answers it once); with another body
 * (the user changed the form), a new key.
 */
export class UserAction {
  private readonly sent = new Map<string, { request: string; key: string }>();
  private readonly calls = new Map<string, number>();

  /** A new attempt: the calls are counted from the first again. */
  begin(): void {
    this.calls.clear();
  }

  keyFor(slug: string, body: unknown): string {
    const n = this.calls.get(slug) ?? 0;
    this.calls.set(slug, n + 1);
    const slot = `${slug}#${n}`;
    const request = requestText(body);
    const before = this.sent.get(slot);
    if (before?.request === request) return before.key;
    const key = newIdempotencyKey();
    this.sent.set(slot, { request, key });
    return key;
  }
}

/**
 * One action at a time for one form or button. `start` answers null while an attempt runs, so a
 * second click or Enter pressed twice does nothing, even before the button shows as disabled. A
 * success ends the action (the next click is a new one); a failure keeps it for the retry.
 */
export class ActionGate {
  private action: UserAction | null = null;
  private running = false;

  start(): UserAction | null {
    if (this.running) return null;
    this.running = true;
    this.action ??= new UserAction();
    this.action.begin();
    return this.action;
  }

  finish(succeeded: boolean): void {
    this.running = false;
    if (succeeded) this.action = null;
  }

  get busy(): boolean {
    return this.running;
  }
}
