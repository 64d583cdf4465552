import { CreateBase, EditBase, useEditContext } from 'react-admin';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { countryOfLocale, parseCountry, type CustomerDetails } from '../../../domain/customers';
import { customerResource } from '../../../domain/resources/customer';
import type { BackLink } from '../../../src/layout/PageFrame';
import { useRecordId } from '../../../src/resources/useRecordId';
import { NoRecordPage, recordStates, type RecordPage } from '../../../src/resources/recordStates';
import { detailsPath, SEARCH, type CustomerNavState } from '../paths';
import { CustomerEditor } from './CustomerEditor';

/** Saves wait for the server (the record's version decides), and the editor says where to go next. */
const SAVE_OPTIONS = { resource: customerResource.name, mutationMode: 'pessimistic', redirect: false } as const;

/**
 * Create Customer, at the spec's /customer/create-customer/:selectedCountry and at react-admin's
 * /customer/create?country=UK; without a country (or another one) it goes to the customer search,
 * where each country has its create button. Back goes to customer search.
 */
export function CustomerCreate() {
  const [params] = useSearchParams();
  const country = parseCountry(useParams().selectedCountry ?? params.get('country') ?? undefined);
  if (!country) return <Navigate to={SEARCH} replace />;
  // A new key per country, so switching country starts a fresh form.
  return (
    <CreateBase key={country} {...SAVE_OPTIONS}>
      <CustomerEditor country={country} details={null} back={{ label: 'Back to Customer Search', to: SEARCH }} />
    </CreateBase>
  );
}

/** Edit Customer, at the spec's /customer/edit-customer and at react-admin's /customer/:id. Back goes to customer details. */
export function CustomerEdit() {
  const { id, searchUrl } = useRecordId();
  if (!id) return <NoRecordPage title="Edit Customer" back={{ label: 'Back to Customer Search', to: SEARCH }} what="customer" search="Customer Search" searchTo={SEARCH} />;
  const state: CustomerNavState = { leaseCompanyId: id, searchUrl };
  const page: RecordPage = { title: 'Edit Customer', back: { label: 'Back to Customer Details', to: detailsPath(id), state }, what: 'customer' };
  return (
    <EditBase id={id} {...SAVE_OPTIONS} {...recordStates(page)}>
      <EditCustomer back={page.back} />
    </EditBase>
  );
}

function EditCustomer({ back }: { back: BackLink }) {
  const { record } = useEditContext<CustomerDetails>();
  if (!record) return null;
  return <CustomerEditor country={countryOfLocale(record.locale)} details={record} back={back} />;
}
