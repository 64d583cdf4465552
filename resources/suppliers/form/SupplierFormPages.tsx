import { useCallback } from 'react';
import { CreateBase, EditBase, useEditContext } from 'react-admin';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { countryOfLocale, parseCountry } from '../../../domain/country';
import type { SupplierDetails } from '../../../domain/suppliers';
import { supplierResource } from '../../../domain/resources/supplier';
import type { BackLink } from '../../../src/layout/PageFrame';
import { NoRecordPage, recordStates, type RecordPage } from '../../../src/resources/recordStates';
import { useRecordId } from '../../../src/resources/useRecordId';
import { detailsPath, SEARCH, type SupplierNavState } from '../paths';
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

/**
 * Create Supplier, at the spec's /supplier/create-supplier/:selectedCountry and at react-admin's
 * /supplier/create?country=UK; without a country it goes to the supplier search. Back goes to supplier search.
 */
export function SupplierCreate() {
  const [params] = useSearchParams();
  const country = parseCountry(useParams().selectedCountry ?? params.get('country'));
  const after = useShowSaved();
  if (!country) return <Navigate to={SEARCH} replace />;
  return (
    <CreateBase key={country} {...SAVE_OPTIONS}>
      <SupplierEditor country={country} details={null} back={{ label: 'Back to Supplier Search', to: SEARCH }} after={after} />
    </CreateBase>
  );
}

/** Edit Supplier, at the spec's /supplier/edit-supplier and at react-admin's /supplier/:id?group=. Back goes to the supplier's details. */
export function SupplierEdit() {
  const { id, meta, searchUrl } = useRecordId();
  const after = useShowSaved(searchUrl);
  if (!id) return <NoRecordPage title="Edit Supplier" back={{ label: 'Back to Supplier Search', to: SEARCH }} what="supplier" search="Supplier Search" searchTo={SEARCH} />;
  const accountObjectId = meta.accountObjectId!;
  const state: SupplierNavState = { serviceUnitId: id, accountObjectId, searchUrl };
  const page: RecordPage = { title: 'Edit Supplier', back: { label: 'Back to Supplier Information', to: detailsPath(id, accountObjectId), state }, what: 'supplier' };
  return (
    <EditBase id={id} {...SAVE_OPTIONS} {...recordStates(page, meta)}>
      <EditSupplier back={page.back} after={after} />
    </EditBase>
  );
}

function EditSupplier({ back, after }: { back: BackLink; after(saved: { id: string; accountObjectId: string }): void }) {
  const { record } = useEditContext<SupplierDetails>();
  if (!record) return null;
  return <SupplierEditor country={countryOfLocale(record.locale)} details={record} back={back} after={after} />;
}
