import type { ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress } from '@mui/material';

export interface ListStatesProps<T> {
  /** null until the first answer (useLiveList). */
  items: T[] | null;
  error: boolean;
  onRetry(): void;
  /** The error's text, with a Retry button. */
  errorText: string;
  /** The spinner's spoken name. */
  loadingLabel: string;
  /** What an empty list says. */
  emptyText: ReactNode;
  /** The list once it has items. */
  children(items: T[]): ReactNode;
}

/** A list in a drawer: the error with Retry, a spinner until it is read, a note when empty, else the list. */
export function ListStates<T>({ items, error, onRetry, errorText, loadingLabel, emptyText, children }: ListStatesProps<T>) {
  if (error) {
    return (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={onRetry}>Retry</Button>}>
        {errorText}
      </Alert>
    );
  }
  if (items === null) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={loadingLabel} />
      </Box>
    );
  }
  if (items.length === 0) return <Alert severity="info">{emptyText}</Alert>;
  return <>{children(items)}</>;
}
