import type { CreateParams, CreateResult, GetOneParams, GetOneResult, UpdateParams, UpdateResult } from 'react-admin';
import type { AccountingCategoriesResponse } from '../domain/finance';
import { callApi } from './api';

/**
 * The customer resource's RPC calls (spec 1 §7). Records are the CustomerDetails of
 * domain/customers/details.ts; create and update take the save input the form builds
 * (toSaveInput) and answer with the saved id and its new version.
 */
interface SaveAnswer {
  success: boolean;
  leaseCompanyId: string;
  version: number;
}

export async function getCustomer(params: GetOneParams): Promise<GetOneResult> {
  const { customer } = await callApi<{ customer: { id: string } }>('admin/getLeaseCompanyDetails', { body: { leaseCompanyId: String(params.id) }, signal: params.signal });
  return { data: customer };
}

export async function createCustomer(params: CreateParams): Promise<CreateResult> {
  const saved = await callApi<SaveAnswer>('admin/saveLeaseCompanyDetails', { body: { customerDetails: params.data } });
  return { data: { ...params.data, id: saved.leaseCompanyId, version: saved.version } };
}

export async function updateCustomer(params: UpdateParams): Promise<UpdateResult> {
  const saved = await callApi<SaveAnswer>('admin/saveLeaseCompanyDetails', {
    body: { customerDetails: params.data, leaseCompanyId: String(params.id) },
  });
  return { data: { ...params.previousData, ...params.data, id: saved.leaseCompanyId, version: saved.version } };
}

/** Terminates an ACTIVE customer; `version` is the one the page shows (a stale one gets 409). */
export function terminateCustomer(leaseCompanyId: string, version: number): Promise<{ success: boolean }> {
  return callApi('admin/terminateCustomer', { body: { leaseCompanyId, version } });
}

export function getIntegrationLookUp<T>(): Promise<T> {
  return callApi<T>('admin/getIntegrationLookUp', { method: 'GET' });
}

export function uploadCustomerLogo(body: { leaseCompanyId?: string; fileName: string; contentBase64: string }): Promise<{ fileId: string; url: string }> {
  return callApi('admin/uploadCustomerLogo', { body });
}

/** The accounting system's customer categories, for the Accounting Category choice. */
export function getAccountingCategories(): Promise<AccountingCategoriesResponse> {
  return callApi<AccountingCategoriesResponse>('admin/getAccountingCategories', { method: 'GET' });
}
