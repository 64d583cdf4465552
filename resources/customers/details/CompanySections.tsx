import type { CustomerDetails } from '../../../domain/customers';
import { COUNTRY_BY_LOCALE } from '../../../domain/common';
import { codeLabel } from '../labels';
import { Fields, Section, Tick } from '../../../src/ui/details';
import { AddressText } from './AddressText';
import { CategoryName } from './CategoryName';
import { withoutHeaderFields } from './HeaderBlock';

type P = { customer: CustomerDetails };

export function CompanyBlock({ customer: c }: P) {
  return (
    <Section title={c.name} wide>
      <Fields
        columns={4}
        items={withoutHeaderFields(c, [
          ['Status', codeLabel(c.status)],
          ['DI Customer Id', c.diCustomerId],
          ['Country', COUNTRY_BY_LOCALE[c.locale]],
          ['Customer Type', codeLabel(c.customerType)],
          ['Address', <AddressText key="a" address={c.address} locale={c.locale} />],
          ['Company Registration Number', c.companyRegistrationNumber],
          ['VAT Number', c.vatNumber],
          ['Rate Card Type', c.rateCardType?.label],
          ['Fleet Level', c.fleetLevel?.label],
          ['Max Supplier Proximity', c.supplierProximity != null ? `${c.supplierProximity} miles` : null],
          ['Web Link Id', c.webLinkId],
          ['Enforce MFA', c.enforceMfa === null ? 'Not set' : c.enforceMfa ? 'Yes' : 'No (non-MFA risk accepted)'],
        ])}
      />
    </Section>
  );
}

export function BillingSection({ customer: c }: P) {
  return (
    <Section title="Billing">
      <Fields
        items={withoutHeaderFields(c, [
          ['Currency', c.currency?.label],
          ['Billing Ref ID', c.billingRefId],
          ['Accounting Category', c.categoryId ? <CategoryName key="c" id={c.categoryId} /> : null],
          ['Customer Name for Direct Paybill', c.customerNameForDirectPaybill],
          ['Account Manager', c.leaseDetails?.accountManager],
          ['Account Number', c.leaseDetails?.accountNumber],
          ['Apply Platform Fee to', c.platformFeeAssignee ? codeLabel(c.platformFeeAssignee) : null],
        ])}
      />
    </Section>
  );
}

export function ContactSection({ customer: c }: P) {
  return (
    <Section title="Contact">
      <Fields
        items={[
          ['Contact Name', c.contactName],
          ['Email', c.email],
          ['Phone Number', c.mainphoneNumber],
          ['Mobile Number', c.mobileNumber],
          ['Landline Number', c.landLineNumber],
          ['WhatsApp Number', c.whatsappNumber],
          ['Info Email', c.infoEmail],
        ]}
      />
    </Section>
  );
}

export function AllowedAssignmentsSection({ customer: c }: P) {
  return (
    <Section title="Number of allowed assignments">
      <Fields items={[['Maximum sub-customer assignments', c.maxSubCustomerAssignmentsAllowed]]} />
    </Section>
  );
}

export function ExportConfigSection({ customer: c }: P) {
  return (
    <Section title="Export Config">
      <Tick on={c.exportsSettings?.invoiceSupplementFileEnabled} label="Invoice supplement file" />
      <br />
      <Tick on={c.config.includeExternalSMRCodesInExport} label="Include external SMR codes in export" />
    </Section>
  );
}
