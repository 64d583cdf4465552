import { useIsMutating } from '@tanstack/react-query';
import { NothingSelected } from '../../../src/ui/NothingSelected';
import { useState } from 'react';
import { Alert, Box, Tab, Tabs } from '@mui/material';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useGetOne } from 'react-admin';
import { EDIT_DI_NETWORK_TERMS_GUARD, EDIT_SUPPLIER_GUARD, SUPPLIER_ACCESS_MESSAGES, SUPPLIER_DETAILS_MESSAGES, type SupplierDetails } from '../../../domain/suppliers';
import { supplierResource } from '../../../domain/resources/supplier';
import { PageFrame } from '../../../src/layout/PageFrame';
import { PermissionButton, PermissionTooltip } from '../../../src/layout/PermissionButton';
import { useCan, useSessionState } from '../../../src/layout/useSession';
import { HistoryLink } from '../../../src/ui/HistoryLink';
import { TERMINATING, TerminateButton } from '../../../src/ui/TerminateButton';
import { useLiveTopic } from '../../../src/ui/useLiveTopic';
import { editPath, networkTermsPath, SEARCH, TERMS_TAB } from '../paths';
import { useSupplierIds } from '../useSupplierIds';
import { NetworkTermsTab } from './NetworkTermsTab';
import { SupplierSections } from './SupplierSections';

const TABS = ['Supplier Information', 'DI Network Terms'] as const;

/**
 * Supplier Information (spec 2 §2.1): two tabs, read-only and live, with Terminate (a live
 * supplier, for supplier editors; disabled while terminating or fetching) and History.
 */
export function SupplierDetailsPage() {
  const { ids, searchUrl } = useSupplierIds();
  const can = useCan();
  const by = useSessionState().session?.user;
  // Terminating: the page waits for it.
  const busy = useIsMutating({ mutationKey: TERMINATING }) > 0;
  const navigate = useNavigate();
  // The terms page's back link opens the DI Network Terms tab (?tab=di-network-terms).
  const [params] = useSearchParams();
  const [tab, setTab] = useState(params.get('tab') === TERMS_TAB ? 1 : 0);
  const { data: supplier, isPending, isFetching, error, refetch } = useGetOne<SupplierDetails>(
    supplierResource.name,
    { id: ids?.serviceUnitId ?? '', meta: { accountObjectId: ids?.accountObjectId } },
    { enabled: Boolean(ids), retry: false },
  );
  // Someone else's change or termination shows here at once.
  useLiveTopic(ids ? supplierResource.live(ids.serviceUnitId) : null, () => void refetch());

  const back = { label: 'Back to Supplier Search', to: searchUrl ?? SEARCH };
  if (!ids) {
    return (
      <PageFrame title="Supplier Information" back={back}>
        <NothingSelected what="supplier" search="Supplier Search" searchTo={SEARCH} thenView />
      </PageFrame>
    );
  }
  const canEdit = can(EDIT_SUPPLIER_GUARD.permission, EDIT_SUPPLIER_GUARD.action);
  const header = supplier && (
    <>
      {supplier.unitStatus.status === 'live' && (
        <PermissionTooltip allowed={canEdit} why={SUPPLIER_ACCESS_MESSAGES.noEdit}>
          <TerminateButton
            resource={supplierResource.name}
            params={{ supplier, by }}
            label="Supplier"
            question={SUPPLIER_DETAILS_MESSAGES.terminateQuestion}
            done={SUPPLIER_DETAILS_MESSAGES.terminated}
            after={SEARCH}
            disabled={!canEdit || busy || isFetching}
          />
        </PermissionTooltip>
      )}
      <HistoryLink recordType="supplier" recordId={supplier.id} />
      {supplier.belongsToDINetwork && (
        <PermissionButton
          allowed={can(EDIT_DI_NETWORK_TERMS_GUARD.permission, EDIT_DI_NETWORK_TERMS_GUARD.action)}
          why={SUPPLIER_DETAILS_MESSAGES.noTermsPermission}
          variant="outlined"
          onClick={() => navigate(networkTermsPath(supplier.id, supplier.accountObjectId), { state: { ...ids, searchUrl } })}
        >
          {supplier.diNetworkTerms ? 'Edit network terms' : 'Add network terms'}
        </PermissionButton>
      )}
      <PermissionButton allowed={canEdit} why={SUPPLIER_ACCESS_MESSAGES.noEdit} variant="contained" onClick={() => navigate(editPath(supplier.id, supplier.accountObjectId), { state: { ...ids, searchUrl } })}>
        Edit
      </PermissionButton>
    </>
  );

  return (
    <PageFrame title="Supplier Information" back={back} header={header} loading={isPending && !error} blocking={busy}>
      {error ? (
        <Alert severity="error">{(error as { status?: number }).status === 404 ? 'This supplier does not exist.' : 'The supplier could not be loaded.'}</Alert>
      ) : supplier ? (
        <Box>
          <Tabs value={tab} onChange={(_, t: number) => setTab(t)} aria-label="Supplier details" sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
            {TABS.map((label, i) => (
              <Tab key={label} label={label} id={`supplier-tab-${i}`} aria-controls={`supplier-tabpanel-${i}`} />
            ))}
          </Tabs>
          <Box role="tabpanel" id={`supplier-tabpanel-${tab}`} aria-labelledby={`supplier-tab-${tab}`}>
            {tab === 0 ? <SupplierSections supplier={supplier} /> : <NetworkTermsTab supplier={supplier} />}
          </Box>
        </Box>
      ) : null}
    </PageFrame>
  );
}
