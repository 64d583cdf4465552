import { menuView } from '../permissions';
import { topics } from '../live';
import { defineResource } from './types';

/** File validation reports, spec 3 §2.5: /file-validation/reports and its Upload; the list updates live. */
export const fileValidationResource = defineResource({
  name: 'file-validation',
  label: 'File Validation',
  menu: { path: '/file-validation', guard: null },
  route: menuView('fileValidation'),
  // Uploading a file for validation creates a report (ours: the menu permission's edit).
  actions: { create: [{ permission: 'fileValidation', action: 'edit' }] },
  live: () => topics.fileValidation(),
});
