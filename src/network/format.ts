const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** '21 Nov 2026, 10:05' in the browser's time zone; '' for a missing date. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : DATE_TIME.format(d);
}

export { personName } from '../../domain/common';
