import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Box, Button } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { FilterLiveSearch, ListContextProvider, useListContext, type FilterLiveSearchProps } from 'react-admin';

/** Spec 1 §9: search text minimum 3 characters. */
export const SEARCH_MIN_CHARS = 3;

const ignoreWhileTyping = () => undefined;

/** The Search button beside the box says what Enter does: no icon in the box itself. */
const NO_ICON = { InputProps: {} } as Partial<FilterLiveSearchProps>;

/**
 * The free-text box of a card search: react-admin's FilterLiveSearch on the list's `q` filter (it
 * shows the address's text after back and forward), searching on Enter or the Search button only,
 * never while typing; a new text starts again at page 1. The text goes on top of the newest filter
 * (NewestSearch), so a facet ticked in the same moment is kept.
 */
export function SearchBox({ label }: { label: string }) {
  const list = useListContext();
  const [tooShort, setTooShort] = useState(false);
  const holder = useRef<HTMLDivElement>(null);
  // FilterLiveSearch applies its text as it is typed: here its changes go nowhere.
  const typing = useMemo(() => ({ ...list, setFilters: ignoreWhileTyping }), [list]);
  // Taken from the submit event itself, before the form library's asynchronous submit, so the
  // search leaves in the same task as the Enter.
  const submit = (event: FormEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const form = event.target as HTMLFormElement;
    const q = String(new FormData(form).get('q') ?? '').trim();
    if (q.length > 0 && q.length < SEARCH_MIN_CHARS) return setTooShort(true);
    setTooShort(false);
    list.setFilters((current: Record<string, unknown>) => ({ ...current, q: q || undefined }));
  };
  return (
    <Box ref={holder} role="search" aria-label={label} onSubmitCapture={submit} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', '& form': { flex: '0 1 520px', minWidth: 0 } }}>
      <ListContextProvider value={typing}>
        <FilterLiveSearch
          source="q"
          label="Enter search text"
          placeholder="Enter search text"
          type="search"
          resettable={false}
          fullWidth
          variant="outlined"
          error={tooShort}
          helperText={tooShort ? `Enter a min of ${SEARCH_MIN_CHARS} characters to search` : ' '}
          onChange={() => tooShort && setTooShort(false)}
          {...NO_ICON}
        />
      </ListContextProvider>
      <Button
        variant="contained"
        startIcon={<SearchIcon aria-hidden="true" />}
        sx={{ height: 40, flex: 'none' }}
        onClick={() => holder.current?.querySelector('form')?.requestSubmit()}
      >
        Search
      </Button>
    </Box>
  );
}
