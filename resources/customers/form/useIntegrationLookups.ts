import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../../../dataProvider';
import type { IntegrationLookup } from '../../../domain/customers';

const NONE: IntegrationLookup[] = [];

/** The integration lookup lists (GET admin/getIntegrationLookUp), read once per page load; a failure is asked again by the next form. */
export function useIntegrationLookups(): { lookups: IntegrationLookup[]; error: boolean } {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const query = useQuery({ queryKey: ['customer', 'integrationLookups'], queryFn: ({ signal }) => dataProvider.integrationLookups(signal), staleTime: Infinity, retry: false });
  return { lookups: query.data ?? NONE, error: query.isError };
}
