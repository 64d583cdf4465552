import { defineResource } from './types';

/** Process logs, spec 3 §2.2: no menu permission check, in the sidebar or at the route. */
export const processLogsResource = defineResource({
  name: 'process-logs',
  label: 'Process Logs',
  menu: { path: '/process-logs', guard: null },
  route: null,
});
