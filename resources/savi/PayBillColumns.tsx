import { Typography } from '@mui/material';

/**
 * The table's columns. Fifteen facts side by side need about 1,800 px, which hid the money columns
 * behind a sideways scroll. So the table is denser rather than wider: related short facts share a
 * column on lines of their own (date, type and currency; enquiry and VRM; the two company names;
 * job type and tax code), names and long labels wrap instead of being cut, and Nett, Credit Value,
 * Finance Supplier ID, Sent to Quickbooks and the action keep columns of their own. It fits
 * the content width left at 1280 px; nothing is behind a click.
 */
export const PAY_BILL_COLUMNS: readonly (readonly string[])[] = [
  ['Invoice Number'],
  ['Tax Point Date', 'Type', 'Currency'],
  ['Enquiry Number', 'VRM'],
  ['Lease Company', 'Supplier'],
  ['Job Type', 'Tax Code'],
  ['Nett'],
  ['Credit Value'],
  ['Finance Supplier ID'],
  ['Sent to Quickbooks'],
];
/** The action stays at the right edge should the table ever be wider than the page. */
export const STICKY_ACTION = { position: 'sticky', right: 0, bgcolor: 'background.paper', boxShadow: '-1px 0 0 rgba(0,0,0,0.08)', whiteSpace: 'normal', minWidth: 96 } as const;

/** A column's facts, one a line, the first as the column's main text; `wrap` for names and labels of several words, which may take more lines. */
export function Lines({ values, wrap = false }: { values: readonly string[]; wrap?: boolean }) {
  return values.map((v, i) => (
    <Typography key={i} variant="body2" component="div" color={i === 0 ? undefined : 'text.secondary'} sx={{ whiteSpace: wrap ? 'normal' : 'nowrap', fontWeight: 'inherit' }}>
      {v}
    </Typography>
  ));
}
