import { describe, expect, it } from 'vitest';
import {
  activationRefusal,
  cancelEnquirySchema,
  cancelRefusal,
  ENQUIRY_MESSAGES,
  ENQUIRY_TOOL_SEARCH,
  ENQUIRY_TOOLS,
  enquiryNumberSchema,
  findEnquiriesSchema,
  findVehiclesSchema,
  newRegistrationProblem,
  NO_MODULE_ACCESS,
  regenerateRefusal,
  registrationSchema,
  registrationUpdateRefusal,
  revertRefusal,
  serviceTypeRefusal,
  STATUS_BEFORE_COMPLETION_DEFAULT,
  SUPPORT_SECTIONS,
  supportBadge,
  supportTool,
  toolAction,
  VEHICLE_MESSAGES,
} from '../../domain/support';
import { CONTRACT_STATUSES, ENQUIRY_STATUSES, NOT_CANCELLABLE_SEARCH, type ContractStatus, type EnquiryStatus } from '../../domain/enquiries';
import type { ServiceType } from '../../domain/suppliers';

/** The support dashboard's rules, messages and schemas (domain/support), against spec 3 §2.4, §4, §5, §8, §9. */

const OTHERS = (except: readonly EnquiryStatus[]) => ENQUIRY_STATUSES.filter((s) => !except.includes(s));
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0].message);

describe('the spec texts (§5, §8)', () => {
  it('enquiry messages', () => {
    expect(ENQUIRY_MESSAGES).toMatchObject({
      numberRequired: 'Enquiry number is required',
      notFound: 'Enquiry not found',
      invoicedNotCancellable: 'Invoiced enquiries cannot be cancelled',
      invoicedNotRevertible: 'Invoiced enquiries cannot be reverted',
      serviceTypeLocked: 'Service Type of invoiced or completed enquiries cannot be updated',
      notInvoiced: 'Enquiry not invoiced. Cannot generate the invoice PDF.',
      generic: 'Error occurred from api.',
    });
  });

  it('vehicle messages', () => {
    expect(VEHICLE_MESSAGES).toMatchObject({
      registrationRequired: 'Vehicle Registration is required',
      notFound: 'Vehicle Registration number not found',
      moreThanOne: 'This Registration number matched more than one stock entries. Please contact technical team for help',
      newRequired: 'New Registration is required',
      newNotValid: 'New Registration is not valid',
      awaitingTermination: 'Cannot update Registration number of Vehicle Awaiting Termination',
      terminated: 'Cannot update Registration number of Terminated Vehicle',
      alreadyActive: 'Vehicle is already Active',
    });
  });

  it("a button without its permission: 'You do not have access to this module'", () => {
    expect(NO_MODULE_ACCESS).toBe('You do not have access to this module');
  });
});

describe('cancelRefusal (§4: allowed unless invoiced)', () => {
  it.each(OTHERS(['INVOICED']))('%s, not invoiced: allowed', (status) => {
    expect(cancelRefusal({ enquiryStatus: status, invoiced: false })).toBeNull();
  });
  it.each(ENQUIRY_STATUSES)('%s, invoiced: refused', (status) => {
    expect(cancelRefusal({ enquiryStatus: status, invoiced: true })).toBe('Invoiced enquiries cannot be cancelled');
  });
  it('status INVOICED without the invoiced flag: refused', () => {
    expect(cancelRefusal({ enquiryStatus: 'INVOICED', invoiced: false })).toBe('Invoiced enquiries cannot be cancelled');
  });
});

describe('revertRefusal (§4: only COMPLETED, and not invoiced)', () => {
  it('COMPLETED, not invoiced: allowed', () => {
    expect(revertRefusal({ enquiryStatus: 'COMPLETED', invoiced: false })).toBeNull();
  });
  it.each([
    ['INVOICED', false],
    ['INVOICED', true],
    ['COMPLETED', true],
    ['PAYMENT_TAKEN', true],
  ] as [EnquiryStatus, boolean][])('%s (invoiced flag %s): the invoiced message', (status, invoiced) => {
    expect(revertRefusal({ enquiryStatus: status, invoiced })).toBe('Invoiced enquiries cannot be reverted');
  });
  it.each(OTHERS(['COMPLETED', 'INVOICED']))('%s: ours, only completed enquiries', (status) => {
    expect(revertRefusal({ enquiryStatus: status, invoiced: false })).toBe(ENQUIRY_MESSAGES.notCompleted);
    expect(ENQUIRY_MESSAGES.notCompleted).toBe('Only completed enquiries can be reverted');
  });
  it('returns to CHECK_IN_COMPLETE when the status before completion was not kept', () => {
    expect(STATUS_BEFORE_COMPLETION_DEFAULT).toBe('CHECK_IN_COMPLETE');
  });
});

describe('regenerateRefusal (§4: only when INVOICED)', () => {
  it('INVOICED: allowed', () => {
    expect(regenerateRefusal({ enquiryStatus: 'INVOICED', invoiced: true })).toBeNull();
  });
  it.each(OTHERS(['INVOICED']))('%s: refused', (status) => {
    expect(regenerateRefusal({ enquiryStatus: status, invoiced: false })).toBe('Enquiry not invoiced. Cannot generate the invoice PDF.');
  });
});

describe('serviceTypeRefusal (§4, §5)', () => {
  const offered: ServiceType[] = ['SERVICE', 'MOT', 'TYRE'];
  const open = (status: EnquiryStatus, invoiced = false) => ({ enquiryStatus: status, invoiced, serviceType: 'SERVICE' as ServiceType, offeredServiceTypes: offered });

  it.each(['COMPLETED', 'PAYMENT_TAKEN', 'INVOICED'] as EnquiryStatus[])('%s: locked, even for an offered different type', (status) => {
    expect(serviceTypeRefusal(open(status), 'MOT')).toBe('Service Type of invoiced or completed enquiries cannot be updated');
  });
  it('an invoiced enquiry of any status: locked', () => {
    expect(serviceTypeRefusal(open('BID_ACCEPTED', true), 'MOT')).toBe('Service Type of invoiced or completed enquiries cannot be updated');
  });
  it('the lock comes before the other checks', () => {
    expect(serviceTypeRefusal(open('COMPLETED'), 'SERVICE')).toBe(ENQUIRY_MESSAGES.serviceTypeLocked);
    expect(serviceTypeRefusal(open('INVOICED'), 'GLASS')).toBe(ENQUIRY_MESSAGES.serviceTypeLocked);
  });
  it('the same type: refused', () => {
    expect(serviceTypeRefusal(open('BID_ACCEPTED'), 'SERVICE')).toBe('The new service type must differ from the current one');
  });
  it.each(['GLASS', 'REPAIR', 'BODYSHOP'] as ServiceType[])('%s, not offered by the lease company: refused', (next) => {
    expect(serviceTypeRefusal(open('BID_ACCEPTED'), next)).toBe('The lease company does not offer this service type');
  });
  it('nothing offered: every change refused', () => {
    expect(serviceTypeRefusal({ ...open('NEW'), offeredServiceTypes: [] }, 'MOT')).toBe(ENQUIRY_MESSAGES.serviceTypeNotOffered);
  });
  it.each(OTHERS(['COMPLETED', 'PAYMENT_TAKEN', 'INVOICED']))('%s, a different offered type: allowed', (status) => {
    expect(serviceTypeRefusal(open(status), 'MOT')).toBeNull();
    expect(serviceTypeRefusal(open(status), 'TYRE')).toBeNull();
  });
});

describe('registrationUpdateRefusal and activationRefusal (§4)', () => {
  it.each([
    ['active', null],
    ['terminated', 'Cannot update Registration number of Terminated Vehicle'],
    ['awaitingTermination', 'Cannot update Registration number of Vehicle Awaiting Termination'],
  ] as [ContractStatus, string | null][])('registration update of a %s vehicle: %s', (status, message) => {
    expect(registrationUpdateRefusal(status)).toBe(message);
  });
  it.each([
    ['active', 'Vehicle is already Active'],
    ['terminated', null],
    ['awaitingTermination', null],
  ] as [ContractStatus, string | null][])('activation of a %s vehicle: %s', (status, message) => {
    expect(activationRefusal(status)).toBe(message);
  });
  it('covers every contract status', () => {
    expect([...CONTRACT_STATUSES].sort()).toEqual(['active', 'awaitingTermination', 'terminated']);
  });
});

describe('newRegistrationProblem (§5)', () => {
  // 2026-01-05: the newest age identifier issued is 75 (September 2025); 26 comes in March 2026.
  const today = new Date(Date.UTC(2026, 0, 5));

  it.each(['', '   ', ' - '])('%j: required', (next) => {
    expect(newRegistrationProblem(next, 'AB12CDE', today)).toBe('New Registration is required');
  });
  it.each([
    ['the same plate', 'AB12CDE'],
    ['the same plate, spaced and in lower case', ' ab12 cde '],
    ['letters only', 'ABCDEF'],
    ['digits only', '123456'],
    ['an I as the area letter', 'IB12CDE'],
    ['a Q in the letters', 'AB12QDE'],
    ['an age identifier never issued', 'AB50CDE'],
    ['an age identifier not yet issued', 'AB26CDE'],
    ['too long (8)', 'AB12CDEF'],
    ['too long (over 10)', 'AB12CDEFGHJK'],
    ['an Irish plate', '241D12345'],
  ])('%s (%s): not valid', (_what, next) => {
    expect(newRegistrationProblem(next, 'AB12CDE', today)).toBe('New Registration is not valid');
  });
  it.each([
    ['current', 'CD23EFG'],
    ['current, spaced and in lower case', 'cd23 efg'],
    ['current, September issue', 'CD75EFG'],
    ['prefix', 'A123BCD'],
    ['suffix', 'ABC123D'],
    ['dateless', 'ABC 1234'],
    ['dateless, digits first', '1234 AB'],
    ['personal, short', 'A1'],
  ])('%s (%s): valid', (_what, next) => {
    expect(newRegistrationProblem(next, 'AB12CDE', today)).toBeNull();
  });
  it('checks the age identifier against today', () => {
    expect(newRegistrationProblem('AB26CDE', 'AB12CDE', new Date(Date.UTC(2026, 2, 1)))).toBeNull();
  });
});

describe('registrationSchema (§5, §9)', () => {
  it.each([
    [' ab12 cde ', 'AB12CDE'],
    ['ab-12-cde', 'AB12CDE'],
    ['A1', 'A1'],
    ['ABCDEFGHJK', 'ABCDEFGHJK'],
    ['abc de fghj k', 'ABCDEFGHJK'],
  ])('%j reads as %j (spaces removed, upper-cased)', (raw, vrm) => {
    expect(registrationSchema.parse(raw)).toBe(vrm);
  });
  it.each([[''], ['   '], [undefined], [null]])('%j: required', (raw) => {
    expect(firstMessage(registrationSchema.safeParse(raw))).toBe('Vehicle Registration is required');
  });
  it('at most 10 characters once the spaces are gone', () => {
    expect(firstMessage(registrationSchema.safeParse('ABCDEFGHJKL'))).toBe(VEHICLE_MESSAGES.registrationTooLong);
    expect(registrationSchema.safeParse('ABCDE FGHJK').success).toBe(true);
  });
  it('is the vehicle search payload, with one of the two vehicle tools', () => {
    expect(findVehiclesSchema.parse({ vrm: 'ab12 cde', tool: 'activateVehicle' })).toEqual({ vrm: 'AB12CDE', tool: 'activateVehicle' });
    expect(findVehiclesSchema.safeParse({ vrm: 'AB12CDE', tool: 'cancelEnquiry' }).success).toBe(false);
  });
});

describe('enquiryNumberSchema (§5)', () => {
  it.each([[''], ['   '], [undefined], [null], [42]])('%j: required', (raw) => {
    expect(firstMessage(enquiryNumberSchema.safeParse(raw))).toBe('Enquiry number is required');
  });
  it.each([
    [' enq-000123 ', 'ENQ-000123'],
    ['Enq1', 'ENQ1'],
    ['E', 'E'],
  ])('%j reads as %j (trimmed, upper-cased)', (raw, number) => {
    expect(enquiryNumberSchema.parse(raw)).toBe(number);
  });
  it('is the enquiry search payload, with one of the seven enquiry tools', () => {
    for (const tool of ENQUIRY_TOOLS) expect(findEnquiriesSchema.parse({ enquiryNumber: ' e1 ', tool })).toEqual({ enquiryNumber: 'E1', tool });
    expect(findEnquiriesSchema.safeParse({ enquiryNumber: 'E1', tool: 'activateVehicle' }).success).toBe(false);
  });
});

describe('the cancel reason (§5: required; §9: at most 200)', () => {
  const base = { enquiryId: '00000000-0000-4000-8000-000000000001', leaseCompanyId: '00000000-0000-4000-8000-000000000002' };
  it.each([[''], ['   '], [undefined]])('%j: required', (reason) => {
    expect(firstMessage(cancelEnquirySchema.safeParse({ ...base, reason }))).toBe(ENQUIRY_MESSAGES.reasonRequired);
  });
  it('200 characters accepted, 201 refused, trimmed', () => {
    expect(cancelEnquirySchema.parse({ ...base, reason: ` ${'r'.repeat(200)} ` }).reason).toBe('r'.repeat(200));
    expect(firstMessage(cancelEnquirySchema.safeParse({ ...base, reason: 'r'.repeat(201) }))).toBe(ENQUIRY_MESSAGES.reasonTooLong);
  });
});

describe('supportBadge (§9: overflow shown as 99)', () => {
  it.each([
    [0, '0'],
    [2, '2'],
    [98, '98'],
    [99, '99'],
    [100, '99+'],
    [1000, '99+'],
  ])('%i → %s', (count, shown) => {
    expect(supportBadge(count)).toBe(shown);
  });
});

describe('SUPPORT_SECTIONS (§2.4)', () => {
  it("has the spec table's sections and buttons, in order, with its labels", () => {
    expect(SUPPORT_SECTIONS.map((s) => [s.title, s.tools.map((t) => t.label)])).toEqual([
      ['Manage Enquiry', ['Enquiry Search', 'Cancel an Enquiry', 'Revert Enquiry Completion', 'Delete Enquiry', 'Unarchive Enquiry', 'Regenerate Invoice', 'Update Service Type']],
      ['Manage Vehicle', ['Update Vehicle Registration', 'Activate Terminated Vehicle']],
      ['Manage User', ['Remove User', 'Verify User']],
      ['QuickBooks Customer Categories', ['Show Categories']],
      ['Emails', ['Verify Email']],
      ['Compliance', ['Restore Employment', 'Resend Driver Web Mandate']],
      ['Job Descriptions', ['Manage External Codes']],
      ['Manage Groups', ['Unlink Group']],
    ]);
  });

  it('names each tool with the permission of §6', () => {
    const permissions = Object.fromEntries(SUPPORT_SECTIONS.flatMap((s) => s.tools).map((t) => [t.label, t.permission]));
    expect(permissions).toMatchObject({
      'Enquiry Search': 'ALLOW_ENQUIRY_SEARCH',
      'Cancel an Enquiry': 'ALLOW_CANCEL_ENQUIRY',
      'Revert Enquiry Completion': 'ALLOW_REVERT_ENQUIRY',
      'Delete Enquiry': 'ALLOW_DELETE_ENQUIRY',
      'Unarchive Enquiry': 'ALLOW_UNARCHIVE_ENQUIRY',
      'Regenerate Invoice': 'ALLOW_REGENERATE_INVOICE',
      'Update Vehicle Registration': 'ALLOW_VRM_UPDATE',
      'Activate Terminated Vehicle': 'ALLOW_VEHICLE_ACTIVATION',
      'Remove User': 'ALLOW_REMOVE_USER',
      'Verify Email': 'ALLOW_VERIFY_EMAIL',
      'Show Categories': 'ALLOW_SHOW_QUICKBOOKS_CUSTOMER_CATEGORIES',
      'Manage External Codes': 'MANAGE_EXTERNAL_CODES',
      'Unlink Group': 'ALLOW_UNLINK_LEASE_FROM_GROUP',
    });
  });

  it('opens drawers 580 or 500 wide (§9)', () => {
    for (const t of SUPPORT_SECTIONS.flatMap((s) => s.tools)) expect([580, 500]).toContain(t.width);
    expect(supportTool('showCategories')).toMatchObject({ width: 500 });
    expect(supportTool('externalCodes')).toMatchObject({ width: 500 });
  });

  it('Enquiry Search and Show Categories only read; the other tools change records', () => {
    expect(toolAction('enquirySearch')).toBe('view');
    expect(toolAction('showCategories')).toBe('view');
    for (const id of ENQUIRY_TOOLS.filter((id) => id !== 'enquirySearch')) expect(toolAction(id)).toBe('edit');
    expect(toolAction('externalCodes')).toBe('edit');
    expect(supportTool('cancelEnquiry').label).toBe('Cancel an Enquiry');
  });
});

describe('ENQUIRY_TOOL_SEARCH', () => {
  it('the cancel search leaves out NEW, DECLINED_TO_BID, CANCELLED, BID_NOT_SELECTED and BID_COMPLETED (§5)', () => {
    expect([...ENQUIRY_TOOL_SEARCH.cancelEnquiry.exclude].sort()).toEqual(['BID_COMPLETED', 'BID_NOT_SELECTED', 'CANCELLED', 'DECLINED_TO_BID', 'NEW']);
    expect([...NOT_CANCELLABLE_SEARCH].sort()).toEqual(['BID_COMPLETED', 'BID_NOT_SELECTED', 'CANCELLED', 'DECLINED_TO_BID', 'NEW']);
  });
  it('no other tool leaves a status out', () => {
    for (const id of ENQUIRY_TOOLS.filter((id) => id !== 'cancelEnquiry')) expect(ENQUIRY_TOOL_SEARCH[id].exclude, id).toEqual([]);
  });
  it('enquiry search and regenerate read both collections, unarchive only the archive, the rest only live enquiries', () => {
    expect(Object.fromEntries(ENQUIRY_TOOLS.map((id) => [id, ENQUIRY_TOOL_SEARCH[id].collections]))).toEqual({
      enquirySearch: ['live', 'archive'],
      cancelEnquiry: ['live'],
      revertEnquiry: ['live'],
      deleteEnquiry: ['live'],
      unarchiveEnquiry: ['archive'],
      regenerateInvoice: ['live', 'archive'],
      updateServiceType: ['live'],
    });
  });
});
