import type { CompaniesCursor, ExecutionsCursor, InvoiceExportLog, ProcessLogsResponse } from '../processLogs';
import { keysetPages } from './keyset';
import { defineResource } from './types';

const entryPages = keysetPages<ExecutionsCursor>();
const invoicePages = keysetPages<CompaniesCursor>();

/** A lease company's Daily Invoice exports as a list record: its id is the company's. */
export type InvoiceExportRecord = InvoiceExportLog & { id: string };

/**
 * Process logs, spec 3 §2.2: no menu permission check, in the sidebar or at the route. getList is
 * one UTC day's entries (the filter holds the day, lease company, toggles and view), newest first,
 * a page at a time from the server's cursor (Load More); with the Daily Invoice exports view its
 * records are the lease companies' export logs instead. The day's counters come in meta.
 * getOne is one entry, for its own page. The filter's lease companies come from
 * dataProvider.processLogCompanies.
 */
export const processLogsResource = defineResource({
  name: 'process-logs',
  label: 'Process Logs',
  menu: { path: '/process-logs', guard: null },
  route: null,
  records: {
    getList: {
      slug: 'processLogs/getByDate',
      request: (params) => {
        const { filter = {} } = params;
        const invoices = filter.view === 'invoiceExports';
        return {
          date: filter.date,
          leaseCompanyId: filter.leaseCompanyId ?? null,
          outcomes: filter.outcomes,
          view: filter.view,
          after: invoices ? null : entryPages.cursorOf(params),
          invoiceAfter: invoices ? invoicePages.cursorOf(params) : null,
        };
      },
      response: (answer: ProcessLogsResponse, params) => {
        const invoices = params.filter?.view === 'invoiceExports';
        if (invoices) invoicePages.keep(params, answer.data.invoiceNext);
        else entryPages.keep(params, answer.data.next);
        const next = invoices ? answer.data.invoiceNext : answer.data.next;
        return {
          data: invoices ? answer.data.invoiceExportLogs.map((l): InvoiceExportRecord => ({ ...l, id: l.leaseId })) : answer.data.executions,
          pageInfo: { hasNextPage: next !== null, hasPreviousPage: (params.pagination?.page ?? 1) > 1 },
          meta: { counts: answer.data.counts },
        };
      },
    },
    getOne: { slug: 'processLogs/getOne' },
  },
});
