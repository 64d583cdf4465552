/** Network export and import of a customer or of the DI network, run as background jobs (spec 1 §2-§9). */
import type { SlugDef } from './registry';

export const networkSlugs: SlugDef[] = [];
