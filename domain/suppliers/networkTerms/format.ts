/** How the DI Network Terms tab writes its values (spec 2 §5.4, §9). */
import type { Locale, Minor } from '../../common';
import { CURRENCY_BY_LOCALE } from '../../common';
import { currencySymbol } from '../../fees';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const ordinal = (n: number) => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
};
/** Year, month and day of an ISO date or timestamp, as written (no time-zone shift for a plain date). */
function parts(iso: string): [number, number, number] | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/** 'do MMMM yyyy': '5th March 2026' (the credit limit's date). */
export function formatLongDate(iso: string | null | undefined): string {
  const p = iso ? parts(iso) : null;
  return p ? `${ordinal(p[2])} ${MONTHS[p[1] - 1]} ${p[0]}` : '';
}

/** 'dd MMM yyyy': '05 Mar 2026' (audit dates). */
export function formatAuditDate(iso: string | null | undefined): string {
  const p = iso ? parts(iso) : null;
  return p ? `${String(p[2]).padStart(2, '0')} ${MONTHS[p[1] - 1].slice(0, 3)} ${p[0]}` : '';
}

/** A rate to 2 decimals, with the currency symbol of the supplier's locale: '£54.85'. */
export function formatRate(minor: Minor | null | undefined, locale: Locale): string {
  if (minor === null || minor === undefined) return '';
  const text = (minor / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${currencySymbol(CURRENCY_BY_LOCALE[locale])}${text}`;
}

/** A percentage to 2 decimals: '4.50%'. */
export const formatPercent = (percent: number | null | undefined): string => (percent === null || percent === undefined ? '' : `${percent.toFixed(2)}%`);

/** FNP bands as the tab names them: 'BAND_5_M25_LA2' → 'Band 5 (M25) LA2'. */
export function fnpBandLabel(band: string): string {
  if (band === 'NONE') return 'None';
  const m = /^BAND_(\d)(_M25)?_(LA\d)$/.exec(band);
  return m ? `Band ${m[1]}${m[2] ? ' (M25)' : ''} ${m[3]}` : band;
}
