import { z } from 'zod';
import { uuidSchema } from '../lists';
import type { LinkStatus } from '../groups';

/** The Unlink Group tool (spec 3 §2.4, §3 "Group link", §4, §8). */

export const GROUP_LINK_MESSAGES = {
  /** Spec 3 §8. */
  noGroup: 'No Group found for this company',
  moreThanOne: 'This Group search matched more than one entries. Please contact technical team for help.',
  /** Ours: the lease company field of the search. */
  companyRequired: 'Lease Company Name is required',
  groupNameRequired: 'Group Name is required',
  searchFailed: 'The lease companies could not be searched. Please try again.',
  /** The spec's success notice (wording ours). */
  unlinked: 'Group unlinked',
  generic: 'Error occurred from api.',
} as const;

export const GROUP_LINK_LABELS = { company: 'Lease Company Name', groupName: 'Group Name' } as const;

/** Spec 3 §3 "Group link": id, accountId, serviceGroupName, status; version for the unlink. */
export interface GroupLink {
  id: string;
  accountId: string;
  serviceGroupName: string;
  status: LinkStatus;
  leaseId: string;
  version: number;
}

export interface GroupLinkResponse {
  success: true;
  link: GroupLink;
}

/** The group's name as typed: matched, case aside, within the company's active links (spec 3 §7 "groups by name and lease company"). */
export const groupNameSchema = z.string({ error: GROUP_LINK_MESSAGES.groupNameRequired }).trim().min(1, GROUP_LINK_MESSAGES.groupNameRequired).max(100);
export const groupLinkSearchSchema = z.object({ leaseId: uuidSchema, groupName: groupNameSchema });
export const unlinkGroupSchema = z.object({ id: uuidSchema, version: z.number().int().min(1).max(2_147_483_647) });
