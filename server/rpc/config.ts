import type { VersionsResponse } from '../../domain/auth';
import { defineSlug } from './registry';
import { noInputSchema } from '../../domain/lists';

/** The console version this server serves; the console compares it with its own (release check). */
export const versions = defineSlug({
  slug: 'config/versions',
  method: 'GET',
  effect: 'read',
  access: 'public',
  input: noInputSchema,
  async handler({ services }): Promise<VersionsResponse> {
    return { diAdmin: services.config.consoleVersion };
  },
});

export const configSlugs = [versions];
