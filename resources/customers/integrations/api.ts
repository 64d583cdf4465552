/**
 * The calls of the customer integration drawers (spec 1 §7 and our admin/updateLeaseWebhooks,
 * admin/saveRetailerConfig). Errors reject with the ApiHttpError of dataProvider/api.ts.
 */
import { callApi } from '../../../dataProvider/api';
import type { ApiViewType, AllowedEndpoint, CreateApiIdResponse, GetApiConfigResponse, UpdateApiEndpointsResponse } from '../../../domain/apiConfig';
import type { CustomerPartSaved, RetailerConfig, Webhooks } from '../../../domain/customers';

/** Whose API configuration: a lease company (LEASE) or a group (GARAGE). */
export interface ApiOwner {
  viewType: ApiViewType;
  id: string;
}

const readKey = (o: ApiOwner) => (o.viewType === 'LEASE' ? { leaseId: o.id } : { accountId: o.id });
const writeKey = (o: ApiOwner) => (o.viewType === 'LEASE' ? { leaseCompanyId: o.id } : { accountObjectId: o.id });

export function getApiConfig(owner: ApiOwner): Promise<GetApiConfigResponse> {
  return callApi('admin/getApiConfig', { body: { ...readKey(owner), viewType: owner.viewType } });
}

export function createApiId(owner: ApiOwner): Promise<CreateApiIdResponse> {
  return callApi('admin/createApiId', { body: { ...readKey(owner), viewType: owner.viewType } });
}

export function updateApiEndpoints(owner: ApiOwner, allowedEndpoints: AllowedEndpoint[], version: number): Promise<UpdateApiEndpointsResponse> {
  return callApi('admin/updateApiEndpoints', { body: { ...writeKey(owner), viewType: owner.viewType, allowedEndpoints, version } });
}

export function updateLeaseWebhooks(leaseCompanyId: string, version: number, webhooks: Webhooks): Promise<CustomerPartSaved> {
  return callApi('admin/updateLeaseWebhooks', { body: { leaseCompanyId, version, webhooks } });
}

export function saveRetailerConfig(leaseCompanyId: string, version: number, retailerConfig: RetailerConfig): Promise<CustomerPartSaved> {
  return callApi('admin/saveRetailerConfig', { body: { leaseCompanyId, version, retailerConfig } });
}
