import { memo } from 'react';
import { Checkbox, FormControlLabel } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Country } from '../../../domain/country';
import { stripSpaces } from '../../../domain/formats';
import {
  GROUP_CONTACT_LABELS,
  GROUP_FIELD_LABELS,
  GROUP_SECTIONS,
  SAME_AS,
  groupAddressLabels,
  groupTextRules,
  tickSameAs,
  type AddressBlock,
  type ContactBlock,
  type GroupAddressForm,
  type GroupContactForm,
  type GroupForm,
  type SameAsFlag,
  type SameAsState,
} from '../../../domain/groups';
import { FormSection } from '../../../src/ui/forms/FormSection';
import { Row, CappedTextInput } from '../../../src/ui/inputs';

/**
 * A "same as" checkbox (spec 2 §4): ticking copies the parent block into this one (and on down
 * the chain) and disables its inputs; un-ticking leaves the copy to edit.
 */
function SameAsCheckbox({ flag }: { flag: SameAsFlag }) {
  const { getValues, setValue } = useFormContext<GroupForm>();
  const on = Boolean(useWatch({ name: flag }));
  const toggle = (checked: boolean) => {
    const patch = tickSameAs(getValues() as unknown as SameAsState<GroupAddressForm, GroupContactForm>, flag, checked);
    for (const [key, value] of Object.entries(patch)) setValue(key as keyof GroupForm, value as never, { shouldDirty: true, shouldValidate: false });
  };
  return <FormControlLabel control={<Checkbox checked={on} onChange={(e) => toggle(e.target.checked)} />} label={GROUP_FIELD_LABELS[flag]} />;
}

/** True while the block is its parent's copy (its inputs disabled). */
function useLinked(block: AddressBlock | ContactBlock): boolean {
  const link = block === 'address' || block === 'contact' ? null : SAME_AS[block];
  return Boolean(useWatch({ name: link?.flag ?? '__none' })) && link !== null;
}

/** An address block: UK needs Locality and County (spec 2 §5.3); postcode spaces are stripped as typed. */
export const AddressBlockSection = memo(function AddressBlockSection({ block, country }: { block: AddressBlock; country: Country }) {
  const L = groupAddressLabels(country);
  const uk = country === 'UK';
  const linked = useLinked(block);
  const s = (field: string) => `${block}.${field}`;
  return (
    <FormSection title={GROUP_SECTIONS[block]}>
      {block !== 'address' && <SameAsCheckbox flag={SAME_AS[block].flag} />}
      <Row>
        <CappedTextInput source={s('number')} label={L.number} required disabled={linked} />
        <CappedTextInput source={s('address1')} label={L.address1} required disabled={linked} />
        <CappedTextInput source={s('address2')} label={L.address2} required={uk} disabled={linked} />
      </Row>
      <Row>
        <CappedTextInput source={s('address3')} label={L.address3} required disabled={linked} />
        <CappedTextInput source={s('county')} label={L.county} required={uk} disabled={linked} />
        <CappedTextInput source={s('postcode')} label={L.postcode} required transform={stripSpaces} disabled={linked} />
      </Row>
    </FormSection>
  );
});

/** A contact block: the phone is required in Ireland; the e-mail on the contact and the paying contact. */
export const ContactBlockSection = memo(function ContactBlockSection({ block, country }: { block: ContactBlock; country: Country }) {
  const rules = groupTextRules(country);
  const linked = useLinked(block);
  const s = (field: string) => `${block}.${field}`;
  const L = GROUP_CONTACT_LABELS;
  return (
    <FormSection title={GROUP_SECTIONS[block]}>
      {block !== 'contact' && <SameAsCheckbox flag={SAME_AS[block].flag} />}
      <Row>
        <CappedTextInput source={s('title')} label={L.title} disabled={linked} />
        <CappedTextInput source={s('firstName')} label={L.firstName} disabled={linked} />
        <CappedTextInput source={s('lastName')} label={L.lastName} disabled={linked} />
      </Row>
      <Row>
        <CappedTextInput source={s('contactNumber1')} label={L.contactNumber1} required={rules[s('contactNumber1')].required} type="tel" inputMode="tel" disabled={linked} />
        <CappedTextInput source={s('faxNumber')} label={L.faxNumber} type="tel" inputMode="tel" disabled={linked} />
        <CappedTextInput source={s('email')} label={L.email} required={rules[s('email')].required} type="email" inputMode="email" transform={stripSpaces} disabled={linked} />
      </Row>
    </FormSection>
  );
});
