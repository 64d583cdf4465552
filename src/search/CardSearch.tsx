import { memo, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, LinearProgress, Paper, Typography } from '@mui/material';
import { ListBase, ListPaginationContext, useListContext, useListPaginationContext, type RaRecord } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { CardNavigation, type CardNavigate } from './CardButton';
import { Pager } from './Pager';
import { ResultsBadge } from './ResultsBadge';
import { SearchBox } from './SearchBox';
import { NewestSearch } from './NewestSearch';

/** Spec 1 §2 and spec 2 §2.1: 25 results per page, no page-size changer. */
export const SEARCH_PAGE_SIZE = 25;

const keepPrevious = <T,>(previous: T) => previous;
/** The page's own query asks for no facets; each facet reads its counts without its own filter (useFacetCounts). */
const QUERY_OPTIONS = { meta: { facets: [] }, placeholderData: keepPrevious };

export interface CardSearchProps<T extends RaRecord> {
  /** The declared resource searched (its collection, fields and default sort). */
  resource: string;
  /** The search form's accessible name, e.g. 'Customers'. */
  label: string;
  /** The facet column (CheckboxFacet…); none for a search without facets (groups). */
  facets?: ReactNode;
  /**
   * One hit's card; `searchUrl` is the address of the results on screen, which details and edit
   * pages lead back to (it changes when new results arrive, not when a search is asked for, so the
   * cards on screen are not rendered again while the next results load). A function defined once
   * (not in a render), so that a card is rendered again only for a new hit or address.
   */
  card(hit: T, searchUrl: string): ReactNode;
  /** Wraps the search inside the list's context, for a page frame that reads it (a title from the filter). */
  frame?(search: ReactNode): ReactNode;
}

/**
 * A card search (customer, supplier and group search): react-admin's ListBase keeps text, facet
 * filters and page in the URL (only there: no stored params, so a bare address is a fresh search);
 * a facet column, the search box, the results badge, pagers above and below, and one card per hit.
 * The widgets are react-admin's, changing the newest search at once (NewestSearch).
 * The previous page stays on screen while the next one loads.
 */
export function CardSearch<T extends RaRecord>({ resource, label, facets, card, frame = (search) => search }: CardSearchProps<T>) {
  return (
    // The route has already checked the session and the user's access (RouteAccess); checking them
    // again here held the list's search back two renders behind its facet counts.
    <ListBase resource={resource} perPage={SEARCH_PAGE_SIZE} queryOptions={QUERY_OPTIONS} storeKey={false} disableAuthentication>
      <NewestSearch listMeta={QUERY_OPTIONS.meta}>
        {frame(
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: facets ? '220px minmax(0, 1fr)' : '1fr' }, alignItems: 'start' }}>
            {facets && (
              <Paper variant="outlined" sx={{ p: 2 }}>
                {facets}
              </Paper>
            )}
            <Box>
              <SearchBox label={label} />
              <Results card={card} />
            </Box>
          </Box>,
        )}
      </NewestSearch>
    </ListBase>
  );
}

/** The address of the results on screen: the current one once its results are in. */
function useShownSearchUrl(isFetching: boolean): string {
  const { pathname, search } = useLocation();
  const here = pathname + search;
  const [shown, setShown] = useState(here);
  if (!isFetching && shown !== here) setShown(here);
  return isFetching ? shown : here;
}

/** One hit's card, rendered again only when its hit, address or card function changes. */
const Hit = memo(function Hit<T extends RaRecord>({ hit, searchUrl, card }: { hit: T; searchUrl: string; card(hit: T, searchUrl: string): ReactNode }) {
  return <li>{card(hit, searchUrl)}</li>;
}) as <T extends RaRecord>(props: { hit: T; searchUrl: string; card(hit: T, searchUrl: string): ReactNode }) => ReactNode;

/** One navigation function for every card, the same from render to render (CardLink). */
function useCardNavigate(): CardNavigate {
  const navigate = useNavigate();
  const latest = useRef(navigate);
  latest.current = navigate;
  return useCallback((to, state) => void latest.current(to, { state }), []);
}

function Results<T extends RaRecord>({ card }: { card(hit: T, searchUrl: string): ReactNode }) {
  const { data, total, isPending, isFetching, error } = useListContext<T>();
  const navigate = useCardNavigate();
  const searchUrl = useShownSearchUrl(Boolean(isFetching));
  const pagination = useListPaginationContext();
  const resultsRef = useRef<HTMLDivElement>(null);
  const { setPage } = pagination;
  const goToPage = useCallback(
    (page: number) => {
      setPage(page);
      // Keyboard and screen-reader users continue from the top of the new page.
      resultsRef.current?.focus({ preventScroll: true });
      resultsRef.current?.scrollIntoView({ block: 'start' });
    },
    [setPage],
  );
  const pages = useMemo(() => ({ ...pagination, setPage: goToPage }), [pagination, goToPage]);
  const hits = data ?? [];
  return (
    <ListPaginationContext.Provider value={pages}>
      <Box ref={resultsRef} tabIndex={-1} aria-label="Search results" role="region" sx={{ outline: 'none', scrollMarginTop: 16 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, minHeight: 48, mb: 1 }}>
          <ResultsBadge total={total ?? 0} />
          <Pager label="Pages, top" />
        </Box>
        <Box sx={{ height: 4, mb: 1 }}>{isFetching && <LinearProgress aria-label="Searching" />}</Box>
        {error ? (
          <Alert severity="error">The search could not be completed. Please try again.</Alert>
        ) : !isPending && hits.length === 0 ? (
          <Typography sx={{ py: 6, textAlign: 'center' }} color="text.secondary">
            No results found for your search criteria
          </Typography>
        ) : (
          <CardNavigation.Provider value={navigate}>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
              {hits.map((hit) => (
                <Hit key={hit.id} hit={hit} searchUrl={searchUrl} card={card} />
              ))}
            </Box>
          </CardNavigation.Provider>
        )}
        <Box sx={{ mt: 2 }}>
          <Pager label="Pages, bottom" />
        </Box>
      </Box>
    </ListPaginationContext.Provider>
  );
}
