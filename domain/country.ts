/** The two countries of the customer, supplier and group forms (spec 1 §5, spec 2 §5: a UK and an Irish variant). */
import { type Locale } from './common';

export const COUNTRIES = ['UK', 'IE'] as const;
export type Country = (typeof COUNTRIES)[number];
export const LOCALE_BY_COUNTRY: Record<Country, Locale> = { UK: 'en_GB', IE: 'en_IE' };
/** For titles: 'Create Customer for UK', 'Edit Customer of Ireland'. */
export const COUNTRY_NAMES: Record<Country, 'UK' | 'Ireland'> = { UK: 'UK', IE: 'Ireland' };
export const countryOfLocale = (locale: unknown): Country => (locale === 'en_IE' ? 'IE' : 'UK');
/** The create route's selectedCountry parameter ('UK', 'IE', 'Ireland', any case); null when unknown. */
export function parseCountry(param: unknown): Country | null {
  const p = typeof param === 'string' ? param.trim().toUpperCase() : '';
  if (p === 'UK' || p === 'GB' || p === 'EN_GB') return 'UK';
  if (p === 'IE' || p === 'IRELAND' || p === 'EN_IE') return 'IE';
  return null;
}
