import { useEffect, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../../dataProvider';
import { PROCESS_LOG_LABELS, PROCESS_LOG_MESSAGES, type LeaseCompanyOption } from '../../domain/processLogs';
import { GROUP_SEARCH_DEBOUNCE_MS } from '../../src/network/GroupSearchField';

/** The 'All' choice: every lease company. */
export const ALL_COMPANIES: LeaseCompanyOption = { id: '', name: PROCESS_LOG_LABELS.all };

/**
 * Spec 3 §2.2: the lease company filter, a searchable list led by All. The server answers the
 * active companies whose name holds what was typed, 250 at most (spec 3 §9), 150 ms after the last key.
 */
export function LeaseCompanyField({ value, onChange }: { value: LeaseCompanyOption; onChange(v: LeaseCompanyOption): void }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [input, setInput] = useState(value.name);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const typed = input === value.name ? '' : input.trim();
    const timer = setTimeout(() => setText(typed), GROUP_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, value.name]);
  const companies = useQuery({
    queryKey: ['processLogCompanies', text],
    queryFn: ({ signal }) => dataProvider.processLogCompanies(text, signal),
    enabled: open,
    staleTime: 60_000,
    retry: false,
  });
  const options = [ALL_COMPANIES, ...(companies.data ?? [])];
  return (
    <Autocomplete<LeaseCompanyOption, false, true>
      value={value}
      disableClearable
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      onChange={(_e, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_e, next) => setInput(next)}
      options={options.some((o) => o.id === value.id) ? options : [value, ...options]}
      filterOptions={(x) => x}
      getOptionLabel={(o) => o.name}
      getOptionKey={(o) => o.id || 'all'}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={companies.isFetching}
      loadingText="Searching..."
      noOptionsText={companies.isError ? PROCESS_LOG_MESSAGES.companiesFailed : 'No Match'}
      autoHighlight
      sx={{ width: 320 }}
      renderInput={(params) => <TextField {...params} label={PROCESS_LOG_LABELS.leaseCompany} helperText={companies.isError ? PROCESS_LOG_MESSAGES.companiesFailed : ' '} error={companies.isError} />}
    />
  );
}
