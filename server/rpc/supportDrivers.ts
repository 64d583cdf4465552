/**
 * The support dashboard's Compliance tools (spec 3 §2.4, §5, §7): find a driver by e-mail, restore
 * their employment (clear the end date), or resend their web mandate by e-mail under the five rules
 * of domain/support/drivers.ts. Changes lock the driver and are audited.
 */
import { and, eq, sql } from 'drizzle-orm';
import { can } from '../../domain/permissions';
import {
  canRestoreEmployment,
  DRIVER_MESSAGES,
  driverDetailsSchema,
  driverRefSchema,
  DRIVERS_FOUND_MAX,
  mandateResendRefusal,
  supportTool,
  type DriverDetails,
  type DriverDetailsResponse,
  type SupportActionResponse,
} from '../../domain/support';
import { drivers, leaseCompanies, subCustomers } from '../db/schema';
import type { Tx } from '../db/client';
import { driverMandateMail } from '../mail/templates';
import { auditImage, writeAudit } from './audit';
import { ApiError, forbidden } from './errors';
import { defineMutation, defineSlug, mutationContext, type MutationContext } from './registry';
import { issueMandateLink } from './driverMandate';

type DriverRow = typeof drivers.$inferSelect;

const driverNotFound = () => new ApiError(404, 'DRIVER_NOT_FOUND', DRIVER_MESSAGES.notFound);

const detailsColumns = { d: drivers, leaseCompanyName: leaseCompanies.name, subCustomerName: subCustomers.name };

function detailsOf({ d, leaseCompanyName, subCustomerName }: { d: DriverRow; leaseCompanyName: string; subCustomerName: string | null }): DriverDetails {
  return {
    leaseId: d.leaseCompanyId,
    driverId: d.id,
    leaseCompanyName,
    subCustomerName,
    driverName: `${d.firstname} ${d.lastname}`,
    email: d.email,
    employeeId: d.employeeId,
    startDate: d.startDate,
    endDate: d.endDate,
    mandateSignDate: d.mandateSignDate,
    manualMandate: d.manualMandate,
    enableLicenseCheck: d.enableLicenseCheck,
    disqualification: d.disqualification,
  };
}

/**
 * admin/getDriverDetails (spec 3 §7, payload ours: { email }): every driver with this e-mail, one
 * per lease company they drive for. Either Compliance tool's permission reads them.
 */
export const getDriverDetails = defineSlug({
  slug: 'admin/getDriverDetails',
  method: 'POST',
  effect: 'read',
  access: 'signed-in',
  input: driverDetailsSchema,
  async handler({ services, session, input }): Promise<DriverDetailsResponse> {
    const tools = [supportTool('restoreEmployment'), supportTool('resendMandate')];
    if (!tools.some((t) => can(session.roles, t.permission, 'edit'))) throw forbidden();
    const rows = await services.db
      .select(detailsColumns)
      .from(drivers)
      .innerJoin(leaseCompanies, eq(leaseCompanies.id, drivers.leaseCompanyId))
      .leftJoin(subCustomers, eq(subCustomers.id, drivers.subCustomerId))
      .where(sql`lower(${drivers.email}) = lower(${input.email})`)
      .orderBy(leaseCompanies.name, drivers.id)
      .limit(DRIVERS_FOUND_MAX);
    if (rows.length === 0) throw driverNotFound();
    return { success: true, drivers: rows.map(detailsOf) };
  },
});

async function lockDriver(tx: Tx, leaseId: string, driverId: string): Promise<DriverRow> {
  const [row] = await tx.select().from(drivers).where(and(eq(drivers.id, driverId), eq(drivers.leaseCompanyId, leaseId))).for('update');
  if (!row) throw driverNotFound();
  return row;
}

async function audit(tx: Tx, m: MutationContext, before: DriverRow, after: unknown) {
  await writeAudit(tx, { adminId: m.adminId, slug: m.slug, recordType: 'driver', recordId: before.id, before: auditImage(before), after: auditImage(after), at: m.now });
}

/** Restore Employment: the end date goes, so the driver counts as employed again. */
export const restoreDriverEmployment = defineMutation({
  slug: 'admin/restoreDriverEmployment',
  // Spec 3 §6: no permission check is shown; ours: the support area's edit.
  access: { permission: 'support', action: 'edit' },
  input: driverRefSchema,
  async handler({ tx, mutation: m, input }): Promise<SupportActionResponse> {
    const row = await lockDriver(tx, input.leaseId, input.driverId);
    if (!canRestoreEmployment(row)) throw new ApiError(400, 'REFUSED', DRIVER_MESSAGES.noEndDate);
    const [after] = await tx
      .update(drivers)
      .set({ endDate: null, version: sql`${drivers.version} + 1`, modifiedAt: m.now, modifiedBy: m.adminId })
      .where(eq(drivers.id, row.id))
      .returning();
    await audit(tx, m, row, after);
    return { success: true, message: DRIVER_MESSAGES.restored };
  },
});

/**
 * Resend Driver Web Mandate: checks the five rules on the driver as stored, then e-mails them a
 * mandate link valid for MANDATE_LINK_DAYS, which replaces any earlier link (driverMandate.ts).
 * Nothing of the driver changes; the audit row records the link sent and what the mail server did
 * with it. A failed hand-over is the generic failure (spec 3 §8), and the earlier link is put back.
 */
export const resendDriverMandate = defineSlug({
  slug: 'admin/resendDriverMandate',
  method: 'POST',
  effect: 'write',
  access: { permission: 'ALLOW_RESEND_DRIVER_MANDATE', action: 'edit' },
  input: driverRefSchema,
  async handler(c): Promise<SupportActionResponse> {
    const { services, input } = c;
    const m = mutationContext(c);
    const [driver] = await services.db.select().from(drivers).where(and(eq(drivers.id, input.driverId), eq(drivers.leaseCompanyId, input.leaseId)));
    if (!driver) throw driverNotFound();
    const refusal = mandateResendRefusal(driver, m.now.toISOString().slice(0, 10));
    if (refusal) throw new ApiError(400, 'REFUSED', refusal);
    // From here the driver's earlier link no longer works (driverMandate.ts).
    const link = await issueMandateLink(services, driver.id, m.now);
    const { expiresAt } = link;
    const sent = await services.mailer.send(driverMandateMail(driver, { link: link.url, expiresAt }));
    if (sent.status === 'failed') await link.withdraw();
    await writeAudit(services.db, {
      adminId: m.adminId,
      slug: m.slug,
      recordType: 'driver',
      recordId: driver.id,
      before: null,
      after: { mandateLinkSent: m.now.toISOString(), expiresAt: expiresAt.toISOString(), mail: sent.status },
      at: m.now,
    });
    if (sent.status === 'failed') throw new ApiError(502, 'MAIL_FAILED', DRIVER_MESSAGES.generic);
    return { success: true, message: DRIVER_MESSAGES.mandateResent };
  },
});

export const supportDriverSlugs = [getDriverDetails, restoreDriverEmployment, resendDriverMandate];
