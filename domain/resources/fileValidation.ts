import { menuView } from '../permissions';
import { topics } from '../live';
import type { FileValidationReport } from '../fileValidation';
import { defineResource } from './types';

/**
 * File validation reports, spec 3 §2.5: /file-validation/reports and its Upload; the list updates
 * live. The list is the latest 25 reports, one page; a report's page shows the start of its log.
 */
export const fileValidationResource = defineResource({
  name: 'file-validation',
  label: 'File Validation',
  menu: { path: '/file-validation', guard: null },
  route: menuView('fileValidation'),
  // Uploading a file for validation creates a report (ours: the menu permission's edit).
  actions: { create: { guards: [{ permission: 'fileValidation', action: 'edit' }], slugs: ['fileValidation/upload'] } },
  records: {
    getList: {
      slug: 'fileValidation/getReports',
      method: 'GET',
      request: () => ({}),
      response: (answer: { reports: FileValidationReport[] }) => ({ data: answer.reports, total: answer.reports.length }),
    },
    getOne: { slug: 'fileValidation/getReport' },
  },
  live: () => topics.fileValidation(),
});
