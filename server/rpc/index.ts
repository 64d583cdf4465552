import type { SlugDef } from './registry';
import { authSlugs } from './auth';
import { sessionSlugs } from './session';
import { configSlugs } from './config';
import { customerSlugs } from './customers';

/** Every slug of the API, each declared once. The guard mounts them; a test walks them. */
export const allSlugs: SlugDef[] = [...authSlugs, ...sessionSlugs, ...configSlugs, ...customerSlugs] as SlugDef[];
