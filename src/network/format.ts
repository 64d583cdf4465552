import { formatAuditDate } from '../../domain/suppliers/networkTerms/format';

const PARTS = new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * '09 Nov 2026, 10:05' in the browser's time zone; '' for a missing date. The day is written as
 * every other day of the console is ('dd MMM yyyy'), not in Intl's medium style, which writes
 * '9 Nov' and '28 Sept' beside the '09 Nov' and '28 Sep' of the same screens.
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = Object.fromEntries(PARTS.formatToParts(d).map((x) => [x.type, x.value]));
  return `${formatAuditDate(`${p.year}-${p.month}-${p.day}`)}, ${p.hour}:${p.minute}`;
}

export { personName } from '../../domain/common';
