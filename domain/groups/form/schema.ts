import { z } from 'zod';
import { CURRENCIES, PAYMENT_METHODS } from '../../common';
import type { Country } from '../../country';
import { maskedToMinor } from '../../fees';
import { capLength } from '../../lengthCap';
import { SAME_AS } from '../sameAs';
import { ADDRESS_FIELDS, CONTACT_FIELDS, GROUP_CONTACT_LABELS, GROUP_FIELD_LABELS, GROUP_FORM_MESSAGES, groupAddressLabels, notValidMessage, requiredMessage } from './labels';
import { FEES_SCHEDULE_DAYS, groupTextRules, MERCHANT_FEE_MAX_MINOR } from './limits';
import { GROUP_FEE_KEYS, type GroupForm } from './values';

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const at = (obj: unknown, path: string): unknown => path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);

/** The label a path's messages name: the field's own, or its block's field label. */
function labelOf(country: Country, path: string): string {
  const [block, field] = path.split('.');
  if (field && (ADDRESS_FIELDS as readonly string[]).includes(field) && block.endsWith('ddress')) return groupAddressLabels(country)[field as (typeof ADDRESS_FIELDS)[number]];
  if (field && (CONTACT_FIELDS as readonly string[]).includes(field) && block.endsWith('ontact')) return GROUP_CONTACT_LABELS[field as (typeof CONTACT_FIELDS)[number]];
  return (GROUP_FIELD_LABELS as Record<string, string>)[path] ?? path;
}

/** A block is checked unless its "same as" flag is ticked (it is then its parent's copy). */
function skipped(form: GroupForm, path: string): boolean {
  const block = path.split('.')[0] as keyof typeof SAME_AS;
  const link = SAME_AS[block];
  return Boolean(link && form[link.flag]);
}

/**
 * The Create / Edit Group form (spec 2 §5.3) for a country: every message the spec gives, one per
 * field (the first failing check), at the field's path. Checked in the browser as the user saves
 * and again on the server, so both say the same. 'Group Id already exists' needs the known ids and
 * is checked beside this schema (the form as the user types, the server by its unique index).
 */
export function groupFormSchema(country: Country) {
  const rules = groupTextRules(country);
  return z.custom<GroupForm>((v) => typeof v === 'object' && v !== null, 'The group is required').superRefine((form, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: path.split('.'), message });

    for (const [path, rule] of Object.entries(rules)) {
      if (skipped(form, path)) continue;
      const raw = text(at(form, path));
      const value = rule.normalize ? rule.normalize(raw) : raw;
      const label = labelOf(country, path);
      if (!value) {
        if (rule.required) issue(path, requiredMessage(label));
        continue;
      }
      const tooLong = capLength('', value, { max: rule.max }) !== value;
      if (tooLong || (rule.valid && !rule.valid(value))) issue(path, path === 'vatRegistrationNumber' ? GROUP_FORM_MESSAGES.vatInvalid : notValidMessage(label));
    }

    const fees = form.platformFees ?? ({} as GroupForm['platformFees']);
    if (!(CURRENCIES as readonly unknown[]).includes(fees.currency)) issue('platformFees.currency', requiredMessage(GROUP_FIELD_LABELS['platformFees.currency']));
    if (fees.paymentMethod !== '' && fees.paymentMethod !== undefined && !(PAYMENT_METHODS as readonly unknown[]).includes(fees.paymentMethod)) {
      issue('platformFees.paymentMethod', notValidMessage(GROUP_FIELD_LABELS['platformFees.paymentMethod']));
    }
    if (fees.feesSchedule === null || fees.feesSchedule === undefined) issue('platformFees.feesSchedule', requiredMessage(GROUP_FIELD_LABELS['platformFees.feesSchedule']));
    else if (!FEES_SCHEDULE_DAYS.includes(fees.feesSchedule)) issue('platformFees.feesSchedule', notValidMessage(GROUP_FIELD_LABELS['platformFees.feesSchedule']));
    for (const key of GROUP_FEE_KEYS) {
      const path = `platformFees.${key}` as const;
      const masked = text(fees[key]?.masked);
      if (!masked) {
        issue(path, requiredMessage(GROUP_FIELD_LABELS[path]));
        continue;
      }
      const minor = maskedToMinor(masked);
      if (minor === null) issue(path, notValidMessage(GROUP_FIELD_LABELS[path]));
      else if (key === 'merchantFee' && minor > MERCHANT_FEE_MAX_MINOR) issue(path, GROUP_FORM_MESSAGES.merchantFeeOver);
    }

    const credit = text(form.creditLimit?.agreedCreditLimit?.masked);
    if (credit && maskedToMinor(credit) === null) issue('creditLimit.agreedCreditLimit', notValidMessage(GROUP_FIELD_LABELS['creditLimit.agreedCreditLimit']));
  });
}

/** 'Group Id already exists' (spec 2 §5.3) for a new group, against the ids admin/getSupplierGroupIds lists. */
export function groupIdTaken(groupId: unknown, knownIds: readonly string[]): boolean {
  const id = text(groupId).toLowerCase();
  return id !== '' && knownIds.some((k) => k.toLowerCase() === id);
}

/** The Group ID is editable only for a new group or when the saved id is empty (spec 2 §5.3). */
export const groupIdEditable = (isNew: boolean, savedGroupId: string | null | undefined): boolean => isNew || !text(savedGroupId);
