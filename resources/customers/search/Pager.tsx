import { Pagination } from '@mui/material';

/** Fixed page size: there is no page-size changer (spec 1 §2). */
export function Pager({ label, page, pages, onChange }: { label: string; page: number; pages: number; onChange(page: number): void }) {
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
