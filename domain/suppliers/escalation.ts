import { z } from 'zod';
import { isEmail, PERSON_NAME, stripSpaces } from '../formats';
import { notValidMessage, requiredMessage } from '../messages';
import type { LengthCap } from '../lengthCap';
import { requiredId } from '../requestFields';

/** Spec 2 §9: the Escalation Information drawer is 600 wide. */
export const ESCALATION_DRAWER_WIDTH = 600;

export const ESCALATION_LABELS = { name: 'Name', number: 'Number', email: 'Email', notes: 'Notes' } as const;

/** Spec 2 §5.2 and §9: typed length caps. */
export const ESCALATION_CAPS: Readonly<Record<keyof typeof ESCALATION_LABELS, LengthCap>> = {
  name: { max: 50 },
  number: { max: 20 },
  // Counted without spaces, as stored.
  email: { max: 100, normalize: stripSpaces },
  notes: { max: 200 },
};

/** A contact number: digits with spaces, a leading +, brackets and hyphens (ours: the spec names no pattern). */
const CONTACT_NUMBER = /^\+?[\d ()-]*\d[\d ()-]*$/;

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** Success toast (the spec says one exists without its wording; ours). */
export const ESCALATION_SAVED = 'The escalation information has been saved';

/**
 * The Escalation Information form (spec 2 §5.2), with the spec's messages: one per field, the
 * first failing check. The e-mail is optional and kept without whitespace.
 */
export const escalationFormSchema = z.object({
  name: z.preprocess(
    text,
    z
      .string()
      .min(1, { message: requiredMessage(ESCALATION_LABELS.name), abort: true })
      .max(ESCALATION_CAPS.name.max, { message: notValidMessage(ESCALATION_LABELS.name), abort: true })
      .regex(PERSON_NAME, notValidMessage(ESCALATION_LABELS.name)),
  ),
  number: z.preprocess(
    text,
    z
      .string()
      .min(1, { message: requiredMessage(ESCALATION_LABELS.number), abort: true })
      .max(ESCALATION_CAPS.number.max, { message: notValidMessage(ESCALATION_LABELS.number), abort: true })
      .regex(CONTACT_NUMBER, notValidMessage(ESCALATION_LABELS.number)),
  ),
  email: z.preprocess(
    stripSpaces,
    z
      .string()
      .max(ESCALATION_CAPS.email.max, { message: notValidMessage(ESCALATION_LABELS.email), abort: true })
      .refine((v) => v === '' || isEmail(v), notValidMessage(ESCALATION_LABELS.email)),
  ),
  notes: z.preprocess(
    text,
    z
      .string()
      .min(1, { message: requiredMessage(ESCALATION_LABELS.notes), abort: true })
      .max(ESCALATION_CAPS.notes.max, { message: notValidMessage(ESCALATION_LABELS.notes), abort: true }),
  ),
});
export type EscalationForm = z.input<typeof escalationFormSchema>;
export const EMPTY_ESCALATION: EscalationForm = { name: '', number: '', email: '', notes: '' };

/**
 * admin/saveEscalationInformation (spec 2 §7), with the version of the escalation contact the
 * drawer showed (ours: null when there was none), so a contact someone else saved meanwhile is not
 * overwritten unseen.
 */
export const saveEscalationSchema = z.object({
  accountId: requiredId('accountId'),
  serviceUnitId: requiredId('serviceUnitId'),
  version: z.number({ error: 'version is required' }).int().positive().nullable(),
  data: z.object({ escalationInformation: escalationFormSchema }, { error: 'data.escalationInformation is required' }),
  user: z.unknown().optional(),
});
export type SaveEscalationInput = z.infer<typeof saveEscalationSchema>;
