import { menuView } from '../permissions';
import { topics } from '../live';
import { defineResource } from './types';

/** File validation reports, spec 3 §2.5; the list updates live. */
export const fileValidationResource = defineResource({
  name: 'file-validation',
  label: 'File Validation',
  menu: { path: '/file-validation', guard: null },
  route: menuView('fileValidation'),
  live: () => topics.fileValidation(),
});
