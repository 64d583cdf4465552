import { defineResource } from './types';

/** Every e-mail the system sent or kept (mail_outbox), read only. */
export const mailOutboxResource = defineResource({
  name: 'mail-outbox',
  label: 'Mail Outbox',
  menu: { path: '/mail-outbox', guard: null },
  route: { permission: 'MAIL_OUTBOX', action: 'view' },
  records: {
    getList: { slug: 'mailOutbox/getList' },
    getOne: { slug: 'mailOutbox/getOne' },
  },
});
