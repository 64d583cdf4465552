/** A customer's webhook subscriptions and retailer payment-platform mapping (spec 1 §2, §4, §5). */
import type { SlugDef } from './registry';

export const customerConnectionSlugs: SlugDef[] = [];
