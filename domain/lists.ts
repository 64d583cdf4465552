import { z } from 'zod';
import { isRecordId } from './common';

/**
 * The input of a plain entity's list and record slugs: react-admin's getList, getOne and getMany
 * params as they are, so the dataProvider needs no mapping. Filtering, sorting and paging happen on
 * the server, over the fields each entity allows.
 */

/** Most rows one page may ask for. */
export const LIST_MAX_PER_PAGE = 100;
/** Deepest page: offset paging beyond this is a scan nobody reads. */
export const LIST_MAX_PAGE = 10_000;

export const SORT_ORDERS = ['ASC', 'DESC'] as const;

export const uuidSchema = z.string().refine(isRecordId, 'Not a record id');

/** A day as react-admin's DateInput gives it: YYYY-MM-DD. */
export const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Not a date (YYYY-MM-DD)')
  // A day that exists: '2026-02-30' would otherwise roll over to 2 March.
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
  }, 'Not a date (YYYY-MM-DD)');

/** A short free-text filter: trimmed, at most 100 characters; empty means no filter (an autocomplete asks with q ''). */
export const filterTextSchema = z.string().trim().max(100);

/** getList's { filter, sort, pagination } for an entity's filter fields and sortable fields. */
export function listQuerySchema<F extends z.ZodRawShape, S extends readonly [string, ...string[]]>(filter: F, sortFields: S) {
  return z
    .object({
      filter: z.object(filter).strict().default({} as never),
      sort: z.object({ field: z.enum(sortFields), order: z.enum(SORT_ORDERS) }).strict().optional(),
      pagination: z
        .object({ page: z.number().int().min(1).max(LIST_MAX_PAGE), perPage: z.number().int().min(1).max(LIST_MAX_PER_PAGE) })
        .strict()
        .default({ page: 1, perPage: 25 }),
    })
    .strict();
}

/** getOne's { id }. */
export function recordIdSchema<T extends z.ZodType<string>>(id: T) {
  return z.object({ id }).strict();
}

/** getMany's { ids }. */
export function recordIdsSchema<T extends z.ZodType<string>>(id: T) {
  return z.object({ ids: z.array(id).max(LIST_MAX_PER_PAGE) }).strict();
}

/** What a list slug answers: one page and the count of every match. */
export interface ListAnswer<T> {
  data: T[];
  total: number;
}

/** The input of a slug that takes nothing: any field is refused, as every slug's input is checked. */
export const noInputSchema = z.object({}).strict();
