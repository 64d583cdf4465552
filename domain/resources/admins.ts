import { z } from 'zod';
import { filterTextSchema, listQuerySchema, recordIdSchema, uuidSchema } from '../lists';
import { UNIVERSAL } from '../permissions';
import { defineResource } from './types';

/**
 * The console's own admins (administrators), read only: who may sign in, with which role preset,
 * and when each last did. Only SUPER_ADMIN sees it: the route needs the universal permission,
 * which SUPER_ADMIN alone holds, so no permission of its own is added.
 */
export const adminsResource = defineResource({
  name: 'admins',
  label: 'Admins',
  menu: { path: '/admins', guard: null },
  route: { permission: UNIVERSAL, action: 'view' },
  records: {
    getList: { slug: 'admins/getList' },
    getOne: { slug: 'admins/getOne' },
  },
});

export const adminsListSchema = listQuerySchema({ q: filterTextSchema.optional(), role: z.string().max(40).optional() }, ['email', 'name', 'role', 'lastSignInAt']);
export const adminsOneSchema = recordIdSchema(uuidSchema);

export interface AdminRow {
  id: string;
  email: string;
  /** First and last name. */
  name: string;
  /** Its role preset (domain/permissions.ts ROLE_PRESETS). */
  role: string;
  /** When it last completed a sign-in (its newest session that passed the passcode); null: never. */
  lastSignInAt: string | null;
}
