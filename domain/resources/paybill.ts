import { defineResource } from './types';
import { EXPORT_TO_QUICKBOOKS_GUARD, PAY_BILL_GUARD } from '../savi/access';
import type { PaybillCursor, PaybillRecord, PayBillSearchResponse } from '../savi';
import { keysetPages } from './keyset';

const pages = keysetPages<PaybillCursor>();

/** A pay bill record as a list record: its id is its document's. */
export type PaybillListRecord = PaybillRecord & { id: string };

/**
 * Pay bill records, spec 3 §2.1 and §3: listed on the SAVi area's Pay Bill page (gated by the pay
 * bill permission). getList is one search (the filter's date, lease company and 'Sent to
 * Quickbooks?'), a page at a time from the last record reference the server answered (Load More).
 */
export const paybillResource = defineResource({
  name: 'paybillRecords',
  label: 'Pay Bill',
  route: PAY_BILL_GUARD,
  records: {
    getList: {
      slug: 'admin/getPaybillRecords',
      request: (params) => {
        const { filter = {}, pagination } = params;
        const cursor = pages.cursorOf(params);
        return {
          date: filter.date,
          leaseCompanyId: filter.leaseCompanyId ?? null,
          quickbooks: Boolean(filter.quickbooks),
          pageSize: pagination?.perPage,
          isInitialLoad: cursor === null,
          lastRecordReferenceId: cursor?.lastRecordReferenceId ?? null,
          recordType: cursor?.recordType ?? 'Invoice',
        };
      },
      response: (answer: PayBillSearchResponse, params) => {
        pages.keep(params, answer.cursor.endOfRecord ? null : answer.cursor);
        return {
          data: answer.invoicedRecords.map((r): PaybillListRecord => ({ ...r, id: r.docId })),
          pageInfo: { hasNextPage: !answer.cursor.endOfRecord, hasPreviousPage: (params.pagination?.page ?? 1) > 1 },
        };
      },
    },
  },
  // A row's Export to the accounting service.
  actions: { export: { guards: [EXPORT_TO_QUICKBOOKS_GUARD], slugs: ['admin/addInvoiceToQuickBooksBill'] } },
});
