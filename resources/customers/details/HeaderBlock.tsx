import { showsHeaderBlock, type CustomerDetails } from '../../../domain/customers';
import { Fields, Section } from './parts';

/** The account summary above the company block; hidden for some rate card types (domain rule). */
export function HeaderBlock({ customer: c }: { customer: CustomerDetails }) {
  if (!showsHeaderBlock(c.rateCardType?.type)) return null;
  return (
    <Section title="Account" wide>
      <Fields
        columns={4}
        items={[
          ['Rate Card Type', c.rateCardType?.label],
          ['Billing Ref ID', c.billingRefId],
          ['Account Manager', c.leaseDetails?.accountManager],
          ['Documents', c.documentCount],
        ]}
      />
    </Section>
  );
}
