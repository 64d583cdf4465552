import { useMemo, type ComponentProps } from 'react';
import { Pagination, PaginationActions, type PaginationActionsProps } from 'react-admin';

/** No page-size changer: a fixed page size (spec 1 §2). */
const NO_PAGE_SIZES: number[] = [];

/** The results badge says how many were found: react-admin's "1-25 of N" is not shown. */
const PAGER_SX = {
  overflow: 'visible',
  '& .MuiToolbar-root': { minHeight: 0, px: 0, justifyContent: 'flex-end' },
  '& .MuiTablePagination-spacer, & .MuiTablePagination-displayedRows': { display: 'none' },
};

/**
 * The list's pages: react-admin's Pagination with its numbered page buttons at every width, first
 * and last page buttons, and `label` naming the page navigation ('Pages, top').
 */
export function Pager({ label }: { label: string }) {
  const actions = useMemo(
    () =>
      function PagerActions(props: PaginationActionsProps) {
        return <PaginationActions {...props} aria-label={label} color="primary" shape="rounded" />;
      },
    [label],
  );
  // Passed on to MUI's TablePagination: react-admin's narrow-screen pager has only previous and
  // next, so the numbered one serves both widths; first and last page buttons.
  const table = { ActionsComponent: actions, showFirstButton: true, showLastButton: true } as Partial<ComponentProps<typeof Pagination>>;
  return <Pagination rowsPerPageOptions={NO_PAGE_SIZES} actions={actions} sx={PAGER_SX} {...table} />;
}
