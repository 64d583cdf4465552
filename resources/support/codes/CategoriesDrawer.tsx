import { Paper, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../../../dataProvider';
import { CATEGORY_COLUMNS, CATEGORY_MESSAGES, supportTool } from '../../../domain/support';
import { ListStates } from '../../../src/ui/ListStates';
import { ToolDrawer } from '../ToolDrawer';

/**
 * Show Categories (spec 3 §2.4): the accounting service's customer categories, Name and Id, read
 * afresh at each opening; nothing to search or change.
 */
export function CategoriesDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <ToolDrawer tool="showCategories" open={open} onClose={onClose}>
      <CategoriesList />
    </ToolDrawer>
  );
}

function CategoriesList() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  // Not kept between openings: the accounting service's list may change at any time.
  const { data, isError, isFetching, refetch } = useQuery({
    queryKey: ['support', 'customerCategories'],
    queryFn: ({ signal }) => dataProvider.quickBooksCustomerCategories(signal),
    retry: false,
    gcTime: 0,
  });
  // A retry shows the spinner again rather than the old failure.
  const failed = isError && !isFetching;
  return (
    <ListStates
      items={data ?? null}
      error={failed}
      onRetry={() => void refetch()}
      errorText={CATEGORY_MESSAGES.loadFailed}
      loadingLabel={CATEGORY_MESSAGES.loading}
      emptyText={CATEGORY_MESSAGES.empty}
    >
      {(categories) => (
        <Paper variant="outlined">
          <Table size="small" aria-label={supportTool('showCategories').label}>
            <TableHead>
              <TableRow>
                <TableCell>{CATEGORY_COLUMNS.name}</TableCell>
                <TableCell>{CATEGORY_COLUMNS.id}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {categories.map((c) => (
                <TableRow key={c.id}>
                  <TableCell>{c.name}</TableCell>
                  <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{c.id}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </ListStates>
  );
}
