import { useEffect, useState, type FormEvent } from 'react';
import { Box, Button, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useListContext } from 'react-admin';
import { useSearchChange } from './useSearchChange';

/** Spec 1 §9: search text minimum 3 characters. */
export const SEARCH_MIN_CHARS = 3;

/**
 * The free-text box of a card search, on the list's `q` filter: searches on Enter or the Search
 * button, never while typing; a new text starts again at page 1. The text goes on top of the newest
 * filter (useSearchChange), so a facet ticked in the same moment is kept.
 */
export function SearchBox({ label }: { label: string }) {
  const { filterValues } = useListContext();
  const change = useSearchChange();
  const value = typeof filterValues.q === 'string' ? filterValues.q : '';
  const [text, setText] = useState(value);
  const [tooShort, setTooShort] = useState(false);
  // Back/forward changes the URL's text: show it.
  useEffect(() => setText(value), [value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (q.length > 0 && q.length < SEARCH_MIN_CHARS) return setTooShort(true);
    setTooShort(false);
    change({ filter: (current) => ({ ...current, q: q || undefined }) });
  };
  return (
    <Box component="form" role="search" aria-label={label} onSubmit={submit} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      <TextField
        label="Enter search text"
        placeholder="Enter search text"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (tooShort) setTooShort(false);
        }}
        size="small"
        type="search"
        error={tooShort}
        helperText={tooShort ? `Enter a min of ${SEARCH_MIN_CHARS} characters to search` : ' '}
        sx={{ maxWidth: 520 }}
      />
      <Button type="submit" variant="contained" startIcon={<SearchIcon aria-hidden="true" />} sx={{ height: 40 }}>
        Search
      </Button>
    </Box>
  );
}
