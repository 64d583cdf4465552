import { useEffect, useState, type FormEvent } from 'react';
import { Box, Button, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';

/** Spec 1 §9: search text minimum 3 characters. */
const MIN_CHARS = 3;

/** The free-text box: searches on Enter or the Search button, never while typing. */
export function SearchBox({ value, onSearch }: { value: string; onSearch(q: string): void }) {
  const [text, setText] = useState(value);
  const [tooShort, setTooShort] = useState(false);
  // Back/forward changes the URL's text: show it.
  useEffect(() => setText(value), [value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (q.length > 0 && q.length < MIN_CHARS) return setTooShort(true);
    setTooShort(false);
    onSearch(q);
  };
  return (
    <Box component="form" role="search" aria-label="Customers" onSubmit={submit} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
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
        helperText={tooShort ? `Enter a min of ${MIN_CHARS} characters to search` : ' '}
        sx={{ maxWidth: 520 }}
      />
      <Button type="submit" variant="contained" startIcon={<SearchIcon aria-hidden="true" />} sx={{ height: 40 }}>
        Search
      </Button>
    </Box>
  );
}
