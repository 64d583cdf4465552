/**
 * The customer screens' calls beyond react-admin's verbs, as typed methods of the console's
 * dataProvider (useDataProvider<ConsoleDataProvider>()): the API integration, webhook and retailer
 * drawers (spec 1 §7, our admin/updateLeaseWebhooks and admin/saveRetailerConfig), the
 * subscriptions list, and the form's lookups and logo upload. Errors reject with the ApiHttpError of api/client.ts.
 */
import type { ApiOwner, AllowedEndpoint, CreateApiIdResponse, GetApiConfigResponse, UpdateApiEndpointsResponse } from '../domain/apiConfig';
import type { CustomerPartSaved, IntegrationLookup, IntegrationLookupResponse, RetailerConfig, Webhooks } from '../domain/customers';
import type { AccountingCategoriesResponse, AccountingCategory } from '../domain/finance';
import type { SubscriptionListResponse, SubscriptionOwner } from '../domain/subscriptions';
import { subscriptionListPath } from '../domain/subscriptionPaths';
import type { DataIo } from './routing';

export interface CustomerCalls {
  apiConfig(owner: ApiOwner): Promise<GetApiConfigResponse>;
  /** A new API id and its secret, shown once. */
  createApiId(owner: ApiOwner): Promise<CreateApiIdResponse>;
  updateApiEndpoints(owner: ApiOwner, allowedEndpoints: AllowedEndpoint[], version: number): Promise<UpdateApiEndpointsResponse>;
  updateLeaseWebhooks(leaseCompanyId: string, version: number, webhooks: Webhooks): Promise<CustomerPartSaved>;
  saveRetailerConfig(leaseCompanyId: string, version: number, retailerConfig: RetailerConfig): Promise<CustomerPartSaved>;
  /**
   * A customer's or a supplier's subscriptions, the product's beside the billing provider's (spec 1
   * §2): the record's id in its place of the path, '-' for the others. Read with useQuery, which passes `signal`.
   */
  subscriptions(owner: SubscriptionOwner, signal?: AbortSignal): Promise<SubscriptionListResponse>;
  /** The integration types and sources of the form's Integrations section. */
  integrationLookups(signal?: AbortSignal): Promise<IntegrationLookup[]>;
  /** The accounting system's customer categories, for the Accounting Category choice. */
  accountingCategories(signal?: AbortSignal): Promise<AccountingCategory[]>;
  /** The web link logo, stored at once; its URL goes into the form. No id yet while creating. */
  uploadCustomerLogo(body: { leaseCompanyId?: string; fileName: string; contentBase64: string }): Promise<{ fileId: string; url: string }>;
}

const readKey = (o: ApiOwner) => (o.viewType === 'LEASE' ? { leaseId: o.id } : { accountId: o.id });
const writeKey = (o: ApiOwner) => (o.viewType === 'LEASE' ? { leaseCompanyId: o.id } : { accountObjectId: o.id });

export function customerCalls(io: DataIo): CustomerCalls {
  const post = <T>(slug: string, body: unknown) => io.call(slug, { method: 'POST', body }) as Promise<T>;
  return {
    apiConfig: (owner) => post('admin/getApiConfig', { ...readKey(owner), viewType: owner.viewType }),
    createApiId: (owner) => post('admin/createApiId', { ...readKey(owner), viewType: owner.viewType }),
    updateApiEndpoints: (owner, allowedEndpoints, version) => post('admin/updateApiEndpoints', { ...writeKey(owner), viewType: owner.viewType, allowedEndpoints, version }),
    updateLeaseWebhooks: (leaseCompanyId, version, webhooks) => post('admin/updateLeaseWebhooks', { leaseCompanyId, version, webhooks }),
    saveRetailerConfig: (leaseCompanyId, version, retailerConfig) => post('admin/saveRetailerConfig', { leaseCompanyId, version, retailerConfig }),
    integrationLookups: async (signal) => ((await io.call('admin/getIntegrationLookUp', { method: 'GET', signal })) as IntegrationLookupResponse).lookups,
    accountingCategories: async (signal) => ((await io.call('admin/getAccountingCategories', { method: 'GET', signal })) as AccountingCategoriesResponse).customerCategories,
    uploadCustomerLogo: (body) => post('admin/uploadCustomerLogo', body),
    subscriptions: (owner, signal) =>
      io.call(subscriptionListPath(owner.kind === 'customer' ? { customerId: owner.id } : { serviceUnitId: owner.id }), { method: 'GET', signal }) as Promise<SubscriptionListResponse>,
  };
}
