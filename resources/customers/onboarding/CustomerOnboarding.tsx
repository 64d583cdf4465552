import { Box, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { PageFrame } from '../../../src/layout/PageFrame';
import { useCan } from '../../../src/layout/useSession';
import { SEARCH } from '../paths';
import { statusQuery } from '../search/searchState';
import { DashboardCard } from './DashboardCard';
import { useStatusCounts } from './useStatusCounts';

/** Customer Onboarding (spec 1 §2): customer counts by status, and the supplier and e-registration counts. */
export function CustomerOnboarding() {
  const can = useCan();
  const customers = useStatusCounts('customers');
  const suppliers = useStatusCounts('suppliers');
  const registrations = useStatusCounts('eRegistrations');
  const viewAll = (status: string) => (
    <Button variant="contained" component={RouterLink} to={`${SEARCH}?${statusQuery([status])}`}>
      View All
    </Button>
  );
  return (
    <PageFrame title="Customer Onboarding">
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}>
        <DashboardCard
          title="Active Customers"
          figures={[{ label: 'Active Customers', count: customers.counts.ACTIVE }]}
          loading={customers.isPending}
          error={Boolean(customers.error)}
          action={viewAll('ACTIVE')}
        />
        <DashboardCard
          title="Terminated Customers"
          figures={[{ label: 'Terminated Customers', count: customers.counts.TERMINATED }]}
          loading={customers.isPending}
          error={Boolean(customers.error)}
          action={viewAll('TERMINATED')}
        />
        <DashboardCard
          title="Suppliers"
          figures={[
            { label: 'Live', count: suppliers.counts.live },
            { label: 'Cancelled', count: suppliers.counts.cancelled },
          ]}
          loading={suppliers.isPending}
          error={Boolean(suppliers.error)}
          action={
            can('supplier') && (
              <Button variant="outlined" component={RouterLink} to="/supplier/setup">
                Go to Supplier Onboarding
              </Button>
            )
          }
        />
        <DashboardCard
          title="e-Registrations"
          figures={[
            { label: 'New', count: registrations.counts.NEW },
            { label: 'Rejected', count: registrations.counts.REJECTED },
          ]}
          loading={registrations.isPending}
          error={Boolean(registrations.error)}
          action={
            can('eRegistration') && (
              <Button variant="outlined" component={RouterLink} to="/e-registration">
                Go to e-Registration
              </Button>
            )
          }
        />
      </Box>
    </PageFrame>
  );
}
