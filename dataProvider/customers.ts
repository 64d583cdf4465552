import type { AccountingCategoriesResponse } from '../domain/finance';
import { callApi } from './api';

/** The customer area's calls beyond its record verbs (those are declared in domain/resources/customer.ts). */

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
