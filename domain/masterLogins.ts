/**
 * Master logins (spec 3 §2.3, §3 "Master-login user", §7, §8): the two tabs, the list call with its
 * keyset, the reassignment call and the drawer's form, shared by the console and the server.
 * The entity declaration (domain/resources/masterLogins.ts) does not import this module: it builds
 * zod schemas at load.
 */
import { z } from 'zod';
import { isRecordId } from './common';
import { notValidMessage, requiredMessage } from './messages';
import { NO_MODULE_ACCESS } from './support/dashboard';

/** The list call's types (spec 3 §7 "Master users by type"): lease company users, garage users. */
export const MASTER_USER_TYPES = ['CUSTOMER', 'SUPPLIER'] as const;
export type MasterUserType = (typeof MASTER_USER_TYPES)[number];

export const MASTER_LOGINS_TITLE = 'Master Logins';
/** Spec 3 §2.3: the tabs, in this order. */
export const MASTER_LOGIN_TABS: Readonly<Record<MasterUserType, string>> = { CUSTOMER: 'V-Customer', SUPPLIER: 'V-Supplier' };

/** Spec 3 §2.3: the drawer is 500 wide; its title is followed by the user's name. */
export const REASSIGN_DRAWER_WIDTH = 500;
export const REASSIGN_DRAWER_TITLE = 'Reassign Login for';

/** Rows per page (ours: the spec does not page the list; a page the eye can take in). */
export const MASTER_USERS_PAGE_SIZE = 50;
export const MASTER_USERS_PAGE_MAX = 100;
// What the console's dataProvider needs lives apart, so the console's first screen loads no schema.
export { COMPANY_LOOKUP_SIZE, updateUserDetailsOf } from './masterLoginRequests';

export const MASTER_LOGIN_LABELS = {
  name: 'Name',
  email: 'Email',
  company: 'Company',
  /** Spec 3 §2.3: the id column of each tab. */
  diId: { CUSTOMER: 'DI Customer Id', SUPPLIER: 'DI Group Id' } as Readonly<Record<MasterUserType, string>>,
  change: 'Change',
  loadMore: 'Load More',
  /** The drawer's field per tab. */
  companyField: { CUSTOMER: 'Lease Company Name', SUPPLIER: 'Supplier Group Name' } as Readonly<Record<MasterUserType, string>>,
} as const;

export const MASTER_LOGIN_MESSAGES = {
  /** Spec 3 §8. */
  noUsers: 'No users found.',
  /** Spec 3 §8 "User / driver". */
  userNotFound: 'User not found',
  /** Ours: the spec gives the notice's meaning, not its words. */
  notice: 'To give someone master login access, send their e-mail address to the development team.',
  /** Ours: spec 3 §8 says the failure wording of a reassignment is not shown. */
  saveFailed: 'The login could not be reassigned. Please try again.',
  /** Ours: the success toast. */
  saved: (name: string) => `The login of ${name} has been reassigned.`,
  /** Ours: the drawer's search failed. */
  searchFailed: { CUSTOMER: 'The lease companies could not be searched. Please try again.', SUPPLIER: 'The supplier groups could not be searched. Please try again.' } as Readonly<Record<MasterUserType, string>>,
  /** Ours: the list could not be read. */
  loadFailed: 'The master logins could not be loaded.',
  /** Ours: details of the other kind of company than the login's. */
  wrongKind: { CUSTOMER: 'This login belongs to a lease company: choose a lease company.', SUPPLIER: 'This login belongs to a supplier group: choose a supplier group.' } as Readonly<Record<MasterUserType, string>>,
  /** Ours: both kinds of company at once. */
  bothKinds: 'Send either companyId or accountObjectID, not both.',
  /** Spec 3 §8 "Other": the tooltip of a control the user may not use. */
  noAccess: NO_MODULE_ACCESS,
} as const;

/** Spec 3 §3 "Master-login user", one row of the list; the DI id and version are ours. */
export interface MasterUser {
  id: string;
  firstname: string;
  lastname: string;
  contact: { email: string };
  /** The name of the login's lease company or supplier group. */
  company: string | null;
  /** Lease users: their lease company. */
  companyId?: string | null;
  /** Group and supplier users: their supplier group. */
  accountObjectID?: string | null;
  /** Lease users: the company's 'DI Customer Id'. */
  diCustomerId?: string | null;
  /** Group and supplier users: the group's 'DI Group Id'. */
  diGroupId?: string | null;
  /** What a reassignment is checked against. */
  version: number;
}

/** Where the next page starts: the last row's sort key (lastname, firstname, id). */
export interface MasterUsersCursor {
  lastname: string;
  firstname: string;
  id: string;
}

export interface MasterUsersResponse {
  success: true;
  users: MasterUser[];
  /** Null on the last page. */
  next: MasterUsersCursor | null;
}

/** The company the drawer picked: a lease company or a supplier group. */
export interface CompanyChoice {
  id: string;
  name: string;
}

/** The drawer's values. */
export interface ReassignForm {
  company: CompanyChoice | null;
}
export const EMPTY_REASSIGN_FORM: ReassignForm = { company: null };

/** The login's type as the tabs name it, from the user's kind. */
export const masterUserTypeOf = (kind: string): MasterUserType => (kind === 'lease' ? 'CUSTOMER' : 'SUPPLIER');

/** The company the row names, or null when it has none. */
export function currentCompany(user: MasterUser, type: MasterUserType): CompanyChoice | null {
  const id = type === 'CUSTOMER' ? user.companyId : user.accountObjectID;
  return id && user.company ? { id, name: user.company } : null;
}

/** The row's DI Customer Id or DI Group Id. */
export const diIdOf = (user: MasterUser, type: MasterUserType): string | null => (type === 'CUSTOMER' ? user.diCustomerId : user.diGroupId) ?? null;

/** Names are at most this long in a cursor (ours: far above any stored name). */
const CURSOR_TEXT_MAX = 500;
const recordId = (message: string) => z.string({ error: message }).refine(isRecordId, message);

/** The list call (spec 3 §7 "Master users by type": path not shown; ours admin/getMasterUsers). */
export const masterUsersSchema = z
  .object({
    type: z.enum(MASTER_USER_TYPES, { error: 'type must be CUSTOMER or SUPPLIER' }),
    after: z
      .object({ lastname: z.string().max(CURSOR_TEXT_MAX), firstname: z.string().max(CURSOR_TEXT_MAX), id: recordId('after.id is not valid') })
      .strict()
      .nullable()
      .default(null),
    pageSize: z.number().int().min(1).max(MASTER_USERS_PAGE_MAX).default(MASTER_USERS_PAGE_SIZE),
  })
  .strict();
export type MasterUsersQuery = z.input<typeof masterUsersSchema>;

/** A company id of the details: '{Label} is required' when empty, '{Label} is not valid' when not an id. */
const companyIdField = (label: string) =>
  z
    .string({ error: notValidMessage(label) })
    .trim()
    .min(1, { message: requiredMessage(label), abort: true })
    .refine(isRecordId, notValidMessage(label))
    .optional();

/**
 * POST admin/updateUserDetails (spec 3 §7): userDetails holds {company, companyId} for a lease
 * user or {company, accountObjectID} for a garage user; which one the login needs is the server's
 * to say, as only it knows the user. `company` (the name) is read from the database, so what is
 * sent is not used. `version` (ours) is the one the list showed.
 */
export const updateUserDetailsSchema = z
  .object({
    userId: z.string({ error: 'userId is required' }).trim().min(1, 'userId is required').max(64),
    version: z.number({ error: 'version is required' }).int().positive(),
    userDetails: z
      .object(
        {
          company: z.string().trim().max(250).optional(),
          companyId: companyIdField(MASTER_LOGIN_LABELS.companyField.CUSTOMER),
          accountObjectID: companyIdField(MASTER_LOGIN_LABELS.companyField.SUPPLIER),
        },
        { error: 'userDetails is required' },
      )
      .strict()
      .refine((d) => d.companyId === undefined || d.accountObjectID === undefined, MASTER_LOGIN_MESSAGES.bothKinds),
  })
  .strict();
export type UpdateUserDetailsInput = z.input<typeof updateUserDetailsSchema>;

/** The drawer's form for a tab: a company must be picked. */
function reassignFormSchema(type: MasterUserType) {
  const label = MASTER_LOGIN_LABELS.companyField[type];
  return z.object({
    company: z
      .object({ id: z.string(), name: z.string() })
      .nullable()
      .superRefine((v, ctx) => {
        if (!v) ctx.addIssue({ code: 'custom', message: requiredMessage(label) });
        else if (!isRecordId(v.id)) ctx.addIssue({ code: 'custom', message: notValidMessage(label) });
      }),
  });
}
export const REASSIGN_FORM_SCHEMAS: Readonly<Record<MasterUserType, z.ZodType>> = { CUSTOMER: reassignFormSchema('CUSTOMER'), SUPPLIER: reassignFormSchema('SUPPLIER') };

