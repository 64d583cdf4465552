import type { FileDownloadResponse } from '../domain/network';
import type { Roles } from '../domain/permissions';
import type {
  ExportInvoiceResponse,
  PaybillCustomersResponse,
  PaybillRecord,
  SaviExportFileResponse,
  SaviExportRow,
  SaviExportsListResponse,
} from '../domain/savi';
import type { AdminUser } from '../domain/session';
import type { DataIo } from './routing';

/** The SAVi area's calls (spec 3 §7), as typed methods of the console's dataProvider. */
export interface SaviCalls {
  /** Asks for the credit limit file by e-mail; the roles are sent as the spec says. */
  requestCreditLimitExport(roles: Roles | undefined): Promise<{ success: true }>;
  saviExports(signal?: AbortSignal): Promise<SaviExportRow[]>;
  /** A statement's file, in the shape the download helper saves. */
  saviExportFile(filepath: string, userName: string): Promise<FileDownloadResponse>;
  paybillCustomers(signal?: AbortSignal): Promise<PaybillCustomersResponse['customers']>;
  exportInvoice(record: PaybillRecord, by: AdminUser | undefined): Promise<ExportInvoiceResponse>;
}

export function saviCalls(io: DataIo): SaviCalls {
  return {
    requestCreditLimitExport: (roles) => io.call('admin/exportCreditLimitDetails', { method: 'POST', body: { user: { roles: roles ?? {} } } }) as Promise<{ success: true }>,
    saviExports: async (signal) => ((await io.call('admin/getSaviExportsList', { method: 'GET', signal })) as SaviExportsListResponse).saviExportsList,
    saviExportFile: async (filepath, userName) => ((await io.call('admin/getSAViExportFile', { method: 'POST', body: { filepath, userName } })) as SaviExportFileResponse).sAViReport,
    paybillCustomers: async (signal) => ((await io.call('admin/getPaybillCustomersList', { method: 'GET', signal })) as PaybillCustomersResponse).customers,
    exportInvoice: (record, by) =>
      io.call('admin/addInvoiceToQuickBooksBill', {
        method: 'POST',
        body: { year: record.year, month: record.month, docId: record.docId, firstname: by?.firstname, lastname: by?.lastname },
      }) as Promise<ExportInvoiceResponse>,
  };
}
