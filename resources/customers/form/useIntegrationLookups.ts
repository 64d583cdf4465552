import { useEffect, useState } from 'react';
import type { IntegrationLookup, IntegrationLookupResponse } from '../../../domain/customers';
import { getIntegrationLookUp } from '../../../dataProvider/customers';

let cached: Promise<IntegrationLookup[]> | null = null;

/** The integration lookup lists (GET admin/getIntegrationLookUp), fetched once per page load. */
export function useIntegrationLookups(): { lookups: IntegrationLookup[]; error: boolean } {
  const [lookups, setLookups] = useState<IntegrationLookup[]>([]);
  const [error, setError] = useState(false);
  useEffect(() => {
    let live = true;
    cached ??= getIntegrationLookUp<IntegrationLookupResponse>().then((r) => r.lookups);
    cached.then(
      (l) => live && setLookups(l),
      () => {
        cached = null;
        if (live) setError(true);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return { lookups, error };
}
