import { Alert, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

/**
 * What a details, edit or file page says when it is opened without a record (an address typed
 * by hand): which record is missing and where to find one.
 */
export function NothingSelected({ what, search, searchTo, thenView }: { what: string; search: string; searchTo: string; thenView?: boolean }) {
  return (
    <Alert severity="info">
      No {what} is selected. Find one in <Link component={RouterLink} to={searchTo}>{search}</Link>
      {thenView ? ' and choose View' : ''}.
    </Alert>
  );
}
