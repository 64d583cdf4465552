import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { Box, Tab, Tabs } from '@mui/material';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useCanAccess, useShowContext } from 'react-admin';
import { SUPPLIER_ACCESS_MESSAGES, SUPPLIER_DETAILS_MESSAGES, type SupplierDetails } from '../../../domain/suppliers';
import { supplierResource } from '../../../domain/resources/supplier';
import { PageFrame } from '../../../src/layout/PageFrame';
import { PermissionButton, PermissionTooltip } from '../../../src/layout/PermissionButton';
import { useSessionState } from '../../../src/layout/useSession';
import type { RecordPage } from '../../../src/resources/recordStates';
import { RecordShow } from '../../../src/resources/RecordShow';
import { HistoryLink } from '../../../src/ui/HistoryLink';
import { TERMINATING, TerminateButton } from '../../../src/ui/TerminateButton';
import { editPath, networkTermsPath, SEARCH, TERMS_TAB, type SupplierNavState } from '../paths';
import { NetworkTermsTab } from './NetworkTermsTab';
import { SupplierSections } from './SupplierSections';

const TABS = ['Supplier Information', 'DI Network Terms'] as const;

/**
 * Supplier Information (spec 2 §2.1): two tabs, read-only and live, with Terminate (a live
 * supplier, for supplier editors; disabled while terminating or fetching) and History. At the
 * spec's /supplier/supplier-details (the ids in navigation state or ?id=&group=) and at
 * react-admin's /supplier/:id/show?group=.
 */
export function SupplierShow() {
  return <RecordShow title="Supplier Information" what="supplier" search="Supplier Search" searchTo={SEARCH} view={SupplierDetailsView} />;
}

function SupplierDetailsView({ page, searchUrl }: { page: RecordPage; searchUrl: string | undefined }) {
  const { record: supplier, isFetching } = useShowContext<SupplierDetails>();
  const { canAccess: canEdit } = useCanAccess({ resource: supplierResource.name, action: 'edit' });
  const { canAccess: canTerminate } = useCanAccess({ resource: supplierResource.name, action: 'terminate' });
  const { canAccess: canEditTerms } = useCanAccess({ resource: supplierResource.name, action: 'editNetworkTerms' });
  const by = useSessionState().session?.user;
  // Terminating: the page waits for it.
  const busy = useIsMutating({ mutationKey: TERMINATING }) > 0;
  const navigate = useNavigate();
  // The terms page's back link opens the DI Network Terms tab (?tab=di-network-terms).
  const [params] = useSearchParams();
  const [tab, setTab] = useState(params.get('tab') === TERMS_TAB ? 1 : 0);
  if (!supplier) return null;

  const state: SupplierNavState = { serviceUnitId: supplier.id, accountObjectId: supplier.accountObjectId, searchUrl };
  const header = (
    <>
      {supplier.unitStatus.status === 'live' && (
        <PermissionTooltip allowed={canTerminate} why={SUPPLIER_ACCESS_MESSAGES.noEdit}>
          <TerminateButton
            resource={supplierResource.name}
            params={{ supplier, by }}
            label="Supplier"
            question={SUPPLIER_DETAILS_MESSAGES.terminateQuestion}
            done={SUPPLIER_DETAILS_MESSAGES.terminated}
            after={SEARCH}
            disabled={canTerminate !== true || busy || isFetching}
          />
        </PermissionTooltip>
      )}
      <HistoryLink recordType="supplier" recordId={supplier.id} />
      {supplier.belongsToDINetwork && (
        <PermissionButton
          allowed={canEditTerms}
          why={SUPPLIER_DETAILS_MESSAGES.noTermsPermission}
          variant="outlined"
          onClick={() => navigate(networkTermsPath(supplier.id, supplier.accountObjectId), { state })}
        >
          {supplier.diNetworkTerms ? 'Edit network terms' : 'Add network terms'}
        </PermissionButton>
      )}
      <PermissionButton allowed={canEdit} why={SUPPLIER_ACCESS_MESSAGES.noEdit} variant="contained" onClick={() => navigate(editPath(supplier.id, supplier.accountObjectId), { state })}>
        Edit
      </PermissionButton>
    </>
  );

  return (
    <PageFrame title={page.title} back={page.back} header={header} blocking={busy}>
      <Box>
        <Tabs value={tab} onChange={(_, t: number) => setTab(t)} aria-label="Supplier details" sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
          {TABS.map((label, i) => (
            <Tab key={label} label={label} id={`supplier-tab-${i}`} aria-controls={`supplier-tabpanel-${i}`} />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`supplier-tabpanel-${tab}`} aria-labelledby={`supplier-tab-${tab}`}>
          {tab === 0 ? <SupplierSections /> : <NetworkTermsTab supplier={supplier} />}
        </Box>
      </Box>
    </PageFrame>
  );
}
