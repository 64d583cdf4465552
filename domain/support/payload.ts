import { z } from 'zod';

/**
 * The `user` the support calls carry (spec 3 §7): accepted as sent and never trusted; the server
 * records the signed-in admin instead.
 */
export const actingUserSchema = z.looseObject({ firstname: z.string().max(100).optional(), lastname: z.string().max(100).optional() }).optional();
