import { Box, Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { useListContext } from 'react-admin';
import { useFacetCounts } from './useFacetCounts';

/**
 * What the filter holds when every box is unticked: a value no record has, so the search answers
 * no results (react-admin drops an empty array from the filter, which would mean every value).
 */
export const NONE_TICKED = '-';

export interface FacetOption {
  value: string;
  label: string;
}

/**
 * A checkbox facet with Select All over one field of the list's filter. No filter on the field
 * means every value is ticked; each box shows its count for the rest of the search.
 */
export function CheckboxFacet({ field, legend, options }: { field: string; legend: string; options: readonly FacetOption[] }) {
  const { filterValues, setFilters } = useListContext();
  const counts = useFacetCounts(field);
  const values = options.map((o) => o.value);
  const filtered = Array.isArray(filterValues[field]) ? (filterValues[field] as string[]) : null;
  const ticked = filtered ? filtered.filter((v) => values.includes(v)) : values;
  const all = ticked.length === values.length;
  const choose = (next: string[]) => {
    const value = next.length === values.length ? undefined : next.length ? next : [NONE_TICKED];
    setFilters({ ...filterValues, [field]: value }, undefined, false);
  };
  const toggle = (value: string) => choose(ticked.includes(value) ? ticked.filter((v) => v !== value) : [...ticked, value]);
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        {legend}
      </Typography>
      <FormGroup>
        <FormControlLabel
          label="Select All"
          control={<Checkbox checked={all} indeterminate={!all && ticked.length > 0} onChange={() => choose(all ? [] : values)} />}
        />
        {options.map((o) => (
          <FormControlLabel key={o.value} label={`${o.label} (${counts[o.value] ?? 0})`} control={<Checkbox checked={ticked.includes(o.value)} onChange={() => toggle(o.value)} />} />
        ))}
      </FormGroup>
    </Box>
  );
}
