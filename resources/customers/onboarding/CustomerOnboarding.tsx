import { Box, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useCanAccess } from 'react-admin';
import { RESOURCES } from '../../../domain/resources';
import type { ResourceDecl } from '../../../domain/resources/types';
import { customerResource } from '../../../domain/resources/customer';
import { PageFrame } from '../../../src/layout/PageFrame';
import { SEARCH } from '../paths';
import { searchQuery } from '../../../src/search/searchUrl';
import { DashboardCard } from '../../../src/onboarding/DashboardCard';
import { useStatusCounts } from '../../../src/onboarding/useStatusCounts';

/** The entities declaring an onboarding card (suppliers, e-registrations), in declaration order. */
const CARDS = RESOURCES.filter((r) => r.onboardingCard);

/** An entity's card: counts by status, and a link to its area for those who may open it. */
function EntityCard({ decl }: { decl: ResourceDecl }) {
  const card = decl.onboardingCard!;
  const { counts, isPending, error } = useStatusCounts(decl.name);
  const { canAccess } = useCanAccess({ resource: decl.name, action: 'list' });
  return (
    <DashboardCard
      title={card.title}
      figures={card.figures.map((f) => ({ label: f.label, count: counts[f.status] }))}
      loading={isPending}
      error={Boolean(error)}
      action={
        canAccess && decl.menu && (
          <Button variant="outlined" component={RouterLink} to={decl.menu.path}>
            {card.linkLabel}
          </Button>
        )
      }
    />
  );
}

/** Customer Onboarding (spec 1 §2): customer counts by status, and the cards the other entities declare. */
export function CustomerOnboarding() {
  const customers = useStatusCounts(customerResource.name);
  const viewAll = (status: string) => (
    <Button variant="contained" component={RouterLink} to={`${SEARCH}?${searchQuery({ status: [status] })}`}>
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
        {CARDS.map((decl) => (
          <EntityCard key={decl.name} decl={decl} />
        ))}
      </Box>
    </PageFrame>
  );
}
