import type { ReactNode } from 'react';
import { Box } from '@mui/material';

export type Fact = [label: string, value: ReactNode];

/** Label and value pairs as a description list, several to a row. */
export function Facts({ facts, label }: { facts: readonly Fact[]; label?: string }) {
  if (facts.length === 0) return null;
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))', columnGap: 2, rowGap: 0.75, m: 0, '& dt': { color: 'text.secondary', fontSize: 12 }, '& dd': { m: 0, fontSize: 14, fontWeight: 500, overflowWrap: 'anywhere' } }}
    >
      {facts.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </Box>
  );
}

/** A number as the page shows it; '–' when the entry does not hold it. */
export const num = (v: unknown): string => (typeof v === 'number' && Number.isFinite(v) ? v.toLocaleString('en-GB') : '–');

/** Any value a job stored, as short text (other types' figures). */
export function plain(v: unknown): string {
  if (v === null || v === undefined) return '–';
  if (typeof v === 'number') return num(v);
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map(plain).join('; ');
  if (typeof v === 'object')
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${labelOf(k)}: ${plain(x)}`)
      .join(', ');
  return String(v);
}

/** 'numberOfEnquiriesInvoiced' → 'Number of enquiries invoiced'. */
export function labelOf(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
