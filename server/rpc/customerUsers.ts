/** Users and invitations of a lease company (spec 1 §2 Users and Invite User drawers). */
import type { SlugDef } from './registry';

export const customerUserSlugs: SlugDef[] = [];
