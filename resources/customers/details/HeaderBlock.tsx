import type { ReactNode } from 'react';
import { showsHeaderBlock, type CustomerDetails } from '../../../domain/customers';
import { Fields, Section } from '../../../src/ui/details';

/** What the header block sums up; the company and billing blocks show these only while it is hidden. */
const HEADER_FIELDS: readonly string[] = ['Rate Card Type', 'Billing Ref ID', 'Account Manager'];

/** A block's label/value pairs without those the header block shows, so each is on the page once. */
export function withoutHeaderFields(customer: CustomerDetails, items: [string, ReactNode][]): [string, ReactNode][] {
  return showsHeaderBlock(customer.rateCardType?.type) ? items.filter(([label]) => !HEADER_FIELDS.includes(label)) : items;
}

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
