import { z } from 'zod';
import { RATE_CARD_TYPES } from '../customers/enums';
import { inviteUserFormSchema } from '../invites';
import { requiredId } from '../requestFields';
import type { GroupDetails } from './details';

/** Who acts, as the original's payloads send it; the server records the session's admin instead. */
const sentUser = z.unknown().optional();

/** The most lease companies one paybill save may name (ours; the lookups list at most 250, spec 2 §9). */
export const PAYBILL_MAX_CUSTOMERS = 250;
/** Spec 2 §9: lease company lookups limit 250. */
export const LEASE_LOOKUP_LIMIT = 250;

/** admin/getGroupDetails, admin/getGroupUserList, admin/listDirectPaybillCustomersForGroup (spec 2 §7). */
export const groupAccountSchema = z.object({ accountId: requiredId('accountId') });

/**
 * admin/saveSupplierGroupDetails (spec 2 §7): the form's values as groupDetails (checked on the
 * server with groupFormSchema; id and version inside for an edit).
 */
export const saveGroupSchema = z.object({
  groupDetails: z.record(z.string(), z.unknown(), { error: 'groupDetails is required' }),
  user: sentUser,
});
/** The saved group as admin/getGroupDetails answers it, so the console's cache holds a whole record. */
export interface SaveGroupResponse {
  success: true;
  accountId: string;
  version: number;
  group: GroupDetails;
}

/** admin/createGroupUserInvite (spec 2 §7); the group's name and the inviter come from the server's records. */
export const createGroupUserInviteSchema = inviteUserFormSchema.extend({
  accountId: requiredId('accountId'),
  groupName: z.string().max(300).nullish(),
  invitedById: z.string().max(64).nullish(),
  supplierCreationType: z.string().max(50).nullish(),
  isAdmin: z.boolean({ error: 'isAdmin is required' }),
  user: sentUser,
});

/** admin/updateDirectPaybillCustomersListForGroup (spec 2 §7): the whole 'Direct' list. */
export const updateDirectPaybillSchema = z.object({
  directCustomerIds: z
    .array(requiredId('directCustomerIds'), { error: 'directCustomerIds is required' })
    .max(PAYBILL_MAX_CUSTOMERS, `At most ${PAYBILL_MAX_CUSTOMERS} lease companies can be direct`),
  groupId: requiredId('groupId'),
  user: sentUser,
});

/** admin/listLeaseCompaniesBasedOnRateCardTypes (spec 2 §7); accountId (ours) narrows to one group's linked customers. */
export const rateCardTypesSchema = z.object({
  accountId: requiredId('accountId').optional(),
  rateCardTypes: z.array(z.enum(RATE_CARD_TYPES, { error: 'rateCardTypes is not valid' }), { error: 'rateCardTypes is required' }).min(1, 'rateCardTypes is required').max(RATE_CARD_TYPES.length),
});

/** supplier/unlinkLeaseCompanyFromGroup (spec 2 §7): leaseAccountId is the link's id. */
export const unlinkLeaseCompanySchema = z.object({
  leaseId: requiredId('leaseId'),
  accountId: requiredId('accountId'),
  leaseAccountId: requiredId('leaseAccountId'),
  performedBy: sentUser,
});
