import { Box, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { UNIT_STATUS_LABELS, UNIT_STATUSES } from '../../../domain/suppliers';
import { supplierResource } from '../../../domain/resources/supplier';
import { PageFrame } from '../../../src/layout/PageFrame';
import { DashboardCard } from '../../../src/onboarding/DashboardCard';
import { useStatusCounts } from '../../../src/onboarding/useStatusCounts';
import { searchQuery } from '../../../src/search/searchUrl';
import { SEARCH } from '../paths';

/** Card titles (ours: the spec says 'active (live) and terminated (cancelled)'). */
const TITLES: Record<string, string> = { live: 'Active Suppliers', cancelled: 'Terminated Suppliers' };

/** Supplier Onboarding (spec 2 §2.1): live and cancelled counts; View All opens the search on that status. */
export function SupplierOnboarding() {
  const { counts, isPending, error } = useStatusCounts(supplierResource.name);
  return (
    <PageFrame title="Supplier Onboarding">
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 320px))' } }}>
        {UNIT_STATUSES.map((status) => (
          <DashboardCard
            key={status}
            title={TITLES[status]}
            figures={[{ label: UNIT_STATUS_LABELS[status], count: counts[status] }]}
            loading={isPending}
            error={Boolean(error)}
            action={
              <Button variant="contained" component={RouterLink} to={`${SEARCH}?${searchQuery({ status: [status] })}`}>
                View All
              </Button>
            }
          />
        ))}
      </Box>
    </PageFrame>
  );
}
