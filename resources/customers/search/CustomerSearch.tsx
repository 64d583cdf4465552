import { useCallback, useRef } from 'react';
import { Alert, Box, LinearProgress, Paper, Typography } from '@mui/material';
import { useLocation } from 'react-router-dom';
import { PageFrame } from '../../../src/layout/PageFrame';
import { SETUP } from '../paths';
import { CreateCustomerButton } from './CreateCustomerDialog';
import { CustomerCard } from './CustomerCard';
import { Pager } from './Pager';
import { ResultsBadge } from './ResultsBadge';
import { SearchBox } from './SearchBox';
import { StatusFacet } from './StatusFacet';
import { PAGE_SIZE, useCustomerSearch } from './useCustomerSearch';
import { useSearchState } from './searchState';

/** Customer Search (spec 1 §2): text, status facet, 25 per page, result cards. */
export function CustomerSearch() {
  const [state, update] = useSearchState();
  const { hits, total, counts, isPending, isFetching, error } = useCustomerSearch(state);
  const location = useLocation();
  const searchUrl = location.pathname + location.search;
  const pages = Math.ceil(total / PAGE_SIZE);
  const resultsRef = useRef<HTMLDivElement>(null);

  const goToPage = useCallback(
    (page: number) => {
      update({ page });
      // Keyboard and screen-reader users continue from the top of the new page.
      resultsRef.current?.focus({ preventScroll: true });
      resultsRef.current?.scrollIntoView({ block: 'start' });
    },
    [update],
  );

  return (
    <PageFrame title="Customer Search" back={{ label: 'Back to Customer Onboarding', to: SETUP }} header={<CreateCustomerButton />}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '220px minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <StatusFacet selected={state.statuses} counts={counts} onChange={(statuses) => update({ statuses })} />
        </Paper>
        <Box>
          <SearchBox value={state.q} onSearch={(q) => update({ q })} />
          <Box ref={resultsRef} tabIndex={-1} aria-label="Search results" role="region" sx={{ outline: 'none', scrollMarginTop: 16 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, minHeight: 48, mb: 1 }}>
              <ResultsBadge total={total} />
              <Pager label="Pages, top" page={state.page} pages={pages} onChange={goToPage} />
            </Box>
            <Box sx={{ height: 4, mb: 1 }}>{isFetching && <LinearProgress aria-label="Searching" />}</Box>
            {error ? (
              <Alert severity="error">The search could not be completed. Please try again.</Alert>
            ) : !isPending && hits.length === 0 ? (
              <Typography sx={{ py: 6, textAlign: 'center' }} color="text.secondary">
                No results found for your search criteria
              </Typography>
            ) : (
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
                {hits.map((hit) => (
                  <li key={hit.id}>
                    <CustomerCard hit={hit} searchUrl={searchUrl} />
                  </li>
                ))}
              </Box>
            )}
            <Box sx={{ mt: 2 }}>
              <Pager label="Pages, bottom" page={state.page} pages={pages} onChange={goToPage} />
            </Box>
          </Box>
        </Box>
      </Box>
    </PageFrame>
  );
}
