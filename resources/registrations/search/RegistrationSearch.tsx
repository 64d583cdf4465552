import { REGISTRATION_STATUS_LABELS, REGISTRATION_STATUSES } from '../../../domain/registrations';
import { eRegistrationResource } from '../../../domain/resources/eRegistration';
import { PageFrame } from '../../../src/layout/PageFrame';
import { CardSearch } from '../../../src/search/CardSearch';
import { CheckboxFacet } from '../../../src/search/CheckboxFacet';
import { DASHBOARD } from '../paths';
import { RegistrationCard } from './RegistrationCard';
import type { RegistrationHit } from './registrationHit';

const STATUS_OPTIONS = REGISTRATION_STATUSES.map((value) => ({ value, label: REGISTRATION_STATUS_LABELS[value] }));

/** A hit's card: one function for every render, so a card is drawn again only for a new hit. */
const card = (hit: RegistrationHit, searchUrl: string) => <RegistrationCard hit={hit} searchUrl={searchUrl} />;

/** The registration search (spec 2 §2.3): status filters with Select All, the search box, 25 per page. */
export function RegistrationSearch() {
  return (
    <PageFrame title="Supplier Registrations" back={{ label: 'Back to e-Registration', to: DASHBOARD }}>
      <CardSearch<RegistrationHit>
        resource={eRegistrationResource.name}
        label="Registrations"
        facets={<CheckboxFacet field="status" legend="Status" options={STATUS_OPTIONS} />}
        card={card}
      />
    </PageFrame>
  );
}
