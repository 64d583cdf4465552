import { defineResource } from './types';

const VIEW = { permission: 'AUDIT_LOG', action: 'view' } as const;

/** Who changed what and when (audit_log), read only; every change writes a row (ARCHITECTURE step 4). */
export const auditLogResource = defineResource({
  name: 'audit-log',
  label: 'Audit Log',
  menu: { path: '/audit-log', guard: null },
  route: VIEW,
  records: {
    getList: { slug: 'auditLog/getList' },
    getOne: { slug: 'auditLog/getOne' },
  },
});

/** The admins named in the audit log, for its admin column and filter. */
export const administratorsResource = defineResource({
  name: 'administrators',
  label: 'Administrator',
  route: VIEW,
  records: {
    getList: { slug: 'administrators/getList' },
    getMany: { slug: 'administrators/getMany' },
  },
});
