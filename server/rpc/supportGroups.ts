/**
 * The support dashboard's Unlink Group tool (spec 3 §2.4, §4): a lease company's group link, and
 * unlinking it (status TERMINATED) through the group area's own unlink (terminateLink).
 */
import { and, eq, sql } from 'drizzle-orm';
import { GROUP_LINK_MESSAGES, groupLinkSearchSchema, unlinkGroupSchema, type GroupLinkResponse, type SupportActionResponse } from '../../domain/support';
import { leaseGroupLinks } from '../db/schema';
import { ApiError } from './errors';
import { terminateLink } from './groups';
import { defineMutation, defineSlug } from './registry';

const ACCESS = { permission: 'ALLOW_UNLINK_LEASE_FROM_GROUP', action: 'edit' } as const;
/** A lease company has at most some dozens of links; an exact name may hide among many that contain it. */
const MATCHES_READ = 200;

/**
 * The lease company's active group link whose group name holds the typed name, case aside (ours:
 * admin/getLeaseGroupLink; spec 3 §7 searches "groups by name and lease company"). A name equal to
 * one link's wins over links that only contain it. None is 'No Group found for this company'; more
 * than one the spec's message, since the tool must act on exactly one.
 */
export const getLeaseGroupLink = defineSlug({
  slug: 'admin/getLeaseGroupLink',
  method: 'POST',
  effect: 'read',
  access: ACCESS,
  input: groupLinkSearchSchema,
  async handler({ services, input }): Promise<GroupLinkResponse> {
    const name = input.groupName.toLowerCase();
    const pattern = `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const found = await services.db
      .select()
      .from(leaseGroupLinks)
      .where(and(eq(leaseGroupLinks.leaseCompanyId, input.leaseId), eq(leaseGroupLinks.status, 'ACTIVE'), sql`lower(${leaseGroupLinks.serviceGroupName}) LIKE ${pattern}`))
      .orderBy(leaseGroupLinks.serviceGroupName, leaseGroupLinks.id)
      .limit(MATCHES_READ);
    const exact = found.filter((l) => l.serviceGroupName.toLowerCase() === name);
    const links = exact.length > 0 ? exact : found;
    if (links.length === 0) throw new ApiError(404, 'NO_GROUP', GROUP_LINK_MESSAGES.noGroup);
    if (links.length > 1) throw new ApiError(409, 'MORE_THAN_ONE', GROUP_LINK_MESSAGES.moreThanOne);
    const [l] = links;
    return { success: true, link: { id: l.id, accountId: l.groupId, serviceGroupName: l.serviceGroupName, status: l.status, leaseId: l.leaseCompanyId, version: Number(l.version) } };
  },
});

/** Unlinks at the version shown: 409 when it changed meanwhile, refused when no longer ACTIVE; audited. */
export const unlinkLeaseFromGroup = defineMutation({
  slug: 'admin/unlinkLeaseFromGroup',
  access: ACCESS,
  input: unlinkGroupSchema,
  async handler({ tx, mutation, input }): Promise<SupportActionResponse> {
    await terminateLink(tx, input.id, input.version, mutation);
    return { success: true, message: GROUP_LINK_MESSAGES.unlinked };
  },
});

export const supportGroupSlugs = [getLeaseGroupLink, unlinkLeaseFromGroup];
