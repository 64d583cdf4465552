import { HttpError } from 'react-admin';
import { CSRF_HEADER, type ApiErrorBody } from '../domain/session';
import { BILLING_UNAVAILABLE, MESSAGES } from '../domain/messages';
import { IDEMPOTENCY_KEY_HEADER } from '../domain/idempotency';

/**
 * The one way the console talks to the API: /api/v1/{slug}, JSON, same-origin cookies.
 * Both providers use it, so CSRF, error mapping and the generic error banner live in one place.
 */

export interface CallOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  /** GET query parameters. */
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Background calls (release check, keep-alive) fail quietly instead of raising the banner. */
  background?: boolean;
  /** Calls where 401 is an expected answer (session probe, sign-in steps, sign-out). */
  expectUnauthenticated?: boolean;
  /**
   * Sent as the Idempotency-Key header (a UUID, e.g. crypto.randomUUID()) of a call that writes:
   * one key per user action, the same key again when that action is retried, so the server runs it
   * once and answers a repeat with the first answer (domain/idempotency.ts).
   */
  idempotencyKey?: string;
}

let csrfToken = '';

/** Kept in memory only: the token of the latest LoginResponse or SessionResponse. */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

type Listener = () => void;
const serverFailureListeners = new Set<Listener>();
const unauthorizedListeners = new Set<Listener>();
const busyListeners = new Set<Listener>();

/** 5xx or network failure: the shell shows 'Error occurred from api.' (spec 1 §8). */
export function onServerFailure(listener: Listener): () => void {
  serverFailureListeners.add(listener);
  return () => serverFailureListeners.delete(listener);
}

/**
 * The server refused a call at once because it is overloaded (503; server/admission.ts). Nothing
 * was done, so the layout offers to try again instead of raising the error banner.
 */
export function onServerBusy(listener: Listener): () => void {
  busyListeners.add(listener);
  return () => busyListeners.delete(listener);
}

/** A signed-in call answered 401: the session has ended on the server. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

function emit(listeners: Set<Listener>): void {
  for (const l of [...listeners]) l();
}

/**
 * The error every failing call rejects with; react-admin forms read body.errors as field errors.
 * `announced`: the banner has already shown 'Error occurred from api.' for it.
 */
export type ApiHttpError = HttpError & { body: { code: string; errors?: Record<string, string>; current?: unknown; announced?: boolean } | null };

/**
 * The error of a call the server refused as busy. The busy notice says so (not the 'Error occurred
 * from api.' banner), so, as after the banner, a screen's own text says what failed (failureText).
 */
export function serverBusyError(background = false): HttpError {
  if (!background) emit(busyListeners);
  return new HttpError(MESSAGES.serverBusy, 503, { code: 'BUSY', ...(background ? {} : { announced: true }) });
}

function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}

export async function callApi<T>(slug: string, options: CallOptions = {}): Promise<T> {
  const method = options.method ?? 'POST';
  let url = `/api/v1/${slug}`;
  if (options.query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(options.query)) if (v !== undefined) params.set(k, String(v));
    const qs = params.toString();
    if (qs) url += `?${qs}`;
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method === 'POST') {
    headers['content-type'] = 'application/json';
    if (csrfToken) headers[CSRF_HEADER] = csrfToken;
    if (options.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey;
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: method === 'POST' ? JSON.stringify(options.body ?? {}) : undefined,
      signal: options.signal,
    });
  } catch (err) {
    if (isAbort(err)) throw err;
    if (!options.background) emit(serverFailureListeners);
    throw new HttpError(MESSAGES.apiError, 0, { code: 'NETWORK', announced: !options.background });
  }

  const text = await response.text();
  let payload: unknown = null;
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = null;
    }
  }
  if (response.ok) return payload as T;

  const error = (payload as ApiErrorBody | null)?.error as (ApiErrorBody['error'] & { current?: unknown }) | undefined;
  if (response.status === 503 && error?.code === 'BUSY') throw serverBusyError(options.background);
  // A billing provider outage is not ours: the screen that asked says so in the server's words.
  const ours = response.status >= 500 && error?.code !== BILLING_UNAVAILABLE;
  const announced = ours && !options.background;
  if (announced) emit(serverFailureListeners);
  if (response.status === 401 && !options.expectUnauthenticated) emit(unauthorizedListeners);
  const message = ours ? MESSAGES.apiError : (error?.message ?? response.statusText);
  throw new HttpError(message, response.status, {
    code: error?.code ?? `HTTP_${response.status}`,
    ...(announced ? { announced } : {}),
    ...(error?.fields ? { errors: error.fields } : {}),
    // A 409 CONFLICT carries the record as it is now, so the form can say what changed.
    ...(error?.current !== undefined ? { current: error.current } : {}),
  });
}

export interface UploadOptions {
  /** The share of the bytes sent so far, 0 to 1. */
  onProgress?(fraction: number): void;
  /** Cancels the upload; the promise then rejects with an AbortError. */
  signal?: AbortSignal;
  /** Sent as the Idempotency-Key header, as CallOptions.idempotencyKey. */
  idempotencyKey?: string;
}

/**
 * A multipart POST to `/api/v1/{slug}`, reporting upload progress. XMLHttpRequest rather than
 * fetch because only it reports upload progress. Errors reject with the same HttpError callApi
 * raises, so field messages (body.errors.file) show next to the field.
 */
export function uploadForm<T>(slug: string, form: FormData, { onProgress, signal, idempotencyKey }: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const cancelled = () => new DOMException('The upload was cancelled.', 'AbortError');
    if (signal?.aborted) return reject(cancelled());
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.open('POST', `/api/v1/${slug}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    if (csrfToken) xhr.setRequestHeader(CSRF_HEADER, csrfToken);
    if (idempotencyKey) xhr.setRequestHeader(IDEMPOTENCY_KEY_HEADER, idempotencyKey);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new HttpError(MESSAGES.apiError, 0, { code: 'NETWORK' }));
    xhr.onabort = () => reject(cancelled());
    xhr.onload = () => {
      let payload: unknown = null;
      try {
        payload = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        payload = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(payload as T);
      const error = (payload as ApiErrorBody | null)?.error;
      if (xhr.status === 503 && error?.code === 'BUSY') return reject(serverBusyError());
      const message = xhr.status >= 500 ? MESSAGES.apiError : (error?.message ?? xhr.statusText);
      reject(new HttpError(message, xhr.status, { code: error?.code ?? `HTTP_${xhr.status}`, ...(error?.fields ? { errors: error.fields } : {}) }));
    };
    xhr.send(form);
  });
}

export function isHttpError(err: unknown): err is ApiHttpError {
  return err instanceof HttpError;
}

/**
 * What a screen says about a failed call: the server's message, or `fallback` (what failed, in the
 * screen's words) when there is none or when the banner has already said 'Error occurred from
 * api.' for this failure, so that text is shown once (spec 1 §8).
 */
export function failureText(err: unknown, fallback: string): string {
  if (isHttpError(err) && err.body?.announced) return fallback;
  return (err as Error | null)?.message || fallback;
}
