import { and, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { ListAnswer } from '../../domain/lists';
import { mailOutboxListSchema, mailOutboxOneSchema, type MailOutboxEntry, type MailOutboxListQuery, type MailOutboxRow } from '../../domain/mailOutbox';
import { mailOutbox } from '../db/schema';
import { notFound } from './errors';
import { containsPattern, dayRange, listAnswer, orderOf, pageOf } from './lists';
import { defineSlug } from './registry';

/** The mail outbox, read only. It holds passcodes and invitation links: its own permission (SUPER_ADMIN has it). */
const VIEW = { permission: 'MAIL_OUTBOX', action: 'view' } as const;

const rowColumns = {
  id: mailOutbox.id,
  createdAt: mailOutbox.createdAt,
  to: mailOutbox.to,
  subject: mailOutbox.subject,
  kind: mailOutbox.kind,
  status: mailOutbox.status,
  sentAt: mailOutbox.sentAt,
};

const toRow = (r: { id: string; createdAt: Date; to: string; subject: string; kind: string; status: string; sentAt: Date | null }): MailOutboxRow => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  sentAt: r.sentAt ? r.sentAt.toISOString() : null,
});

function whereOf(filter: MailOutboxListQuery['filter']): SQL | undefined {
  return and(
    ...(filter.q ? [or(ilike(mailOutbox.to, containsPattern(filter.q)), ilike(mailOutbox.subject, containsPattern(filter.q)))!] : []),
    ...(filter.status ? [eq(mailOutbox.status, filter.status)] : []),
    ...(filter.kind ? [eq(mailOutbox.kind, filter.kind)] : []),
    ...dayRange(mailOutbox.createdAt, filter.createdAt_gte, filter.createdAt_lte),
  );
}

export const getMailOutboxList = defineSlug({
  slug: 'mailOutbox/getList',
  method: 'POST',
  effect: 'read',
  access: VIEW,
  input: mailOutboxListSchema,
  async handler({ input, services }): Promise<ListAnswer<MailOutboxRow>> {
    const where = whereOf(input.filter);
    const { limit, offset } = pageOf(input.pagination);
    const columns = { createdAt: mailOutbox.createdAt, to: mailOutbox.to, subject: mailOutbox.subject, kind: mailOutbox.kind, status: mailOutbox.status, id: mailOutbox.id };
    return listAnswer(
      services.db.select(rowColumns).from(mailOutbox).where(where).orderBy(...orderOf(input.sort, columns, { field: 'createdAt', order: 'DESC' }, mailOutbox.id)).limit(limit).offset(offset),
      services.db.select({ total: count() }).from(mailOutbox).where(where),
      toRow,
    );
  },
});

export const getMailOutboxEntry = defineSlug({
  slug: 'mailOutbox/getOne',
  method: 'POST',
  effect: 'read',
  access: VIEW,
  input: mailOutboxOneSchema,
  async handler({ input, services }): Promise<{ data: MailOutboxEntry }> {
    const [row] = await services.db.select().from(mailOutbox).where(eq(mailOutbox.id, input.id));
    if (!row) throw notFound('E-mail');
    const attachments = Array.isArray(row.attachments) ? (row.attachments as MailOutboxEntry['attachments']) : [];
    return { data: { ...toRow(row), text: row.text, error: row.error, attachments } };
  },
});

export const mailOutboxSlugs = [getMailOutboxList, getMailOutboxEntry];
