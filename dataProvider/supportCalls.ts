import type { FileDownloadResponse } from '../domain/network';
import type { ServiceType } from '../domain/suppliers';
import type {
  EnquiryResult,
  EnquiryTool,
  FindEnquiriesResponse,
  FindVehiclesResponse,
  InvoiceSearchData,
  SupportActionResponse,
  VehicleResult,
  VehicleTool,
} from '../domain/support';
import type { PersonRef } from '../domain/common';
import type { DataIo } from './routing';

/** The support dashboard's calls (spec 3 §7), with the payloads the spec gives. */
export interface SupportCalls {
  findEnquiries(enquiryNumber: string, tool: EnquiryTool, signal?: AbortSignal): Promise<EnquiryResult[]>;
  cancelEnquiry(e: EnquiryResult, reason: string, message: string, user: PersonRef): Promise<SupportActionResponse>;
  revertEnquiryCompletion(e: EnquiryResult, user: PersonRef): Promise<SupportActionResponse>;
  deleteEnquiry(e: EnquiryResult, user: PersonRef): Promise<SupportActionResponse>;
  unarchiveEnquiry(e: EnquiryResult): Promise<SupportActionResponse>;
  updateEnquiryServiceType(e: EnquiryResult, serviceType: ServiceType, user: PersonRef): Promise<SupportActionResponse>;
  invoiceSearchData(e: EnquiryResult, signal?: AbortSignal): Promise<InvoiceSearchData | null>;
  regenerateInvoicePdf(e: EnquiryResult, user: PersonRef): Promise<SupportActionResponse>;
  invoicePdf(e: EnquiryResult): Promise<FileDownloadResponse>;
  findVehicles(vrm: string, tool: VehicleTool, signal?: AbortSignal): Promise<VehicleResult[]>;
  updateVehicleRegistration(v: VehicleResult, vrm: string, user: PersonRef): Promise<SupportActionResponse>;
  activateTerminatedVehicle(v: VehicleResult, user: PersonRef): Promise<SupportActionResponse>;
}

export function supportCalls(io: DataIo): SupportCalls {
  const post = <T>(slug: string, body: unknown, signal?: AbortSignal) => io.call(slug, { method: 'POST', body, signal }) as Promise<T>;
  const ids = (e: EnquiryResult) => ({ enquiryId: e.enquiryId, accountId: e.accountObjectID, serviceUnitId: e.serviceUnitObjectID });
  return {
    findEnquiries: async (enquiryNumber, tool, signal) => (await post<FindEnquiriesResponse>('admin/findEnquiries', { enquiryNumber, tool }, signal)).enquiries,
    cancelEnquiry: (e, reason, message, user) => post('admin/cancelEnquiryFromAdmin', { ...ids(e), leaseCompanyId: e.leaseCompanyId, reason, message, user }),
    revertEnquiryCompletion: (e, user) => post('admin/revertEnquiryCompletion', { ...ids(e), leaseId: e.leaseCompanyId, user }),
    deleteEnquiry: (e, user) => post('admin/deleteEnquiryFromAdmin', { ...ids(e), leaseCompanyId: e.leaseCompanyId, user }),
    unarchiveEnquiry: (e) => post('admin/unArchiveEnquiry', { id: e.id }),
    updateEnquiryServiceType: (e, serviceType, user) => post('admin/updateEnquiryServiceType', { ...ids(e), leaseId: e.leaseCompanyId, serviceType, user }),
    invoiceSearchData: async (e, signal) => (await post<{ data: InvoiceSearchData | null }>('enquiry/invoices/getInvoiceSearchData', ids(e), signal)).data,
    regenerateInvoicePdf: (e, user) =>
      post('admin/regenerateInvoicePdf', { enquiryId: e.enquiryId, accountObjectID: e.accountObjectID, serviceUnitObjectID: e.serviceUnitObjectID, leaseCompanyId: e.leaseCompanyId, user }),
    invoicePdf: (e) => post('enquiry/invoices/getInvoicePdf', { enquiryId: e.enquiryId }),
    findVehicles: async (vrm, tool, signal) => (await post<FindVehiclesResponse>('admin/findVehicles', { vrm, tool }, signal)).vehicles,
    updateVehicleRegistration: (v, vrm, user) => post('admin/updateVehicleRegistration', { leaseId: v.leaseId, stockId: v.stockId, vrm, vin: v.vin, user }),
    activateTerminatedVehicle: (v, user) => post('admin/activateTerminatedVehicle', { user, leaseId: v.leaseId, stockId: v.stockId, contractStatusType: v.contractStatus }),
  };
}
