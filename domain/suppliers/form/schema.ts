import { z } from 'zod';
import { capLength } from '../../lengthCap';
import type { Country } from '../../country';
import { FORM_OPTIONAL_SERVICES, OPENING_SLOTS } from './defaults';
import { notValidMessage, requiredMessage, SUPPLIER_FORM_MESSAGES, supplierFieldLabels, type SupplierFieldPath } from './labels';
import { OPTIONAL_SERVICE_LIMITS, RADIUS_MAX_DIGITS, RESTRICTION_CHOICES, supplierTextRules } from './limits';
import type { SupplierForm } from './values';

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const DIGITS = /^\d+$/;
const RESTRICTION_LABELS = { maxHeight: 'Max Height', maxLength: 'Max Length', maxWeight: 'Max Weight' } as const;

const at = (obj: unknown, path: string): unknown => path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);

/**
 * The Create / Edit Supplier form (spec 2 §5.1) for a country: every message the spec gives, one
 * per field (the first failing check), at the field's path. Checked in the browser as the user
 * saves and again on the server, so both say the same. Values are only checked here; the save
 * input is built by toSupplierSaveInput.
 */
export function supplierFormSchema(country: Country) {
  const labels = supplierFieldLabels(country);
  const rules = supplierTextRules(country);
  return z.custom<SupplierForm>((v) => typeof v === 'object' && v !== null, 'The supplier is required').superRefine((form, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: path.split('.'), message });

    for (const [path, rule] of Object.entries(rules) as [SupplierFieldPath, NonNullable<(typeof rules)[SupplierFieldPath]>][]) {
      const raw = text(at(form, path));
      const value = rule.normalize ? rule.normalize(raw) : raw;
      const label = labels[path];
      if (!value) {
        if (rule.required) issue(path, requiredMessage(label));
        continue;
      }
      const tooLong = capLength('', value, { max: rule.max }) !== value;
      const tooShort = rule.min !== undefined && value.length < rule.min;
      if (tooLong || tooShort || (rule.valid && !rule.valid(value))) {
        issue(path, path === 'vatRegistrationNumber' && country === 'IE' ? SUPPLIER_FORM_MESSAGES.ieVatInvalid : notValidMessage(label));
      }
    }

    const radius = text(form.servingRadius?.radius);
    if (!radius) issue('servingRadius.radius', requiredMessage(labels['servingRadius.radius']));
    else if (!DIGITS.test(radius) || radius.length > RADIUS_MAX_DIGITS || Number(radius) < 1) issue('servingRadius.radius', notValidMessage(labels['servingRadius.radius']));
    const mobile = text(form.servingRadius?.mobileRadius);
    if (mobile && (!DIGITS.test(mobile) || mobile.length > RADIUS_MAX_DIGITS)) issue('servingRadius.mobileRadius', notValidMessage(labels['servingRadius.mobileRadius']));

    if (!Array.isArray(form.services) || form.services.length === 0) issue('services', SUPPLIER_FORM_MESSAGES.serviceRequired);

    const hours = form.openingHours;
    for (const day of ['weekday', 'saturday', 'sunday'] as const) {
      const slot = hours?.[day];
      if (!slot || (day === 'sunday' && !hours.sunday.isOpen)) continue;
      for (const end of ['customOpening', 'customClosing'] as const) {
        const t = slot[end];
        if (t !== null && !OPENING_SLOTS.includes(t)) issue(`openingHours.${day}.${end}`, notValidMessage('Time'));
      }
    }

    for (const [key, [min, max]] of Object.entries(RESTRICTION_CHOICES) as [keyof typeof RESTRICTION_CHOICES, readonly [number, number]][]) {
      const v = form.restrictions?.[key];
      if (v !== '' && v !== null && v !== undefined && !(Number.isInteger(v) && v >= min && v <= max)) issue(`restrictions.${key}`, notValidMessage(RESTRICTION_LABELS[key]));
    }

    (form.supplementaryServices ?? []).forEach((s, i) => {
      const def = FORM_OPTIONAL_SERVICES.find((d) => d.key === s.type);
      if (!def || !s.isOffered) return;
      const { leadTimeMin, leadTimeMax, radiusDigits, notesMax } = OPTIONAL_SERVICE_LIMITS;
      if (def.leadTime && s.leadTime !== '' && !(Number.isInteger(s.leadTime) && s.leadTime >= leadTimeMin && s.leadTime <= leadTimeMax)) issue(`supplementaryServices.${i}.leadTime`, SUPPLIER_FORM_MESSAGES.leadTimeNotValid);
      const r = text(s.radius);
      if (def.radius && r && (!DIGITS.test(r) || r.length > radiusDigits)) issue(`supplementaryServices.${i}.radius`, SUPPLIER_FORM_MESSAGES.radiusNotValid);
      if (def.notes && text(s.notes).length > notesMax) issue(`supplementaryServices.${i}.notes`, SUPPLIER_FORM_MESSAGES.notesNotValid);
    });

    const reference = text(form.accountSystemReference);
    if (reference && !/^[A-Za-z0-9]{1,8}$/.test(reference)) issue('accountSystemReference', notValidMessage(labels.accountSystemReference));
  });
}
