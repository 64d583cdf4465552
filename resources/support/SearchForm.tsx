import { useState, type FormEvent } from 'react';
import { Box, TextField } from '@mui/material';
import type { z } from 'zod';
import { BusyButton } from '../../src/ui/BusyButton';

interface SearchFormProps<T> {
  label: string;
  placeholder?: string;
  /** Checks and normalises what was typed; its first issue is shown under the field. */
  schema: z.ZodType<T, string>;
  busy: boolean;
  onSearch(value: T): void;
  /** Typing again clears what the last search showed. */
  onEdit?(): void;
  /** Shapes the text as it is typed (a registration: no spaces, upper case). */
  normalize?(text: string): string;
  /** The most characters the field takes (after normalize). */
  maxLength?: number;
}

/** Ours: the longest text a support search takes where its own rule sets no length. */
const SEARCH_MAX = 64;
const asTyped = (text: string) => text;

/**
 * The search at the top of every support drawer: one labelled field and SEARCH; Enter searches.
 * The field's error (required, too long) is announced under it.
 */
export function SearchForm<T>({ label, placeholder, schema, busy, onSearch, onEdit, normalize = asTyped, maxLength = SEARCH_MAX }: SearchFormProps<T>) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const parsed = schema.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    onSearch(parsed.data);
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      <TextField
        label={label}
        placeholder={placeholder}
        value={text}
        onChange={(e) => {
          setText(normalize(e.target.value).slice(0, maxLength));
          setError(null);
          onEdit?.();
        }}
        required
        size="small"
        fullWidth
        error={Boolean(error)}
        helperText={error ?? ' '}
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength } }}
      />
      <BusyButton busy={busy} type="submit" variant="contained" sx={{ mt: 0.25, minWidth: 110 }}>
        SEARCH
      </BusyButton>
    </Box>
  );
}
