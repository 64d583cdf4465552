import { describe, expect, it } from 'vitest';
import { escalationFormSchema, ESCALATION_CAPS } from '../../domain/suppliers';
import { capLength } from '../../domain/lengthCap';

const valid = { name: 'Dana Reid', number: '+44 (0)117 496-0000', email: 'dana@harbour.example', notes: 'Call after 6pm' };

/** The first message of each field, as the drawer shows them. */
function messages(values: Record<string, unknown>): Record<string, string> {
  const r = escalationFormSchema.safeParse(values);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const i of r.error.issues) out[String(i.path[0])] ??= i.message;
  return out;
}

describe('Escalation Information rules (spec 2 §5.2)', () => {
  it('accepts a full contact, and one without an e-mail', () => {
    expect(messages(valid)).toEqual({});
    expect(messages({ ...valid, email: '' })).toEqual({});
  });

  it.each([
    [{ name: '' }, { name: 'Name is required' }],
    [{ name: '   ' }, { name: 'Name is required' }],
    [{ name: 'R2-D2' }, { name: 'Name is not valid' }],
    [{ name: 'a'.repeat(51) }, { name: 'Name is not valid' }],
    [{ number: '' }, { number: 'Number is required' }],
    [{ number: 'call me' }, { number: 'Number is not valid' }],
    [{ number: '1'.repeat(21) }, { number: 'Number is not valid' }],
    [{ email: 'dana@' }, { email: 'Email is not valid' }],
    [{ email: `${'d'.repeat(95)}@x.example` }, { email: 'Email is not valid' }],
    [{ notes: '' }, { notes: 'Notes is required' }],
    [{ notes: 'n'.repeat(201) }, { notes: 'Notes is not valid' }],
  ])('%j says %j', (change, expected) => {
    expect(messages({ ...valid, ...change })).toEqual(expected);
  });

  it('strips whitespace from the e-mail and trims the rest, as saved', () => {
    expect(escalationFormSchema.parse({ ...valid, name: ' Dana Reid ', email: ' dana @harbour.example ' })).toMatchObject({ name: 'Dana Reid', email: 'dana@harbour.example' });
  });

  it('stops typing at the caps of spec 2 §9, the e-mail counted without spaces', () => {
    expect(capLength('', 'n'.repeat(60), ESCALATION_CAPS.name)).toHaveLength(50);
    expect(capLength('', '1'.repeat(30), ESCALATION_CAPS.number)).toHaveLength(20);
    expect(capLength('', 'x'.repeat(250), ESCALATION_CAPS.notes)).toHaveLength(200);
    expect(ESCALATION_CAPS.email.max).toBe(100);
  });
});
