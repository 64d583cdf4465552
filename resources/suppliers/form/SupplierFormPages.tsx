import { NothingSelected } from '../../../src/ui/NothingSelected';
import { useCallback } from 'react';
import { Alert } from '@mui/material';
import { CreateBase, EditBase, useEditContext } from 'react-admin';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { countryOfLocale, parseCountry } from '../../../domain/country';
import type { SupplierDetails } from '../../../domain/suppliers';
import { supplierResource } from '../../../domain/resources/supplier';
import { PageFrame, type BackLink } from '../../../src/layout/PageFrame';
import { detailsPath, SEARCH, type SupplierNavState } from '../paths';
import { useSupplierIds } from '../useSupplierIds';
import { SupplierEditor } from './SupplierEditor';

/** Saves wait for the server (the record's version decides), and the editor says where to go next. */
const SAVE_OPTIONS = { resource: supplierResource.name, mutationMode: 'pessimistic', redirect: false } as const;

/** After a save: the supplier's details page. */
function useShowSaved(searchUrl?: string) {
  const navigate = useNavigate();
  return useCallback(
    ({ id, accountObjectId }: { id: string; accountObjectId: string }) =>
      navigate(detailsPath(id, accountObjectId), { state: { serviceUnitId: id, accountObjectId, searchUrl } satisfies SupplierNavState }),
    [navigate, searchUrl],
  );
}

/** /supplier/create-supplier/:selectedCountry — back goes to supplier search. */
export function CreateSupplierPage() {
  const country = parseCountry(useParams().selectedCountry);
  const after = useShowSaved();
  if (!country) return <Navigate to={SEARCH} replace />;
  return (
    <CreateBase key={country} {...SAVE_OPTIONS}>
      <SupplierEditor country={country} details={null} back={{ label: 'Back to Supplier Search', to: SEARCH }} after={after} />
    </CreateBase>
  );
}

/** /supplier/edit-supplier — back goes to the supplier's details. */
export function EditSupplierPage() {
  const { ids, searchUrl } = useSupplierIds();
  const after = useShowSaved(searchUrl);
  if (!ids) {
    return (
      <PageFrame title="Edit Supplier" back={{ label: 'Back to Supplier Search', to: SEARCH }}>
        <NothingSelected what="supplier" search="Supplier Search" searchTo={SEARCH} />
      </PageFrame>
    );
  }
  const state: SupplierNavState = { ...ids, searchUrl };
  return (
    <EditBase id={ids.serviceUnitId} {...SAVE_OPTIONS} queryOptions={{ retry: false, meta: { accountObjectId: ids.accountObjectId } }}>
      <EditSupplier back={{ label: 'Back to Supplier Information', to: detailsPath(ids.serviceUnitId, ids.accountObjectId), state }} after={after} />
    </EditBase>
  );
}

function EditSupplier({ back, after }: { back: BackLink; after(saved: { id: string; accountObjectId: string }): void }) {
  const { record, isPending, error } = useEditContext<SupplierDetails>();
  if (error || !record) {
    return (
      <PageFrame title="Edit Supplier" back={back} loading={isPending && !error}>
        {error && <Alert severity="error">The supplier could not be loaded.</Alert>}
      </PageFrame>
    );
  }
  return <SupplierEditor country={countryOfLocale(record.locale)} details={record} back={back} after={after} />;
}
