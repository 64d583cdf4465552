/** An error the API reports to the caller as `{ error: { code, message, fields? } }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** More members of the error body, e.g. `current` of a 409 CONFLICT. Never overrides code or message. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const unauthenticated = () => new ApiError(401, 'UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
export const forbidden = () => new ApiError(403, 'FORBIDDEN', 'You do not have permission to do this.');
export const notFound = (what = 'Record') => new ApiError(404, 'RECORD_NOT_FOUND', `${what} not found!`);
/** A stale version; `current` (the record as it is now) lets the console show what changed. */
export const conflict = (current?: unknown) =>
  new ApiError(409, 'CONFLICT', 'Someone else changed this record after you opened it. Reload to see their changes.', undefined, current === undefined ? undefined : { current });

/** An error as the API answers it: its status and `{ error: { code, message, fields? } }`. */
export interface ErrorAnswer {
  status: number;
  body: { error: Record<string, unknown> };
}

/** The answer to an unexpected error: no detail reaches the caller (the log has it). */
export const INTERNAL_ERROR: ErrorAnswer = { status: 500, body: { error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } } };

/**
 * How the API answers `err`: an ApiError with its status, code, message, fields and details;
 * another 4xx (a Fastify or plugin error, e.g. a body too large) with its code and message; null
 * for anything else, which the app answers as a 500 without detail (server/app.ts).
 */
export function errorAnswer(err: unknown): ErrorAnswer | null {
  if (err instanceof ApiError) {
    return { status: err.status, body: { error: { ...err.details, code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) } } };
  }
  const status = (err as { statusCode?: number } | null)?.statusCode;
  if (status && status >= 400 && status < 500) {
    return { status, body: { error: { code: (err as { code?: string }).code ?? 'BAD_REQUEST', message: (err as Error).message } } };
  }
  return null;
}

/** Turns zod issues into a map of dotted field path to the first message for that field. */
export function fieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

/** A PostgreSQL unique violation (23505), wherever the driver put it in the cause chain. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** A 400 with one field's message under the field. */
export const fieldError = (field: string, message: string) => new ApiError(400, 'VALIDATION', message, { [field]: message });
