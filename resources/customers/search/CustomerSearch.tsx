import { CUSTOMER_STATUSES } from '../../../domain/customers';
import { customerResource } from '../../../domain/resources/customer';
import { PageFrame } from '../../../src/layout/PageFrame';
import { CardSearch } from '../../../src/search/CardSearch';
import { CheckboxFacet } from '../../../src/search/CheckboxFacet';
import { SETUP } from '../paths';
import { CreateCustomerButton } from './CreateCustomerDialog';
import { CustomerCard } from './CustomerCard';
import type { CustomerHit } from './customerHit';

const STATUS_LABELS: Record<string, string> = { ACTIVE: 'Active', TERMINATED: 'Terminated' };
const STATUS_OPTIONS = CUSTOMER_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] ?? value }));

/** A hit's card: one function for every render, so a card is drawn again only for a new hit. */
const card = (hit: CustomerHit, searchUrl: string) => <CustomerCard hit={hit} searchUrl={searchUrl} />;

/** Customer Search (spec 1 §2): text, status facet, 25 per page, result cards, sorted by name (the declaration's). */
export function CustomerSearch() {
  return (
    <PageFrame title="Customer Search" back={{ label: 'Back to Customer Onboarding', to: SETUP }} header={<CreateCustomerButton />}>
      <CardSearch<CustomerHit>
        resource={customerResource.name}
        label="Customers"
        facets={<CheckboxFacet field="status" legend="Status" options={STATUS_OPTIONS} />}
        card={card}
      />
    </PageFrame>
  );
}
