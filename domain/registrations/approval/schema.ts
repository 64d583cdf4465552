import { z } from 'zod';
import type { Locale } from '../../common';
import { capLength } from '../../lengthCap';
import { notValidMessage, requiredMessage } from '../../messages';
import { OPENING_SLOTS } from '../../suppliers/form/defaults';
import { FACILITIES, SERVICE_TYPES, SUPPLEMENTARY_SERVICES, VEHICLE_TYPES } from '../../suppliers/enums';
import { makeByLabel } from '../../vehicleMakes';
import { APPROVAL_MESSAGES as M, approvalLabel, approvalTextRules, RADIUS_DIGITS } from './rules';
import { APPROVAL_ANCILLARIES, type ApprovalForm } from './values';

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const at = (obj: unknown, path: string): unknown => path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
const DIGITS = /^\d+$/;
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
/** The choices the form always sends as lists of codes; anything else is a malformed call, answered rather than stored. */
const CHOICE_LISTS = [
  ['ancillaries', 'Ancillary', APPROVAL_ANCILLARIES.map((a) => a.key)],
  ['supplementaryServices', 'Optional service', SUPPLEMENTARY_SERVICES.map((s) => s.key)],
  ['facilities', 'Facility', FACILITIES.map((f) => f.value)],
] as const;
const FLAGS = [
  ['independent', 'Independent'],
  ['franchise', 'Franchise'],
  ['isBillingAddressSameAsAddress', 'Same as company address'],
  ['isBillingContactSameAsContact', 'Same as company contact'],
] as const;

/**
 * The Add and Approve Supplier form (spec 2 §5.5): one message per field at its path; billing
 * blocks only when not the same as the company's. Checked as the user saves (the manufacturer
 * rule therefore only after the first attempt) and again on the server.
 */
export function approvalFormSchema(locale: Locale) {
  const rules = approvalTextRules(locale);
  return z.custom<ApprovalForm>((v) => typeof v === 'object' && v !== null, 'The supplier is required').superRefine((form, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: path.split('.'), message });
    for (const [path, rule] of Object.entries(rules)) {
      if (path.startsWith('billingAddress.') && form.isBillingAddressSameAsAddress) continue;
      if (path.startsWith('billingContact.') && form.isBillingContactSameAsContact) continue;
      const raw = text(at(form, path));
      const value = rule.normalize ? rule.normalize(raw) : raw;
      if (!value) {
        if (rule.required) issue(path, requiredMessage(approvalLabel(path)));
        continue;
      }
      if (capLength('', value, { max: rule.max }) !== value || (rule.valid && !rule.valid(value))) issue(path, notValidMessage(approvalLabel(path)));
    }

    const radius = text(form.servingRadius?.radius);
    if (!radius) issue('servingRadius.radius', requiredMessage('Serving proximity'));
    else if (!DIGITS.test(radius) || radius.length > RADIUS_DIGITS) issue('servingRadius.radius', notValidMessage('Serving proximity'));
    const mobile = text(form.servingRadius?.mobileRadius);
    if (mobile && (!DIGITS.test(mobile) || mobile.length > RADIUS_DIGITS)) issue('servingRadius.mobileRadius', notValidMessage('Mobile radius'));

    const vehicleTypes = list(form.vehicleTypes);
    if (vehicleTypes.length === 0) issue('vehicleTypes', M.vehicleTypeRequired);
    else if (vehicleTypes.some((t) => !(VEHICLE_TYPES as readonly unknown[]).includes(t))) issue('vehicleTypes', notValidMessage('Vehicle category'));
    const services = list(form.services);
    if (services.length === 0) issue('services', M.serviceRequired);
    else if (services.some((t) => !(SERVICE_TYPES as readonly unknown[]).includes(t))) issue('services', notValidMessage('Service'));

    if (!form.independent && !form.franchise) issue('independent', M.supplierTypeRequired);
    if (form.franchise && list(form.manufacturers).length === 0) issue('manufacturers', M.manufacturerRequired);
    else if (list(form.manufacturers).some((m) => typeof m !== 'string' || !makeByLabel(m))) issue('manufacturers', notValidMessage('Manufacturer Name'));
    if (form.independent && form.franchise) issue('franchise', M.supplierTypeRequired);
    for (const [path, label] of FLAGS) {
      const flag: unknown = form[path];
      if (flag !== undefined && typeof flag !== 'boolean') issue(path, notValidMessage(label));
    }
    for (const [path, label, known] of CHOICE_LISTS) {
      const chosen: unknown = form[path];
      if (!Array.isArray(chosen) || chosen.some((c) => !(known as readonly unknown[]).includes(c))) issue(path, notValidMessage(label));
    }

    const hours = form.openingHours;
    for (const day of ['weekday', 'saturday', 'sunday'] as const) {
      const slot = hours?.[day];
      if (!slot || typeof slot !== 'object') {
        issue(`openingHours.${day}`, notValidMessage('Opening hours'));
        continue;
      }
      if (day === 'sunday' && !hours.sunday.isOpen) continue;
      for (const end of ['customOpening', 'customClosing'] as const) {
        const t = slot[end];
        if (t !== null && !OPENING_SLOTS.includes(t)) issue(`openingHours.${day}.${end}`, notValidMessage('Time'));
      }
    }
  });
}
