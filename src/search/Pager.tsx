import { Pagination } from '@mui/material';
import { useListContext } from 'react-admin';

/** The list's pages; a fixed page size, so there is no page-size changer (spec 1 §2). */
export function Pager({ label, onChange }: { label: string; onChange(page: number): void }) {
  const { page, perPage, total } = useListContext();
  const pages = Math.ceil((total ?? 0) / perPage);
  if (pages <= 1) return null;
  return (
    <Pagination
      aria-label={label}
      count={pages}
      page={Math.min(page, pages)}
      onChange={(_, p) => onChange(p)}
      color="primary"
      shape="rounded"
      showFirstButton
      showLastButton
      sx={{ '& ul': { justifyContent: 'flex-end' } }}
    />
  );
}
