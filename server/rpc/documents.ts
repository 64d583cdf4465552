/** Documents of customers, groups and suppliers: upload, read, delete (spec 1 §2 Documents drawer, §7). */
import type { SlugDef } from './registry';

export const documentSlugs: SlugDef[] = [];
