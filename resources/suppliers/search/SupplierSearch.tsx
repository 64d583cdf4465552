import { useCanAccess, useListContext } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { SUPPLIER_ACCESS_MESSAGES, UNIT_STATUS_LABELS, UNIT_STATUSES } from '../../../domain/suppliers';
import { CreateInCountryButton } from '../../../src/ui/CreateInCountryButton';
import { supplierResource } from '../../../domain/resources/supplier';
import { PageFrame, type BackLink } from '../../../src/layout/PageFrame';
import { CardSearch } from '../../../src/search/CardSearch';
import { CheckboxFacet } from '../../../src/search/CheckboxFacet';
import { createPath, SETUP } from '../paths';
import { SupplierCard } from './SupplierCard';
import { SupplierCardAccessProvider } from './cardAccess';
import type { SupplierHit } from './supplierHit';

const STATUS_OPTIONS = UNIT_STATUSES.map((value) => ({ value, label: UNIT_STATUS_LABELS[value] }));

/** A hit's card: one function for every render, so a card is drawn again only for a new hit. */
const card = (hit: SupplierHit, searchUrl: string) => <SupplierCard hit={hit} searchUrl={searchUrl} />;

/** Where the group area's Show Suppliers comes from (spec 2 §2.2): the group's name and search. */
export interface FromGroupState {
  groupName?: string;
  groupSearchUrl?: string;
}

/** The group area's search; the group area sets its own link in navigation state. */
const GROUP_SEARCH = '/group/group-search';

/**
 * Supplier Search (spec 2 §2.1): text, unit-status facet, 25 per page, newest update first. Opened
 * for one group (filter groupId, from the group area's Show Suppliers) it is titled 'Supplier
 * Search for {group}' and goes back to the group search.
 */
export function SupplierSearch() {
  const location = useLocation();
  const from = (location.state ?? {}) as FromGroupState;
  return (
    <SupplierCardAccessProvider>
      <CardSearch<SupplierHit>
        resource={supplierResource.name}
        label="Suppliers"
        facets={<CheckboxFacet field="status" legend="Status" options={STATUS_OPTIONS} />}
        card={card}
        frame={(children) => <SearchFrame from={from}>{children}</SearchFrame>}
      />
    </SupplierCardAccessProvider>
  );
}

/** 'Add new Supplier' (spec 2 §2.1): asks the country, then opens its form; needs the supplier-edit permission. */
function AddSupplierButton() {
  const { canAccess } = useCanAccess({ resource: supplierResource.name, action: 'create' });
  return <CreateInCountryButton label="Add new Supplier" allowed={canAccess} why={SUPPLIER_ACCESS_MESSAGES.noEdit} path={createPath} />;
}

/** The page frame: its title and back link depend on whether the search is narrowed to a group. */
function SearchFrame({ from, children }: { from: FromGroupState; children: React.ReactNode }) {
  const { filterValues, data } = useListContext<SupplierHit>();
  const forGroup = typeof filterValues.groupId === 'string';
  // The group's name from the group card, or from a hit after a reload.
  const groupName = from.groupName ?? data?.[0]?.groupName ?? null;
  const title = forGroup ? `Supplier Search for ${groupName ?? 'group'}` : 'Supplier Search';
  const back: BackLink = forGroup ? { label: 'Back to Group search', to: from.groupSearchUrl ?? GROUP_SEARCH } : { label: 'Back to Supplier Onboarding', to: SETUP };
  return (
    <PageFrame title={title} back={back} header={<AddSupplierButton />}>
      {children}
    </PageFrame>
  );
}
