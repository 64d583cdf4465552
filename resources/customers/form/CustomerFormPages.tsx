import { NothingSelected } from '../../../src/ui/NothingSelected';
import { Alert } from '@mui/material';
import { CreateBase, EditBase, useEditContext } from 'react-admin';
import { Navigate, useParams } from 'react-router-dom';
import { countryOfLocale, parseCountry, type CustomerDetails } from '../../../domain/customers';
import { customerResource } from '../../../domain/resources/customer';
import { PageFrame, type BackLink } from '../../../src/layout/PageFrame';
import { detailsPath, SEARCH, type CustomerNavState } from '../paths';
import { useCustomerId } from '../useCustomerId';
import { CustomerEditor } from './CustomerEditor';

/** Saves wait for the server (the record's version decides), and the editor says where to go next. */
const SAVE_OPTIONS = { resource: customerResource.name, mutationMode: 'pessimistic', redirect: false } as const;

/** /customer/create-customer/:selectedCountry — back goes to customer search. */
export function CreateCustomerPage() {
  const country = parseCountry(useParams().selectedCountry);
  if (!country) return <Navigate to={SEARCH} replace />;
  // A new key per country, so switching country starts a fresh form.
  return (
    <CreateBase key={country} {...SAVE_OPTIONS}>
      <CustomerEditor country={country} details={null} back={{ label: 'Back to Customer Search', to: SEARCH }} />
    </CreateBase>
  );
}

/** /customer/edit-customer — back goes to customer details. */
export function EditCustomerPage() {
  const { id, searchUrl } = useCustomerId();
  if (!id) {
    return (
      <PageFrame title="Edit Customer" back={{ label: 'Back to Customer Search', to: SEARCH }}>
        <NothingSelected what="customer" search="Customer Search" searchTo={SEARCH} />
      </PageFrame>
    );
  }
  const state: CustomerNavState = { leaseCompanyId: id, searchUrl };
  return (
    <EditBase id={id} {...SAVE_OPTIONS} queryOptions={{ retry: false }}>
      <EditCustomer back={{ label: 'Back to Customer Details', to: detailsPath(id), state }} />
    </EditBase>
  );
}

function EditCustomer({ back }: { back: BackLink }) {
  const { record, isPending, error } = useEditContext<CustomerDetails>();
  if (error || !record) {
    return (
      <PageFrame title="Edit Customer" back={back} loading={isPending && !error}>
        {error && <Alert severity="error">The customer could not be loaded.</Alert>}
      </PageFrame>
    );
  }
  return <CustomerEditor country={countryOfLocale(record.locale)} details={record} back={back} />;
}
