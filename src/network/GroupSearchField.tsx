import { useEffect, useRef, useState, type Ref } from 'react';
import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { GROUP_SEARCH_MIN, type LeaseAccount } from '../../domain/network';

/** Searchable dropdowns wait this long after the last key (spec 1 §5, §9). */
export const GROUP_SEARCH_DEBOUNCE_MS = 150;
export const GROUP_SEARCH_HINT = `Enter a min of ${GROUP_SEARCH_MIN} characters to search`;
export const NO_MATCH = 'No Match';
export const foundText = (n: number) => `Found ${n} result(s)`;

type Status = 'short' | 'loading' | 'done' | 'failed';

/**
 * The Group field of the export: the server searches the groups linked to this customer once at
 * least 3 characters are typed, 150 ms after the last key; older answers are dropped. Other
 * pickers of one company by name (a lease company, a supplier group) use it under their own label.
 */
export function GroupSearchField({
  label = 'Group',
  failedText = 'The groups could not be searched. Please try again.',
  value,
  onChange,
  search,
  error,
  required,
  disabled,
  inputRef,
  onTyping,
}: {
  label?: string;
  /** What a failed search says. */
  failedText?: string;
  value: LeaseAccount | null;
  onChange(value: LeaseAccount | null): void;
  search(text: string, signal: AbortSignal): Promise<LeaseAccount[]>;
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** The user typed: a shown error may go, the search results speak now. */
  onTyping?(): void;
}) {
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<LeaseAccount[]>([]);
  const [status, setStatus] = useState<Status>('short');
  const searchRef = useRef(search);
  searchRef.current = search;

  useEffect(() => {
    const text = input.trim();
    // The chosen group's own name in the box is not a new search.
    if (value && text === value.name) return;
    if (text.length < GROUP_SEARCH_MIN) {
      setOptions([]);
      setStatus('short');
      return;
    }
    const controller = new AbortController();
    setStatus('loading');
    const timer = setTimeout(() => {
      searchRef.current(text, controller.signal).then(
        (found) => {
          if (controller.signal.aborted) return;
          setOptions(found);
          setStatus('done');
        },
        () => {
          if (controller.signal.aborted) return;
          setOptions([]);
          setStatus('failed');
        },
      );
    }, GROUP_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [input, value]);

  const noOptionsText = status === 'short' ? GROUP_SEARCH_HINT : status === 'loading' ? 'Searching...' : status === 'failed' ? failedText : NO_MATCH;
  const found = status === 'done' ? foundText(options.length) : null;
  // After a choice the hint has nothing more to say; while searching it gives the count.
  // An optional group (the DI export) says what leaving it empty does.
  const helper = error ?? (value ? undefined : (found ?? (required ? GROUP_SEARCH_HINT : `${GROUP_SEARCH_HINT}, or leave it empty for every group`)));

  return (
    <Autocomplete<LeaseAccount>
      value={value}
      onChange={(_e, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_e, next, reason) => {
        setInput(next);
        if (reason === 'input') onTyping?.();
      }}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      // The server has filtered already; matching again here would hide its fuzzy matches.
      filterOptions={(x) => x}
      getOptionLabel={(o) => o.name}
      // The count heads the list too, where the eye is while choosing (the helper text is under it).
      groupBy={found ? () => found : undefined}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={noOptionsText}
      loading={status === 'loading'}
      loadingText="Searching..."
      disabled={disabled}
      autoHighlight
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={Boolean(error)}
          helperText={helper}
          inputRef={inputRef}
          slotProps={{
            ...params.slotProps,
            // 'Found N result(s)' and the hint are announced as they change.
            formHelperText: { role: 'status' },
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {status === 'loading' && <CircularProgress size={18} aria-hidden="true" />}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
