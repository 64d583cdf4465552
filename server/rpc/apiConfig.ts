/** API ids and allowed endpoints of lease companies and groups (spec 1 §2 API Integrations). */
import type { SlugDef } from './registry';

export const apiConfigSlugs: SlugDef[] = [];
