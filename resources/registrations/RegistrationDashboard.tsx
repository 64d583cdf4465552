import { Box, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { eRegistrationResource } from '../../domain/resources/eRegistration';
import { PageFrame } from '../../src/layout/PageFrame';
import { DashboardCard } from '../../src/onboarding/DashboardCard';
import { useStatusCounts } from '../../src/onboarding/useStatusCounts';
import { searchQuery } from '../../src/search/searchUrl';
import { SEARCH } from './paths';

/** Card titles (ours: the spec says 'counts of NEW and REJECTED'). */
const CARDS = [
  { status: 'NEW', title: 'New Registrations', label: 'New' },
  { status: 'REJECTED', title: 'Rejected Registrations', label: 'Rejected' },
] as const;

/** The e-registration dashboard (spec 2 §2.3): counts of NEW and REJECTED; View opens the search on that status. */
export function RegistrationDashboard() {
  const { counts, isPending, error } = useStatusCounts(eRegistrationResource.name);
  return (
    <PageFrame title="e-Registration">
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 320px))' } }}>
        {CARDS.map((card) => (
          <DashboardCard
            key={card.status}
            title={card.title}
            figures={[{ label: card.label, count: counts[card.status] }]}
            loading={isPending}
            error={Boolean(error)}
            action={
              <Button variant="contained" component={RouterLink} to={`${SEARCH}?${searchQuery({ status: [card.status] })}`}>
                View
              </Button>
            }
          />
        ))}
      </Box>
    </PageFrame>
  );
}
