import { Box, Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { useListContext } from 'react-admin';
import { useFacetCounts } from './useFacetCounts';
import { useSearchChange } from './useSearchChange';

/**
 * What the filter holds when every box is unticked: a value no record has, so the search answers
 * no results (react-admin drops an empty array from the filter, which would mean every value).
 */
export const NONE_TICKED = '-';

export interface FacetOption {
  value: string;
  label: string;
}

/** The values ticked under a filter: no filter on the field means every value. */
function tickedIn(filter: Record<string, unknown>, field: string, values: readonly string[]): string[] {
  const filtered = filter[field];
  return Array.isArray(filtered) ? values.filter((v) => filtered.includes(v)) : [...values];
}

/**
 * A checkbox facet with Select All over one field of the list's filter. No filter on the field
 * means every value is ticked; each box shows its count for the rest of the search. A click
 * changes the newest filter, not the rendered one (useSearchChange): a tick right after a search
 * keeps its text, and two quick clicks both count.
 */
export function CheckboxFacet({ field, legend, options }: { field: string; legend: string; options: readonly FacetOption[] }) {
  const { filterValues } = useListContext();
  const change = useSearchChange();
  const counts = useFacetCounts(field);
  const values = options.map((o) => o.value);
  const ticked = tickedIn(filterValues, field, values);
  const all = ticked.length === values.length;
  const choose = (next: (ticked: string[]) => string[]) =>
    change({
      filter: (current) => {
        const chosen = next(tickedIn(current, field, values));
        return { ...current, [field]: chosen.length === values.length ? undefined : chosen.length ? chosen : [NONE_TICKED] };
      },
    });
  const toggle = (value: string) => choose((now) => (now.includes(value) ? now.filter((v) => v !== value) : [...now, value]));
  const selectAll = () => choose((now) => (now.length === values.length ? [] : values));
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        {legend}
      </Typography>
      <FormGroup>
        <FormControlLabel
          label="Select All"
          control={<Checkbox checked={all} indeterminate={!all && ticked.length > 0} onChange={selectAll} />}
        />
        {options.map((o) => (
          <FormControlLabel key={o.value} label={`${o.label} (${counts[o.value] ?? 0})`} control={<Checkbox checked={ticked.includes(o.value)} onChange={() => toggle(o.value)} />} />
        ))}
      </FormGroup>
    </Box>
  );
}
