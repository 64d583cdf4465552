import { defineResource } from './types';

/**
 * Process logs, spec 3 §2.2: no menu permission check, in the sidebar or at the route. The page's
 * one read is getList: a day's entries a page at a time (the filter holds the day, lease company,
 * toggles, the view and the cursor of the page before, of entries or of the invoice view), with
 * the day's counters and that page of invoice exports in meta.
 * The filter's lease companies come from dataProvider.processLogCompanies.
 */
export const processLogsResource = defineResource({
  name: 'process-logs',
  label: 'Process Logs',
  menu: { path: '/process-logs', guard: null },
  route: null,
  records: {
    getList: {
      slug: 'processLogs/getByDate',
      request: ({ filter = {} }) => ({
        date: filter.date,
        leaseCompanyId: filter.leaseCompanyId ?? null,
        outcomes: filter.outcomes,
        view: filter.view,
        after: filter.after ?? null,
        invoiceAfter: filter.invoiceAfter ?? null,
      }),
      response: (answer, params) => ({
        data: answer.data.executions,
        pageInfo: { hasNextPage: Boolean(answer.data.next ?? answer.data.invoiceNext), hasPreviousPage: Boolean(params.filter?.after ?? params.filter?.invoiceAfter) },
        meta: { next: answer.data.next, invoiceNext: answer.data.invoiceNext, counts: answer.data.counts, invoiceExportLogs: answer.data.invoiceExportLogs },
      }),
    },
  },
});
