import { memo, useId } from 'react';
import { Chip, Paper, styled } from '@mui/material';
import { displayName } from '../../../domain/suppliers';
import { DocumentsButton } from '../../../src/documents/DocumentsButton';
import { CardField } from '../../../src/ui/details';
import { hitAddress } from '../../../src/search/addressHit';
import { CardLink } from '../../../src/search/CardButton';
import { SubscriptionsButton } from '../../../src/subscriptions/SubscriptionsButton';
import { detailsPath, type SupplierNavState } from '../paths';
import { ServiceIcons } from '../ServiceIcons';
import { EscalationAction } from './EscalationAction';
import { InviteAction } from './InviteAction';
import type { SupplierHit } from './supplierHit';


/** The card's layout, styled once for the whole card rather than per box (a page shows 25 cards). */
const Card = styled(Paper)(({ theme }) => ({
  padding: theme.spacing(2.5),
  '& .top': { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: theme.spacing(2), rowGap: theme.spacing(1.5), marginBottom: theme.spacing(1.5) },
  '& .who': { flex: '1 1 16rem', minWidth: 0 },
  '& .name': { display: 'flex', alignItems: 'center', gap: theme.spacing(1), marginBottom: theme.spacing(0.5) },
  '& .name > h2': { ...theme.typography.h3, margin: 0, overflowWrap: 'anywhere' },
  '& .who > p': { ...theme.typography.body2, margin: 0, color: theme.palette.text.secondary },
  '& .actions': { display: 'flex', flexWrap: 'wrap', gap: theme.spacing(1), alignItems: 'center' },
  '& .bottom': { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', columnGap: theme.spacing(5), rowGap: theme.spacing(1.5) },
  '& .bottom > dl': { margin: 0, display: 'flex', flexWrap: 'wrap', columnGap: theme.spacing(5), rowGap: theme.spacing(1.5) },
})) as typeof Paper;

/**
 * One supplier in the search results (spec 2 §2.1): an article named by the supplier, with its
 * address, DI Group Id, DI Supplier Id, franchises and the icons of its enabled services; the
 * documents action and View share the first row.
 */
export const SupplierCard = memo(function SupplierCard({ hit, searchUrl }: { hit: SupplierHit; searchUrl: string }) {
  const nameId = useId();
  const id = String(hit.id);
  const state: SupplierNavState = { serviceUnitId: id, accountObjectId: hit.groupId, searchUrl };
  return (
    <Card component="article" aria-labelledby={nameId} variant="outlined">
      <div className="top">
        <div className="who">
          <div className="name">
            <h2 id={nameId}>{displayName(hit.name)}</h2>
            {hit.status === 'cancelled' && <Chip size="small" label="Terminated" />}
          </div>
          <p>{hitAddress(hit)}</p>
        </div>
        <div className="actions">
          <DocumentsButton kind="supplier" id={id} name={hit.name} count={hit.documentCount ?? 0} />
          <EscalationAction hit={hit} />
          <InviteAction hit={hit} />
          <SubscriptionsButton owner={{ kind: 'supplier', id }} displayId={hit.supplierId} name={hit.name} />
          <CardLink variant="contained" to={detailsPath(id, hit.groupId)} state={state} aria-describedby={nameId}>
            View
          </CardLink>
        </div>
      </div>
      <div className="bottom">
        <dl>
          <CardField label="DI Group Id" value={hit.diGroupId} />
          <CardField label="DI Supplier Id" value={hit.supplierId} />
          <CardField label="Franchises" value={hit.manufacturers?.length ? hit.manufacturers.join(', ') : null} />
        </dl>
        <ServiceIcons services={hit.services ?? []} />
      </div>
    </Card>
  );
});
