import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import IndeterminateCheckBoxIcon from '@mui/icons-material/IndeterminateCheckBox';
import { FilterList, FilterListItem, useListFilterContext, type FilterPayload } from 'react-admin';
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

/** The values ticked under a filter: no filter on the field means every value. */
function tickedIn(filter: FilterPayload, field: string, values: readonly string[]): string[] {
  const filtered = filter[field];
  return Array.isArray(filtered) ? values.filter((v) => filtered.includes(v)) : [...values];
}

/** The filter with `chosen` ticked: every value is no filter on the field, none is NONE_TICKED. */
function withTicked(filter: FilterPayload, field: string, values: readonly string[], chosen: string[]): FilterPayload {
  return { ...filter, [field]: chosen.length === values.length ? undefined : chosen.length ? chosen : [NONE_TICKED] };
}

/**
 * A checkbox facet with Select All over one field of the list's filter: react-admin's FilterList,
 * one FilterListItem per value with its count for the rest of the search beside it. No filter on
 * the field means every value is ticked. An item's toggle is a function of the newest filter
 * (NewestSearch): a tick right after a search keeps its text, and two quick clicks both count.
 */
export function CheckboxFacet({ field, legend, options }: { field: string; legend: string; options: readonly FacetOption[] }) {
  const counts = useFacetCounts(field);
  const values = options.map((o) => o.value);
  const all = (filter: FilterPayload) => tickedIn(filter, field, values).length === values.length;
  return (
    <Box component="fieldset" aria-label={legend} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <FilterList label={legend} icon={null} sx={{ '& > :first-of-type': { mt: 0 }, '& .MuiTypography-overline': { textTransform: 'none', fontSize: '0.875rem', fontWeight: 600, lineHeight: 1.6 } }}>
        <FacetBox
          label="Select All"
          value={{ [field]: 'all' }}
          checked={(filter) => (all(filter) ? true : tickedIn(filter, field, values).length > 0 ? 'mixed' : false)}
          toggle={(current) => withTicked(current, field, values, all(current) ? [] : values)}
        />
        {options.map((o) => (
          <FacetBox
            key={o.value}
            label={`${o.label} (${counts[o.value] ?? 0})`}
            value={{ [field]: o.value }}
            checked={(filter) => tickedIn(filter, field, values).includes(o.value)}
            toggle={(current) => {
              const now = tickedIn(current, field, values);
              return withTicked(current, field, values, now.includes(o.value) ? now.filter((v) => v !== o.value) : [...now, o.value]);
            }}
          />
        ))}
      </FilterList>
    </Box>
  );
}

type Checked = boolean | 'mixed';

const BOX_ICONS: Record<string, ReactNode> = {
  true: <CheckBoxIcon color="primary" fontSize="small" aria-hidden="true" />,
  false: <CheckBoxOutlineBlankIcon fontSize="small" aria-hidden="true" />,
  mixed: <IndeterminateCheckBoxIcon color="primary" fontSize="small" aria-hidden="true" />,
};

/** A ticked item is shown by its box, not by react-admin's highlight and cancel button. */
const BOX_SX = {
  '& .RaFilterListItem-listItemButton': { px: 1, borderRadius: 1 },
  '& .RaFilterListItem-listItemButton.Mui-selected, & .RaFilterListItem-listItemButton.Mui-selected:hover': { bgcolor: 'transparent' },
};

/** The checkbox role and state for the button inside FilterListItem, which takes no props of its own. */
const asCheckbox = (checked: Checked) => (outer: Theme): Theme => ({
  ...outer,
  components: { ...outer.components, MuiListItemButton: { ...outer.components?.MuiListItemButton, defaultProps: { role: 'checkbox', 'aria-checked': checked } } },
});

/**
 * One FilterListItem read as a checkbox: its button takes the checkbox role and state (through
 * the theme's default props) and its icon draws the box. Its toggle hands setFilters a function of
 * the newest filter.
 */
function FacetBox({ label, value, checked, toggle }: { label: string; value: FilterPayload; checked(filter: FilterPayload): Checked; toggle(current: FilterPayload): FilterPayload }) {
  const state = checked(useListFilterContext().filterValues);
  return (
    <ThemeProvider theme={asCheckbox(state)}>
      <FilterListItem
        label={label}
        value={value}
        isSelected={(_value: unknown, filter: FilterPayload) => checked(filter) !== false}
        toggleFilter={() => toggle}
        icon={BOX_ICONS[String(state)]}
        secondaryAction={null}
        sx={BOX_SX}
      />
    </ThemeProvider>
  );
}
