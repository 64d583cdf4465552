import type { AccountingCategoriesResponse, AccountingCategory } from '../domain/finance';
import type { FileDownloadResponse } from '../domain/network';
import type { ServiceType } from '../domain/suppliers';
import type {
  DriverDetails,
  DriverDetailsResponse,
  GroupLink,
  GroupLinkResponse,
  EnquiryResult,
  EnquiryTool,
  ExternalCodeMapping,
  ExternalCodeMappingResponse,
  FindEnquiriesResponse,
  FindVehiclesResponse,
  InvoiceSearchData,
  MailEventEntry,
  MailEventsResponse,
  ResendEmailResponse,
  SaveExternalCodeResponse,
  RemoveUserResponse,
  SearchUserResponse,
  SupportActionResponse,
  SupportUser,
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
  searchUser(emailId: string, signal?: AbortSignal): Promise<SupportUser>;
  removeUser(emailId: string, user: PersonRef): Promise<RemoveUserResponse>;
  verifyUser(emailId: string): Promise<SupportActionResponse>;
  triggerUserClaimsUpdate(emailId: string): Promise<SupportActionResponse>;
  driverDetails(email: string, signal?: AbortSignal): Promise<DriverDetails[]>;
  restoreDriverEmployment(d: DriverDetails): Promise<SupportActionResponse>;
  resendDriverMandate(d: DriverDetails): Promise<SupportActionResponse>;
  leaseGroupLink(leaseId: string, groupName: string, signal?: AbortSignal): Promise<GroupLink>;
  unlinkLeaseFromGroup(link: GroupLink): Promise<SupportActionResponse>;
  quickBooksCustomerCategories(signal?: AbortSignal): Promise<AccountingCategory[]>;
  findExternalCode(jobCode: string, signal?: AbortSignal): Promise<ExternalCodeMapping>;
  /** The code form (jobCode, externalCode) and the version it was read at. */
  saveExternalCode(mapping: ExternalCodeMapping): Promise<SaveExternalCodeResponse>;
  sendVerificationEmail(email: string): Promise<SupportActionResponse>;
  mailEvents(email: string, signal?: AbortSignal): Promise<MailEventEntry[]>;
  /** Resends the e-mail kept at `documentPath` to its address, or to `newEmail` when given. */
  resendEmail(documentPath: string | null, newEmail: string | null): Promise<ResendEmailResponse>;
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
    driverDetails: async (email, signal) => (await post<DriverDetailsResponse>('admin/getDriverDetails', { email }, signal)).drivers,
    restoreDriverEmployment: (d) => post('admin/restoreDriverEmployment', { leaseId: d.leaseId, driverId: d.driverId }),
    resendDriverMandate: (d) => post('admin/resendDriverMandate', { leaseId: d.leaseId, driverId: d.driverId }),
    leaseGroupLink: async (leaseId, groupName, signal) => (await post<GroupLinkResponse>('admin/getLeaseGroupLink', { leaseId, groupName }, signal)).link,
    unlinkLeaseFromGroup: (link) => post('admin/unlinkLeaseFromGroup', { id: link.id, version: link.version }),
    searchUser: async (emailId, signal) => (await post<SearchUserResponse>('admin/searchUser', { emailId }, signal)).result.data,
    removeUser: (emailId, user) => post('admin/removeUser', { emailId, user }),
    verifyUser: (emailId) => post('admin/verifyUser', { emailId }),
    triggerUserClaimsUpdate: (emailId) => post('admin/triggerUserClaimsUpdate', { emailId }),
    activateTerminatedVehicle: (v, user) => post('admin/activateTerminatedVehicle', { user, leaseId: v.leaseId, stockId: v.stockId, contractStatusType: v.contractStatus }),
    quickBooksCustomerCategories: async (signal) =>
      ((await io.call('admin/getQuickBooksCustomerCategories', { method: 'GET', signal })) as AccountingCategoriesResponse).customerCategories,
    findExternalCode: async (jobCode, signal) => (await post<ExternalCodeMappingResponse>('admin/getExternalSMRCodes', { jobCode }, signal)).mapping,
    saveExternalCode: (m) => post('admin/saveExternalSMRCodes', { jobCode: m.jobCode, externalCode: m.externalCode, version: m.version }),
    sendVerificationEmail: (email) => post('admin/sendVerificationEmail', { email }),
    mailEvents: async (email, signal) => (await post<MailEventsResponse>('admin/getMailgunEvents', { email }, signal)).events,
    resendEmail: (documentPath, newEmail) => post('email/resendEmail', { emailQueueDocPath: documentPath, newEmailId: newEmail ?? '', isNewEmail: newEmail !== null }),
  };
}
