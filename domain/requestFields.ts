import { z } from 'zod';

/** An id a call names its record by: required ('{name} is required'), trimmed, at most 64 characters. */
export const requiredId = (name: string) => z.string({ error: `${name} is required` }).trim().min(1, `${name} is required`).max(64);
